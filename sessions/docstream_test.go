package sessions

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loadWhole loads data as LoadRecording does, with every document read whole.
func loadWhole(name string, data []byte) (*Recording, error) {
	l := &loader{file: name, hint: name, whole: true}
	return l.guard(func() (*Recording, error) { return l.load(data) })
}

// loadReader loads data as LoadRecordingFile loads a file that holds it; whole
// reads every document whole.
func loadReader(name string, data []byte, whole bool) (*Recording, error) {
	l := &loader{file: name, hint: name, whole: whole}
	return l.loadFrom(bytes.NewReader(data), func() (*Recording, error) { return loadReader(name, data, true) })
}

// describeLoad writes everything a load gave, for comparing two loads.
func describeLoad(rec *Recording, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s %s\nwarnings %q\n", rec.Name, rec.Format, rec.Warnings)
	for _, ex := range rec.Exchanges {
		fmt.Fprintf(&sb, "%s api=%s status=%d streamed=%v warnings=%q\n  request %s\n  response %s\n",
			ex.Label, ex.API, ex.Status, ex.Streamed, ex.Warnings, ex.Request, ex.Response)
	}
	return sb.String()
}

// checkWays: reading documents one entry at a time gives what reading them
// whole gives, from memory and from a file.
func checkWays(t testing.TB, name string, data []byte) {
	t.Helper()
	whole := describeLoad(loadWhole(name, data))
	if got := describeLoad(LoadRecording(name, data)); got != whole {
		t.Fatalf("%s: read one entry at a time:\n%s\nread whole:\n%s", name, got, whole)
	}
	whole = describeLoad(loadReader(name, data, true))
	if got := describeLoad(loadReader(name, data, false)); got != whole {
		t.Fatalf("%s: file read one entry at a time:\n%s\nread whole:\n%s", name, got, whole)
	}
}

// streamed reports whether data, as it starts, is read one entry at a time.
func streamed(t testing.TB, name string, data []byte) bool {
	t.Helper()
	l := &loader{file: name, hint: name}
	switch documentRoute(data, true) {
	case routeJSON:
		_, handled, _ := l.streamJSON(bytes.NewReader(bytes.TrimPrefix(data, []byte(utf8BOM))), nil, 0)
		return handled
	case routeYAML:
		_, handled, _ := l.streamYAML(bytes.NewReader(bytes.TrimPrefix(data, []byte(utf8BOM))), 0)
		return handled
	}
	return false
}

const (
	harPages  = `"pages":[{"id":"p1","title":"agent"}]`
	okEntry   = `{"request":{"method":"POST","url":"https://api.openai.com/v1/chat/completions","postData":{"mimeType":"application/json","text":"{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"tools\":[]}"}},"response":{"status":200,"headers":[],"content":{"mimeType":"application/json","text":"{\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]},\"finish_reason\":\"tool_calls\"}]}"}}}`
	pageEntry = `{"request":{"method":"GET","url":"https://example.com/app.js"},"response":{"status":200,"content":{"mimeType":"text/javascript","text":"x()"}}}`
	casItem   = `{"request":{"method":"POST","uri":"https://api.openai.com/v1/responses","body":"{\"model\":\"m\",\"input\":\"hi\"}"},"response":{"status":{"code":200,"message":"OK"},"headers":{"Content-Type":["application/json"]},"body":{"string":"{\"object\":\"response\",\"output\":[{\"type\":\"function_call\",\"call_id\":\"c\",\"name\":\"g\",\"arguments\":\"{}\"}]}"}}}`
)

