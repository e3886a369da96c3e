package live

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// A traced message is one line of compact JSON: the whitespace between tokens
// dropped, never inside strings; a long one cut at the cap, on a character
// boundary, with its size; what a terminal would act on shown as ⟨U+…⟩.
func TestTraceText(t *testing.T) {
	long := `{"a":"` + strings.Repeat("x", TraceMessageBytes) + `"}`
	// "é" is two bytes: one that would straddle the cap is dropped whole.
	straddle := `{"a":"` + strings.Repeat("x", TraceMessageBytes-7) + `é"}`
	for _, tc := range []struct {
		name, in, want string
	}{
		{"compact", `{"jsonrpc": "2.0",` + "\n\t" + `"id": 1, "method" : "tools/list"}`, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`},
		{"spaces in strings kept", `{"a b": "c  d", "e":"\" x "}`, `{"a b":"c  d","e":"\" x "}`},
		{"escaped backslash ends no string", `{"a":"\\", "b" :1}`, `{"a":"\\","b":1}`},
		{"short kept whole", `[1, 2]`, `[1,2]`},
		{"long cut with its size", long, long[:TraceMessageBytes] + fmt.Sprintf("… (%d bytes)", len(long))},
		{"cut on a character boundary", straddle, straddle[:TraceMessageBytes-1] + fmt.Sprintf("… (%d bytes)", len(straddle))},
		{"sanitized", "{\"a\":\"\x1b[31mred\u202e\"}", `{"a":"⟨U+001B⟩[31mred⟨U+202E⟩"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := traceText([]byte(tc.in)); got != tc.want {
				t.Errorf("traceText:\n got %q\nwant %q", shorten(got), shorten(tc.want))
			}
		})
	}
}

// logIndex is the index of the first entry of kind k whose text holds s, -1
// when none.
func logIndex(log []LogEntry, k LogKind, s string) int {
	for i, e := range log {
		if e.Kind == k && strings.Contains(e.Text, s) {
			return i
		}
	}
	return -1
}

func shorten(s string) string {
	if len(s) <= 80 {
		return s
	}
	return s[:30] + "…" + s[len(s)-40:]
}

// The trace keeps the last TraceMessages messages, oldest first.
func TestTraceRing(t *testing.T) {
	var r traceRing
	for i := range TraceMessages + 3 {
		r.add(LogKind(1+i%2), fmt.Appendf(nil, "%d", i))
	}
	l := r.list()
	if len(l) != TraceMessages || l[0].Text != "3" || l[len(l)-1].Text != fmt.Sprint(TraceMessages+2) {
		t.Fatalf("%d entries, first %q, last %q", len(l), l[0].Text, l[len(l)-1].Text)
	}
	if l[0].Kind != LogReceived || l[1].Kind != LogSent { // messages 3 and 4
		t.Errorf("kinds %v %v", l[0].Kind, l[1].Kind)
	}
	for i := 1; i < len(l); i++ {
		if l[i].Time.Before(l[i-1].Time) {
			t.Fatalf("entry %d is older than the one before", i)
		}
	}
}

// Two logs merge in time order, the first's entry first on a tie.
func TestMergeLog(t *testing.T) {
	t0 := time.Now()
	at := func(ms int, text string) LogEntry {
		return LogEntry{Time: t0.Add(time.Duration(ms) * time.Millisecond), Text: text}
	}
	for _, tc := range []struct {
		name string
		a, b []LogEntry
		want []string
	}{
		{"empty", nil, nil, []string{}},
		{"one side", []LogEntry{at(1, "a1"), at(2, "a2")}, nil, []string{"a1", "a2"}},
		{"interleaved", []LogEntry{at(1, "a1"), at(4, "a4")}, []LogEntry{at(2, "b2"), at(3, "b3"), at(5, "b5")}, []string{"a1", "b2", "b3", "a4", "b5"}},
		{"tie", []LogEntry{at(1, "a1")}, []LogEntry{at(1, "b1")}, []string{"a1", "b1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := []string{}
			for _, e := range mergeLog(tc.a, tc.b) {
				got = append(got, e.Text)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// A stderr line's time is when its first bytes were written, not when it
// ended; the line being written has one too.
func TestStderrTimes(t *testing.T) {
	var r stderrRing
	before := time.Now()
	r.Write([]byte("one"))
	time.Sleep(20 * time.Millisecond)
	mid := time.Now()
	r.Write([]byte(" still\ntwo"))
	e := r.entries()
	if len(e) != 2 || e[0].Text != "one still" || e[1].Text != "two" || e[0].Kind != LogStderr {
		t.Fatalf("entries %+v", e)
	}
	if e[0].Time.Before(before) || !e[0].Time.Before(mid) {
		t.Errorf("line 1 at %v, want before %v", e[0].Time, mid)
	}
	if e[1].Time.Before(mid) {
		t.Errorf("line 2 at %v, want after %v", e[1].Time, mid)
	}
}

// Without Trace the log holds no traffic; with it, every message sent and
// received on the connection, in order, each on one line.
func TestTraceInMemory(t *testing.T) {
	_, raw := fileTools(t)
	for _, trace := range []bool{false, true} {
		t.Run(fmt.Sprint("trace=", trace), func(t *testing.T) {
			c, err := connectRaw(t, &rawServer{tools: raw, pageSize: 3}, ConnectOptions{Trace: trace})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			log := c.Log()
			if !trace {
				if len(log) != 0 {
					t.Errorf("untraced log: %+v", log)
				}
				return
			}
			var got []string
			for _, e := range log {
				if strings.Contains(e.Text, "\n") {
					t.Errorf("not one line: %q", e.Text)
				}
				got = append(got, e.Kind.String()+" "+methodOf(e.Text))
			}
			// The SDK asks server/discover first; the raw server answers
			// it with an error, and the SDK falls back to initialize.
			want := []string{
				"sent server/discover", "received result", "sent initialize", "received result", "sent notifications/initialized",
				"sent tools/list", "received result", "sent tools/list", "received result", "sent tools/list", "received result",
			}
			if !slices.Equal(got, want) {
				t.Errorf("log:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if page := log[6].Text; !strings.Contains(page, `"maximum":1e400`) || !strings.HasPrefix(page, `{"jsonrpc":"2.0","id":`) {
				t.Errorf("first page not as sent: %s", page)
			}
		})
	}
}

// methodOf is the method a traced message names, or "result".
func methodOf(text string) string {
	_, rest, ok := strings.Cut(text, `"method":"`)
	if !ok {
		return "result"
	}
	m, _, _ := strings.Cut(rest, `"`)
	return m
}

// Log may be read from another goroutine while messages come and go (run
// with -race).
func TestLogConcurrent(t *testing.T) {
	_, raw := fileTools(t)
	s := &rawServer{tools: raw, pageSize: 1}
	c, err := connectRaw(t, s, ConnectOptions{Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			for i, e := range c.Log() {
				_ = e.Text
				_ = i
			}
			c.stderr.Write([]byte("a line\n"))
		}
	}()
	for range 5 {
		if _, err := c.ListTools(context.Background()); err != nil {
			t.Error(err)
		}
	}
	close(stop)
	wg.Wait()
	log := c.Log()
	for i := 1; i < len(log); i++ {
		if log[i].Time.Before(log[i-1].Time) {
			t.Fatalf("entry %d (%v) is older than the one before (%v)", i, log[i].Kind, log[i-1].Kind)
		}
	}
}
