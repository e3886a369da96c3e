package sessions

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// Format names a recording format (and, from Detect, the other files strictscope
// reads: tool lists and session files).
type Format string

// The formats LoadRecording reads, and the other answers of Detect.
const (
	FormatChatCompletion    Format = "chat-completion"    // a Chat completion object
	FormatChatMessage       Format = "chat-message"       // a Chat assistant message
	FormatResponsesResponse Format = "responses-response" // a Responses response object
	FormatOutputList        Format = "output-list"        // a bare list of Chat tool_calls or Responses output items
	FormatErrorBody         Format = "error-body"         // {"error":{…}}, or a collection of them
	FormatChatSSE           Format = "chat-sse"           // a Chat Completions event stream
	FormatChatJSONL         Format = "chat-jsonl"         // Chat chunks, one JSON object a line
	FormatResponsesSSE      Format = "responses-sse"      // a Responses event stream
	FormatResponsesJSONL    Format = "responses-jsonl"    // Responses events, one JSON object a line
	FormatVCRPy             Format = "vcrpy-yaml"         // a vcrpy cassette (and VCR-style cassettes like it)
	FormatGoVCR             Format = "go-vcr-yaml"        // a go-vcr cassette
	FormatHAR               Format = "har"                // an HTTP Archive 1.2
	FormatHTTPRR            Format = "httprr"             // a Go httprr trace
	FormatJSONLPairs        Format = "jsonl-pairs"        // {"request":…,"response":…} a line (or one such object)
	FormatSession           Format = "session"            // a strictscope session file (SPEC §11)
	FormatToolList          Format = "tool-list"          // an MCP tool list (SPEC §2); Detect only
	FormatUnknown           Format = "unknown"            // none of these; Detect only
)

// readAsItGoes tells the formats LoadRecordingFile reads as it goes, a line or
// an entry at a time, which the cap on whole documents does not bound.
func (f Format) readAsItGoes() bool {
	switch f {
	case FormatChatSSE, FormatChatJSONL, FormatResponsesSSE, FormatResponsesJSONL, FormatJSONLPairs, FormatHAR, FormatVCRPy, FormatGoVCR:
		return true
	}
	return false
}

// An Exchange is one request/response pair of a recording, the response reassembled
// into one whole JSON value.
type Exchange struct {
	Label    string        // where it is in the file: "interaction 2", "entry 5", "exchange 1", "line 3", "response", "stream"
	API      adapter.API   // chat or responses, from the response, the URL or the request ("" when unknown)
	Request  adapter.Value // the request body, its history lists cut to the tool answers (null when the recording has none; see the package doc)
	Response adapter.Value // a Chat completion, a Responses response, a list per SPEC §8, or an error body {"error":{…}}
	Status   int           // HTTP status when recorded, else 0
	Streamed bool          // the response was SSE/JSONL and was reassembled
	Warnings []string      // e.g. "stream ends before [DONE]: loaded as far as it goes"
}

// A Recording is what LoadRecording read from one file.
type Recording struct {
	Name      string     // file name as given
	Format    Format     // the format it was read as
	Exchanges []Exchange // in file order
	Warnings  []string   // file-level, including entries that failed to load while the others loaded
}

// AllWarnings returns every warning of the recording as one line naming the file
// (and the exchange, for an exchange's own warnings), sanitized: the file-level
// warnings first, then each exchange's in order.
func (r *Recording) AllWarnings() []string {
	file := adapter.Sanitize(r.Name)
	var out []string
	for _, w := range r.Warnings {
		out = append(out, file+": "+adapter.Sanitize(w))
	}
	for _, ex := range r.Exchanges {
		for _, w := range ex.Warnings {
			out = append(out, file+": "+adapter.Sanitize(ex.Label)+": "+adapter.Sanitize(w))
		}
	}
	return out
}

// LoadRecording reads a recording of any supported format, detected by content first
// and by the file name second. Errors are *LoadError. A file whose entries partly fail
// loads the others, with a warning per failed entry; a file where nothing loads is an
// error naming the first failure.
func LoadRecording(name string, data []byte) (*Recording, error) {
	l := &loader{file: name, hint: name}
	return l.guard(func() (*Recording, error) { return l.load(data) })
}

