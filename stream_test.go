package main

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/internal/bigrec"
	"github.com/strictscope/strictscope/internal/heapwatch"
)

// TestLargeStreamIsNotHeldWhole: calls and replay read a recording file that is a
// stream line by line (docs/recordings.md#reading-large-recordings), so the heap
// never grows by as much as half the file; reading it whole would hold all of it at
// once.
func TestLargeStreamIsNotHeldWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads a 24 MB file")
	}
	path := filepath.Join(t.TempDir(), "big.jsonl")
	size := writeLargeChatJSONL(t, path, 24<<20)
	for _, args := range [][]string{
		{"calls", "--api", "chat", path},
		{"replay", "--json", path},
	} {
		var r result
		peak := heapwatch.Growth(func() { r = runCLI(t, "", args...) })
		if r.code != 0 || !strings.Contains(r.stdout, `"call_1"`) {
			t.Fatalf("%v: exit %d, stderr %q", args[0], r.code, r.stderr)
		}
		if peak >= uint64(size)/2 {
			t.Errorf("%v: the heap grew by %d bytes reading a %d-byte stream (%.2f×); want under 0.5×", args[0], peak, size, float64(peak)/float64(size))
		}
	}
}

// writeLargeChatJSONL writes Chat completion chunks, one a line, of about size
// bytes: one call whose arguments arrive ten bytes a chunk, then its end.
func writeLargeChatJSONL(t *testing.T, path string, size int) int {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	bw := bufio.NewWriter(f)
	const head = `{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":`
	written := 0
	write := func(s string) {
		bw.WriteString(s)
		written += len(s)
	}
	write(head + `{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"w__t","arguments":"{\"a\":\""}}]},"finish_reason":null}]}` + "\n")
	for written < size {
		write(head + `{"tool_calls":[{"index":0,"function":{"arguments":"abcdefghij"}}]},"finish_reason":null}],"obfuscation":"XYZ"}` + "\n")
	}
	write(head + `{"tool_calls":[{"index":0,"function":{"arguments":"\"}"}}]},"finish_reason":"tool_calls"}]}` + "\n")
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return written
}

// TestLargeDocumentsAreNotHeldWhole: calls and replay read a HAR's entries and a
// cassette's interactions one at a time, keeping of each request its tools and tool
// answers only (docs/recordings.md#exchanges), so that the heap never grows by 3× the
// file while they load and replay it: read whole, the document alone took 4 to 8
// times its size.
func TestLargeDocumentsAreNotHeldWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads files of 36 and 40 MB")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		n     int
		write func(io.Writer, int) error
		last  string // the id of the last call
	}{
		{"big.har", 8000, bigrec.WriteHAR, bigrec.CallID(8000/bigrec.Turns-1, bigrec.Turns-2)},
		{"big.yaml", 10000, bigrec.WriteVCRPy, bigrec.CallID(10000/bigrec.Turns-1, bigrec.Turns-2)},
		// Many small entries: what a replay keeps per turn counts, not what it
		// keeps of a request.
		{"short.har", 8000, bigrec.WriteShortHAR, bigrec.CallID(8000-1, 0)},
	} {
		path := filepath.Join(dir, c.name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.write(f, c.n); err != nil {
			t.Fatal(err)
		}
		st, _ := f.Stat()
		f.Close()
		size := uint64(st.Size())
		last := c.last
		for _, args := range [][]string{
			{"calls", "--api", "chat", path},
			{"replay", "--json", path},
			{"replay", path},
		} {
			var r result
			peak := heapwatch.Growth(func() { r = runCLI(t, "", args...) })
			if r.code != 0 || !strings.Contains(r.stdout, last) {
				t.Fatalf("%s %s: exit %d, stderr %q", args[0], c.name, r.code, r.stderr)
			}
			t.Logf("%s %s: %.1f MB, peak heap growth %.2f× the file", args[0], c.name, float64(size)/(1<<20), float64(peak)/float64(size))
			if peak >= 3*size {
				t.Errorf("%s %s: the heap grew by %d bytes reading a %d-byte recording (%.2f×); want under 3×", args[0], c.name, peak, size, float64(peak)/float64(size))
			}
		}
	}
}
