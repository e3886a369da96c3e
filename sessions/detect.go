package sessions

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/strictscope/strictscope/adapter"
)

// Detect tells what a file is from its content, and from its name only where the
// content does not decide. data may be the whole file or only its beginning (a JSON
// document cut short is judged by what it has so far). Besides the recording formats
// it answers FormatSession for strictscope session files, FormatToolList for MCP tool
// lists (docs/tool-lists.md#accepted-shapes) and FormatUnknown for anything else.
func Detect(name string, data []byte) Format {
	if isGzip(data) {
		// A gzip-compressed file is what its content is.
		out := gunzipPrefix(data)
		if isGzip(out) {
			return FormatUnknown
		}
		return Detect(trimGz(name), out)
	}
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	if isHTTPRR(data) {
		return FormatHTTPRR
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 {
		return FormatUnknown
	}
	if trimmed[0] == '{' || trimmed[0] == '[' {
		if v, err := adapter.Decode(data); err == nil {
			return formatOfValue(v, FormatUnknown)
		}
		if f := detectLines(data); f != FormatUnknown {
			return f
		}
		if looksLikeYAMLName(name) {
			if f := detectYAML(data); f != FormatUnknown {
				return f
			}
		}
		if v, ok := repairPrefix(trimmed); ok {
			if f := formatOfValue(v, FormatUnknown); f != FormatUnknown {
				return f
			}
		}
		return formatByName(name)
	}
	if f := detectText(data); f != FormatUnknown {
		return f
	}
	if looksLikeYAML(data) || looksLikeYAMLName(name) {
		if f := detectYAML(data); f != FormatUnknown {
			return f
		}
	}
	return formatByName(name)
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

func formatByName(name string) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".har":
		return FormatHAR
	case ".httprr":
		return FormatHTTPRR
	}
	return FormatUnknown
}

// formatOfValue maps a decoded document to its format. from is the container's
// format for YAML documents.
func formatOfValue(v adapter.Value, from Format) Format {
	sh, _ := classify(v)
	switch sh {
	case shapeCassette:
		return cassetteFlavor(v)
	case shapePairList:
		if from != FormatUnknown {
			return from
		}
	}
	return shapeFormat(sh)
}

// detectLines tells a JSONL file (Chat chunks, Responses events or request/response
// pairs) by its first line that is a whole JSON object; up to 8 lines that begin an
// object but do not decode (a broken line) are passed over.
func detectLines(data []byte) Format {
	f, _ := detectLinesIn(data, true)
	return f
}

