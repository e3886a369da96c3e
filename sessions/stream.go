package sessions

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// loadLines loads a line-oriented file: an SSE stream, a JSONL event list or JSONL
// request/response pairs, reading r once, line by line. f is the format its
// beginning showed (as Detect tells it), and the Recording's format.
//
// Each line, and each SSE event, is held to the input cap: one longer fails the
// file, as a HAR entry does, named by the line where it starts.
func (l *loader) loadLines(f Format, r *bufio.Reader) (*Recording, error) {
	lr := &lineReader{r: r, max: l.lim.maxInput()}
	switch f {
	case FormatJSONLPairs:
		return l.loadPairLines(lr)
	case FormatChatSSE, FormatResponsesSSE:
		s := newStreamLoader()
		if err := s.readSSE(lr); err != nil {
			return nil, l.readError(lr, err)
		}
		ex, ferr := s.exchange("stream")
		if ferr != nil {
			return nil, l.fail(ferr.where, "%s", ferr.msg)
		}
		return l.done(f, []Exchange{ex}, nil, 0)
	default:
		s := newStreamLoader()
		if err := s.readJSONL(lr); err != nil {
			return nil, l.readError(lr, err)
		}
		ex, ferr := s.exchange("stream")
		if ferr != nil {
			return nil, l.fail(ferr.where, "%s", ferr.msg)
		}
		return l.done(f, []Exchange{ex}, nil, 0)
	}
}

// readError is the error a line-oriented file fails with when reading it
// fails: a line or an event over the cap, or the reader's error, at the line
// being read.
func (l *loader) readError(lr *lineReader, err error) error {
	var tl *tooLargeError
	if errors.As(err, &tl) {
		return &LoadError{File: l.file, Where: fmt.Sprintf("line %d", tl.line), Msg: TooLargeMsg(tl.max)}
	}
	return l.fail(fmt.Sprintf("line %d", lr.line+1), "cannot read: %v", err)
}

// streamLoader reassembles one streamed response from its events, whichever API they
// belong to: the first event that tells decides.
type streamLoader struct {
	api    adapter.API
	chat   chatAcc
	resp   respAcc
	w      warnings
	sse    bool          // read as SSE (where [DONE] ends a Chat stream)
	done   bool          // data: [DONE] seen
	errVal adapter.Value // the last error event's error object
	hasErr bool
	events int // JSON events used
	// the last event that could not be decoded, when nothing came after it
	badTail string
	scan    scanner
	slow    bool // decode every event whole (tests compare both ways)
}

// reassembleEvents reassembles a stream given as a JSON value: one chunk or event,
// or a list of them.
func reassembleEvents(v adapter.Value, label string) (Exchange, *entryError) {
	items := []adapter.Value{v}
	if v.Kind() == adapter.Array {
		items = v.Items()
	}
	s := newStreamLoader()
	for i, it := range items {
		s.value("", it, fmt.Sprintf("event %d", i+1))
	}
	return s.exchange(label)
}

// newStreamLoader is a streamLoader with nothing read yet.
func newStreamLoader() *streamLoader {
	return &streamLoader{}
}

// readSSE reads Server-Sent Events: "data:" lines, joined by "\n" until a blank line
// ends the event; "event:" names it; ":" comments, "id:" and "retry:" are ignored. A
// final event without a blank line after it still counts.
func (s *streamLoader) readSSE(lr *lineReader) error {
	s.sse = true
	var data []byte
	var name string
	dataLines, start := 0, 0
	other := 0
	flush := func() {
		if dataLines > 0 {
			s.sseData(name, data, dataLines, start)
		}
		data, name, dataLines = data[:0], "", 0
	}
	for {
		line, err := lr.next()
		if err == io.EOF {
			flush()
			return nil
		}
		if err != nil {
			return err
		}
		if len(line) == 0 {
			flush()
			continue
		}
		if line[0] == ':' {
			continue
		}
		field, value := line, []byte(nil)
		if i := bytes.IndexByte(line, ':'); i >= 0 {
			field, value = line[:i], line[i+1:]
			value = bytes.TrimPrefix(value, []byte{' '})
		}
		switch string(field) {
		case "data":
			if dataLines == 0 {
				start = lr.line
			} else {
				data = append(data, '\n')
			}
			data = append(data, value...)
			dataLines++
			if lr.max > 0 && int64(len(data)) > lr.max {
				return &tooLargeError{line: start, max: lr.max}
			}
		case "event":
			if dataLines > 0 {
				// A new event begins without the blank line that should end the last.
				flush()
			}
			name = string(value)
		case "id", "retry":
		default:
			if other++; other <= 3 {
				s.w.add("line %d: not an SSE field (%s), ignored", lr.line, quote(string(line)))
			}
		}
	}
}

// sseData handles the data of one SSE event. Data of several lines that is not one
// JSON value is read as one event a line (some recorders drop the blank lines).
func (s *streamLoader) sseData(name string, data []byte, lines, line int) {
	if lines > 1 {
		if _, err := adapter.Decode(data); err != nil {
			for i, part := range bytes.Split(data, []byte{'\n'}) {
				s.data(name, part, fmt.Sprintf("line %d", line+i))
			}
			return
		}
	}
	s.data(name, data, fmt.Sprintf("line %d", line))
}

