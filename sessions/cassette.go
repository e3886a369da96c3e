package sessions

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/strictscope/strictscope/adapter"
)

// loadYAML loads a YAML file: a vcrpy or go-vcr cassette (or, rarely, an OpenAI
// response written as YAML).
func (l *loader) loadYAML(data []byte) (*Recording, error) {
	if !l.whole {
		if rec, handled, err := l.streamYAML(bytes.NewReader(data), 0); handled {
			return rec, err
		}
		l.keep = nil
	}
	v, more, err := yamlDocument(data)
	if err != nil {
		var ye *yamlError
		if errors.As(err, &ye) {
			return nil, &LoadError{File: l.file, Where: ye.where(), Msg: ye.msg, Err: err}
		}
		return nil, &LoadError{File: l.file, Msg: err.Error(), Err: err}
	}
	if sh, _ := classify(v); sh == shapeNone {
		return nil, l.fail("", "not a recording: the YAML document is %s, not a cassette (no interactions list)", describeValue(v))
	}
	if more {
		l.w.add("%s", moreYAMLMsg)
	}
	return l.loadValue(v, FormatVCRPy)
}

// loadCassette loads the interactions of a cassette document (decoded from YAML, or
// from a JSON cassette). Layouts read:
//
//   - vcrpy: interactions[].request{method, uri, body, headers} and
//     response{status{code, message}, headers, body{string}}; bodies are strings or
//     !!binary (gzip-compressed when Content-Encoding says so, or when they start
//     with the gzip magic bytes); pydantic-ai's variant stores JSON bodies decoded
//     under parsed_body, which wins over body. The old vcrpy layout (a top-level list
//     of {request, response}), and the parallel requests / responses lists some
//     tools write, are read the same way; so are Ruby VCR's http_interactions
//     (body{encoding, string | base64_string}).
//   - go-vcr: version 1 and 2 (go-vcr v1 to v4): interactions[].request{body, form,
//     headers, url, method, proto…} and response{body, headers, status "200 OK",
//     code, duration, proto…}.
func (l *loader) loadCassette(v adapter.Value, from Format) (*Recording, error) {
	var list []adapter.Value
	if it, ok := v.Get("interactions"); ok {
		list = it.Items()
	} else if it, ok := v.Get("http_interactions"); ok {
		list = it.Items()
	} else {
		reqs, _ := v.Get("requests")
		resps, _ := v.Get("responses")
		n := min(reqs.Len(), resps.Len())
		if reqs.Len() != resps.Len() {
			l.w.add("%d requests but %d responses: read %d pairs", reqs.Len(), resps.Len(), n)
		}
		for i := 0; i < n; i++ {
			list = append(list, adapter.ObjectValue(
				adapter.MemberOf("request", reqs.Items()[i]),
				adapter.MemberOf("response", resps.Items()[i]),
			))
		}
	}
	var c collected
	for _, it := range list {
		c.interaction(l, it)
	}
	return l.doneCassette(cassetteFlavor(v), &c)
}

// doneCassette builds the Recording of a cassette of flavor f whose interactions
// c collected.
func (l *loader) doneCassette(f Format, c *collected) (*Recording, error) {
	if c.n == 0 {
		return nil, l.fail("", "the cassette has no interactions")
	}
	return l.done(f, c.exs, c.fails, 0)
}

// interaction reads the next interaction of a cassette.
func (c *collected) interaction(l *loader, it adapter.Value) {
	c.n++
	if c.n == 1 {
		c.flavor = interactionFlavor(it)
	}
	label := fmt.Sprintf("interaction %d", c.n)
	if it.Kind() != adapter.Object {
		c.fails = append(c.fails, failf(label, "is a %s, not a mapping with request and response", it.Kind()))
		return
	}
	ex, ferr := l.pairExchange(label, it)
	if ferr != nil {
		c.fails = append(c.fails, ferr)
		return
	}
	c.exs = append(c.exs, ex)
}

// A body is what a recording holds for a request or response body: raw bytes, or
// (pydantic-ai's parsed_body, a JSON pair) an already decoded value.
type body struct {
	present bool
	raw     []byte
	val     adapter.Value
	isVal   bool
}

