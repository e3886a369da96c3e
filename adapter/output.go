package adapter

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// StructuredMode says how structuredContent is used: auto, prefer, append or ignore.
//
// With auto it is the output only when the result has no content; with prefer it
// replaces the content whenever it is there; with append it follows the content (on a
// new line of the text, or as an input_text of its own in the array form); with
// ignore it is never used. It is always written as compact JSON.
type StructuredMode string

// The four structured modes. The zero StructuredMode ("") means StructuredAuto.
const (
	StructuredAuto   StructuredMode = "auto"
	StructuredPrefer StructuredMode = "prefer"
	StructuredAppend StructuredMode = "append"
	StructuredIgnore StructuredMode = "ignore"
)

// ParseStructuredMode reads "auto", "prefer", "append" or "ignore" (exactly, as the
// command line's --structured flag takes them). Anything else, the empty string
// included, is not a mode.
func ParseStructuredMode(s string) (StructuredMode, bool) {
	switch m := StructuredMode(s); m {
	case StructuredAuto, StructuredPrefer, StructuredAppend, StructuredIgnore:
		return m, true
	}
	return "", false
}

// DefaultErrorPrefix is written before the text of an error result unless the options
// say otherwise. OpenAI has no error flag on a tool output, so the model learns of the
// failure from the text.
const DefaultErrorPrefix = "Error: "

// MaxOutputChars is OpenAI's limit on a tool output string (10,485,760 characters).
// A longer output is rejected with string_above_max_length; ToolOutput reports it in
// a note and never cuts it.
const MaxOutputChars = 10485760

// MaxMediaBytes is OpenAI's limit on one input image or input file: 20 MiB, that is
// 20,971,520 bytes of decoded data (the base64 text is a third longer). ToolOutput
// reports an image or PDF over it, sent in the Responses array form, in a note, and
// sends it all the same.
const MaxMediaBytes = 20 * 1024 * 1024

// OutputOptions choose how ToolOutput renders a result.
type OutputOptions struct {
	API         API            // Chat or Responses
	ErrorPrefix string         // written before the text of an error result; "" writes none
	Structured  StructuredMode // "" means auto
}

// DefaultOutputOptions returns the options for api with the default error prefix and auto.
func DefaultOutputOptions(api API) OutputOptions {
	return OutputOptions{API: api, ErrorPrefix: DefaultErrorPrefix, Structured: StructuredAuto}
}

// Output is a rendered tool output: the item to send and what a reader needs to know
// about it.
type Output struct {
	// Item answers the call in the API's shape, keys in this order:
	// Chat {"role":"tool","tool_call_id":ID,"content":TEXT};
	// Responses {"type":"function_call_output","call_id":ID,"output":OUT}, where OUT
	// is a string or the array form.
	Item Value
	// Text is the output as one string: the content for Chat, the output string for
	// Responses. When the Responses item carries the array form, Text is the text
	// form of the same output (what Chat would send: every block as its text or
	// placeholder, joined with "\n", the error prefix first), for display and logs.
	Text string
	// Notes says what a reader should know and the model cannot see: data that is
	// not valid base64, blocks that could not be rendered as they are, media sent as
	// a placeholder in the array form, an output over MaxOutputChars, … Each note
	// starts with where it applies ("content[1]: …", "output: …").
	Notes []string
	// IsError is true for a result with isError true and for a client error.
	IsError bool
}

// An OutputError says why a value is not a tool result at all, and where. Oddities
// inside a tool result (an unknown block type, bad base64, …) are never errors: they
// are rendered as placeholders and reported in Output.Notes.
type OutputError struct {
	Path Path   // where in the given value the problem is ([] for the value itself)
	Msg  string // what is wrong
}

func (e *OutputError) Error() string {
	if len(e.Path) == 0 {
		return "invalid tool result: " + e.Msg
	}
	return "invalid tool result at " + e.Path.Pointer() + ": " + e.Msg
}

