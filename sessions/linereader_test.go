package sessions

import (
	"bufio"
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/heapwatch"
)

// TestLineReader: lines end at "\n", "\r\n" or a lone "\r" (SSE's three line
// ends), wherever the bufio buffer's edges fall; a last line without an end is
// a line; a byte-order mark before the first line is not part of it.
func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 100)
	for _, tt := range []struct {
		name, in string
		want     []string
	}{
		{"LF", "a\nb\n", []string{"a", "b"}},
		{"CRLF", "a\r\nb\r\n", []string{"a", "b"}},
		{"CR", "a\rb\r", []string{"a", "b"}},
		{"mixed", "a\rb\r\nc\nd", []string{"a", "b", "c", "d"}},
		{"empty lines", "\n\r\n\r\na\n", []string{"", "", "", "a"}},
		{"CR then an empty LF line", "a\r\rb", []string{"a", "", "b"}},
		{"no end", "a", []string{"a"}},
		{"nothing", "", nil},
		{"BOM", "\ufeffa\r\nb", []string{"a", "b"}},
		{"long lines", long + "\r\n" + long + "\r" + long, []string{long, long, long}},
		{"CRLF at a buffer's edge", strings.Repeat("y", 15) + "\r\nz\r\n", []string{strings.Repeat("y", 15), "z"}},
	} {
		for _, size := range []int{16, 17, 4096} {
			lr := &lineReader{r: bufio.NewReaderSize(bytes.NewReader([]byte(tt.in)), size)}
			var got []string
			for {
				line, err := lr.next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, string(line))
			}
			if !slices.Equal(got, tt.want) || lr.line != len(tt.want) {
				t.Errorf("%s (buffer %d): lines %q (counted %d), want %q", tt.name, size, got, lr.line, tt.want)
			}
		}
	}
}

// TestSSEWithCRLineEnds: a Chat stream whose lines end with a lone CR loads as
// the same stream with LF line ends does.
func TestSSEWithCRLineEnds(t *testing.T) {
	lf := "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"w__get_time\",\"arguments\":\"{\\\"tz\\\":\\\"UTC\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n"
	want, err := LoadRecording("lf.sse", []byte(lf))
	if err != nil {
		t.Fatal(err)
	}
	for _, end := range []string{"\r", "\r\n"} {
		got, err := LoadRecording("cr.sse", []byte(strings.ReplaceAll(lf, "\n", end)))
		if err != nil {
			t.Fatalf("line end %q: %v", end, err)
		}
		if len(got.Exchanges) != 1 || !adapter.Equal(got.Exchanges[0].Response, want.Exchanges[0].Response) {
			t.Errorf("line end %q: the stream loads differently", end)
		}
	}
}

// Each line of a stream, and each SSE event of several data lines, is held to
// the input cap: one longer fails the file, named by the line where it starts,
// read no further than a buffer past the cap.
func TestStreamLinesHeldToTheCap(t *testing.T) {
	lim := Limits{MaxInput: 100}
	long := strings.Repeat("x", 150)
	tests := []struct {
		name, file, text, want string
	}{
		{"an SSE line", "s.sse", "data: {\"object\":\"chat.completion.chunk\",\"choices\":[]}\n\ndata: " + long + "\n\n", "s.sse: line 3: " + TooLargeMsg(100)},
		{"an SSE event of many lines", "s.sse", "data: {\"object\":\"chat.completion.chunk\",\"choices\":[]}\n\n" + strings.Repeat("data: 0123456789\n", 12) + "\n", "s.sse: line 3: " + TooLargeMsg(100)},
		{"a JSONL line", "s.jsonl", "{\"object\":\"chat.completion.chunk\",\"choices\":[]}\n{\"x\":\"" + long + "\"}\n", "s.jsonl: line 2: " + TooLargeMsg(100)},
		{"a JSONL pair", "p.jsonl", "{\"request\":{},\"response\":{\"output\":[]}}\n{\"request\":{},\"response\":{\"x\":\"" + long + "\"}}\n", "p.jsonl: line 2: " + TooLargeMsg(100)},
	}
	for _, tt := range tests {
		l := &loader{file: tt.file, hint: tt.file, lim: lim}
		_, err := l.loadFrom(strings.NewReader(tt.text), nil)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
		l = &loader{file: tt.file, hint: tt.file, lim: Limits{MaxInput: 1000}}
		if _, err := l.loadFrom(strings.NewReader(tt.text), nil); err != nil {
			t.Errorf("%s, under the cap: %v", tt.name, err)
		}
	}
}

// A line longer than the cap is refused having taken about the cap: its parts
// are kept as blocks, none copied again while it goes on.
func TestLongLineOverTheCapTakesAboutTheCap(t *testing.T) {
	const max = 32 << 20
	for _, start := range []string{"{\"object\":\"chat.completion.chunk\",\"choices\":[]}\n{\"a\":\"", "data: {\"object\":\"chat.completion.chunk\",\"choices\":[]}\n\ndata: {\"a\":\""} {
		src := io.MultiReader(strings.NewReader(start), &repeatReader{b: 'x', n: 4 * max})
		var err error
		peak := heapwatch.Growth(func() {
			l := &loader{file: "stdin", hint: "stdin", lim: Limits{MaxInput: max}}
			_, err = l.loadFrom(src, nil)
		})
		if err == nil || !strings.Contains(err.Error(), TooLargeMsg(max)) {
			t.Fatalf("got %v", err)
		}
		t.Logf("heap growth %.2f× the cap", float64(peak)/max)
		if peak > max*3/2 {
			t.Errorf("%q…: the heap grew by %d bytes refusing a line over a cap of %d", start[:10], peak, max)
		}
	}
}
