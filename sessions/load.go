package sessions

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
)

// LoadRecording reads a recording of any supported format, detected by content first
// and by the file name second. Errors are *LoadError. A file whose entries partly fail
// loads the others, with a warning per failed entry; a file where nothing loads is an
// error naming the first failure.
func LoadRecording(name string, data []byte) (*Recording, error) {
	l := &loader{file: name, hint: name}
	return l.guard(func() (*Recording, error) { return l.load(data) })
}

// LoadResponse reads one response given as a JSON value, as a session file's turn
// holds it (docs/recordings.md#session-files): any response shape
// (docs/calls-and-outputs.md#response-shapes) or an error body, a list of stream
// events, or the text of an SSE stream, a JSONL event list or a JSON response as a
// string (held to the same shapes as the value it spells). Streams are reassembled as
// in a recording. name says where the value is, for errors ("session.json: turn 2");
// errors are *LoadError.
func LoadResponse(name string, v adapter.Value) (ex Exchange, err error) {
	defer func() {
		if p := recover(); p != nil {
			ex, err = Exchange{}, &LoadError{File: name, Msg: fmt.Sprintf("internal error while loading: %v", p)}
		}
	}()
	ex = Exchange{Label: "response", Request: adapter.NullValue()}
	if v.Kind() == adapter.String {
		raw := []byte(v.Str())
		if len(bytes.TrimSpace(raw)) == 0 {
			return Exchange{}, &LoadError{File: name, Msg: "the response is an empty string"}
		}
		resp, streamed, ws, ferr := parseBody(raw, "")
		if ferr != nil {
			msg := strings.Replace(ferr.msg, "response body", "the response text", 1)
			return Exchange{}, &LoadError{File: name, Msg: msg, Err: ferr.err}
		}
		if !streamed {
			// JSON text is held to the shapes the same JSON given as a value
			// must have, so that a session written back reads back.
			return LoadResponse(name, resp)
		}
		ex.Response, ex.Streamed, ex.Warnings = resp, streamed, ws
		_, ex.API = classify(resp)
		return ex, nil
	}
	switch sh, api := classify(v); sh {
	case shapeChatCompletion, shapeChatMessage, shapeResponse, shapeOutputList, shapeErrorBody:
		ex.Response, ex.API = v, api
		return ex, nil
	case shapeChatChunk, shapeRespEvent, shapeChunkList, shapeEventList:
		sx, ferr := reassembleEvents(v, "response")
		if ferr != nil {
			return Exchange{}, &LoadError{File: name, Msg: ferr.msg}
		}
		return sx, nil
	}
	return Exchange{}, &LoadError{File: name, Msg: fmt.Sprintf("not a response: %s is none of the response shapes (a Chat completion or message, a Responses response, a list of Chat tool calls or Responses output items), an error body or a stream", describeValue(v))}
}

// LoadRecordingFile reads the file at path. Line-oriented formats (SSE streams, JSONL
// event lists and request/response pairs) are read line by line through a buffer and
// never held whole in memory. A JSON document and a YAML cassette are read one
// entry at a time (a HAR's entries, a cassette's interactions: see streamJSON and
// streamYAML), each entry dropped once its exchange is made; a document of a shape
// that cannot be read so is read again, whole, and given to LoadRecording. The
// Recording's Name is path as given.
func LoadRecordingFile(path string) (*Recording, error) {
	return Limits{}.LoadRecordingFile(path)
}

// LoadRecordingFile is LoadRecordingFile with a document read whole held to
// the cap (see ReadDocument), and so each entry of a HAR or a cassette read one
// at a time, and the rest of its document (see the package doc, "Size"); a
// stream read a line at a time has none.
func (lim Limits) LoadRecordingFile(path string) (*Recording, error) {
	return lim.loadFile(path, false)
}

// LoadRecordingReader reads a recording, or a session file, from r: standard
// input, or any stream that cannot be read twice. name says what it is in
// errors. A session file is told from its first 8 KiB (strictscope writes its
// "strictscope_session" member first) and is read whole, held to the cap, into
// session; rec is nil then. Anything else is a recording, read as
// LoadRecordingFile reads a file, except that a JSON document or a YAML
// cassette is read whole, held to the cap: reading one entry at a time gives
// way to the whole reading for some shapes, and a stream cannot be read again.
// SSE and JSONL streams are read a line at a time, with no cap as a whole; each
// line and SSE event is held to the cap.
func (lim Limits) LoadRecordingReader(name string, r io.Reader) (rec *Recording, session []byte, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(detectHead)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, nil, &LoadError{File: name, Msg: "cannot read: " + err.Error(), Err: err}
	}
	if Detect(name, head) == FormatSession {
		session, err = lim.ReadDocument(name, br, !isGzip(head))
		return nil, session, err
	}
	l := &loader{file: name, hint: name, lim: lim}
	rec, err = l.loadFrom(br, nil)
	return rec, nil, err
}