// ToolOutput renders an MCP CallToolResult, a client error {"error":"message"}, or a
// JSON-RPC response to tools/call (or a capture of one), as the item answering callID.
//
// The text form joins the content blocks with "\n". A text block gives its text and an
// embedded text resource its text; other blocks give placeholders: an image
// "[image: MIME, N bytes]", audio "[audio: MIME, N bytes]" (N is the decoded size), a
// resource link "[resource_link: URI]", an embedded blob "[resource: URI, MIME, N bytes]",
// a block of another type "[unsupported content: TYPE]". Base64 data uses the standard
// alphabet with padding, CR and LF ignored; data that is not valid reads "invalid base64"
// instead of "N bytes" and adds a note. A missing or empty MIME type reads
// "application/octet-stream". A block whose type is missing or not a string, that is
// not an object, or that lacks what its placeholder needs (a string text, data or uri;
// an embedded resource object with a string text, or a string blob and uri) reads
// "[unsupported content: JSON]" with the block's compact JSON text, and adds a note.
// Chat sends {"role":"tool","tool_call_id":ID,"content":TEXT}, always text. Responses
// sends {"type":"function_call_output","call_id":ID,"output":OUT}, where OUT is the text
// unless a block is an image OpenAI takes (image/png, image/jpeg, image/webp, or an
// image/gif that is not animated, matched case-insensitively on the declared type, with
// valid and non-empty data) or a valid, non-empty application/pdf blob: then OUT is an
// array with one item per block in content order, input_text for text and placeholders,
// {"type":"input_image","image_url":"data:MIME;base64,DATA","detail":"auto"} with the
// MIME as declared, and {"type":"input_file","filename":NAME,"file_data":"data:application/pdf;base64,DATA"}
// with NAME the last segment of the resource URI's path (percent-decoded), else
// "document.pdf". DATA is the data as given with CR and LF removed. A GIF is animated
// when it holds more than one image; one that cannot be parsed counts as not animated.
// structuredContent is written as compact JSON: with auto only when there is no content
// (content absent or empty), with prefer instead of the content, with append after it on
// a new line (its own input_text in the array form; the JSON alone when there is no
// content), with ignore never. For isError true or a client error the error prefix goes
// before the text: before the first input_text when the array starts with one, else as
// an input_text of its own at the start (none when the prefix is empty). An empty result
// renders as the empty string (an empty error result as the prefix alone). An output
// string, or an input_text of the array form, over MaxOutputChars code points is
// reported in a note, never cut; so is an input_image or input_file whose data is
// over MaxMediaBytes (20 MiB of decoded data), naming its block and its size.
//
// Accepted input: a JSON object. A member that is null reads as absent. content must be
// an array, isError a boolean; structuredContent may be any JSON value; other members
// (_meta, …) are ignored.
//
// A JSON-RPC response (an object with a jsonrpc member), or a capture of one (an object
// with a result or error member and none of content, structuredContent and isError),
// is read through its result or its error, and must have exactly one of them; other
// members (id, a capture's metadata) are ignored. The result must be an object, read
// as above; notes about it start with "result.".
//
// An error member, in such a response or in an object without content and
// structuredContent, makes a client error. A string is its text as it is (the client
// error {"error":"message"}); a JSON-RPC error object reads
// "JSON-RPC error CODE: MESSAGE" with CODE as written, or MESSAGE alone when the code
// is absent or not a number. Any other error, an object without a string message
// included, is not a tool result. An error member next to content or structuredContent
// is ignored with a note.
//
// Anything else returns an *OutputError with the path of what is wrong. Options with an
// unknown API or structured mode return an error too.
func ToolOutput(callID string, result Value, opts OutputOptions) (Output, error) {
	if opts.API != Chat && opts.API != Responses {
		return Output{}, errors.New("adapter: ToolOutput: unknown API " + strconv.Quote(string(opts.API)))
	}
	mode := opts.Structured
	if mode == "" {
		mode = StructuredAuto
	}
	if _, ok := ParseStructuredMode(string(mode)); !ok {
		return Output{}, errors.New("adapter: ToolOutput: unknown structured mode " + strconv.Quote(string(mode)))
	}
	res, err := readResult(result)
	if err != nil {
		return Output{}, err
	}
	r := renderer{api: opts.API, where: res.where, notes: res.notes}

	var parts []contentPart
	if res.clientErr {
		parts = []contentPart{{text: res.errText}}
	} else {
		useStructured := res.hasStructured && (mode == StructuredPrefer || (mode == StructuredAuto && len(res.content) == 0))
		if !useStructured {
			for i, b := range res.content {
				parts = append(parts, r.block(i, b))
			}
		}
		if res.hasStructured && (useStructured || mode == StructuredAppend) {
			parts = append(parts, contentPart{text: string(AppendCompact(nil, res.structured))})
		}
	}

	isError := res.clientErr || res.isError
	prefix := ""
	if isError {
		prefix = opts.ErrorPrefix
	}
	var sb strings.Builder
	sb.WriteString(prefix)
	for i, p := range parts {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(p.text)
	}
	out := Output{Text: sb.String(), IsError: isError}

	callIDv := StringValue(callID)
	if opts.API == Chat {
		r.checkLength("output", out.Text)
		out.Item = ObjectValue(
			MemberOf("role", StringValue("tool")),
			MemberOf("tool_call_id", callIDv),
			MemberOf("content", StringValue(out.Text)),
		)
		out.Notes = r.notes
		return out, nil
	}

	outv := StringValue(out.Text)
	if hasMedia(parts) {
		items := make([]Value, 0, len(parts)+1)
		for _, p := range parts {
			if p.media.Kind() == Object {
				items = append(items, p.media)
			} else {
				items = append(items, inputText(p.text))
			}
		}
		if prefix != "" {
			if first, _ := items[0].Get("type"); first.Str() == "input_text" {
				text, _ := items[0].Get("text")
				items[0] = inputText(prefix + text.Str())
			} else {
				items = append([]Value{inputText(prefix)}, items...)
			}
		}
		for k, it := range items {
			if text, ok := it.Get("text"); ok {
				r.checkLength("output["+strconv.Itoa(k)+"]", text.Str())
			}
		}
		outv = ArrayValue(items...)
	} else {
		r.checkLength("output", out.Text)
	}
	out.Item = ObjectValue(
		MemberOf("type", StringValue("function_call_output")),
		MemberOf("call_id", callIDv),
		MemberOf("output", outv),
	)
	out.Notes = r.notes
	return out, nil
}