// LoadResponse reads one response given as a JSON value, as a session file's turn
// holds it (SPEC §11): any shape of SPEC §8 or an error body, a list of stream events,
// or the text of an SSE stream, a JSONL event list or a JSON response as a string
// (held to the same shapes as the value it spells). Streams are reassembled as in
// a recording. name says where the value is, for
// errors ("session.json: turn 2"); errors are *LoadError.
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
	return Exchange{}, &LoadError{File: name, Msg: fmt.Sprintf("not a response: %s is none of the shapes of SPEC §8, an error body or a stream", describeValue(v))}
}

// detectHead is how much of a file DetectFile reads first: enough to tell any
// format (Detect judges a document cut short by what it has), and small, so that
// a file read whole afterwards is decoded in full only once.
const detectHead = 8 << 10

// DetectFile tells the format of the file at path as Detect does, reading its
// beginning first and the whole file only when the beginning does not tell. data
// is the whole file when it was read (a short file, or one whose beginning did
// not tell), and nil otherwise: a recording is then best read with
// LoadRecordingFile, which streams line-oriented formats. Errors are *LoadError.
func DetectFile(path string) (format Format, data []byte, err error) {
	return Limits{}.DetectFile(path)
}

// DetectFile is DetectFile with the file, when it is read whole, held to the
// cap (see ReadDocument).
func (lim Limits) DetectFile(path string) (format Format, data []byte, err error) {
	f, _, err := openInput(path)
	if err != nil {
		return FormatUnknown, nil, err
	}
	head := make([]byte, detectHead)
	n, err := io.ReadFull(f, head)
	f.Close()
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return FormatUnknown, nil, &LoadError{File: path, Msg: openMsg(err), Err: err}
	}
	if n < detectHead {
		format = Detect(path, head[:n])
		if max := lim.maxInput(); max > 0 && int64(n) > max && !format.readAsItGoes() {
			return FormatUnknown, nil, &LoadError{File: path, Msg: TooLargeMsg(max)}
		}
		return format, head[:n], nil
	}
	if format = Detect(path, head); format != FormatUnknown {
		return format, nil, nil
	}
	if err := earlyError(path, path, head); err != nil {
		return FormatUnknown, nil, err
	}
	if data, err = lim.ReadDocumentFile(path, false); err != nil {
		return FormatUnknown, nil, err
	}
	return Detect(path, data), data, nil
}

// ReadFile reads the whole file at path, within the default Limits; errors are
// *LoadError.
func ReadFile(path string) ([]byte, error) {
	return Limits{}.ReadFile(path)
}

// ReadFile reads the whole file at path, held to the cap (see ReadDocument).
func (lim Limits) ReadFile(path string) ([]byte, error) {
	return lim.ReadDocumentFile(path, false)
}