// detectLinesIn is detectLines on data, which is the whole file when complete
// and its beginning otherwise; decided reports whether the answer is that of
// the whole file, whatever follows data.
func detectLinesIn(data []byte, complete bool) (f Format, decided bool) {
	tries := 0
	for line := range bytes.Lines(data) {
		if tries == 8 {
			break
		}
		if !complete && !bytes.HasSuffix(line, []byte("\n")) {
			return FormatUnknown, false // the line may go on
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if line[0] != '{' {
			return FormatUnknown, true
		}
		tries++
		v, err := adapter.Decode(line)
		if err != nil {
			continue
		}
		sh, _ := classify(v)
		switch {
		case sh == shapeChatChunk:
			return FormatChatJSONL, true
		case sh == shapeRespEvent || str(v, "type") == "error":
			return FormatResponsesJSONL, true
		case sh == shapePair:
			return FormatJSONLPairs, true
		}
		return FormatUnknown, true
	}
	return FormatUnknown, complete || tries == 8
}

// detectText tells an SSE stream, and which API it belongs to, from its first events.
func detectText(data []byte) Format {
	sse := false
	lines := 0
	for line := range bytes.Lines(data) {
		if lines == 200 {
			break
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			continue
		}
		lines++
		field, value := line, []byte(nil)
		if i := bytes.IndexByte(line, ':'); i >= 0 {
			field, value = line[:i], bytes.TrimPrefix(line[i+1:], []byte{' '})
		}
		switch string(field) {
		case "":
			sse = true // a comment
			continue
		case "id", "retry":
			sse = true
			continue
		case "event":
			sse = true
			if bytes.HasPrefix(value, []byte("response.")) {
				return FormatResponsesSSE
			}
			continue
		case "data":
			sse = true
			if f := streamAPIOf(value); f != FormatUnknown {
				return f
			}
			continue
		}
		if !sse {
			return FormatUnknown
		}
	}
	if sse {
		return FormatChatSSE
	}
	return FormatUnknown
}

// streamAPIOf tells the API of one data payload, also when it is cut short.
func streamAPIOf(data []byte) Format {
	data = bytes.TrimSpace(data)
	if v, err := adapter.Decode(data); err == nil {
		sh, _ := classify(v)
		switch sh {
		case shapeChatChunk, shapeChatCompletion:
			return FormatChatSSE
		case shapeRespEvent:
			return FormatResponsesSSE
		}
		return FormatUnknown
	}
	switch {
	case bytes.Contains(data, []byte(`"chat.completion.chunk"`)):
		return FormatChatSSE
	case bytes.Contains(data, []byte(`"type":"response.`)), bytes.Contains(data, []byte(`"type": "response.`)):
		return FormatResponsesSSE
	}
	return FormatUnknown
}

// looksLikeYAML reports whether the first significant line of a text starts a YAML
// document: a directive, a document marker, a top-level key or a top-level list.
func looksLikeYAML(data []byte) bool {
	// Lines end at LF, CRLF or a lone CR, as YAML's line breaks do.
	for line := range bytes.FieldsFuncSeq(data, func(r rune) bool { return r == '\n' || r == '\r' }) {
		line = bytes.TrimRight(line, " \t")
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if bytes.HasPrefix(line, []byte("---")) || bytes.HasPrefix(line, []byte("%YAML")) || bytes.HasPrefix(line, []byte("- ")) {
			return true
		}
		i := 0
		for i < len(line) && (isWordByte(line[i]) || line[i] == '-' || line[i] == '.') {
			i++
		}
		return i > 0 && i < len(line) && line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ')
	}
	return false
}

func looksLikeYAMLName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml":
		return true
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// detectYAML tells a YAML cassette; a document cut short is judged by its lines.
func detectYAML(data []byte) Format {
	if v, err := yamlToValue(data); err == nil {
		return formatOfValue(v, FormatVCRPy)
	}
	hasInteractions, goVCR := false, false
	for line := range bytes.Lines(data) {
		if bytes.HasPrefix(line, []byte("interactions:")) || bytes.HasPrefix(line, []byte("http_interactions:")) {
			hasInteractions = true
		}
		t := bytes.TrimLeft(line, " ")
		if len(t) < len(line) && (bytes.HasPrefix(t, []byte("url: ")) || bytes.HasPrefix(t, []byte("proto_major: "))) {
			goVCR = true
		}
	}
	switch {
	case hasInteractions && goVCR:
		return FormatGoVCR
	case hasInteractions:
		return FormatVCRPy
	}
	return FormatUnknown
}

// repairPrefix reads as much of a JSON document as data holds and closes what is
// still open, so that a file's beginning can be classified. Strings and numbers cut
// short are left out.
func repairPrefix(data []byte) (adapter.Value, bool) {
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	type frame struct {
		obj   bool
		key   string
		mems  []adapter.Member
		items []adapter.Value
		haveK bool
	}
	var stack []*frame
	var root adapter.Value
	haveRoot := false
	put := func(v adapter.Value) {
		if len(stack) == 0 {
			root, haveRoot = v, true
			return
		}
		top := stack[len(stack)-1]
		if top.obj {
			top.mems = append(top.mems, adapter.MemberOf(top.key, v))
			top.haveK = false
		} else {
			top.items = append(top.items, v)
		}
	}
	closeTop := func() {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if top.obj {
			put(adapter.ObjectValue(top.mems...))
		} else {
			put(adapter.ArrayValue(top.items...))
		}
	}
	for !haveRoot {
		tok, err := dec.ReadToken()
		if err != nil {
			break
		}
		if len(stack) > 0 {
			top := stack[len(stack)-1]
			if top.obj && !top.haveK && tok.Kind() == '"' {
				top.key, top.haveK = tok.String(), true
				continue
			}
		}
		switch tok.Kind() {
		case '{':
			stack = append(stack, &frame{obj: true})
		case '[':
			stack = append(stack, &frame{})
		case '}', ']':
			if len(stack) == 0 {
				return adapter.Value{}, false
			}
			closeTop()
		case '"':
			put(adapter.StringValue(tok.String()))
		case '0':
			put(adapter.NumberValue(tok.String()))
		case 't':
			put(adapter.BoolValue(true))
		case 'f':
			put(adapter.BoolValue(false))
		case 'n':
			put(adapter.NullValue())
		}
		if len(stack) > 64 {
			break
		}
	}
	for len(stack) > 0 {
		closeTop()
	}
	return root, haveRoot
}

// cassetteFlavor tells a go-vcr cassette (request url, response code or proto) from
// a vcrpy one (request uri, response status object).
func cassetteFlavor(v adapter.Value) Format {
	list, ok := v.Get("interactions")
	if !ok {
		return FormatVCRPy
	}
	if items := list.Items(); len(items) > 0 {
		return interactionFlavor(items[0])
	}
	return versionFlavor(v)
}

// interactionFlavor is the flavor a cassette's first interaction tells.
func interactionFlavor(it adapter.Value) Format {
	req, _ := it.Get("request")
	resp, _ := it.Get("response")
	if req.Has("url") || req.Has("proto") || isKind(resp, "code", adapter.Number) || resp.Has("proto") {
		return FormatGoVCR
	}
	return FormatVCRPy
}

// versionFlavor is the flavor of a cassette without interactions: go-vcr from
// version 2 on.
func versionFlavor(v adapter.Value) Format {
	if n, ok := smallInt(mustGet(v, "version")); ok && n >= 2 {
		return FormatGoVCR
	}
	return FormatVCRPy
}

const httprrMagic = "httprr trace v1"

func isHTTPRR(data []byte) bool {
	rest, ok := bytes.CutPrefix(data, []byte(httprrMagic))
	return ok && (bytes.HasPrefix(rest, []byte("\n")) || bytes.HasPrefix(rest, []byte("\r\n")))
}
