package sessions

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/internal/heapwatch"
)

// bigText is a JSON (and YAML single-quoted) string's content of n bytes.
func bigText(n int) string { return strings.Repeat("a", n) }

// bigEntry is a HAR entry whose response body is n bytes.
func bigEntry(n int) string {
	return `{"request":{"method":"POST","url":"https://api.openai.com/v1/responses"},"response":{"status":200,"content":{"mimeType":"application/json","text":"` + bigText(n) + `"}}}`
}

// bigCasItem is a JSON cassette interaction whose response body is n bytes.
func bigCasItem(n int) string {
	return `{"request":{"method":"POST","uri":"https://api.openai.com/v1/responses","body":"{}"},"response":{"status":{"code":200},"body":{"string":"` + bigText(n) + `"}}}`
}

// capLoad writes data to a file named name and loads it held to the cap max.
func capLoad(t *testing.T, name string, data []byte, max int64) (*Recording, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return Limits{MaxInput: max}.LoadRecordingFile(path)
}

// TestEntryCap: an entry of a HAR or a cassette read one at a time is held to
// the cap on whole documents, and so is the rest of the document: one larger
// than the cap fails the file with a LoadError naming the entry (or the member,
// or nothing for the rest as a whole) and TooLargeMsg. A file larger than the
// cap whose parts are each under it loads as it loads uncapped.
func TestEntryCap(t *testing.T) {
	const max = 4 << 10
	over := max + 100
	vcrBig := func(n int) string {
		return "- request:\n    uri: https://api.openai.com/v1/responses\n  response:\n    body:\n      string: '" + bigText(n) + "'\n"
	}
	manyLines := "- request:\n    uri: https://api.openai.com/v1/responses\n    headers:\n" + strings.Repeat("      X-A: [b]\n", max/14) + "  response: {body: {string: '{}'}}\n"
	cases := []struct {
		name, file, doc string
		where           string // "" with ok: loads
		ok              bool
	}{
		{"a HAR entry", "h.har", har(okEntry, bigEntry(over), okEntry), "entry 2", false},
		{"the first HAR entry", "h.har", har(bigEntry(over)), "entry 1", false},
		{"white space before an entry", "h.har", `{"log":{"entries":[` + okEntry + `,` + strings.Repeat(" ", over) + okEntry + `]}}`, "entry 2", false},
		{"a cassette interaction", "c.json", `{"interactions":[` + casItem + `,` + bigCasItem(over) + `],"version":1}`, "interaction 2", false},
		{"a Ruby VCR interaction", "c.json", `{"http_interactions":[` + bigCasItem(over) + `]}`, "interaction 1", false},
		{"a member of the rest", "h.har", `{"log":{"pages":["` + bigText(over) + `"],"entries":[` + okEntry + `]}}`, "/log/pages", false},
		{"the rest all together", "h.har", `{"comment":"` + bigText(max/2) + `","log":{"comment":"` + bigText(max/2) + `","entries":[` + okEntry + `]}}`, "/log/comment", false},
		{"white space after the document", "h.har", har(okEntry) + strings.Repeat("\n", over), "", false},
		{"a YAML interaction", "c.yaml", "interactions:\n" + vcrItem("f") + vcrBig(over) + "version: 1\n", "interaction 2", false},
		{"a YAML interaction of many lines", "c.yaml", "interactions:\n" + vcrItem("f") + manyLines, "interaction 2", false},
		{"a long line that starts an interaction", "c.yaml", "interactions:\n" + vcrItem("f") + vcrItem("g") + "- {request: {uri: '" + bigText(over) + "'}}\n", "interaction 3", false},
		{"a long line that starts the first interaction", "c.yaml", "interactions:\n# x\n  - {request: {uri: '" + bigText(over) + "'}}\n", "interaction 1", false},
		{"a long line in a YAML head", "c.yaml", "note: '" + bigText(over) + "'\ninteractions:\n" + vcrItem("f"), "", false},
		{"a YAML head and tail", "c.yaml", "a: '" + bigText(max/2) + "'\ninteractions:\n" + vcrItem("f") + "b: '" + bigText(max/2) + "'\n", "", false},
		{"a HAR over the cap, each entry under it", "h.har", har(okEntry, okEntry, okEntry, okEntry, okEntry, okEntry, okEntry, okEntry, okEntry, okEntry), "", true},
		{"a cassette over the cap, each interaction under it", "c.yaml", "interactions:\n" + strings.Repeat(vcrItem("f"), 12) + "version: 1\n", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(c.doc)
			rec, err := capLoad(t, c.file, data, max)
			if c.ok {
				if len(data) <= max {
					t.Fatalf("the file is %d bytes, not over the cap", len(data))
				}
				want := describeLoad(LoadRecording("x", data))
				if err != nil || strings.Replace(describeLoad(rec, err), rec.Name, "x", 1) != want {
					t.Fatalf("%s\nwant\n%s", describeLoad(rec, err), want)
				}
				return
			}
			var le *LoadError
			if !errors.As(err, &le) || le.Where != c.where || le.Msg != TooLargeMsg(max) {
				t.Fatalf("got %v, want a LoadError at %q: %s", err, c.where, TooLargeMsg(max))
			}
			if !strings.HasSuffix(err.Error(), c.file+": "+c.where+": "+TooLargeMsg(max)) && c.where != "" {
				t.Errorf("message %q", err)
			}
			// Uncapped, the same file loads or fails otherwise.
			if _, err := capLoad(t, c.file, data, -1); errors.As(err, &le) && le.Msg == TooLargeMsg(max) {
				t.Errorf("without a cap: %v", err)
			}
			// gzip-compressed, it fails the same way.
			_, zerr := capLoad(t, c.file+".gz", gzipped(t, c.doc), max)
			if !errors.As(zerr, &le) || le.Where != c.where || le.Msg != TooLargeMsg(max) {
				t.Errorf("gzip: got %v", zerr)
			}
		})
	}
}