// peekSize is how much of a file LoadRecordingFile reads to decide its format.
const peekSize = 1 << 20

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
// SSE and JSONL streams are read a line at a time, with no cap as a whole.
func (lim Limits) LoadRecordingReader(name string, r io.Reader) (rec *Recording, session []byte, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(detectHead)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, nil, &LoadError{File: name, Msg: "cannot read: " + err.Error(), Err: err}
	}
	if Detect(name, head) == FormatSession {
		session, err = lim.ReadDocument(name, br, true)
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

// A countingReader counts the bytes read through it, and reads no more once
// they are more than maxBody. When limit is more than 0, it reads no more than
// limit bytes in all: a read past them fails, and sets refused.
type countingReader struct {
	r       io.Reader
	n       int64
	limit   int64
	refused bool
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.n > maxBody {
		return 0, errTooLarge
	}
	if c.limit > 0 {
		if c.n >= c.limit {
			c.refused = true
			return 0, errPastLimit
		}
		if int64(len(p)) > c.limit-c.n {
			p = p[:c.limit-c.n]
		}
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// errPastLimit is a read past a countingReader's limit.
var errPastLimit = errors.New("more than one read may take")

var errTooLarge = errors.New("more than the bound of a recording")

// How a document is read, from its beginning: whole (by load), or one entry at
// a time as JSON (streamJSON) or as a YAML cassette (streamYAML).
type route int

const (
	routeWhole route = iota
	routeJSON
	routeYAML
)

// documentRoute tells from the beginning of a file (decompressed; complete
// when it is the whole file) whether load would read it as a JSON object, or
// as YAML (its loadYAML branch), so that it can be read one entry at a time
// instead. It answers routeYAML only when the file's first lines decide it
// whatever follows: the first line that is not empty is no SSE field (so
// detectText tells no stream) and the first significant line is "---" or a
// top-level key (so looksLikeYAML holds, and the file is no JSON scalar), both
// read whole.
func documentRoute(head []byte, complete bool) route {
	head = bytes.TrimPrefix(head, []byte(utf8BOM))
	if isGzip(head) || isHTTPRR(head) {
		return routeWhole
	}
	trimmed := bytes.TrimLeft(head, " \t\r\n")
	switch {
	case len(trimmed) == 0:
		return routeWhole
	case trimmed[0] == '{':
		return routeJSON
	case trimmed[0] == '[':
		return routeWhole
	}
	var first, significant []byte
	for line := range bytes.Lines(head) {
		whole := complete || bytes.HasSuffix(line, []byte("\n"))
		if first == nil && len(bytes.TrimRight(line, "\r\n")) > 0 {
			if !whole {
				return routeWhole
			}
			first = line
		}
		if t := bytes.TrimRight(line, "\r\n \t"); len(t) > 0 && t[0] != '#' {
			if !whole {
				return routeWhole
			}
			significant = line
			break
		}
	}
	if significant == nil {
		return routeWhole
	}
	field, _, _ := bytes.Cut(bytes.TrimRight(first, "\r\n"), []byte(":"))
	switch string(field) {
	case "", "id", "retry", "event", "data":
		return routeWhole
	}
	if !bytes.HasPrefix(significant, []byte("---")) && !isKeyLine(significant) {
		return routeWhole
	}
	return routeYAML
}

// isKeyLine reports whether line starts a top-level YAML key as looksLikeYAML
// sees one: a name of letters, digits, '_', '-' and '.', then ':' and a space
// or the line's end.
func isKeyLine(line []byte) bool {
	line = bytes.TrimRight(line, "\r\n \t")
	i := 0
	for i < len(line) && (isWordByte(line[i]) || line[i] == '-' || line[i] == '.') {
		i++
	}
	return i > 0 && i < len(line) && line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ')
}

func openMsg(err error) string {
	if errors.Is(err, os.ErrNotExist) {
		return "no such file"
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return "cannot " + pe.Op + ": " + pe.Err.Error()
	}
	return "cannot read: " + err.Error()
}

// streamable tells, from the beginning of a file, whether it is a line-oriented
// recording that can be read line by line: an SSE stream, or JSONL whose first line is
// a whole JSON value. A JSON document spread over lines is not.
func streamable(head []byte) Format {
	head = bytes.TrimPrefix(head, []byte(utf8BOM))
	if isHTTPRR(head) {
		return FormatUnknown
	}
	trimmed := bytes.TrimLeft(head, " \t\r\n")
	if len(trimmed) == 0 {
		return FormatUnknown
	}
	if trimmed[0] == '{' {
		if _, err := adapter.Decode(head); err == nil {
			return FormatUnknown // one JSON document
		}
		return detectLines(head)
	}
	if f := detectText(head); f == FormatChatSSE || f == FormatResponsesSSE {
		return f
	}
	return FormatUnknown
}

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

func (l *loader) internalError(p any) *LoadError {
	return &LoadError{File: l.file, Msg: fmt.Sprintf("internal error while loading: %v", p)}
}

func isGzip(b []byte) bool { return len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b }

func trimGz(name string) string {
	if strings.HasSuffix(strings.ToLower(name), ".gz") {
		return name[:len(name)-3]
	}
	return name
}

func (l *loader) fail(where, format string, args ...any) *LoadError {
	return &LoadError{File: l.file, Where: where, Msg: fmt.Sprintf(format, args...)}
}

// utf8BOM is the byte-order mark a file may start with; it is skipped.
const utf8BOM = "\xEF\xBB\xBF"

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
		return nil, l.fail("", "this is a strictscope session file (SPEC §11), not a recording: load it as a session")
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
				msg += fmt.Sprintf(" (and %d more %s fail to load)", len(fails)-1, plural(len(fails)-1, "entry", "entries"))
			}
			return nil, &LoadError{File: l.file, Where: e.where, Msg: msg, Err: e.err}
		}
		if skipped > 0 {
			return nil, l.fail("", "no OpenAI API exchange found (%d %s no call to /chat/completions or /responses)", skipped, plural(skipped, "entry is", "entries are"))
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

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// shape is what a JSON document is, as far as loading goes.
type shape int

const (
	shapeNone shape = iota
	shapeChatCompletion
	shapeChatMessage
	shapeResponse
	shapeOutputList
	shapeErrorBody
	shapeErrorList
	shapeChatChunk
	shapeRespEvent
	shapeChunkList
	shapeEventList
	shapePair
	shapePairList
	shapeCassette
	shapeHAR
	shapeSession
	shapeToolList
	shapeRequest
)

// shapeFormat names the format of a whole document of a shape (FormatUnknown for
// the shapes that need their container to tell).
func shapeFormat(sh shape) Format {
	switch sh {
	case shapeChatCompletion:
		return FormatChatCompletion
	case shapeChatMessage:
		return FormatChatMessage
	case shapeResponse:
		return FormatResponsesResponse
	case shapeOutputList:
		return FormatOutputList
	case shapeErrorBody, shapeErrorList:
		return FormatErrorBody
	case shapeChatChunk, shapeChunkList:
		return FormatChatJSONL
	case shapeRespEvent, shapeEventList:
		return FormatResponsesJSONL
	case shapePair, shapePairList:
		return FormatJSONLPairs
	case shapeHAR:
		return FormatHAR
	case shapeSession:
		return FormatSession
	case shapeToolList:
		return FormatToolList
	}
	return FormatUnknown
}

func str(v adapter.Value, key string) string {
	m, _ := v.Get(key)
	return m.Str()
}

func isKind(v adapter.Value, key string, k adapter.Kind) bool {
	m, ok := v.Get(key)
	return ok && m.Kind() == k
}

// classify tells what a decoded document is, and for OpenAI shapes which API.
func classify(v adapter.Value) (shape, adapter.API) {
	switch v.Kind() {
	case adapter.Object:
		return classifyObject(v)
	case adapter.Array:
		return classifyArray(v)
	}
	return shapeNone, ""
}

func classifyObject(v adapter.Value) (shape, adapter.API) {
	obj := str(v, "object")
	typ := str(v, "type")
	switch {
	case v.Has("strictscope_session"):
		return shapeSession, ""
	case isKind(v, "log", adapter.Object):
		log, _ := v.Get("log")
		if log.Has("entries") || log.Has("creator") || log.Has("version") {
			return shapeHAR, ""
		}
	case isKind(v, "interactions", adapter.Array), isKind(v, "http_interactions", adapter.Array):
		return shapeCassette, ""
	case isKind(v, "requests", adapter.Array) && isKind(v, "responses", adapter.Array):
		return shapeCassette, ""
	}
	switch {
	case obj == "chat.completion.chunk":
		return shapeChatChunk, adapter.Chat
	case obj == "chat.completion" || (isKind(v, "choices", adapter.Array) && obj == ""):
		return shapeChatCompletion, adapter.Chat
	case obj == "response" || (isKind(v, "output", adapter.Array) && obj == ""):
		return shapeResponse, adapter.Responses
	case strings.HasPrefix(typ, "response."):
		return shapeRespEvent, adapter.Responses
	}
	if e, ok := v.Get("error"); ok && !e.IsNull() && (e.Kind() == adapter.Object || e.Kind() == adapter.String) {
		return shapeErrorBody, ""
	}
	if isKind(v, "errors", adapter.Array) && isErrorList(v) {
		return shapeErrorList, ""
	}
	if str(v, "role") == "assistant" || (isKind(v, "tool_calls", adapter.Array) && !v.Has("model")) {
		return shapeChatMessage, adapter.Chat
	}
	if v.Has("response") && (v.Has("request") || v.Has("request_curl") || v.Len() <= 4) {
		return shapePair, ""
	}
	if isRequestBody(v) {
		return shapeRequest, ""
	}
	if isKind(v, "tools", adapter.Array) {
		return shapeToolList, ""
	}
	if r, ok := v.Get("result"); ok && isKind(r, "tools", adapter.Array) {
		return shapeToolList, ""
	}
	return shapeNone, ""
}

func isRequestBody(v adapter.Value) bool {
	return v.Has("model") && (v.Has("messages") || v.Has("input") || v.Has("tools") || v.Has("instructions"))
}

func classifyArray(v adapter.Value) (shape, adapter.API) {
	items := v.Items()
	if len(items) == 0 {
		return shapeOutputList, ""
	}
	first := items[0]
	if first.Kind() != adapter.Object {
		return shapeNone, ""
	}
	switch {
	case str(first, "object") == "chat.completion.chunk":
		return shapeChunkList, adapter.Chat
	case strings.HasPrefix(str(first, "type"), "response."):
		return shapeEventList, adapter.Responses
	case first.Has("request") && first.Has("response"):
		return shapePairList, ""
	case first.Has("inputSchema"), isOpenAIToolDefinition(first):
		// An OpenAI tool definition is a tool list too: reading it as one
		// says it is not an MCP tool list (adapter.ParseToolList).
		return shapeToolList, ""
	case isKind(first, "function", adapter.Object) || isKind(first, "custom", adapter.Object):
		return shapeOutputList, adapter.Chat
	case isKind(first, "type", adapter.String):
		return shapeOutputList, adapter.Responses
	case isKind(first, "name", adapter.String) && !first.Has("arguments"):
		return shapeToolList, ""
	}
	return shapeNone, ""
}

// isOpenAIToolDefinition tells an OpenAI function tool's definition, the
// Responses {"type":"function","name","parameters"} or the Chat
// {"type":"function","function":{"name","parameters"}}, from a call: a Chat
// tool call has an "id" and its function has "arguments"; a Responses call's
// type is "function_call".
func isOpenAIToolDefinition(v adapter.Value) bool {
	if str(v, "type") != "function" || v.Has("id") {
		return false
	}
	if v.Has("parameters") {
		return true
	}
	fn, _ := v.Get("function")
	return fn.Kind() == adapter.Object && !fn.Has("arguments") && (fn.Has("parameters") || fn.Has("description"))
}

func isErrorList(v adapter.Value) bool {
	errs, _ := v.Get("errors")
	for _, e := range errs.Items() {
		if e.Kind() != adapter.Object {
			return false
		}
		if !(e.Has("body") || e.Has("error") || e.Has("message_only") || e.Has("message")) {
			return false
		}
	}
	return true
}

// loadErrorList loads a collection of quoted error bodies:
// {"errors":[{"body":{"error":{…}}, "http_status":400, "api":"chat …"}, {"message_only":"…"}]}.
// An entry that quotes only the message becomes {"error":{"message":…}} with its
// "param" and "code" when given, and a warning that the body was not recorded.
func (l *loader) loadErrorList(v adapter.Value) (*Recording, error) {
	errs, _ := v.Get("errors")
	var exs []Exchange
	var fails []*entryError
	for i, e := range errs.Items() {
		label := fmt.Sprintf("entry %d", i+1)
		ex := Exchange{Label: label, Request: adapter.NullValue()}
		var w warnings
		switch {
		case e.Has("body"):
			b, _ := e.Get("body")
			ex.Response = b
			if sh, _ := classify(b); sh != shapeErrorBody {
				fails = append(fails, failf(label, "body is not an error body {\"error\":{…}}"))
				continue
			}
		case e.Has("error"):
			ex.Response = adapter.ObjectValue(adapter.MemberOf("error", mustGet(e, "error")))
		default:
			msg, ok := e.Get("message_only")
			if !ok {
				msg, _ = e.Get("message")
			}
			if msg.Kind() != adapter.String {
				fails = append(fails, failf(label, "has no body and no message"))
				continue
			}
			mems := []adapter.Member{adapter.MemberOf("message", msg)}
			for _, k := range []string{"type", "param", "code"} {
				if m, ok := e.Get(k); ok {
					mems = append(mems, adapter.MemberOf(k, m))
				}
			}
			ex.Response = adapter.ObjectValue(adapter.MemberOf("error", adapter.ObjectValue(mems...)))
			w.add("only the error message was recorded, not the whole body")
		}
		ex.Status = statusOf(e, "http_status", "status", "status_code")
		ex.API = apiFromText(str(e, "api"))
		ex.Warnings = w.result()
		exs = append(exs, ex)
	}
	return l.done(FormatErrorBody, exs, fails, 0)
}

func mustGet(v adapter.Value, key string) adapter.Value {
	m, _ := v.Get(key)
	return m
}

// apiFromText reads an API named at the start of a free text ("chat (2024-10)",
// "responses (Vercel AI SDK)").
func apiFromText(s string) adapter.API {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case strings.HasPrefix(s, "responses"):
		return adapter.Responses
	case strings.HasPrefix(s, "chat"):
		return adapter.Chat
	}
	return ""
}

// statusOf reads the first of keys that holds an integer HTTP status.
func statusOf(v adapter.Value, keys ...string) int {
	for _, k := range keys {
		m, ok := v.Get(k)
		if !ok {
			continue
		}
		if n, ok := smallInt(m); ok && n >= 100 && n <= 999 {
			return n
		}
	}
	return 0
}

// smallInt reads a JSON number (or a string of digits) that is a non-negative integer
// below a billion.
func smallInt(v adapter.Value) (int, bool) {
	s := v.NumberText()
	if v.Kind() == adapter.String {
		s = v.Str()
	}
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// apiFromURL reads the API from an endpoint URL: a path ending in /chat/completions
// is Chat, one ending in /responses (or /responses/ID) is Responses.
func apiFromURL(u string) adapter.API {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	u = strings.TrimRight(u, "/")
	switch {
	case strings.HasSuffix(u, "/chat/completions"):
		return adapter.Chat
	case strings.HasSuffix(u, "/responses"):
		return adapter.Responses
	}
	if i := strings.LastIndex(u, "/responses/"); i >= 0 && !strings.Contains(u[i+len("/responses/"):], "/") {
		return adapter.Responses
	}
	return ""
}

// apiFromRequest reads the API from a request body: messages are Chat, input or
// instructions are Responses.
func apiFromRequest(v adapter.Value) adapter.API {
	switch {
	case v.Has("messages"):
		return adapter.Chat
	case v.Has("input") || v.Has("instructions"):
		return adapter.Responses
	}
	return ""
}

// describeValue says in a few words what a JSON document is, for "not a recording".
func describeValue(v adapter.Value) string {
	switch v.Kind() {
	case adapter.Object:
		if v.Len() == 0 {
			return "an empty JSON object"
		}
		return "a JSON object with " + describeKeys(v, 6)
	case adapter.Array:
		if items := v.Items(); len(items) > 0 {
			return fmt.Sprintf("a JSON array of %d elements, the first %s", len(items), describeValue(items[0]))
		}
		return "an empty JSON array"
	}
	return "a JSON " + v.Kind().String()
}

func describeKeys(v adapter.Value, max int) string {
	mems := v.Members()
	var parts []string
	for i, m := range mems {
		if i == max {
			parts = append(parts, fmt.Sprintf("%d more", len(mems)-max))
			break
		}
		parts = append(parts, quote(m.Key()))
	}
	if len(mems) == 1 {
		return "key " + parts[0]
	}
	return "keys " + strings.Join(parts, ", ")
}

// describeText says what a text file that is none of the formats starts with.
func describeText(data []byte) string {
	line := data
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimRight(line, "\r")
	return fmt.Sprintf("no supported format starts with %s (expected JSON, an SSE stream, JSONL, a YAML cassette or an httprr trace)", quote(string(line)))
}

func looksLikeYAMLName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml":
		return true
	}
	return false
}
