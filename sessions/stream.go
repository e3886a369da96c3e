package sessions

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/strictscope/strictscope/adapter"
)

// lineReader reads lines of any length, without their terminator: "\n", "\r\n",
// or a lone "\r", the three line ends of SSE (a raw CR cannot stand inside a line
// of JSONL either: JSON escapes it). A line that fits the bufio buffer is
// returned without a copy; the slice is valid until the next call.
type lineReader struct {
	r      *bufio.Reader
	buf    []byte
	line   int  // number of the line last returned, from 1
	skipLF bool // the last line ended at a "\r": a "\n" right after it ends nothing
}

// next returns the next line, or io.EOF when there is none. A last line without a
// terminator is returned too.
func (lr *lineReader) next() ([]byte, error) {
	lr.buf = lr.buf[:0]
	for {
		if lr.r.Buffered() == 0 {
			if _, err := lr.r.Peek(1); err == io.EOF {
				if len(lr.buf) == 0 {
					return nil, io.EOF
				}
				return lr.done(lr.buf), nil
			} else if err != nil {
				return nil, err
			}
		}
		data, _ := lr.r.Peek(lr.r.Buffered())
		if lr.skipLF {
			lr.skipLF = false
			if data[0] == '\n' {
				lr.r.Discard(1)
				continue
			}
		}
		// The line ends at the first "\n", or at a "\r" before it that does
		// not start a "\r\n" seen whole.
		end, used := bytes.IndexByte(data, '\n'), 0
		seg := data
		if end >= 0 {
			seg, used = data[:end], end+1
		}
		if cr := bytes.IndexByte(seg, '\r'); cr >= 0 {
			if cr == end-1 {
				end = cr
			} else {
				end, used, lr.skipLF = cr, cr+1, true
			}
		}
		if end < 0 {
			lr.buf = append(lr.buf, data...)
			lr.r.Discard(len(data))
			continue
		}
		line := data[:end]
		if len(lr.buf) > 0 {
			lr.buf = append(lr.buf, line...)
			line = lr.buf
		}
		lr.r.Discard(used)
		return lr.done(line), nil
	}
}

// done counts a line and returns it, without a byte-order mark on the first.
func (lr *lineReader) done(line []byte) []byte {
	lr.line++
	if lr.line == 1 {
		line = bytes.TrimPrefix(line, []byte(utf8BOM))
	}
	return line
}

// loadLines loads a line-oriented file: an SSE stream, a JSONL event list or JSONL
// request/response pairs, reading r once, line by line. f is the format its
// beginning showed (as Detect tells it), and the Recording's format.
func (l *loader) loadLines(f Format, r *bufio.Reader) (*Recording, error) {
	lr := &lineReader{r: r}
	switch f {
	case FormatJSONLPairs:
		return l.loadPairLines(lr)
	case FormatChatSSE, FormatResponsesSSE:
		s := newStreamLoader()
		if err := s.readSSE(lr); err != nil {
			return nil, l.fail(fmt.Sprintf("line %d", lr.line+1), "cannot read: %v", err)
		}
		ex, ferr := s.exchange("stream")
		if ferr != nil {
			return nil, l.fail(ferr.where, "%s", ferr.msg)
		}
		return l.done(f, []Exchange{ex}, nil, 0)
	default:
		s := newStreamLoader()
		if err := s.readJSONL(lr); err != nil {
			return nil, l.fail(fmt.Sprintf("line %d", lr.line+1), "cannot read: %v", err)
		}
		ex, ferr := s.exchange("stream")
		if ferr != nil {
			return nil, l.fail(ferr.where, "%s", ferr.msg)
		}
		return l.done(f, []Exchange{ex}, nil, 0)
	}
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
	v, err := adapter.Decode(data)
	if err != nil {
		s.w.add("%s: %s; event skipped", where, syntaxMsg("event", err))
		s.badTail = where
		return
	}
	s.badTail = ""
	s.value(name, v, where)
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

func typeHasPrefix(t, p string) bool {
	return len(t) >= len(p) && t[:len(p)] == p
}

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

// A scanner reads the common events of a large stream (a Chat chunk with one small
// delta, a Responses argument delta) without building a Value for each: decoding
// every event whole would cost more than everything else the loader does. It reads
// with one reused jsontext.Decoder into reused scratch space; anything it does not
// fully understand makes it give up, and the event goes the general way
// (adapter.Decode), so both ways give the same result.
type scanner struct {
	bb      bytes.Buffer
	dec     jsontext.Decoder
	buf     []byte // unquoted strings of the current event; spans point into it
	choices []fastChoice
	frags   []fastFrag
}

// A span is a string of the current event, unquoted into scanner.buf. ok is false for
// a JSON null or an absent member.
type span struct {
	off, n int
	ok     bool
}

func (s *scanner) start(data []byte) {
	s.bb.Reset()
	s.bb.Write(data)
	s.dec.Reset(&s.bb)
	s.buf = s.buf[:0]
	s.choices = s.choices[:0]
	s.frags = s.frags[:0]
}

func (s *scanner) text(sp span) []byte { return s.buf[sp.off : sp.off+sp.n] }

// end reports whether the event had nothing after its value.
func (s *scanner) end() bool {
	_, err := s.dec.ReadToken()
	return err == io.EOF
}

// str reads a string or null.
func (s *scanner) str() (span, bool) {
	switch s.dec.PeekKind() {
	case 'n':
		_, err := s.dec.ReadToken()
		return span{}, err == nil
	case '"':
		raw, err := s.dec.ReadValue()
		if err != nil {
			return span{}, false
		}
		off := len(s.buf)
		s.buf, err = jsontext.AppendUnquote(s.buf, raw)
		if err != nil {
			return span{}, false
		}
		return span{off: off, n: len(s.buf) - off, ok: true}, true
	}
	return span{}, false
}

// int reads a small non-negative integer.
func (s *scanner) int() (int, bool) {
	if s.dec.PeekKind() != '0' {
		return 0, false
	}
	tok, err := s.dec.ReadToken()
	if err != nil {
		return 0, false
	}
	n, err := tok.Int()
	if err != nil || n < 0 || n > 999_999_999 {
		return 0, false
	}
	return int(n), true
}

// isNull reports whether the next value is null, and reads it if so.
func (s *scanner) isNull() bool {
	if s.dec.PeekKind() != 'n' {
		return false
	}
	_, err := s.dec.ReadToken()
	return err == nil
}

// object reads an object, calling member for each name (raw, with its quotes) with
// the decoder at the value, which member must read. A name written with escapes
// makes the scanner give up (the general way compares names unescaped).
func (s *scanner) object(member func(name []byte) bool) bool {
	if s.dec.PeekKind() != '{' {
		return false
	}
	if _, err := s.dec.ReadToken(); err != nil {
		return false
	}
	for {
		if s.dec.PeekKind() == '}' {
			_, err := s.dec.ReadToken()
			return err == nil
		}
		name, err := s.dec.ReadValue()
		if err != nil || bytes.IndexByte(name, '\\') >= 0 {
			return false
		}
		if !member(name) {
			return false
		}
	}
}

// array reads an array, calling elem with the decoder at each element.
func (s *scanner) array(elem func() bool) bool {
	if s.dec.PeekKind() != '[' {
		return false
	}
	if _, err := s.dec.ReadToken(); err != nil {
		return false
	}
	for {
		if s.dec.PeekKind() == ']' {
			_, err := s.dec.ReadToken()
			return err == nil
		}
		if !elem() {
			return false
		}
	}
}

func (s *scanner) skip() bool { return s.dec.SkipValue() == nil }