// contentPart is one rendered block: its text form, and, when it goes as media in the
// Responses array form, the input_image or input_file item.
type contentPart struct {
	text  string
	media Value
}

func hasMedia(parts []contentPart) bool {
	for _, p := range parts {
		if p.media.Kind() == Object {
			return true
		}
	}
	return false
}

func inputText(s string) Value {
	return ObjectValue(MemberOf("type", StringValue("input_text")), MemberOf("text", StringValue(s)))
}

// toolResult is a tool result read by readResult.
type toolResult struct {
	where         string // prefix of note locations: "" or "result."
	clientErr     bool
	errText       string
	content       []Value
	structured    Value
	hasStructured bool
	isError       bool
	notes         []string
}

// resultMember returns the member key of v, a null member reading as absent.
func resultMember(v Value, key string) (Value, bool) {
	m, ok := v.Get(key)
	if !ok || m.IsNull() {
		return Value{}, false
	}
	return m, true
}

func kindNoun(k Kind) string {
	switch k {
	case Array, Object:
		return "an " + k.String()
	}
	return "a " + k.String()
}

// toolErrorMessage reads a client error's text: a string as it is, or a JSON-RPC
// error object's text (rpcErrorText).
func toolErrorMessage(e Value, at Path) (string, error) {
	switch e.Kind() {
	case String:
		return e.Str(), nil
	case Object:
		if text, ok := rpcErrorText(e); ok {
			return text, nil
		}
		return "", &OutputError{Path: at, Msg: "error is an object without a string message"}
	}
	return "", &OutputError{Path: at, Msg: "error is " + kindNoun(e.Kind()) + ", not a string or an error object"}
}

// rpcErrorText is how the library writes a JSON-RPC error object: "JSON-RPC error
// CODE: MESSAGE" when its code is a number (CODE as written), the message alone
// otherwise. ok is false when the error has no string message.
func rpcErrorText(e Value) (text string, ok bool) {
	m, ok := e.Get("message")
	if !ok || m.Kind() != String {
		return "", false
	}
	if code, ok := e.Get("code"); ok && code.Kind() == Number {
		return "JSON-RPC error " + code.NumberText() + ": " + m.Str(), true
	}
	return m.Str(), true
}

// isResponse reports whether v is a JSON-RPC response (it has a jsonrpc member)
// or a capture of one (a result or error, and none of the members of a
// CallToolResult).
func isResponse(v Value) bool {
	if v.Has("jsonrpc") {
		return true
	}
	for _, k := range []string{"content", "structuredContent", "isError"} {
		if _, ok := resultMember(v, k); ok {
			return false
		}
	}
	_, hasR := resultMember(v, "result")
	_, hasE := resultMember(v, "error")
	return hasR || hasE
}