// rawExchange is one request/response pair as a container holds it, before the
// bodies are decoded.
type rawExchange struct {
	label  string
	url    string
	status int
	req    body
	reqCE  string // request Content-Encoding
	resp   body
	respCT string // response Content-Type
	respCE string // response Content-Encoding
}

// pairExchange reads one {request, response} object: a cassette interaction or a line
// of JSONL pairs. A request is either an HTTP record (uri/url, method, headers, body or
// parsed_body) or the request body itself; a response is either an HTTP record
// (status, code, headers, body or parsed_body) or the response body itself (a JSON
// value, or SSE/JSON text as a string). request_curl (a curl command, as in OpenAPI
// examples) gives the URL and the body of its -d argument.
func (l *loader) pairExchange(label string, it adapter.Value) (Exchange, *entryError) {
	r := rawExchange{label: label}
	if req, ok := it.Get("request"); ok {
		readRequest(&r, req)
	} else if curl := str(it, "request_curl"); curl != "" {
		u, b := curlRequest(curl)
		r.url = u
		if b != "" {
			r.req = body{present: true, raw: []byte(b)}
		}
	}
	for _, k := range []string{"url", "endpoint"} {
		if u := str(it, k); u != "" && r.url == "" {
			r.url = u
		}
	}
	resp, ok := it.Get("response")
	if !ok || resp.IsNull() {
		return Exchange{}, failf(label, "has no response")
	}
	readResponse(&r, resp)
	if r.status == 0 {
		r.status = statusOf(it, "status", "status_code", "http_status")
	}
	ex, ferr := finishExchange(r)
	if ferr != nil {
		return ex, ferr
	}
	if ex.API == "" {
		ex.API = apiFromText(str(it, "api"))
	}
	return l.keepExchange(ex), nil
}

func readRequest(r *rawExchange, req adapter.Value) {
	switch req.Kind() {
	case adapter.String:
		r.req = body{present: true, raw: []byte(req.Str())}
		return
	case adapter.Object:
	default:
		return
	}
	wrapper := false
	for _, k := range []string{"uri", "url", "method", "headers", "body", "parsed_body", "postData", "form"} {
		if req.Has(k) {
			wrapper = true
		}
	}
	if !wrapper || isRequestBody(req) {
		r.req = body{present: true, val: req, isVal: true}
		return
	}
	r.url = str(req, "uri")
	if r.url == "" {
		r.url = str(req, "url")
	}
	hdr, _ := req.Get("headers")
	r.reqCE = headerValue(hdr, "content-encoding")
	if pb, ok := req.Get("parsed_body"); ok {
		r.req = body{present: true, val: pb, isVal: true}
		return
	}
	if b, ok := req.Get("body"); ok {
		r.req = bodyField(b)
	}
}

func readResponse(r *rawExchange, resp adapter.Value) {
	switch resp.Kind() {
	case adapter.String:
		r.resp = body{present: true, raw: []byte(resp.Str())}
		return
	case adapter.Array:
		r.resp = body{present: true, val: resp, isVal: true}
		return
	case adapter.Object:
	default:
		return
	}
	if sh, _ := classify(resp); sh != shapeNone && sh != shapePair {
		r.resp = body{present: true, val: resp, isVal: true}
		return
	}
	// An HTTP record: vcrpy status{code, message}, go-vcr code and status "200 OK".
	if st, ok := resp.Get("status"); ok {
		switch st.Kind() {
		case adapter.Object:
			r.status = statusOf(st, "code")
		case adapter.Number:
			r.status = statusOf(resp, "status")
		case adapter.String:
			// go-vcr: "200 OK"
			code, _, _ := strings.Cut(st.Str(), " ")
			if n, ok := smallInt(adapter.StringValue(code)); ok && n >= 100 && n <= 999 {
				r.status = n
			}
		}
	}
	if r.status == 0 {
		r.status = statusOf(resp, "code", "status_code")
	}
	hdr, _ := resp.Get("headers")
	r.respCT = headerValue(hdr, "content-type")
	r.respCE = headerValue(hdr, "content-encoding")
	if pb, ok := resp.Get("parsed_body"); ok {
		r.resp = body{present: true, val: pb, isVal: true}
		return
	}
	if b, ok := resp.Get("body"); ok {
		r.resp = bodyField(b)
	}
}