// loadFile is LoadRecordingFile; whole reads documents whole.
func (lim Limits) loadFile(path string, whole bool) (*Recording, error) {
	f, _, err := openInput(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	l := &loader{file: path, hint: path, whole: whole, lim: lim}
	var again func() (*Recording, error)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		again = func() (*Recording, error) { return lim.loadFile(path, true) }
	}
	return l.loadFrom(f, again)
}

// peekSize is how much of a file LoadRecordingFile reads to decide its format.
const peekSize = 1 << 20

// loader carries the file name and the file-level warnings of one load.
type loader struct {
	file      string
	hint      string // the name whose extension may tell the format (without .gz)
	gunzipped bool   // the file was gzip data, already undone
	whole     bool   // read documents whole, never one entry at a time (see streamJSON)
	w         warnings
	keep      *keeper // what the exchanges keep of their requests, shared
	lim       Limits  // the cap on a document read whole from a file
}

// guard runs a load and turns a panic into a LoadError. The loaders are written not
// to panic; this is a last guard for the libraries underneath (net/http, yaml) on
// hostile input.
func (l *loader) guard(load func() (*Recording, error)) (rec *Recording, err error) {
	defer func() {
		if p := recover(); p != nil {
			rec, err = nil, l.internalError(p)
		}
	}()
	return load()
}

// internalError is the LoadError of a panic p during a load.
func (l *loader) internalError(p any) *LoadError {
	return &LoadError{File: l.file, Msg: fmt.Sprintf("internal error while loading: %v", p)}
}

// fail is a LoadError of the file, at where ("" for the file as a whole).
func (l *loader) fail(where, format string, args ...any) *LoadError {
	return &LoadError{File: l.file, Where: where, Msg: fmt.Sprintf(format, args...)}
}

// loadFrom reads a recording from r, decompressing gzip as it reads. again
// reads it once more, whole, for a document streamJSON or streamYAML cannot
// read; nil when r cannot be read again (a pipe), and documents are then read
// whole the first time.
//
// A JSON document whose reading one entry at a time stops at a syntax error is
// not read again when the whole reading would only report that error, the
// same (streamJSON gives it): when the file is not named as YAML (a YAML
// reading would be tried) and its first lines tell it is no JSONL (which is
// tried too). The rest of the file is read and dropped first, since the whole
// reading reports a read error instead. A file larger than the cap gets the
// syntax error too, where the whole reading would refuse its size: read as it
// goes, a JSON document is not held to the cap as a whole.
func (l *loader) loadFrom(r io.Reader, again func() (*Recording, error)) (*Recording, error) {
	fb := bufio.NewReaderSize(r, 64<<10)
	var src io.Reader = fb
	if magic, _ := fb.Peek(2); isGzip(magic) {
		zr, err := gzip.NewReader(fb)
		if err != nil {
			return nil, l.fail("", "the file is gzip data that cannot be decompressed: %v", err)
		}
		l.gunzipped, l.hint = true, trimGz(l.hint)
		src = io.LimitReader(zr, maxBody+1)
	}
	head := make([]byte, peekSize)
	n, err := io.ReadFull(src, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, l.fail("", "%s", openMsg(err))
	}
	head = head[:n]
	if n >= jsonCheckSize {
		// Every format is text: the whole reading refuses a NUL byte in
		// the first 64 KiB (see ReadDocument), and so does every other.
		if err := binaryError(l.file, head[:jsonCheckSize]); err != nil {
			return nil, err
		}
	}
	br := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(head), src), 64<<10)
	if f := streamable(head); f != FormatUnknown {
		return l.guard(func() (*Recording, error) { return l.loadLines(f, br) })
	}
	if route := documentRoute(head, n < peekSize); route != routeWhole && !l.whole && again != nil {
		if bytes.HasPrefix(head, []byte(utf8BOM)) {
			br.Discard(len(utf8BOM))
		}
		cr := &countingReader{r: br}
		rec, handled, err := l.stream(route, cr)
		switch {
		case handled:
			return rec, err
		case cr.n > maxBody:
			return nil, l.fail("", "more than %d bytes once decompressed", maxBody)
		}
		var stop *jsonStop
		if errors.As(err, &stop) && l.onlyJSON(head, n < peekSize, stop, cr) {
			// The whole reading reads the file to its end before it decodes:
			// a read error (a gzip stream cut short) is what it reports.
			cr.limit = 0
			switch _, err := io.Copy(io.Discard, cr); {
			case cr.n > maxBody:
				return nil, l.fail("", "more than %d bytes once decompressed", maxBody)
			case err != nil:
				return nil, &LoadError{File: l.file, Msg: "cannot read: " + err.Error(), Err: err}
			}
			return nil, JSONFileError(l.file, stop.err)
		}
		return again()
	}
	if n == peekSize {
		// More is coming: what cannot be a recording is refused now, not once
		// the cap is reached (the output of `yes` on standard input).
		if err := earlyError(l.file, l.hint, head); err != nil {
			return nil, err
		}
	}
	data, err := l.lim.ReadDocument(l.file, br, false)
	if err != nil {
		return nil, err
	}
	if len(data) > maxBody {
		return nil, l.fail("", "more than %d bytes once decompressed", maxBody)
	}
	return l.guard(func() (*Recording, error) { return l.load(data) })
}