func readResult(v Value) (toolResult, error) {
	var res toolResult
	if v.Kind() != Object {
		return res, &OutputError{Path: Path{}, Msg: "a tool result is an object, not " + kindNoun(v.Kind())}
	}
	base := Path{}
	if isResponse(v) {
		r, hasR := resultMember(v, "result")
		e, hasE := resultMember(v, "error")
		switch {
		case hasR && hasE:
			return res, &OutputError{Path: base, Msg: "a JSON-RPC response with both result and error"}
		case hasE:
			msg, err := toolErrorMessage(e, Keys("error"))
			if err != nil {
				return res, err
			}
			res.clientErr, res.errText = true, msg
			return res, nil
		case !hasR:
			return res, &OutputError{Path: base, Msg: "a JSON-RPC response without result or error"}
		case r.Kind() != Object:
			return res, &OutputError{Path: Keys("result"), Msg: "result is " + kindNoun(r.Kind()) + ", not an object"}
		}
		v, base, res.where = r, Keys("result"), "result."
	}
	content, hasContent := resultMember(v, "content")
	if hasContent && content.Kind() != Array {
		return res, &OutputError{Path: base.Append(Key("content")), Msg: "content is " + kindNoun(content.Kind()) + ", not an array"}
	}
	if isErr, ok := resultMember(v, "isError"); ok {
		if isErr.Kind() != Bool {
			return res, &OutputError{Path: base.Append(Key("isError")), Msg: "isError is " + kindNoun(isErr.Kind()) + ", not a boolean"}
		}
		res.isError = isErr.Bool()
	}
	res.structured, res.hasStructured = resultMember(v, "structuredContent")
	if e, ok := resultMember(v, "error"); ok {
		if !hasContent && !res.hasStructured {
			msg, err := toolErrorMessage(e, base.Append(Key("error")))
			if err != nil {
				return res, err
			}
			res.clientErr, res.errText = true, msg
			return res, nil
		}
		res.notes = append(res.notes, res.where+"error: ignored, because the result has content or structuredContent")
	}
	res.content = content.Items()
	return res, nil
}

// renderer renders blocks and collects notes.
type renderer struct {
	api   API
	where string
	notes []string
}

func (r *renderer) note(i int, msg string) {
	r.notes = append(r.notes, r.where+"content["+strconv.Itoa(i)+"]: "+msg)
}

func (r *renderer) checkLength(where, s string) {
	if len(s) <= MaxOutputChars {
		return
	}
	if n := utf8.RuneCountInString(s); n > MaxOutputChars {
		r.notes = append(r.notes, where+" is "+commas(n)+" characters, over OpenAI's limit of "+commas(MaxOutputChars))
	}
}

// checkMedia notes block i, media of n decoded bytes sent as an input_image or
// input_file (input is "image" or "file"), when it is over MaxMediaBytes.
func (r *renderer) checkMedia(i int, what, input string, n int) {
	if n > MaxMediaBytes {
		r.note(i, what+" is "+commas(n)+" bytes, over OpenAI's limit of 20 MiB ("+commas(MaxMediaBytes)+" bytes) for an input "+input+"; the request may be rejected")
	}
}

// unsupported renders a block as "[unsupported content: JSON]" and notes why.
func (r *renderer) unsupported(i int, b Value, why string) contentPart {
	r.note(i, why)
	return contentPart{text: "[unsupported content: " + string(AppendCompact(nil, b)) + "]"}
}