// bodyField reads a body as cassettes store it: a string, {string: …} (vcrpy),
// {encoding, string | base64_string} (Ruby VCR), or null for none. Anything else is
// taken as the decoded body itself.
func bodyField(b adapter.Value) body {
	switch b.Kind() {
	case adapter.Null:
		return body{}
	case adapter.String:
		return body{present: true, raw: []byte(b.Str())}
	case adapter.Object:
		if s, ok := b.Get("string"); ok {
			if s.IsNull() {
				return body{}
			}
			return body{present: true, raw: []byte(s.Str())}
		}
		if s, ok := b.Get("base64_string"); ok {
			raw, err := decodeBase64Loose(s.Str())
			if err != nil {
				return body{present: true, raw: []byte(s.Str())}
			}
			return body{present: true, raw: raw}
		}
	}
	return body{present: true, val: b, isVal: true}
}

// headerValue reads a header from a cassette's headers mapping (name → value or list
// of values, any case) or a HAR's list of {name, value}.
func headerValue(h adapter.Value, name string) string {
	switch h.Kind() {
	case adapter.Object:
		for _, m := range h.Members() {
			if strings.EqualFold(m.Key(), name) {
				if m.Value().Kind() == adapter.Array {
					if items := m.Value().Items(); len(items) > 0 {
						return items[0].Str()
					}
					return ""
				}
				return m.Value().Str()
			}
		}
	case adapter.Array:
		for _, it := range h.Items() {
			if strings.EqualFold(str(it, "name"), name) {
				return str(it, "value")
			}
		}
	}
	return ""
}

// finishExchange decodes the bodies of a raw exchange and tells its API: from the
// response's shape, else from the URL, else from the request's shape.
func finishExchange(r rawExchange) (Exchange, *entryError) {
	ex := Exchange{Label: r.label, Status: r.status, Request: adapter.NullValue()}
	var w warnings
	switch {
	case r.req.isVal:
		ex.Request, _ = validText(r.req.val)
	case r.req.present && len(bytes.TrimSpace(r.req.raw)) > 0:
		raw, err := decodeContent(r.req.raw, r.reqCE)
		if err != nil {
			w.add("request body %s; left out", err)
			break
		}
		v, err := adapter.Decode(raw)
		if err != nil {
			w.add("%s; left out", syntaxMsg("request body", err))
			break
		}
		ex.Request = v
	}
	if !r.resp.present {
		return ex, failf(r.label, "response has no body")
	}
	if r.resp.isVal {
		ex.Response, _ = validText(r.resp.val)
	} else {
		raw, err := decodeContent(r.resp.raw, r.respCE)
		if err != nil {
			return ex, failf(r.label, "response body %s", err)
		}
		if len(bytes.TrimSpace(raw)) == 0 {
			return ex, failf(r.label, "response body is empty")
		}
		v, streamed, bw, ferr := parseBody(raw, r.respCT)
		if ferr != nil {
			ferr.where = r.label
			return ex, ferr
		}
		ex.Response, ex.Streamed = v, streamed
		for _, s := range bw {
			w.add("%s", s)
		}
	}
	_, ex.API = classify(ex.Response)
	if ex.API == "" {
		ex.API = apiFromURL(r.url)
	}
	if ex.API == "" {
		ex.API = apiFromRequest(ex.Request)
	}
	ex.Warnings = w.result()
	return ex, nil
}