// onlyJSON reports whether the whole reading of a file that starts with '{'
// and is no valid JSON would only report the JSON syntax error where stop is:
// when the file is not named as YAML (a YAML reading is tried) and its first
// lines are no JSONL (which is tried too: see detectLines). head is the file's
// beginning (all of it when complete); cr reads the file on after the bytes
// stop holds. When head does not tell about its lines and the error is on the
// first line, which so does not decode, the lines after it tell: the rest of
// the first line is read and dropped, and the lines after it read up to
// peekSize.
func (l *loader) onlyJSON(head []byte, complete bool, stop *jsonStop, cr *countingReader) bool {
	if looksLikeYAMLName(l.hint) {
		return false
	}
	if f, decided := detectLinesIn(bytes.TrimPrefix(head, []byte(utf8BOM)), complete); decided {
		return f == FormatUnknown
	}
	if !stop.firstLine {
		return false
	}
	cr.limit = 0
	r := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(stop.after), cr), 64<<10)
	for {
		_, err := r.ReadSlice('\n')
		if err == nil {
			break
		}
		if err == io.EOF {
			return true // one line, which does not decode
		}
		if err != bufio.ErrBufferFull {
			return false
		}
	}
	next := make([]byte, peekSize)
	n, err := io.ReadFull(r, next)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return false
	}
	// The first line begins an object and does not decode: "{" says so.
	f, decided := detectLinesIn(append([]byte("{\n"), next[:n]...), n < peekSize)
	return decided && f == FormatUnknown
}

// stream reads the document of cr as route says, one entry at a time
// (streamJSON, streamYAML), each entry held to the cap on whole documents; a
// panic is a LoadError, as in guard.
func (l *loader) stream(rt route, cr *countingReader) (rec *Recording, handled bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			rec, handled, err = nil, true, l.internalError(p)
		}
	}()
	if rt == routeJSON {
		return l.streamJSON(cr, cr, l.lim.maxInput())
	}
	return l.streamYAML(cr, l.lim.maxInput())
}

