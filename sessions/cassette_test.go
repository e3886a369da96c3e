package sessions

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

const completionJSON = `{"id":"chatcmpl-g","object":"chat.completion","created":1,"model":"gpt-4o","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_g","type":"function","function":{"name":"zipped","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}`

func gzipped(t testing.TB, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(s))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// binaryYAML writes b as a YAML !!binary block indented for a vcrpy body string.
func binaryYAML(b []byte) string {
	enc := base64.StdEncoding.EncodeToString(b)
	var sb strings.Builder
	sb.WriteString("!!binary |\n")
	for len(enc) > 0 {
		n := min(76, len(enc))
		sb.WriteString("        " + enc[:n] + "\n")
		enc = enc[n:]
	}
	return sb.String()
}

func vcrpyCassette(bodyYAML, encoding string) string {
	hdr := ""
	if encoding != "" {
		hdr = "      Content-Encoding:\n      - " + encoding + "\n"
	}
	return `interactions:
- request:
    body: '{"model":"gpt-4o","messages":[]}'
    headers: {}
    method: POST
    uri: https://api.openai.com/v1/chat/completions
  response:
    body:
      string: ` + bodyYAML + `    headers:
` + hdr + `      Content-Type:
      - application/json
    status:
      code: 200
      message: OK
version: 1
`
}