// parseBody reads a response body's text: JSON (a whole response, or a list of
// stream events), an SSE stream, or JSONL events.
func parseBody(raw []byte, contentType string) (adapter.Value, bool, []string, *entryError) {
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(raw, []byte(utf8BOM)))
	if trimmed[0] == '{' || trimmed[0] == '[' {
		v, err := adapter.Decode(trimmed)
		if err == nil {
			switch sh, _ := classify(v); sh {
			case shapeChatChunk, shapeRespEvent, shapeChunkList, shapeEventList:
				ex, ferr := reassembleEvents(v, "")
				return ex.Response, true, ex.Warnings, ferr
			}
			return v, false, nil, nil
		}
		if detectLines(trimmed) != FormatUnknown {
			ex, ferr := loadStreamBody(trimmed, false)
			return ex.Response, true, ex.Warnings, ferr
		}
		return adapter.Value{}, false, nil, &entryError{msg: syntaxMsg("response body", err), err: err}
	}
	if f := detectText(trimmed); f != FormatUnknown || strings.Contains(strings.ToLower(contentType), "text/event-stream") {
		ex, ferr := loadStreamBody(trimmed, true)
		return ex.Response, true, ex.Warnings, ferr
	}
	return adapter.Value{}, false, nil, failf("", "response body is neither JSON nor an event stream: it starts with %s", quote(firstLine(trimmed)))
}

func firstLine(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	return string(bytes.TrimRight(b, "\r"))
}

// bodyErr is a body that cannot be read as text; its Error completes "response body
// …" / "request body …".
type bodyErr string

func (e bodyErr) Error() string { return string(e) }

// decodeContent undoes a body's compression and checks that the result is text. A
// body that starts with the gzip magic bytes is gunzipped whatever the headers say
// (browsers and some recorders keep the header but store the decoded body, others
// the reverse); deflate is undone when the Content-Encoding header says so. Other
// compressions (br, zstd) cannot be undone here: such a body, like any other body
// that is not UTF-8 text, is an error.
func decodeContent(raw []byte, encoding string) ([]byte, error) {
	enc := strings.ToLower(strings.TrimSpace(encoding))
	switch {
	case isGzip(raw):
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, bodyErr("is gzip data that cannot be decompressed: " + err.Error())
		}
		out, err := readBounded(zr)
		if err != nil {
			return nil, bodyErr("is gzip data that cannot be decompressed: " + err.Error())
		}
		raw = out
	case enc == "deflate" && !utf8.Valid(raw):
		zr, err := zlib.NewReader(bytes.NewReader(raw))
		var out []byte
		if err == nil {
			out, err = readBounded(zr)
		}
		if err != nil {
			out, err = readBounded(flate.NewReader(bytes.NewReader(raw)))
		}
		if err != nil {
			return nil, bodyErr("is deflate data that cannot be decompressed: " + err.Error())
		}
		raw = out
	}
	if !utf8.Valid(raw) {
		if enc != "" && enc != "identity" && enc != "gzip" && enc != "deflate" {
			return nil, bodyErr(fmt.Sprintf("is compressed with %s (Content-Encoding), which strictscope cannot decompress", quote(encoding)))
		}
		return nil, bodyErr(fmt.Sprintf("is binary: %d bytes that are neither UTF-8 text nor gzip data", len(raw)))
	}
	return raw, nil
}

// curlRequest reads the URL and the -d / --data argument of a curl command (as in
// OpenAPI examples). Shell quoting is undone for '…' and "…" arguments.
func curlRequest(cmd string) (url, data string) {
	cmd = strings.ReplaceAll(cmd, "\\\n", " ")
	for _, f := range strings.Fields(cmd) {
		f = strings.Trim(f, `'"`)
		if strings.HasPrefix(f, "http://") || strings.HasPrefix(f, "https://") {
			url = f
			break
		}
	}
	for _, flag := range []string{" -d ", " --data ", " --data-raw ", " --data-binary "} {
		i := strings.Index(cmd, flag)
		if i < 0 {
			continue
		}
		rest := strings.TrimLeft(cmd[i+len(flag):], " ")
		if rest == "" {
			continue
		}
		switch q := rest[0]; q {
		case '\'':
			if j := strings.IndexByte(rest[1:], '\''); j >= 0 {
				return url, rest[1 : 1+j]
			}
		case '"':
			var sb strings.Builder
			for k := 1; k < len(rest); k++ {
				c := rest[k]
				if c == '\\' && k+1 < len(rest) {
					k++
					sb.WriteByte(rest[k])
					continue
				}
				if c == '"' {
					return url, sb.String()
				}
				sb.WriteByte(c)
			}
		default:
			if j := strings.IndexAny(rest, " \t\n"); j >= 0 {
				return url, rest[:j]
			}
			return url, rest
		}
	}
	return url, ""
}
