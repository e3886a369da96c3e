package sessions

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/bigrec"
	"github.com/strictscope/strictscope/internal/heapwatch"
)

// writeLargeChatSSE writes a Chat Completions stream of about size bytes: eight tool
// calls whose arguments arrive a few bytes at a time (each chunk with an obfuscation
// field, as real streams have), then the finish, usage and [DONE] chunks. It returns
// the number of argument bytes of each call.
func writeLargeChatSSE(w io.Writer, size int) (argBytes int) {
	bw := bufio.NewWriter(w)
	head := `{"id":"chatcmpl-big","object":"chat.completion.chunk","created":1,"model":"gpt-4o","system_fingerprint":"fp","choices":[{"index":0,"delta":`
	fmt.Fprintf(bw, "data: %s{\"role\":\"assistant\",\"content\":null},\"finish_reason\":null}]}\n\n", head)
	const calls = 8
	perCall := size / calls
	written := 0
	for c := 0; c < calls; c++ {
		fmt.Fprintf(bw, "data: %s{\"tool_calls\":[{\"index\":%d,\"id\":\"call_%d\",\"type\":\"function\",\"function\":{\"name\":\"tool_%d\",\"arguments\":\"\"}}]},\"finish_reason\":null}]}\n\n", head, c, c, c)
		args := 0
		n := 0
		for start := written; written-start < perCall; n++ {
			frag := `{\"items\":[`
			if n > 0 {
				frag = fmt.Sprintf(`\"item %06d\",`, n)
			}
			line := fmt.Sprintf("data: %s{\"tool_calls\":[{\"index\":%d,\"function\":{\"arguments\":\"%s\"}}]},\"finish_reason\":null}],\"obfuscation\":\"Zq3xK9\"}\n\n", head, c, frag)
			bw.WriteString(line)
			written += len(line)
			args += len(strings.ReplaceAll(frag, `\"`, `"`))
		}
		bw.WriteString("data: " + head + `{"tool_calls":[{"index":` + fmt.Sprint(c) + `,"function":{"arguments":"\"end\"]}"}}]},"finish_reason":null}]}` + "\n\n")
		args += len(`"end"]}`)
		argBytes = args
	}
	fmt.Fprintf(bw, "data: %s{},\"finish_reason\":\"tool_calls\"}]}\n\n", head)
	bw.WriteString(`data: {"id":"chatcmpl-big","object":"chat.completion.chunk","created":1,"model":"gpt-4o","choices":[],"usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}}` + "\n\n")
	bw.WriteString("data: [DONE]\n\n")
	bw.Flush()
	return argBytes
}

// checkLarge checks the reassembled big stream.
func checkLarge(t testing.TB, rec *Recording, argBytes int) {
	t.Helper()
	ex := rec.Exchanges[0]
	if len(ex.Warnings) != 0 {
		t.Fatalf("warnings %q", ex.Warnings)
	}
	calls := mustGet(mustGet(mustGet(ex.Response, "choices").Items()[0], "message"), "tool_calls").Items()
	if len(calls) != 8 {
		t.Fatalf("%d calls", len(calls))
	}
	for i, c := range calls {
		args := str(mustGet(c, "function"), "arguments")
		if str(mustGet(c, "function"), "name") != fmt.Sprintf("tool_%d", i) || len(args) != argBytes || !strings.HasSuffix(args, `"end"]}`) {
			t.Fatalf("call %d: name %s, %d argument bytes (want %d)", i, str(mustGet(c, "function"), "name"), len(args), argBytes)
		}
	}
}

// BenchmarkLoadLargeSSE loads a 32 MB Chat SSE stream from memory; MB/s is the speed.
func BenchmarkLoadLargeSSE(b *testing.B) {
	var buf bytes.Buffer
	argBytes := writeLargeChatSSE(&buf, 32<<20)
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		rec, err := LoadRecording("big.sse", data)
		if err != nil {
			b.Fatal(err)
		}
		if b.N == 1 {
			checkLarge(b, rec, argBytes)
		}
	}
}

