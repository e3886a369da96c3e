package sessions

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vcrItem is one vcrpy interaction, at column 0.
func vcrItem(name string) string {
	return `- request:
    body: '{"model":"m","input":"hi"}'
    headers:
      Content-Type:
      - application/json
    method: POST
    uri: https://api.openai.com/v1/responses
  response:
    body:
      string: '{"object":"response","output":[{"type":"function_call","call_id":"c","name":"` + name + `","arguments":"{}"}]}'
    headers: {}
    status:
      code: 200
      message: OK
`
}

// goVCRItem is one go-vcr interaction, its list indented by four spaces.
const goVCRItem = `    - id: 0
      request:
        proto: HTTP/1.1
        body: |
            {"model":"m","messages":[{"role":"user","content":"- not an item"}]}
        url: https://api.openai.com/v1/chat/completions
        method: POST
      response:
        body: '{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"h","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}'
        status: 200 OK
        code: 200
        duration: 1.5s
`

// TestStreamYAML: cassettes of the plain shape are read one interaction at a
// time and load as they load whole; others are read whole, with the same
// results and errors.
func TestStreamYAML(t *testing.T) {
	ten := func(a string) string { return "[" + strings.TrimSuffix(strings.Repeat(a+", ", 10), ", ") + "]" }
	bomb := "interactions:\n- request: {a: &a " + ten("x") + ", b: &b " + ten("*a") + ", c: &c " + ten("*b") + ", d: &d " + ten("*c") + ", e: &e " + ten("*d") + ", f: " + ten("*e") + "}\n"
	cases := []struct {
		name     string
		doc      string
		streamed bool
		want     string
	}{
		{"vcrpy", "interactions:\n" + vcrItem("f") + vcrItem("g") + "version: 1\n", true, "interaction 2"},
		{"go-vcr", "---\nversion: 2\ninteractions:\n" + goVCRItem + goVCRItem, true, "go-vcr-yaml"},
		{"comments and blank lines", "# a cassette\ninteractions: # two\n\n# first\n" + vcrItem("f") + "\n# second\n" + vcrItem("g") + "# end\nversion: 1\n", true, "interaction 2"},
		{"CRLF", strings.ReplaceAll("interactions:\n"+vcrItem("f")+"version: 1\n", "\n", "\r\n"), true, "interaction 1"},
		{"flow items", "interactions:\n- {request: {uri: 'https://api.openai.com/v1/responses', body: '{}'}, response: {status: {code: 200}, body: {string: '{\"object\":\"response\",\"output\":[]}'}}}\n", true, "interaction 1"},
		{"an anchor inside an item", "interactions:\n- request: {uri: 'https://api.openai.com/v1/responses', headers: &h {A: [b]}}\n  response: {headers: *h, body: {string: '{\"object\":\"response\",\"output\":[]}'}}\n", true, "interaction 1"},
		{"Ruby VCR", "---\nhttp_interactions:\n- request:\n    method: post\n    uri: https://api.openai.com/v1/responses\n    body:\n      encoding: UTF-8\n      string: '{\"model\":\"m\"}'\n  response:\n    status:\n      code: 200\n      message: OK\n    body:\n      encoding: UTF-8\n      string: '{\"object\":\"response\",\"output\":[]}'\n  recorded_at: Tue, 01 Oct 2024 10:00:00 GMT\nrecorded_with: VCR 6.3.1\n", true, "vcrpy-yaml"},
		{"document end and more", "interactions:\n" + vcrItem("f") + "...\n---\nother: document\n", true, "interaction 1"},
		{"a failing interaction", "interactions:\n- 5\n" + vcrItem("f"), true, "interaction 1: is a number"},
		{"a quoted scalar with an item line", "interactions:\n- request:\n    body: '{\"a\":\n- 1}'\n    uri: https://api.openai.com/v1/responses\n  response: {body: {string: '{\"object\":\"response\",\"output\":[]}'}}\n", false, "request body is not valid JSON"},
		{"an alias to another item", "interactions:\n- request: &r {uri: 'https://api.openai.com/v1/responses'}\n  response: {body: {string: '{\"object\":\"response\",\"output\":[]}'}}\n- request: *r\n  response: {body: {string: '{\"object\":\"response\",\"output\":[]}'}}\n", false, "interaction 2"},
		{"an alias in the tail", "x: &v 1\ninteractions:\n" + vcrItem("f") + "version: *v\n", false, "interaction 1"},
		{"a directive", "%YAML 1.1\n---\ninteractions:\n" + vcrItem("f"), false, "interaction 1"},
		{"the key line inside a scalar", "foo: 'abc\ninteractions:\n- {request: {uri: \"https://api.openai.com/v1/responses\"}, response: {body: {string: \"{}\"}}}\n'\ninteractions: []\n", false, "the cassette has no interactions"},
		{"a lone CR", "interactions:\n" + vcrItem("f") + "x: 1\ry: 2\n", false, "interaction 1"},
		{"a tail indented less than the items", "interactions:\n" + goVCRItem + "  version: 2\n", false, "invalid YAML"},
		{"a duplicate key in an item", "interactions:\n" + vcrItem("f") + "- request: {}\n  request: {}\n", false, "line 17: duplicate key \"request\" (first at line 16)"},
		{"a duplicate top-level key", "interactions:\n" + vcrItem("f") + "interactions: []\n", false, "duplicate key \"interactions\""},
		{"an alias bomb", bomb, false, "expands to too many values"},
		{"an empty list", "interactions: []\nversion: 1\n", false, "the cassette has no interactions"},
		{"no interactions key", "version: 1\nrequests: []\nresponses: []\n", false, "the cassette has no interactions"},
		{"not a cassette", "---\nobject: response\noutput: []\n", false, "responses-response"},
	}
	for _, c := range cases {
		data := []byte(c.doc)
		checkWays(t, "c.yaml", data)
		if got := streamed(t, "c.yaml", data); got != c.streamed {
			t.Errorf("%s: read one interaction at a time: %v, want %v", c.name, got, c.streamed)
		}
		if got := describeLoad(LoadRecording("c.yaml", data)); !strings.Contains(got, c.want) {
			t.Errorf("%s: %s\nwant %q in it", c.name, got, c.want)
		}
	}
}

// TestStreamYAMLGzipFile: a gzip-compressed cassette file is read through the
// decompressor, one interaction at a time, as the same cassette uncompressed.
func TestStreamYAMLGzipFile(t *testing.T) {
	text := "interactions:\n" + vcrItem("f") + vcrItem("g") + "version: 1\n"
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte(text))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "c.yaml.gz")
	if err := os.WriteFile(path, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	rec, err := LoadRecordingFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := describeLoad(LoadRecording(path, []byte(text)))
	if got := describeLoad(rec, nil); got != want {
		t.Errorf("%s\nwant\n%s", got, want)
	}
	checkWays(t, "c.yaml.gz", z.Bytes())
}