// load reads a recording held whole in data, gzip undone first: an httprr
// trace; a JSON document (an object one entry at a time unless l.whole), else
// JSONL, else YAML for a file named so; an SSE stream; a YAML cassette.
func (l *loader) load(data []byte) (*Recording, error) {
	if isGzip(data) {
		if l.gunzipped {
			return nil, l.fail("", "gzip data inside gzip data")
		}
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err == nil {
			data, err = readBounded(zr)
		}
		if err != nil {
			return nil, l.fail("", "the file is gzip data that cannot be decompressed: %v", err)
		}
		l.gunzipped, l.hint = true, trimGz(l.hint)
	}
	if len(data) >= jsonCheckSize {
		// Every format is text, as loadFrom holds a file to (see ReadDocument).
		if err := binaryError(l.file, data[:jsonCheckSize]); err != nil {
			return nil, err
		}
	}
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	if isHTTPRR(data) {
		return l.loadHTTPRR(data)
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 {
		return nil, l.fail("", "the file is empty")
	}
	switch trimmed[0] {
	case '{', '[':
		if trimmed[0] == '{' && !l.whole {
			// jsontext reads a bytes.Buffer in place, without a copy.
			if rec, handled, err := l.streamJSON(bytes.NewBuffer(data), nil, 0); handled {
				return rec, err
			}
			l.keep = nil
		}
		v, err := adapter.Decode(data)
		if err == nil {
			return l.loadValue(v, FormatUnknown)
		}
		if f := detectLines(data); f != FormatUnknown {
			return l.loadLines(f, bufio.NewReader(bytes.NewReader(data)))
		}
		if looksLikeYAMLName(l.hint) {
			if rec, yerr := l.loadYAML(data); yerr == nil {
				return rec, nil
			}
		}
		return nil, JSONFileError(l.file, err)
	}
	if strings.IndexByte("\"-0123456789tfn", trimmed[0]) >= 0 {
		if v, err := adapter.Decode(data); err == nil {
			return l.loadValue(v, FormatUnknown)
		}
	}
	if f := detectText(data); f == FormatChatSSE || f == FormatResponsesSSE {
		return l.loadLines(f, bufio.NewReader(bytes.NewReader(data)))
	}
	if looksLikeYAML(data) || looksLikeYAMLName(l.hint) {
		return l.loadYAML(data)
	}
	return nil, l.fail("", "not a recording: %s", describeText(data))
}

// loadValue loads a whole decoded JSON (or YAML) document. from names the container
// it came from (FormatVCRPy for YAML), FormatUnknown for JSON.
func (l *loader) loadValue(v adapter.Value, from Format) (*Recording, error) {
	sh, api := classify(v)
	switch sh {
	case shapeChatCompletion, shapeChatMessage, shapeResponse, shapeOutputList, shapeErrorBody:
		ex := Exchange{Label: "response", API: api, Request: adapter.NullValue(), Response: v}
		return l.done(shapeFormat(sh), []Exchange{ex}, nil, 0)
	case shapeErrorList:
		return l.loadErrorList(v)
	case shapeChatChunk, shapeRespEvent, shapeChunkList, shapeEventList:
		ex, err := reassembleEvents(v, "stream")
		if err != nil {
			return nil, l.fail("", "%s", err.msg)
		}
		f := FormatResponsesJSONL
		if sh == shapeChatChunk || sh == shapeChunkList {
			f = FormatChatJSONL
		}
		return l.done(f, []Exchange{ex}, nil, 0)
	case shapePair:
		ex, ferr := l.pairExchange("response", v)
		if ferr != nil {
			return l.done(FormatJSONLPairs, nil, []*entryError{ferr}, 0)
		}
		return l.done(FormatJSONLPairs, []Exchange{ex}, nil, 0)
	case shapePairList:
		var exs []Exchange
		var fails []*entryError
		for i, it := range v.Items() {
			ex, ferr := l.pairExchange(fmt.Sprintf("exchange %d", i+1), it)
			if ferr != nil {
				fails = append(fails, ferr)
				continue
			}
			exs = append(exs, ex)
		}
		f := FormatJSONLPairs
		if from != FormatUnknown {
			f = from
		}
		return l.done(f, exs, fails, 0)
	case shapeCassette:
		return l.loadCassette(v, from)
	case shapeHAR:
		return l.loadHAR(v)
	case shapeSession:
		return nil, l.fail("", "this is a strictscope session file, not a recording: load it as a session")
	case shapeToolList:
		if _, _, err := adapter.ParseToolList(v); err != nil {
			// An OpenAI tool list: ParseToolList says what it is and what to do.
			var te *adapter.ToolListError
			if errors.As(err, &te) && te.OpenAI {
				return nil, l.fail("", "not a recording: %s", te.Msg)
			}
		}
		return nil, l.fail("", "this is an MCP tool list, not a recording: give it as a tool list")
	case shapeRequest:
		return nil, l.fail("", "not a recording: an OpenAI request body (it has %s) without a response", describeKeys(v, 4))
	}
	return nil, l.fail("", "not a recording: %s is none of the supported formats (a Chat completion or message, a Responses response, a list of calls, an error body, a stream, a cassette, a HAR, an httprr trace, request/response pairs)", describeValue(v))
}

// done builds the Recording from the exchanges that loaded and the entries that
// failed, or the error when nothing loaded.
func (l *loader) done(f Format, exs []Exchange, fails []*entryError, skipped int) (*Recording, error) {
	if len(exs) == 0 {
		if len(fails) > 0 {
			e := fails[0]
			msg := e.msg
			if len(fails) > 1 {
				msg += fmt.Sprintf(" (and %d more %s fail to load)", len(fails)-1, words.Form(len(fails)-1, "entry", "entries"))
			}
			return nil, &LoadError{File: l.file, Where: e.where, Msg: msg, Err: e.err}
		}
		if skipped > 0 {
			return nil, l.fail("", "no OpenAI API exchange found (%d %s no call to /chat/completions or /responses)", skipped, words.Form(skipped, "entry is", "entries are"))
		}
		return nil, l.fail("", "no exchanges found")
	}
	for _, e := range fails {
		l.w.add("%s", e.Error())
	}
	if skipped > 0 {
		if skipped == 1 {
			l.w.add("skipped 1 entry that is not an OpenAI API call")
		} else {
			l.w.add("skipped %d entries that are not OpenAI API calls", skipped)
		}
	}
	return &Recording{Name: l.file, Format: f, Exchanges: exs, Warnings: l.w.result()}, nil
}

// plural is one when n is 1, else many.
