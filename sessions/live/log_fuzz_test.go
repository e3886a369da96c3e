package live

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzTraceText checks that a traced message, whatever its bytes, is one line
// of valid UTF-8 of bounded length, and that a short message of printable
// ASCII without spaces or strings is kept as it is.
func FuzzTraceText(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"result":{"a":"b c"}}`))
	f.Add([]byte("{\"a\":\"\x1b[2J\xff\"}\n"))
	f.Add(bytes.Repeat([]byte(`"é\\"`), 2000))
	f.Fuzz(func(t *testing.T, msg []byte) {
		got := traceText(msg)
		if strings.ContainsAny(got, "\n\r\t\x1b") || !utf8.ValidString(got) {
			t.Fatalf("not one clean line: %q", got)
		}
		// Sanitize may write a byte as ⟨0xXX⟩ (up to 10 bytes): bound by that.
		if len(got) > 10*TraceMessageBytes+len("… ( bytes)")+20 {
			t.Fatalf("%d bytes", len(got))
		}
		plain := !bytes.ContainsFunc(msg, func(r rune) bool { return r <= ' ' || r >= 0x7f || r == '"' || r == '\\' })
		if plain && len(msg) <= TraceMessageBytes && got != string(msg) {
			t.Fatalf("%q became %q", msg, got)
		}
	})
}

// FuzzSSEBody checks that reading an event stream never panics and that what
// the capture is told does not depend on how the stream is cut into reads.
func FuzzSSEBody(f *testing.F) {
	f.Add([]byte("event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"a\"}\n\n: comment\ndata: {\"jsonrpc\":\"2.0\",\n"+`data: "method":"b"}`+"\r\n\r\n"), uint8(3))
	f.Add([]byte("event: ping\ndata: {}\n\ndata:\n\nid: 4\ndata: x\n\n"), uint8(1))
	f.Fuzz(func(t *testing.T, stream []byte, cut uint8) {
		whole := sseMessages(t, stream, len(stream)+1)
		pieces := sseMessages(t, stream, int(cut)%16+1)
		if whole != pieces {
			t.Fatalf("read whole:\n%s\nread %d bytes at a time:\n%s", whole, int(cut)%16+1, pieces)
		}
	})
}

// sseMessages reads stream through an sseBody, n bytes a read, and returns
// what its capture was told: each message traced, and the read error.
func sseMessages(t *testing.T, stream []byte, n int) string {
	t.Helper()
	c := newCapture(&traceRing{})
	b := &sseBody{ReadCloser: io.NopCloser(&chunkReader{data: stream, n: n}), cap: c}
	if _, err := io.Copy(io.Discard, struct{ io.Reader }{b}); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, e := range c.trace.list() {
		sb.WriteString(e.Text + "\n")
	}
	if err := c.ReadErr(); err != nil {
		sb.WriteString("error: " + err.Error())
	}
	return sb.String()
}

// A chunkReader gives its data n bytes a read at most.
type chunkReader struct {
	data []byte
	n    int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.data)
	r.data = r.data[k:]
	return k, nil
}

// The events of a stream reach the capture as the SDK reads them: data fields
// joined by "\n", "\r\n" line ends, comments, events of another name and
// events without data skipped, an event still open at the end of the stream
// taken.
func TestSSEBody(t *testing.T) {
	stream := "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"a\"}\n\n" +
		": a comment\nevent: ping\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"skipped\"}\n\n" +
		"id: 7\ndata:\n\n" +
		"data: {\"jsonrpc\":\"2.0\",\r\ndata: \"method\":\"b\"}\r\n\r\n" +
		"data:{\"jsonrpc\":\"2.0\",\"method\":\"c\"}"
	got := sseMessages(t, []byte(stream), 5)
	want := `{"jsonrpc":"2.0","method":"a"}` + "\n" + `{"jsonrpc":"2.0","method":"b"}` + "\n" + `{"jsonrpc":"2.0","method":"c"}` + "\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := sseMessages(t, []byte("data: not json\n\n"), 100); !strings.Contains(got, "error: a message that is not JSON-RPC") {
		t.Errorf("not JSON-RPC: %q", got)
	}
}
