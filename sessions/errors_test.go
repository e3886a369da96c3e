package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

func TestLoadErrorIsOneSanitizedLine(t *testing.T) {
	e := &LoadError{File: "evil\x1b[2J.json", Where: "line 1", Msg: "starts with \"\x1b]0;title\x07\"\nsecond line"}
	got := e.Error()
	if strings.ContainsAny(got, "\x1b\x07\n") {
		t.Errorf("raw control characters: %q", got)
	}
	if want := `evil⟨U+001B⟩[2J.json: line 1: starts with "⟨U+001B⟩]0;title⟨U+0007⟩"⟨U+000A⟩second line`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	e2 := &LoadError{File: "f", Msg: "m"}
	if e2.Error() != "f: m" {
		t.Errorf("got %q", e2.Error())
	}
}

// TestNotARecording: a JSON file that is none of the formats is an error naming the
// file and what it holds.
func TestNotARecording(t *testing.T) {
	cases := map[string]string{
		`{"hello":"world","n":1}`:                   `cfg.json: not a recording: a JSON object with keys "hello", "n" is none of the supported formats`,
		`[1,2]`:                                     `cfg.json: not a recording: a JSON array of 2 elements, the first a JSON number is none`,
		`"text"`:                                    `cfg.json: not a recording: a JSON string is none`,
		`{"model":"gpt-4o","messages":[]}`:          `cfg.json: not a recording: an OpenAI request body (it has keys "model", "messages") without a response`,
		`{"strictscope_session":1,"turns":[]}`:      `cfg.json: this is a strictscope session file, not a recording: load it as a session`,
		`{"tools":[{"name":"a","inputSchema":{}}]}`: `cfg.json: this is an MCP tool list, not a recording`,
		"\x1b[31mhello\n":                           `cfg.json: not a recording: no supported format starts with "⟨U+001B⟩[31mhello"`,
		"   \n":                                     `cfg.json: the file is empty`,
	}
	for in, want := range cases {
		_, err := LoadRecording("cfg.json", []byte(in))
		var le *LoadError
		if !errors.As(err, &le) {
			t.Errorf("%q: err = %v (%T)", in, err, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q:\ngot  %s\nwant %s…", in, err, want)
		}
	}
}

func TestInvalidJSONHasPosition(t *testing.T) {
	_, err := LoadRecording("r.json", []byte("{\n  \"object\": \"response\",\n  \"output\": [1,]\n}"))
	var le *LoadError
	var se *adapter.SyntaxError
	if !errors.As(err, &le) || !errors.As(err, &se) {
		t.Fatalf("err = %v", err)
	}
	if le.Where != "line 3, column 16 (byte 41) at /output/1" || !strings.HasPrefix(le.Msg, "invalid JSON: ") {
		t.Errorf("where %q msg %q", le.Where, le.Msg)
	}
	_, err = LoadRecording("d.json", []byte(`{"object":"response","output":[],"output":[]}`))
	if err == nil || !strings.Contains(err.Error(), `duplicate key "output"`) {
		t.Errorf("err = %v", err)
	}
}

func TestLoadRecordingFileErrors(t *testing.T) {
	_, err := LoadRecordingFile(filepath.Join(t.TempDir(), "missing.sse"))
	var le *LoadError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "missing.sse: no such file") {
		t.Errorf("err = %v", err)
	}
	_, err = LoadRecordingFile(t.TempDir())
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("err = %v", err)
	}
	empty := filepath.Join(t.TempDir(), "empty.sse")
	os.WriteFile(empty, nil, 0o644)
	if _, err = LoadRecordingFile(empty); !errors.As(err, &le) || !strings.HasSuffix(err.Error(), "the file is empty") {
		t.Errorf("err = %v", err)
	}
}