// repeatReader reads n copies of the byte b.
type repeatReader struct {
	b byte
	n int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.n)]
	for i := range p {
		p[i] = r.b
	}
	r.n -= int64(len(p))
	return len(p), nil
}

// sourceCounter counts the bytes read from a file's source.
type sourceCounter struct {
	r io.Reader
	n int64
}

func (s *sourceCounter) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	s.n += int64(n)
	return n, err
}

// TestEntryCapStopsReading: reading an entry stops as soon as it passes the
// cap: of a 256 MiB entry, no more is read than the beginning every file has
// read (peekSize), the buffers and the cap, and the heap grows by a few times
// the cap. A document whose reading stops at a syntax error on its first line
// is not read again: the rest of its first line is read and dropped, to see
// whether lines follow (which the whole reading would try as JSONL).
func TestEntryCapStopsReading(t *testing.T) {
	const max = 1 << 20
	const huge = 256 << 20
	cases := []struct {
		name, file, before, after string
		b                         byte
		want                      string // the error's Where; for a syntax error, its message
		readAll                   bool   // the whole file is read (without being held)
	}{
		{"a HAR entry", "big.har", `{"log":{"entries":[` + okEntry + `,{"request":{"url":"https://api.openai.com/v1/responses"},"response":{"content":{"text":"`, `"}}}]}}`, 'a', "entry 2", false},
		{"a cassette interaction", "big.yaml", "interactions:\n" + vcrItem("f") + "- request:\n    uri: https://api.openai.com/v1/responses\n  response:\n    body:\n      string: '", "'\n", 'a', "interaction 2", false},
		{"a YAML interaction of many lines", "big.yaml", "interactions:\n" + vcrItem("f") + "- request:\n    uri: https://api.openai.com/v1/responses\n", "", '\n', "interaction 2", false},
		{"NUL bytes after a HAR's start", "big.har", `{"log":{"entries":[`, "", 0, "big.har: byte 19: binary data (a NUL byte): strictscope reads JSON, SSE and JSONL streams, YAML cassettes, httprr traces and error messages, all text", false},
		{"NUL bytes, then a line", "big.har", `{"log":{"entries":[`, "\n" + `"not a JSONL line"` + "\n", 0, "big.har: byte 19: binary data (a NUL byte): strictscope reads JSON, SSE and JSONL streams, YAML cassettes, httprr traces and error messages, all text", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := &sourceCounter{r: io.MultiReader(strings.NewReader(c.before), &repeatReader{b: c.b, n: huge}, strings.NewReader(c.after))}
			l := &loader{file: "big.har", hint: c.file, lim: Limits{MaxInput: max}}
			var err error
			peak := heapwatch.Growth(func() {
				_, err = l.loadFrom(src, func() (*Recording, error) {
					t.Error("read again")
					return nil, nil
				})
			})
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("got %v", err)
			}
			if le.Msg == TooLargeMsg(max) {
				if le.Where != c.want {
					t.Errorf("failed at %q, want %q", le.Where, c.want)
				}
			} else if err.Error() != c.want {
				t.Errorf("got %q\nwant %q", err, c.want)
			}
			if limit := int64(peekSize + 4<<16 + max + len(c.before)); src.n > limit && !c.readAll {
				t.Errorf("read %d bytes of the file, more than %d", src.n, limit)
			}
			if limit := uint64(peekSize + 8*max); peak > limit { // the decoder's buffers grow by doubling, and are garbage until collected
				t.Errorf("the heap grew by %d bytes, more than %d", peak, limit)
			}
			t.Logf("read %.1f MiB of %.0f MiB; heap growth %.1f MiB", float64(src.n)/(1<<20), float64(huge)/(1<<20), float64(peak)/(1<<20))
		})
	}
}

