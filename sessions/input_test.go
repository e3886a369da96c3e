package sessions

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/heapwatch"
)

// byteCounter counts the bytes read through it.
type byteCounter struct {
	r io.Reader
	n int64
}

func (c *byteCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// endless is a reader of the same byte without end, like /dev/zero or `yes`.
type endless struct{ b []byte }

func (e endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.b[i%len(e.b)]
	}
	return len(p), nil
}

// ReadDocument holds whole documents to the cap, and refuses what cannot be JSON
// after reading only its beginning.
func TestReadDocument(t *testing.T) {
	big := `{"a":"` + strings.Repeat("x", 200<<10) + `"}`
	tests := []struct {
		name    string
		in      io.Reader
		max     int64
		isJSON  bool
		wantErr string // "" for success
		maxRead int64  // at most this many bytes read (0: no bound checked)
	}{
		{name: "small JSON", in: strings.NewReader(`{"type":"object"}`), isJSON: true},
		{name: "large JSON", in: strings.NewReader(big), isJSON: true},
		{name: "NUL bytes without end", in: endless{[]byte{0}}, isJSON: true,
			wantErr: `in: line 1, column 1 (byte 0): invalid JSON: invalid character '\x00' at start of value`, maxRead: 1 << 20},
		{name: "yes without end", in: endless{[]byte("y\n")}, isJSON: true,
			wantErr: "in: line 1, column 1 (byte 0): invalid JSON: invalid character 'y' at start of value", maxRead: 1 << 20},
		{name: "an array of NUL bytes without end", in: io.MultiReader(strings.NewReader("["), endless{[]byte{0}}), isJSON: true,
			wantErr: `in: line 1, column 2 (byte 1) at /0: invalid JSON: invalid character '\x00' at start of value`, maxRead: 1 << 20},
		{name: "spaces without end hit the cap", in: endless{[]byte(" ")}, max: 1 << 20, isJSON: true,
			wantErr: "in: larger than the input cap of 1 MiB, which whole documents are held to (--max-input sets another)", maxRead: 1<<20 + 1},
		{name: "text without end hits the cap", in: endless{[]byte("data: x\n")}, max: 100 << 10,
			wantErr: "in: larger than the input cap of 100 KiB, which whole documents are held to (--max-input sets another)", maxRead: 100<<10 + 1},
		{name: "exactly the cap", in: strings.NewReader(strings.Repeat(" ", 1000)), max: 1000},
		{name: "one past the cap", in: strings.NewReader(strings.Repeat(" ", 1001)), max: 1000,
			wantErr: "in: larger than the input cap of 1000 bytes, which whole documents are held to (--max-input sets another)"},
		{name: "no cap", in: strings.NewReader(big), max: -1, isJSON: true},
		{name: "a JSON prefix cut inside a string is not an error", in: strings.NewReader(`["` + strings.Repeat("é", 40<<10) + `"]`), isJSON: true},
		{name: "one byte at a time", in: iotest.OneByteReader(strings.NewReader(big)), isJSON: true},
		{name: "a read error", in: iotest.ErrReader(errors.New("boom")), wantErr: "in: cannot read: boom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cr := &byteCounter{r: tt.in}
			data, err := Limits{MaxInput: tt.max}.ReadDocument("in", cr, tt.isJSON)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if _, isSR := tt.in.(*strings.Reader); isSR && tt.isJSON {
					if _, derr := adapter.Decode(data); derr != nil {
						t.Errorf("read %d bytes that do not decode: %v", len(data), derr)
					}
				}
			} else {
				var le *LoadError
				if !errors.As(err, &le) || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				if data != nil {
					t.Errorf("data returned with the error")
				}
			}
			if tt.maxRead > 0 && cr.n > tt.maxRead {
				t.Errorf("read %d bytes, want at most %d", cr.n, tt.maxRead)
			}
		})
	}
}