// TestStreamJSON: HARs and JSON cassettes read one entry at a time load as
// they load whole, whatever the order of their members; documents of other
// shapes, and invalid ones, are read whole, with the same results and errors.
func TestStreamJSON(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	cases := []struct {
		name     string
		doc      string
		streamed bool // read one entry at a time
		want     string
	}{
		{"HAR", `{"log":{"version":"1.2","creator":{"name":"t"},` + harPages + `,"entries":[` + okEntry + `,` + pageEntry + `]}}`, true, "entry 1"},
		{"entries first", `{"log":{"entries":[` + pageEntry + `,` + okEntry + `],"version":"1.2",` + harPages + `}}`, true, "entry 2"},
		{"log after other members", `{"x":{"entries":[]},"log":{"entries":[` + okEntry + `]}}`, true, "entry 1"},
		{"entries that fail", `{"log":{"entries":[7,` + okEntry + `,{"request":{"url":"https://api.openai.com/v1/responses"},"response":{"status":0}}]}}`, true, "entry 3: response has no content"},
		{"no entries", `{"log":{"version":"1.2","entries":[]}}`, true, "/log/entries: the HAR has no entries"},
		{"entries not a list", `{"log":{"version":"1.2","entries":{}}}`, true, "/log: a HAR without a log.entries list"},
		{"only pages", `{"log":{"entries":[` + pageEntry + `]}}`, true, "no OpenAI API exchange found"},
		{"a session after its entries", `{"log":{"entries":[` + okEntry + `]},"strictscope_session":1}`, false, "strictscope session file"},
		{"cassette", `{"interactions":[` + casItem + `,` + casItem + `],"version":1}`, true, "interaction 2"},
		{"version first", `{"version":2,"interactions":[` + casItem + `]}`, true, "interaction 1"},
		{"no interactions", `{"version":2,"interactions":[]}`, true, "the cassette has no interactions"},
		{"http_interactions", `{"http_interactions":[` + casItem + `],"recorded_with":"VCR 6.2.0"}`, true, "interaction 1"},
		{"interactions win", `{"http_interactions":[` + casItem + `],"interactions":"none"}`, false, "the cassette has no interactions"},
		{"a HAR wins over a cassette", `{"interactions":[` + casItem + `],"log":{"version":"1.2"}}`, false, "a HAR without a log.entries list"},
		{"a completion", `{"object":"chat.completion","choices":[]}`, true, "response"},
		{"duplicate key in an entry", `{"log":{"entries":[{"request":{},"request":{}}]}}`, false, "line 1, column 34 (byte 33) at /log/entries/0: invalid JSON: duplicate key \"request\" in one object"},
		{"duplicate key at the top", `{"log":{"entries":[` + okEntry + `]},"log":1}`, false, "invalid JSON: duplicate key \"log\""},
		{"bad UTF-8", `{"log":{"entries":[{"request":{"url":"` + "\xff" + `"}}]}}`, false, "line 1, column 39 (byte 38) at /log/entries/0/request/url: invalid JSON: invalid UTF-8"},
		{"too deep", `{"log":{"entries":[` + deep + `]}}`, false, "invalid JSON: nesting deeper than 10000 levels"},
		{"text after the document", `{"log":{"entries":[` + okEntry + `]}} x`, false, "h.har: line 1, column 584 (byte 583): invalid JSON: text after the JSON value"},
		{"cut short", `{"log":{"entries":[` + okEntry, false, "invalid JSON: unexpected end of input"},
		{"byte-order mark", "\xEF\xBB\xBF" + `{"log":{"entries":[` + okEntry + `]}}`, true, "entry 1"},
	}
	for _, c := range cases {
		data := []byte(c.doc)
		checkWays(t, "h.har", data)
		if got := streamed(t, "h.har", data); got != c.streamed {
			t.Errorf("%s: read one entry at a time: %v, want %v", c.name, got, c.streamed)
		}
		if got := describeLoad(LoadRecording("h.har", data)); !strings.Contains(got, c.want) {
			t.Errorf("%s: %s\nwant %q in it", c.name, got, c.want)
		}
	}
}

// TestStreamJSONFile: a HAR file is read one entry at a time and a file that
// turns out to be no HAR is read again whole, with the same result as
// LoadRecording.
func TestStreamJSONFile(t *testing.T) {
	dir := t.TempDir()
	for name, doc := range map[string]string{
		"entries.har":   `{"log":{"entries":[` + okEntry + `]}}`,
		"session.json":  `{"log":{"entries":[` + okEntry + `]},"strictscope_session":1}`,
		"duplicate.har": `{"log":{"entries":[` + okEntry + `,{"a":1,"a":2}]}}`,
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		want := describeLoad(LoadRecording(path, []byte(doc)))
		if got := describeLoad(LoadRecordingFile(path)); got != want {
			t.Errorf("%s:\n%s\nwant\n%s", name, got, want)
		}
	}
}