func TestVCRPyMixedInteractions(t *testing.T) {
	data, err := os.ReadFile("testdata/vcrpy_mixed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := LoadRecording("vcrpy_mixed.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Format != FormatVCRPy || len(rec.Exchanges) != 2 {
		t.Fatalf("format %s, %d exchanges", rec.Format, len(rec.Exchanges))
	}
	a, c := rec.Exchanges[0], rec.Exchanges[1]
	if a.Label != "interaction 1" || callNames(a.Response)[0] != "first_tool" || a.Status != 200 || a.Request.IsNull() || a.Streamed {
		t.Errorf("interaction 1: %+v", a)
	}
	if c.Label != "interaction 3" || callNames(c.Response)[0] != "third_tool" || !c.Streamed || a.API != adapter.Chat {
		t.Errorf("interaction 3: %+v", c)
	}
	// The binary body is a warning naming the interaction.
	if len(rec.Warnings) != 1 || !strings.HasPrefix(rec.Warnings[0], "interaction 2: response body is binary: 9 bytes") {
		t.Errorf("warnings %q", rec.Warnings)
	}
}

func TestVCRPyGzipBody(t *testing.T) {
	z := gzipped(t, completionJSON)
	for _, enc := range []string{"gzip", ""} {
		ex := one(t, mustLoad(t, "z.yaml", vcrpyCassette(binaryYAML(z), enc)))
		if got := callNames(ex.Response); len(got) != 1 || got[0] != "zipped" {
			t.Errorf("encoding %q: names %q", enc, got)
		}
		if ex.Response.String() != completionJSON {
			t.Errorf("encoding %q: %s", enc, ex.Response)
		}
	}
}

func TestVCRPyBinaryBodyFailsAlone(t *testing.T) {
	// A cassette whose only interaction has a binary body is an error naming it.
	_, err := LoadRecording("bin.yaml", []byte(vcrpyCassette(binaryYAML([]byte{0, 1, 2, 0xff, 0xfe}), "")))
	var le *LoadError
	if !errors.As(err, &le) || le.Where != "interaction 1" || !strings.Contains(le.Msg, "response body is binary") {
		t.Fatalf("err = %v", err)
	}
	if want := "bin.yaml: interaction 1: response body is binary: 5 bytes that are neither UTF-8 text nor gzip data"; err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	// Compressed with something we cannot undo: say so.
	_, err = LoadRecording("br.yaml", []byte(vcrpyCassette(binaryYAML([]byte{0x8b, 0x02, 0x80, 0xff}), "br")))
	if err == nil || !strings.Contains(err.Error(), `compressed with "br"`) {
		t.Errorf("err = %v", err)
	}
}

func TestVCRPyParsedBody(t *testing.T) {
	text := `interactions:
- request:
    method: POST
    parsed_body:
      model: gpt-4o
      input: hi
    uri: https://api.openai.com/v1/responses
  response:
    parsed_body:
      id: resp_1
      object: response
      output:
      - type: function_call
        call_id: call_1
        name: ping
        arguments: '{}'
      temperature: 1.0
    status:
      code: 200
      message: OK
version: 1
`
	ex := one(t, mustLoad(t, "p.yaml", text))
	want := `{"id":"resp_1","object":"response","output":[{"type":"function_call","call_id":"call_1","name":"ping","arguments":"{}"}],"temperature":1.0}`
	if ex.Response.String() != want || ex.Request.String() != `{"model":"gpt-4o","input":"hi"}` || ex.API != adapter.Responses {
		t.Errorf("got %s / %s / %s", ex.Response, ex.Request, ex.API)
	}
}

func TestGoVCRVersion1(t *testing.T) {
	data, err := os.ReadFile("testdata/govcr_v1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if f := Detect("govcr_v1.yaml", data); f != FormatGoVCR {
		t.Errorf("Detect = %s", f)
	}
	rec, err := LoadRecording("govcr_v1.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	ex := one(t, rec)
	if rec.Format != FormatGoVCR || ex.Status != 200 || ex.API != adapter.Responses || callNames(ex.Response)[0] != "get_time" || str(ex.Request, "input") != "hi" {
		t.Errorf("%s %+v", rec.Format, ex)
	}
}

func TestGoVCRNewLayout(t *testing.T) {
	// go-vcr v3/v4 write version 2 with id, proto and content_length fields.
	text := `---
version: 2
interactions:
    - id: 0
      request:
        proto: HTTP/1.1
        proto_major: 1
        proto_minor: 1
        content_length: 30
        host: api.openai.com
        body: '{"model":"m","messages":[]}'
        form: {}
        headers:
            Content-Type:
                - application/json
        url: https://api.openai.com/v1/chat/completions
        method: POST
      response:
        proto: HTTP/2.0
        proto_major: 2
        proto_minor: 0
        content_length: -1
        uncompressed: true
        body: |
            {"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]}
        headers:
            Content-Type:
                - application/json
        status: 429 Too Many Requests
        code: 429
        duration: 83.9ms
`
	rec := mustLoad(t, "v4.yaml", text)
	ex := one(t, rec)
	if rec.Format != FormatGoVCR || ex.Status != 429 || ex.API != adapter.Chat {
		t.Errorf("%s %d %s", rec.Format, ex.Status, ex.API)
	}
}

func TestCassetteLayouts(t *testing.T) {
	resp := `{"object":"response","output":[{"type":"function_call","call_id":"c","name":"n","arguments":"{}"}]}`
	cases := map[string]string{
		// vcrpy written by its JSON serializer
		"cassette.json": `{"interactions":[{"request":{"method":"POST","uri":"https://api.openai.com/v1/responses","body":null,"headers":{}},"response":{"status":{"code":200,"message":"OK"},"headers":{},"body":{"string":` + quoteJSON(resp) + `}}}],"version":1}`,
		// vcrpy before 1.0: a top-level list
		"old.yaml": "- request:\n    method: POST\n    uri: https://api.openai.com/v1/responses\n    body: null\n  response:\n    status: {code: 200, message: OK}\n    body: {string: '" + resp + "'}\n",
		// Ruby VCR
		"ruby.yml": "---\nhttp_interactions:\n- request:\n    method: post\n    uri: https://api.openai.com/v1/responses\n    body:\n      encoding: UTF-8\n      string: '{\"model\":\"m\",\"input\":\"x\"}'\n  response:\n    status:\n      code: 200\n      message: OK\n    body:\n      encoding: UTF-8\n      string: '" + resp + "'\n  recorded_at: Mon, 01 Jan 2024 00:00:00 GMT\nrecorded_with: VCR 6.2.0\n",
		// parallel requests / responses lists
		"lists.yaml": "requests:\n- method: POST\n  uri: https://api.openai.com/v1/responses\n  body: !!binary |\n    eyJtb2RlbCI6Im0ifQ==\nresponses:\n- status: {code: 200, message: OK}\n  body:\n    string: '" + resp + "'\n",
	}
	for name, text := range cases {
		rec, err := LoadRecording(name, []byte(text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		ex := one(t, rec)
		if rec.Format != FormatVCRPy || ex.Status != 200 || ex.API != adapter.Responses || ex.Response.String() != resp {
			t.Errorf("%s: %s %d %s %s", name, rec.Format, ex.Status, ex.API, ex.Response)
		}
	}
}

func quoteJSON(s string) string { return string(adapter.AppendQuoted(nil, s)) }

func TestCassetteNothingLoads(t *testing.T) {
	text := "interactions:\n- request: {uri: 'https://api.openai.com/v1/responses'}\n  response: {status: {code: 200}, body: {string: ''}}\n- request: {uri: 'https://api.openai.com/v1/responses'}\n  response: {status: {code: 200}, body: {string: 'not json'}}\n"
	_, err := LoadRecording("bad.yaml", []byte(text))
	var le *LoadError
	if !errors.As(err, &le) || le.Where != "interaction 1" || !strings.Contains(le.Msg, "response body is empty") || !strings.Contains(le.Msg, "and 1 more") {
		t.Errorf("err = %v", err)
	}
}

func TestCassetteRequestNotJSON(t *testing.T) {
	text := "interactions:\n- request: {uri: 'https://api.openai.com/v1/chat/completions', body: 'a=1&b=2'}\n  response: {status: {code: 200}, body: {string: '" + completionJSON + "'}}\n"
	ex := one(t, mustLoad(t, "form.yaml", text))
	if !ex.Request.IsNull() || !hasWarning(ex.Warnings, "request body is not valid JSON") {
		t.Errorf("request %s warnings %q", ex.Request, ex.Warnings)
	}
}

// TestGzipFiles: a gzip-compressed recording (LangChain keeps its vcrpy cassettes as
// .yaml.gz) loads as what it holds, from memory and from a file, streams included.
func TestGzipFiles(t *testing.T) {
	dir := t.TempDir()
	cassette := vcrpyCassette("'"+completionJSON+"'\n", "")
	stream := sse(`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}`, "[DONE]")
	cases := []struct {
		name, text string
		format     Format
	}{
		{"test_function_calling.yaml.gz", cassette, FormatVCRPy},
		{"stream.sse.gz", stream, FormatChatSSE},
	}
	for _, c := range cases {
		z := gzipped(t, c.text)
		if got := Detect(c.name, z); got != c.format {
			t.Errorf("%s: Detect = %s", c.name, got)
		}
		path := dir + "/" + c.name
		if err := os.WriteFile(path, z, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, how := range []string{"bytes", "file"} {
			var rec *Recording
			var err error
			if how == "bytes" {
				rec, err = LoadRecording(c.name, z)
			} else {
				rec, err = LoadRecordingFile(path)
			}
			if err != nil {
				t.Errorf("%s %s: %v", c.name, how, err)
				continue
			}
			if rec.Format != c.format || len(rec.Exchanges) != 1 {
				t.Errorf("%s %s: %s, %d exchanges", c.name, how, rec.Format, len(rec.Exchanges))
			}
		}
	}
	_, err := LoadRecording("bad.gz", []byte{0x1f, 0x8b, 8, 0, 1, 2, 3})
	if err == nil || !strings.Contains(err.Error(), "bad.gz: the file is gzip data that cannot be decompressed") {
		t.Errorf("err = %v", err)
	}
}