// ReadDocumentFile refuses a regular file over the cap before reading it, and a
// directory.
func TestReadDocumentFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big.json")
	if err := os.WriteFile(p, bytes.Repeat([]byte(" "), 5000), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := (Limits{MaxInput: 4096}).ReadDocumentFile(p, true); err == nil || !strings.Contains(err.Error(), "larger than the input cap of 4 KiB") {
		t.Errorf("over the cap: %v", err)
	}
	if data, err := (Limits{MaxInput: 5000}).ReadDocumentFile(p, false); err != nil || len(data) != 5000 {
		t.Errorf("at the cap: %d bytes, %v", len(data), err)
	}
	if _, err := (Limits{}).ReadDocumentFile(dir, true); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("a directory: %v", err)
	}
	if _, err := (Limits{}).ReadDocumentFile(filepath.Join(dir, "none"), true); err == nil {
		t.Error("a missing file read")
	}
	// Standard input redirected from a file is sized as a file is: one over the
	// cap is refused before anything is read.
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := (Limits{MaxInput: 4096}).ReadDocument("stdin", f, false); err == nil || !strings.Contains(err.Error(), "stdin: larger than the input cap of 4 KiB") {
		t.Errorf("a file on stdin over the cap: %v", err)
	}
	if pos, _ := f.Seek(0, io.SeekCurrent); pos != 0 {
		t.Errorf("read %d bytes of a file on stdin over the cap", pos)
	}
	// A cap no input can reach is no cap; one byte is said in the singular.
	if data, err := (Limits{MaxInput: 1<<63 - 1}).ReadDocument("in", strings.NewReader(`{}`), true); err != nil || string(data) != `{}` {
		t.Errorf("the largest cap: %q, %v", data, err)
	}
	if _, err := (Limits{MaxInput: 1}).ReadDocument("in", strings.NewReader(`{}`), true); err == nil || !strings.Contains(err.Error(), "cap of 1 byte,") {
		t.Errorf("a cap of one byte: %v", err)
	}
}