func (r *renderer) block(i int, b Value) contentPart {
	if b.Kind() != Object {
		return r.unsupported(i, b, "block is "+kindNoun(b.Kind())+", not an object")
	}
	t, ok := b.Get("type")
	if !ok || t.Kind() != String {
		return r.unsupported(i, b, "block has no string type")
	}
	switch typ := t.Str(); typ {
	case "text":
		text, ok := b.Get("text")
		if !ok || text.Kind() != String {
			return r.unsupported(i, b, "text block without a string text")
		}
		return contentPart{text: text.Str()}
	case "image", "audio":
		data, ok := b.Get("data")
		if !ok || data.Kind() != String {
			return r.unsupported(i, b, typ+" block without string data")
		}
		mime := mimeType(b)
		raw, valid := decodeBase64(data.Str())
		if !valid {
			r.note(i, typ+" data is not valid base64")
			return contentPart{text: "[" + typ + ": " + mime + ", invalid base64]"}
		}
		p := contentPart{text: "[" + typ + ": " + mime + ", " + strconv.Itoa(len(raw)) + " bytes]"}
		if typ == "image" && r.api == Responses {
			if why := imageRefused(mime, raw); why != "" {
				r.note(i, why+"; sent as a placeholder")
			} else {
				r.checkMedia(i, "image", "image", len(raw))
				p.media = ObjectValue(
					MemberOf("type", StringValue("input_image")),
					MemberOf("image_url", StringValue("data:"+mime+";base64,"+stripCRLF(data.Str()))),
					MemberOf("detail", StringValue("auto")),
				)
			}
		}
		return p
	case "resource_link":
		uri, ok := b.Get("uri")
		if !ok || uri.Kind() != String {
			return r.unsupported(i, b, "resource_link block without a string uri")
		}
		return contentPart{text: "[resource_link: " + uri.Str() + "]"}
	case "resource":
		res, ok := b.Get("resource")
		if !ok || res.Kind() != Object {
			return r.unsupported(i, b, "resource block without a resource object")
		}
		if text, ok := res.Get("text"); ok && text.Kind() == String {
			return contentPart{text: text.Str()}
		}
		blob, ok := res.Get("blob")
		if !ok || blob.Kind() != String {
			return r.unsupported(i, b, "resource without a string text or blob")
		}
		uri, ok := res.Get("uri")
		if !ok || uri.Kind() != String {
			return r.unsupported(i, b, "resource blob without a string uri")
		}
		mime := mimeType(res)
		raw, valid := decodeBase64(blob.Str())
		if !valid {
			r.note(i, "resource blob is not valid base64")
			return contentPart{text: "[resource: " + uri.Str() + ", " + mime + ", invalid base64]"}
		}
		p := contentPart{text: "[resource: " + uri.Str() + ", " + mime + ", " + strconv.Itoa(len(raw)) + " bytes]"}
		if r.api == Responses && strings.EqualFold(mime, "application/pdf") {
			if len(raw) == 0 {
				r.note(i, "PDF is empty; sent as a placeholder")
			} else {
				r.checkMedia(i, "PDF", "file", len(raw))
				p.media = ObjectValue(
					MemberOf("type", StringValue("input_file")),
					MemberOf("filename", StringValue(fileNameOf(uri.Str()))),
					MemberOf("file_data", StringValue("data:application/pdf;base64,"+stripCRLF(blob.Str()))),
				)
			}
		}
		return p
	default:
		r.note(i, "content type "+termsafe.Quote(typ)+" has no OpenAI form; sent as a placeholder")
		return contentPart{text: "[unsupported content: " + typ + "]"}
	}
}

// mimeType returns the mimeType of a block or resource, application/octet-stream when
// it is missing, empty or not a string.
func mimeType(v Value) string {
	if m, ok := v.Get("mimeType"); ok && m.Kind() == String && m.Str() != "" {
		return m.Str()
	}
	return "application/octet-stream"
}

// imageRefused says why an image does not go as input_image ("" when it does).
func imageRefused(mime string, raw []byte) string {
	switch {
	case strings.EqualFold(mime, "image/png"), strings.EqualFold(mime, "image/jpeg"), strings.EqualFold(mime, "image/webp"):
	case strings.EqualFold(mime, "image/gif"):
		if frames, ok := gifFrames(raw); ok && frames > 1 {
			return "animated GIF (" + strconv.Itoa(frames) + " images); OpenAI takes only non-animated GIFs"
		}
	default:
		return "image type " + termsafe.Quote(mime) + " is not one OpenAI takes (PNG, JPEG, WebP, non-animated GIF)"
	}
	if len(raw) == 0 {
		return "image is empty"
	}
	return ""
}

// fileNameOf is the last segment of a URI's path (query and fragment removed,
// percent-decoded when that is valid), else "document.pdf".
func fileNameOf(uri string) string {
	if i := strings.IndexByte(uri, '#'); i >= 0 {
		uri = uri[:i]
	}
	if i := strings.IndexByte(uri, '?'); i >= 0 {
		uri = uri[:i]
	}
	seg := uri
	if i := strings.LastIndexByte(uri, '/'); i >= 0 {
		seg = uri[i+1:]
	} else if i := strings.LastIndexByte(uri, ':'); i >= 0 {
		seg = uri[i+1:]
	}
	if dec, ok := percentDecode(seg); ok {
		seg = dec
	}
	if seg == "" || seg == "." || seg == ".." {
		return "document.pdf"
	}
	return seg
}

// commas writes n with a comma between each group of three digits.
func commas(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}