// BenchmarkLoadLargeSSEFile is the same stream read from a file, line by line.
func BenchmarkLoadLargeSSEFile(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.sse")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	writeLargeChatSSE(f, 32<<20)
	st, _ := f.Stat()
	f.Close()
	b.SetBytes(st.Size())
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := LoadRecordingFile(path); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLargeSSEMemory loads a 30 MB Chat SSE file and checks that the heap never grew
// by 3× the file size, i.e. that the file is read as a stream and not held whole.
func TestLargeSSEMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and loads a 30 MB file")
	}
	path := filepath.Join(t.TempDir(), "big.sse")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	argBytes := writeLargeChatSSE(f, 30<<20)
	st, _ := f.Stat()
	f.Close()
	size := uint64(st.Size())
	var loadErr error
	var rec *Recording
	peak := heapwatch.Growth(func() {
		rec, loadErr = LoadRecordingFile(path)
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	checkLarge(t, rec, argBytes)
	t.Logf("file %.1f MB, peak heap growth %.1f MB (%.2f× the file)", float64(size)/(1<<20), float64(peak)/(1<<20), float64(peak)/float64(size))
	if peak >= 3*size {
		t.Errorf("peak heap growth %d bytes is not under 3× the file size %d", peak, size)
	}
}

// writeBig writes the recording write makes of n exchanges to path, gzip-
// compressed when path ends in .gz, and returns its size uncompressed.
func writeBig(t testing.TB, path string, n int, write func(io.Writer, int) error) uint64 {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	cw := &countWriter{w: f}
	var w io.Writer = cw
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw = gzip.NewWriter(f)
		cw.w = zw
	}
	if err := write(w, n); err != nil {
		t.Fatal(err)
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return cw.n
}

type countWriter struct {
	w io.Writer
	n uint64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += uint64(n)
	return n, err
}

// checkBig checks a loaded recording of bigrec's n exchanges: every exchange,
// each request keeping its tools and its tool answers only, and the replay's
// calls.
func checkBig(t testing.TB, rec *Recording, tr *Trace, s *Session, n int) {
	t.Helper()
	if len(rec.Exchanges) != n || len(rec.Warnings) != 0 {
		t.Fatalf("%d exchanges (want %d), warnings %q", len(rec.Exchanges), n, rec.Warnings)
	}
	for _, i := range []int{0, n / 2, n - 1} {
		ex := rec.Exchanges[i]
		if got := adapter.Marshal(mustGet(ex.Request, "tools")); string(got) != bigrec.Tools {
			t.Fatalf("%s: tools %s", ex.Label, got)
		}
		msgs := mustGet(ex.Request, "messages").Items()
		if len(msgs) != i%bigrec.Turns {
			t.Fatalf("%s: %d messages kept, want the %d tool answers", ex.Label, len(msgs), i%bigrec.Turns)
		}
		for _, m := range msgs {
			if str(m, "role") != "tool" {
				t.Fatalf("%s: kept %s", ex.Label, m)
			}
		}
	}
	calls := 0
	for _, turn := range tr.Turns {
		calls += len(turn.Calls)
	}
	if calls != bigrec.Calls(n) || len(s.Turns) != n || s.Turns[n-1].RequestTools.Kind() != adapter.Array {
		t.Fatalf("%d calls replayed (want %d), %d session turns", calls, bigrec.Calls(n), len(s.Turns))
	}
}

// TestLargeDocumentMemory loads a HAR and a vcrpy cassette (plain and gzip-
// compressed) of an agent's traffic, 36 and 40 MB, whose requests carry their
// conversation's growing history and the same tools, and replays them: the heap
// never grows by 3× the file's size (uncompressed). Read whole, they take 4 to 8
// times their size before the replay starts.
func TestLargeDocumentMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and loads files of 36 and 40 MB")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		n     int
		write func(io.Writer, int) error
	}{
		{"big.har", 8000, bigrec.WriteHAR},
		{"big.yaml", 10000, bigrec.WriteVCRPy},
		{"big.yaml.gz", 10000, bigrec.WriteVCRPy},
	} {
		path := filepath.Join(dir, c.name)
		size := writeBig(t, path, c.n, c.write)
		var rec *Recording
		var tr *Trace
		var s *Session
		var err error
		peak := heapwatch.Growth(func() {
			if rec, err = LoadRecordingFile(path); err != nil {
				return
			}
			tr = ReplayRecording(rec, nil, DefaultReplayOptions())
			s = SessionFromRecording(rec, nil, "", "", true)
		})
		if err != nil {
			t.Fatal(err)
		}
		checkBig(t, rec, tr, s, c.n)
		t.Logf("%s: %.1f MB, peak heap growth %.1f MB (%.2f× the file)", c.name, float64(size)/(1<<20), float64(peak)/(1<<20), float64(peak)/float64(size))
		if peak >= 3*size {
			t.Errorf("%s: peak heap growth %d bytes loading and replaying is not under 3× the file size %d", c.name, peak, size)
		}
	}
}

// benchmarkLargeDocument loads a recording of about 32 MB from a file, one
// entry at a time: MB/s is the speed, heap/file the peak heap growth of one
// load over the file's size, and whole-heap/file that of reading it whole.
func benchmarkLargeDocument(b *testing.B, name string, n int, write func(io.Writer, int) error) {
	path := filepath.Join(b.TempDir(), name)
	size := writeBig(b, path, n, write)
	ratio := func(load func(string, bool) (*Recording, error), whole bool) float64 {
		var err error
		peak := heapwatch.Growth(func() { _, err = load(path, whole) })
		if err != nil {
			b.Fatal(err)
		}
		return float64(peak) / float64(size)
	}
	streamed, whole := ratio(Limits{}.loadFile, false), ratio(Limits{}.loadFile, true)
	b.ResetTimer()
	for range b.N {
		if _, err := LoadRecordingFile(path); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(size)*float64(b.N)/b.Elapsed().Seconds()/1e6, "MB/s")
	b.ReportMetric(streamed, "heap/file")
	b.ReportMetric(whole, "whole-heap/file")
}

// BenchmarkLoadLargeHAR: a HAR of 6,800 chat exchanges (32 MB).
func BenchmarkLoadLargeHAR(b *testing.B) {
	benchmarkLargeDocument(b, "big.har", 6800, bigrec.WriteHAR)
}

// BenchmarkLoadLargeCassette: a vcrpy cassette of 8,600 chat exchanges (32 MB).
func BenchmarkLoadLargeCassette(b *testing.B) {
	benchmarkLargeDocument(b, "big.yaml", 8600, bigrec.WriteVCRPy)
}