// FuzzReadDocument: a JSON document is either read whole and unchanged, or
// refused early with exactly the error decoding it whole gives.
func FuzzReadDocument(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,{"b":null}]}`), uint16(3))
	f.Add([]byte("\x00\x00\x00"), uint16(1))
	f.Add([]byte(`[1,2,`), uint16(2))
	f.Add([]byte(`{"a":1,"a":2}`), uint16(5))
	f.Fuzz(func(t *testing.T, doc []byte, pad uint16) {
		// Padding after the text moves it past the size that is checked early.
		in := append(append([]byte{}, doc...), bytes.Repeat([]byte(" "), int(pad)*32)...)
		data, err := Limits{}.ReadDocument("in", bytes.NewReader(in), true)
		if err == nil {
			if !bytes.Equal(data, in) {
				t.Fatalf("read %d bytes, want the %d given", len(data), len(in))
			}
			return
		}
		_, derr := adapter.Decode(in)
		if derr == nil {
			t.Fatalf("refused a document that decodes: %v", err)
		}
		if want := JSONFileError("in", derr).Error(); err.Error() != want {
			t.Fatalf("early error %q, the whole decode says %q", err, want)
		}
	})
}

// A file that starts like nothing strictscope reads is refused from its beginning.
func TestEarlyError(t *testing.T) {
	tests := []struct {
		name, hint string
		head       string
		want       string // "" when the beginning does not decide
	}{
		{"NUL bytes", "f", "\x00\x00\x00", `f: not a recording: no supported format starts with`},
		{"yes", "f", "y\ny\ny\n", `f: not a recording: no supported format starts with "y"`},
		{"broken JSON", "f", `{"a":` + "\x00" + strings.Repeat(" ", 100) + "\n{\"b\":1}\n", `f: line 1, column 6 (byte 5) at /a: invalid JSON`},
		{"broken JSON over lines", "f", "{\n  \"a\": \x00,\n" + strings.Repeat(" ", 100), `f: line 2, column 8 (byte 9) at /a: invalid JSON`},
		{"a broken first line that goes on", "f", `{"a":` + "\x00" + strings.Repeat(" ", 100), ""},
		{"a broken first line, then one that goes on", "f", `{"a":` + "\x00\n" + strings.Repeat(" ", 100), ""},
		{"JSON so far", "f", `{"a":[1,2`, ""},
		{"JSONL", "f", "{\"a\":1}\n{\"b\"", ""},
		{"SSE", "f", "data: {}\n\n", ""},
		{"YAML", "f", "interactions:\n- request:\n", ""},
		{"a .yaml name", "f.yaml", "\x00", ""},
		{"httprr", "f", "httprr trace v1\n", ""},
		{"gzip", "f", "\x1f\x8b\x08", ""},
		{"a string", "f", `"x"`, ""},
		{"white space only", "f", "  \n", ""},
	}
	for _, tt := range tests {
		err := earlyError("f", tt.hint, []byte(tt.head))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	if err := binaryError("f", []byte("ab\x00")); err == nil || err.Error() != "f: byte 2: binary data (a NUL byte): strictscope reads JSON, SSE and JSONL streams, YAML cassettes, httprr traces and error messages, all text" {
		t.Errorf("binary: %v", err)
	}
	if err := binaryError("f", []byte("\x1f\x8b\x00")); err != nil {
		t.Errorf("gzip: %v", err)
	}
}

// A gzip recording held in memory (a small file, read with LoadRecording) is
// refused as binary when its content is, as the same file read as it goes is.
func TestBinaryInsideGzipInMemory(t *testing.T) {
	text := "data: {}\x00\n" + strings.Repeat(": pad\n", 12000)
	gz := gzipped(t, text)
	want := "s.sse.gz: byte 8: binary data (a NUL byte)"
	_, err := LoadRecording("s.sse.gz", gz)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("in memory: %v", err)
	}
	l := &loader{file: "s.sse.gz", hint: "s.sse.gz"}
	if _, err := l.loadFrom(bytes.NewReader(gz), nil); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("read as it goes: %v", err)
	}
}

// An input of unknown size over the cap is refused having taken about the cap,
// not a multiple of it: it is read into blocks, none copied while reading.
func TestOverTheCapTakesAboutTheCap(t *testing.T) {
	const max = 32 << 20
	for _, isJSON := range []bool{true, false} {
		src := &repeatReader{b: '1', n: 4 * max}
		var err error
		peak := heapwatch.Growth(func() {
			_, err = Limits{MaxInput: max}.ReadDocument("stdin", io.MultiReader(strings.NewReader("["), src), isJSON)
		})
		if err == nil || err.Error() != "stdin: "+TooLargeMsg(max) {
			t.Fatalf("got %v", err)
		}
		t.Logf("isJSON %v: heap growth %.2f× the cap", isJSON, float64(peak)/max)
		if peak > max*3/2 {
			t.Errorf("isJSON %v: the heap grew by %d bytes refusing an input over a cap of %d", isJSON, peak, max)
		}
	}
}

// A file of known size is read a block at a time, so that a beginning that
// cannot be JSON is refused before the rest is read.
func TestKnownSizeStopsAtTheBeginning(t *testing.T) {
	const size = 64 << 20
	src := &repeatReader{b: 0, n: size}
	_, err := Limits{}.readDocument("f", src, true, size)
	if err == nil || !strings.Contains(err.Error(), "byte 0") {
		t.Fatalf("got %v", err)
	}
	if read := int64(size) - src.n; read > 2*readChunk {
		t.Errorf("read %d bytes of a file whose first byte cannot start JSON", read)
	}
}

// A YAML cassette whose lines end in a lone CR is told from its content, on
// stdin as from a file named .yaml.
func TestCROnlyCassette(t *testing.T) {
	text := "interactions:\r- request:\r    uri: https://api.openai.com/v1/chat/completions\r  response:\r    body:\r      string: '{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"hi\"}}]}'\r"
	if !looksLikeYAML([]byte(text)) {
		t.Error("CR-only YAML not told from its content")
	}
	fromFile, err := LoadRecording("c.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	rec, _, err := Limits{}.LoadRecordingReader("stdin", strings.NewReader(text))
	if err != nil || len(rec.Exchanges) != len(fromFile.Exchanges) || rec.Format != fromFile.Format {
		t.Errorf("stdin: %v, %+v; from the file: %s, %d exchanges", err, rec, fromFile.Format, len(fromFile.Exchanges))
	}
}