// TestStreamSyntaxError: a JSON document whose reading one entry at a time
// stops at a syntax error gives the error the whole reading gives (line,
// column, byte, JSON pointer and message) without being read again, except
// where the whole reading might read it otherwise (a YAML name; first lines
// that may be JSONL) or the error's place is not sure, where it is read again.
func TestStreamSyntaxError(t *testing.T) {
	chunk := `{"object":"chat.completion.chunk","choices":[],"x":"` + bigText(peekSize) + `"}`
	cases := []struct {
		name, file, doc string
		again           bool // read again, whole
		want            string
	}{
		{"NUL bytes", "x.har", `{"log":{"entries":[` + strings.Repeat("\x00", 100<<10), false, "x.har: byte 19: binary data (a NUL byte)"},
		{"NUL bytes in a short file", "x.har", `{"log":{"entries":[` + strings.Repeat("\x00", 100), false, "line 1, column 20 (byte 19) at /log/entries/0: invalid JSON: invalid character '\\x00' at start of value"},
		{"NUL bytes after an entry", "x.har", "{\"log\":{\"entries\":[\n  " + okEntry + ",\n  " + strings.Repeat("\x00", 100), false, "line 3, column 3 (byte 586) at /log/entries/1: invalid JSON: invalid character '\\x00' at start of value"},
		{"inside an entry, over lines", "x.har", "{\n  \"log\": {\n    \"entries\": [\n      " + okEntry + ",\n      {\"a\":\n   \x00}\n    ]\n  }\n}\n", false, "line 6, column 4 (byte 613) at /log/entries/1/a: invalid JSON"},
		{"invalid UTF-8 in an entry", "x.har", "{\"log\":{\"entries\":[" + okEntry + ",\n{\"request\":{\"url\":\"\xff\"}}]}}", false, "line 2, column 20 (byte 600) at /log/entries/1/request/url: invalid JSON: invalid UTF-8"},
		{"too deep in an entry", "x.har", `{"log":{"entries":[` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `]}}`, false, "nesting deeper than 10000 levels"},
		{"a missing comma", "x.har", `{"log":{"entries":[` + okEntry + " " + okEntry + `]}}`, false, "at /log/entries: invalid JSON: invalid character '{' after array element (expecting ',' or ']')"},
		{"in a member of the rest", "x.har", "{\n \"log\": {\"pages\": [1,\n2,\n x], \"entries\": []}}", false, "line 4, column 2 (byte 28) at /log/pages/2: invalid JSON: invalid character 'x' at start of value"},
		{"a name that is no string", "x.har", "{\"log\":{\"entries\":[],\n 5:1}}", false, "line 2, column 2 (byte 23) at /log: invalid JSON: invalid character '5' at start of string"},
		{"no colon", "x.har", `{"log" 5}`, false, "line 1, column 8 (byte 7) at /log: invalid JSON: invalid character '5' after object name (expecting ':')"},
		{"cut short", "x.har", "{\n \"log\": {\"pages\": [1,\n2,\n", false, "line 4, column 1 (byte 27) at /log/pages: invalid JSON: unexpected end of input"},
		{"a gzip stream cut short", "x.har", string(gzipped(t, `{"log":{"entries":[`+"\x00"+strings.Repeat(" ", 1000))[:40]), false, "x.har: cannot read: unexpected EOF"},
		{"a byte-order mark", "x.har", "\xEF\xBB\xBF{\"log\":{\"entries\":[\x00", false, "line 1, column 20 (byte 19) at /log/entries/0"},
		{"a comma before the end", "x.har", `{"log":{"entries":[` + okEntry + `,]}}`, true, "invalid character ']' at start of value"},
		{"a duplicate name, then a syntax error", "x.har", `{"log":{"entries":[],"entries":[]},x}`, true, "invalid character 'x' at start of string"},
		{"text after the document", "x.har", `{"log":{"entries":[]}} x`, true, "text after the JSON value"},
		{"a YAML name", "x.yaml", `{"log":{"entries":[` + "\x00", true, "invalid character '\\x00' at start of value"},
		{"first lines that may be JSONL", "x.jsonl", "{\n" + chunk + "\n", true, "chat-jsonl"},
		{"a first line past the beginning, then JSONL", "x.har", `{"log":{"entries":[` + strings.Repeat("x", peekSize) + "\n" + chunk[:100] + `"}` + "\n", true, "chat-jsonl"},
		{"a first line past the beginning, then no JSONL", "x.har", `{"log":{"entries":[` + strings.Repeat("x", peekSize) + "\n" + `{"a":1}` + "\n", false, "line 1, column 20 (byte 19) at /log/entries/0"},
		{"a first line past the beginning, then broken lines", "x.har", `{"log":{"entries":[` + strings.Repeat("x", peekSize) + strings.Repeat("\n{", 9) + "\n" + chunk[:100] + `"}` + "\n", false, "line 1, column 20 (byte 19) at /log/entries/0"},
		{"a line break before the error, past the beginning", "x.har", `{"log":{"entries":[` + okEntry + strings.Repeat(" ", peekSize) + "\n,\x00", true, "line 2, column 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(c.doc)
			whole := func() (*Recording, error) { return loadReader(c.file, data, true) }
			reads := 0
			l := &loader{file: c.file, hint: c.file}
			got := describeLoad(l.loadFrom(bytes.NewReader(data), func() (*Recording, error) {
				reads++
				return whole()
			}))
			if want := describeLoad(whole()); got != want {
				t.Fatalf("%s\nread whole: %s", got, want)
			}
			if !strings.Contains(got, c.want) {
				t.Errorf("%s\nwant %q in it", got, c.want)
			}
			if again := reads > 0; again != c.again {
				t.Errorf("read again: %v, want %v", again, c.again)
			}
		})
	}
}