// readJSONL reads one JSON event a line; blank lines are skipped.
func (s *streamLoader) readJSONL(lr *lineReader) error {
	for {
		line, err := lr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		s.data("", line, fmt.Sprintf("line %d", lr.line))
	}
}

// data reads one event's data (an SSE event's, or a JSONL line), named name
// (an SSE event: field) and found at where: "[DONE]" ends the stream; the
// scanner reads the common events, and any other is decoded whole, or skipped
// with a warning when it is not JSON.
func (s *streamLoader) data(name string, data []byte, where string) {
	data = bytes.TrimSpace(data)
	if string(data) == "[DONE]" {
		s.done = true
		s.badTail = ""
		return
	}
	switch {
	case s.slow:
	case s.api == adapter.Chat && s.chat.fast(&s.scan, data):
		s.events++
		s.badTail = ""
		return
	case s.api == adapter.Responses && s.resp.fast(&s.scan, data, name):
		s.events++
		s.badTail = ""
		return
	}
	v, err := decodeEvent(data)
	if err != nil {
		s.w.addLazy(func() string { return where + ": " + syntaxMsg("event", err()) + "; event skipped" })
		s.badTail = where
		return
	}
	s.badTail = ""
	s.value(name, v, where)
}

// decodeEvent decodes an event's data. When it is no JSON, err gives the
// error: data that no JSON value starts so (a flood of "data: x" lines) is not
// decoded unless err is called, which a warning past the cap never does.
func decodeEvent(data []byte) (v adapter.Value, err func() error) {
	if len(data) == 0 || !strings.Contains(`{["-0123456789tfn`, string(data[0])) {
		return v, func() error { _, err := adapter.Decode(data); return err }
	}
	v, derr := adapter.Decode(data)
	if derr != nil {
		return v, func() error { return derr }
	}
	return v, nil
}

// value handles one decoded event.
func (s *streamLoader) value(name string, v adapter.Value, where string) {
	if v.Kind() != adapter.Object {
		s.w.add("%s: event is a JSON %s, not an object; skipped", where, v.Kind())
		return
	}
	typ := str(v, "type")
	if typ == "" {
		typ = name
	}
	// Error events: Chat sends {"error":{…}}, Responses {"type":"error",…}.
	if typ == "error" || (v.Has("error") && !v.Has("choices") && !v.Has("response") && !v.Has("type")) {
		e, ok := v.Get("error")
		if !ok || e.IsNull() {
			e = v.Without("type").Without("sequence_number")
		}
		s.errVal, s.hasErr = e, true
		s.w.add("%s: the stream reports an error: %s", where, snippet(errorMessage(e), 200))
		return
	}
	api := adapter.API("")
	switch {
	case v.Has("choices") || str(v, "object") == "chat.completion.chunk":
		api = adapter.Chat
	case typeHasPrefix(typ, "response."):
		api = adapter.Responses
	default:
		s.w.add("%s: not a Chat chunk or a Responses event (%s); skipped", where, describeValue(v))
		return
	}
	if s.api == "" {
		s.api = api
	} else if api != s.api {
		s.w.add("%s: a %s event in a %s stream; skipped", where, api, s.api)
		return
	}
	s.events++
	if api == adapter.Chat {
		s.chat.chunk(v, where, &s.w)
	} else {
		s.resp.event(typ, v, where, &s.w)
	}
}

// typeHasPrefix is strings.HasPrefix for an event's type.
func typeHasPrefix(t, p string) bool {
	return len(t) >= len(p) && t[:len(p)] == p
}

// errorMessage is the message of an error event's error: the error itself when
// it is a string, else its "message", else its JSON text.
func errorMessage(e adapter.Value) string {
	if e.Kind() == adapter.String {
		return e.Str()
	}
	if m := str(e, "message"); m != "" {
		return m
	}
	return e.String()
}

// exchange finishes the stream into one Exchange.
func (s *streamLoader) exchange(label string) (Exchange, *entryError) {
	ex := Exchange{Label: label, API: s.api, Request: adapter.NullValue(), Streamed: true}
	var err error
	switch s.api {
	case adapter.Chat:
		ex.Response, err = s.chat.finish(s.done, s.sse, s.badTail, &s.w)
	case adapter.Responses:
		ex.Response, err = s.resp.finish(s.badTail, &s.w)
	default:
		if s.hasErr {
			ex.Response = adapter.ObjectValue(adapter.MemberOf("error", s.errVal))
			ex.Warnings = s.w.result()
			return ex, nil
		}
		if len(s.w.list) > 0 {
			return ex, failf("", "the stream has no usable event (%s)", s.w.list[0])
		}
		return ex, failf("", "the stream has no events")
	}
	if err != nil {
		return ex, failf("", "%s", err.Error())
	}
	ex.Warnings = s.w.result()
	return ex, nil
}

// loadStreamBody reassembles a stream held in memory (a cassette body, a session's
// string response).
func loadStreamBody(body []byte, sse bool) (Exchange, *entryError) {
	s := newStreamLoader()
	lr := &lineReader{r: bufio.NewReader(bytes.NewReader(body))}
	var err error
	if sse {
		err = s.readSSE(lr)
	} else {
		err = s.readJSONL(lr)
	}
	if err != nil {
		return Exchange{}, failf("", "cannot read the stream: %v", err)
	}
	return s.exchange("")
}