// TestWarningsAreCapped: a stream with very many broken events keeps 100 warnings and
// counts the rest.
func TestWarningsAreCapped(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n")
	for range 250 {
		sb.WriteString("data: {broken\n\n")
	}
	sb.WriteString("data: [DONE]\n\n")
	ex := one(t, mustLoad(t, "many.sse", sb.String()))
	if len(ex.Warnings) != maxWarnings+1 || ex.Warnings[maxWarnings] != "… and 150 more warnings" {
		t.Errorf("%d warnings, last %q", len(ex.Warnings), ex.Warnings[len(ex.Warnings)-1])
	}
}

// TestBadInput: a truncated SSE stream, a cassette with a binary body, a HAR entry
// with no content, a JSON file that is none of the formats. Each gets a message
// naming the file and the entry, and the other entries still load.
func TestBadInput(t *testing.T) {
	load := func(name string) *Recording {
		t.Helper()
		rec, err := LoadRecordingFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	cases := []struct {
		rec       *Recording
		exchanges int
		warning   string
	}{
		{load("responses_truncated.sse"), 1, "testdata/responses_truncated.sse: stream: stream ends before response.completed (the last event, line 20, is cut off): loaded as far as it goes"},
		{load("vcrpy_mixed.yaml"), 2, "testdata/vcrpy_mixed.yaml: interaction 2: response body is binary: 9 bytes that are neither UTF-8 text nor gzip data"},
		{load("mixed.har"), 1, "testdata/mixed.har: entry 3: response has no content (content.text is missing; was the HAR saved without content?)"},
	}
	for _, c := range cases {
		if len(c.rec.Exchanges) != c.exchanges {
			t.Errorf("%s: %d exchanges, want %d", c.rec.Name, len(c.rec.Exchanges), c.exchanges)
		}
		if got := c.rec.AllWarnings(); !hasWarning(got, c.warning) {
			t.Errorf("%s: warnings\n%s\nwant %s", c.rec.Name, strings.Join(got, "\n"), c.warning)
		}
	}
	_, err := LoadRecording("other.json", []byte(`{"name":"x","version":3}`))
	if err == nil || !strings.HasPrefix(err.Error(), "other.json: not a recording: a JSON object with keys \"name\", \"version\"") {
		t.Errorf("err = %v", err)
	}
}

// TestTextAfterTheJSONValue: text after a whole JSON value is said plainly, where it
// is, without the decoder's bracketed account of what it found.
func TestTextAfterTheJSONValue(t *testing.T) {
	for _, tt := range []struct {
		name, data, want string
	}{
		{"a word after the value", `{"tools":[]} x`, "f.json: line 1, column 14 (byte 13): invalid JSON: text after the JSON value"},
		{"a bracket on the next line", "{\"tools\":[]}\n]", "f.json: line 2, column 1 (byte 13): invalid JSON: text after the JSON value"},
		{"a second value", "{\"tools\":[]}\n{\"tools\":[]}", "f.json: line 2, column 1 (byte 13): invalid JSON: text after the JSON value"},
		{"a word after an array", `[] x`, "f.json: line 1, column 4 (byte 3): invalid JSON: text after the JSON value"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ParseToolListFile("f", "f.json", []byte(tt.data))
			if err == nil || err.Error() != tt.want {
				t.Errorf("got %v, want %s", err, tt.want)
			}
			var se *adapter.SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("the syntax error is not kept: %v", err)
			}
		})
	}
	// Inside a part of a file (a body, a line, an event) the position is the part's.
	_, err := adapter.DecodeString(`{"a":1} ]`)
	if got, want := syntaxMsg("response body", err), "response body is not valid JSON (column 9: text after the JSON value)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// Other syntax errors keep their line, column and byte.
	_, _, err = ParseToolListFile("f", "f.json", []byte("{\"tools\":[1,]}"))
	if err == nil || !strings.HasPrefix(err.Error(), "f.json: line 1, column 13 (byte 12) at /tools/1: invalid JSON: ") {
		t.Errorf("got %v", err)
	}
}