// TestEntryBodies: invalid UTF-8 and nesting past 10,000 levels in an entry's
// JSON text are input errors, the same read one entry at a time or whole (the
// file fails: see TestStreamSyntaxError); in an entry's body (a response text,
// base64 that decodes to invalid UTF-8), they fail that entry only, whose
// warning names it while the other entries load, read either way; and the
// file fails when it is the only entry.
func TestEntryBodies(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	body := func(content string) string {
		return `{"request":{"method":"POST","url":"https://api.openai.com/v1/chat/completions"},"response":{"status":200,"content":` + content + `}}`
	}
	deepBody := body(`{"mimeType":"application/json","text":"` + deep + `"}`)
	badBody := body(`{"mimeType":"application/json","encoding":"base64","text":"eyJvYmplY3QiOiJjaGF0LmNvbXBsZXRpb24iLCJ4IjoiLyJ9/w=="}`)
	cases := []struct {
		name, doc, want string
	}{
		{"a body nested too deep", har(okEntry, deepBody), `warnings ["entry 2: response body is not valid JSON (column 10001 at /0/0/0`},
		{"a body that is not UTF-8", har(okEntry, badBody), `warnings ["entry 2: response body is binary`},
		{"the only entry, nested too deep", har(deepBody), "error: h.har: entry 1: response body is not valid JSON"},
	}
	for _, c := range cases {
		data := []byte(c.doc)
		checkWays(t, "h.har", data)
		got := describeLoad(loadReader("h.har", data, false))
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: %s\nwant %q in it", c.name, got, c.want)
		}
	}
}

// TestYAMLMoreDocuments: a YAML cassette that goes on after its document (a
// second "---" document, or text that is no YAML document) loads its first
// document with a warning, read one interaction at a time or whole; an empty
// document after it, or comments after its end, give none.
func TestYAMLMoreDocuments(t *testing.T) {
	cassette := "interactions:\n" + vcrItem("f") + "version: 1\n"
	cases := []struct {
		name, doc string
		streamed  bool
		warned    bool
	}{
		{"a second document", cassette + "---\nother: document\n", true, true},
		{"a document end, then a document", cassette + "...\n---\ninteractions: []\n", true, true},
		{"a second document of a scalar", cassette + "--- 5\n", true, true},
		{"text that is no document", cassette + "...\ngarbage: [\n", true, true},
		{"an empty document", cassette + "---\n", true, false},
		{"empty documents, then one", cassette + "---\n---\n# c\n---\nx: 1\n", true, true},
		{"comments after the end", cassette + "...\n# done\n", true, false},
		{"one document", "---\n" + cassette, true, false},
		{"read whole", "x: &v 1\n" + cassette + "y: *v\n---\na: 1\n", false, true},
	}
	for _, c := range cases {
		data := []byte(c.doc)
		checkWays(t, "c.yaml", data)
		if got := streamed(t, "c.yaml", data); got != c.streamed {
			t.Errorf("%s: read one interaction at a time: %v, want %v", c.name, got, c.streamed)
		}
		rec, err := LoadRecording("c.yaml", data)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		warned := strings.Contains(strings.Join(rec.Warnings, "\n"), moreYAMLMsg)
		if warned != c.warned {
			t.Errorf("%s: warned %v, want %v: %q", c.name, warned, c.warned, rec.Warnings)
		}
	}
}
