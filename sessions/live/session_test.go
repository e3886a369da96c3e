//go:build unix

package live

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// testServer is the project's test server as a stdio Server, with flags.
func testServer(t *testing.T, args ...string) Server {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs a server process")
	}
	bin, err := testServerCommand()
	if err != nil {
		t.Fatal(err)
	}
	return Server{Name: "ts", Transport: Stdio, Command: bin, Args: args}
}

// Over a real stdio server, the log merges its stderr and the traced traffic
// in time order: the tools/call sent comes before the stderr line the server
// wrote on receiving it.
func TestTraceStdio(t *testing.T) {
	c, err := Connect(context.Background(), testServer(t, "--stderr-lines", "2"), ConnectOptions{Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.CallTool(context.Background(), "text", []byte(`{"message":"hi"}`), CallOptions{}); err != nil {
		t.Fatal(err)
	}
	var log []LogEntry
	deadline := time.Now().Add(10 * time.Second)
	for {
		log = c.Log()
		if logIndex(log, LogStderr, "call text") >= 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	first, sent, line := logIndex(log, LogStderr, "stderr line 1 of 2"), logIndex(log, LogSent, `"method":"tools/call"`), logIndex(log, LogStderr, "call text")
	answer := logIndex(log, LogReceived, `"text":"hi"`)
	if first < 0 || sent < 0 || line < 0 || answer < 0 || sent > line || sent > answer {
		for _, e := range log {
			t.Logf("%s %s", e.Kind, shorten(e.Text))
		}
		t.Fatalf("stderr line 1 at %d, call sent at %d, its stderr line at %d, its answer at %d", first, sent, line, answer)
	}
	if logIndex(log, LogReceived, `"name":"numbers"`) < 0 {
		t.Error("no tools/list page in the log")
	}
	for i := 1; i < len(log); i++ {
		if log[i].Time.Before(log[i-1].Time) {
			t.Errorf("entry %d is older than the one before", i)
		}
	}
}

// A server that failed keeps its log in the error: its stderr and, traced,
// what was sent to it.
func TestErrorLog(t *testing.T) {
	_, err := Connect(context.Background(), stdioSpec(t, "exit"), ConnectOptions{Trace: true, Grace: 300 * time.Millisecond})
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v", err)
	}
	if logIndex(e.Log, LogStderr, "fatal: no config") < 0 {
		t.Errorf("log without the stderr line: %+v", e.Log)
	}
	if logIndex(e.Log, LogSent, `"jsonrpc":"2.0"`) < 0 {
		t.Errorf("log without the message sent: %+v", e.Log)
	}
}

// A server that crashes mid-session ends it: Done is closed, and Err says it
// exited, with the crash's words from its stderr, and the log.
func TestDoneOnCrash(t *testing.T) {
	c, err := Connect(context.Background(), testServer(t, "--crash-mid-call"), ConnectOptions{Trace: true, Grace: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	select {
	case <-c.Done():
		t.Fatal("done before the crash")
	default:
	}
	if c.Err() != nil {
		t.Fatalf("Err before Done: %v", c.Err())
	}
	if _, err := c.CallTool(context.Background(), "text", []byte(`{"message":"x"}`), CallOptions{}); err == nil {
		t.Fatal("a call to a crashing server returned no error")
	}
	select {
	case <-c.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("not done 10 s after the crash")
	}
	err = c.Err()
	var e *Error
	if !errors.As(err, &e) || e.Op != "session" || e.Server != "ts" {
		t.Fatalf("Err = %#v", err)
	}
	if !strings.Contains(err.Error(), `server "ts": session: the server exited (exit status 3)`) || !strings.Contains(err.Error(), "| crashing mid-call text") {
		t.Errorf("Err = %v", err)
	}
	if logIndex(e.Log, LogStderr, "crashing mid-call text") < 0 || logIndex(e.Log, LogSent, `"method":"tools/call"`) < 0 {
		t.Errorf("log %+v", e.Log)
	}
	pid := c.Pid()
	c.Close()
	if alive(pid) {
		t.Errorf("server %d runs on", pid)
	}
	if c.Err() != err {
		t.Errorf("Err changed after Close: %v", c.Err())
	}
}

// A session that Close ends is done when Close returns, without an error.
func TestDoneOnClose(t *testing.T) {
	c, err := Connect(context.Background(), testServer(t), ConnectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	select {
	case <-c.Done():
	default:
		t.Fatal("not done after Close")
	}
	if err := c.Err(); err != nil {
		t.Errorf("Err after Close = %v", err)
	}
}
