package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/testserver"
)

// connectTestServer connects to the project's test server over the in-memory
// transports; log receives the server's log lines.
func connectTestServer(t *testing.T, log *testserver.Log) *Conn {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	srv := testserver.New(testserver.Options{Stderr: log})
	ss, err := srv.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	c, err := Connect(context.Background(), Server{Name: "mem", Transport: Stdio}, ConnectOptions{Transport: ct, Grace: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// A call's result is the bytes the server sent; progress reaches the call's
// handler; a JSON-RPC error is returned as one, and renders as a client error.
func TestCallTool(t *testing.T) {
	var log testserver.Log
	c := connectTestServer(t, &log)
	ctx := context.Background()

	r, err := c.CallTool(ctx, "text", []byte(`{"message":"hi"}`), CallOptions{})
	if err != nil || r.RPCError != nil || !bytes.Contains(r.Raw, []byte(`"content":[{"type":"text","text":"hi"}]`)) {
		t.Fatalf("text: %v, %+v, %s", err, r, r.Raw)
	}

	var mu sync.Mutex
	var got []Progress
	r, err = c.CallTool(ctx, "slow", []byte(`{"steps":3,"delay_ms":20}`), CallOptions{OnProgress: func(p Progress) {
		mu.Lock()
		got = append(got, p)
		mu.Unlock()
	}})
	if err != nil || !strings.Contains(string(r.Raw), "done after 3 steps") {
		t.Fatalf("slow: %v, %s", err, r.Raw)
	}
	// The SDK hands notifications over on goroutines of their own: the last
	// may come after the result, when CallTool no longer takes it. Those
	// before it (20 ms apart) come in order.
	mu.Lock()
	if len(got) < 2 {
		t.Errorf("progress: %+v", got)
	}
	for i, p := range got {
		if want := (Progress{Progress: float64(i + 1), Total: 3, Message: fmt.Sprintf("step %d of 3", i+1)}); p != want {
			t.Errorf("progress %d: %+v, want %+v", i, p, want)
		}
	}
	mu.Unlock()

	r, err = c.CallTool(ctx, "no_such_tool", nil, CallOptions{})
	if err != nil || r.RPCError == nil || r.Raw != nil {
		t.Fatalf("unknown tool: %v, %+v", err, r)
	}
	ce, ok := r.ClientError()
	if !ok {
		t.Fatal("no client error")
	}
	out, err := adapter.ToolOutput("call_1", ce, adapter.DefaultOutputOptions(adapter.Chat))
	if err != nil || !strings.HasPrefix(out.Text, "Error: JSON-RPC error ") || !strings.Contains(out.Text, "no_such_tool") {
		t.Errorf("client error output: %v, %q", err, out.Text)
	}
}

// Cancelling a call's context sends notifications/cancelled (the server's
// handler sees its context end) and returns an error wrapping ErrCancelled; a
// call past its timeout is cancelled the same way and says so.
func TestCallToolCancelled(t *testing.T) {
	var log testserver.Log
	c := connectTestServer(t, &log)
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan struct{})
	var once sync.Once
	done := make(chan error, 1)
	go func() {
		_, err := c.CallTool(ctx, "slow", []byte(`{"steps":1000,"delay_ms":20}`), CallOptions{OnProgress: func(Progress) {
			once.Do(func() { close(first) })
		}})
		done <- err
	}()
	select {
	case <-first:
	case <-time.After(10 * time.Second):
		t.Fatal("no progress within 10 s")
	}
	cancel()
	err := <-done
	var le *Error
	if !errors.Is(err, ErrCancelled) || !errors.As(err, &le) || !strings.Contains(err.Error(), "notifications/cancelled was sent") {
		t.Fatalf("cancelled call: %v", err)
	}
	waitFor(t, &log, "slow: cancelled after")

	_, err = c.CallTool(context.Background(), "slow", []byte(`{"steps":1000,"delay_ms":20}`), CallOptions{Timeout: 100 * time.Millisecond})
	if err == nil || errors.Is(err, ErrCancelled) || !strings.Contains(err.Error(), "no answer within 100ms") {
		t.Fatalf("timed out call: %v", err)
	}
	waitFor(t, &log, "slow: cancelled after", "slow: cancelled after")
}

// waitFor waits until the log holds each of want in turn (a line twice when
// it is given twice).
func waitFor(t *testing.T, log *testserver.Log, want ...string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := log.String()
		ok := true
		for _, w := range want {
			i := strings.Index(s, w)
			if i < 0 {
				ok = false
				break
			}
			s = s[i+len(w):]
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server's log never held %q:\n%s", want, log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A result the SDK would change (1e400 does not fit a float64; 1.0 and member
// order) is returned as the server sent it, and so is a JSON-RPC error's
// code, message and data.
func TestCallToolKeepsBytes(t *testing.T) {
	const result = `{"structuredContent":{"z":1e400,"a":1.0},"content":[{"text":"x","type":"text"}]}`
	s := &rawServer{
		tools:    []json.RawMessage{json.RawMessage(`{"name":"t","inputSchema":{"type":"object"}}`)},
		pageSize: 10,
		call: func(params json.RawMessage) (json.RawMessage, *jsonrpc.Error) {
			var p struct{ Name string }
			_ = json.Unmarshal(params, &p)
			if p.Name == "t" {
				return json.RawMessage(result), nil
			}
			return nil, &jsonrpc.Error{Code: -32602, Message: "no tool " + p.Name, Data: json.RawMessage(`{"n":1.50}`)}
		},
	}
	c, err := connectRaw(t, s, ConnectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r, err := c.CallTool(context.Background(), "t", nil, CallOptions{})
	if err != nil || string(r.Raw) != result {
		t.Fatalf("got %v, %s", err, r.Raw)
	}
	r, err = c.CallTool(context.Background(), "u", nil, CallOptions{})
	if err != nil || r.RPCError == nil {
		t.Fatalf("got %v, %+v", err, r)
	}
	ce, _ := r.ClientError()
	if got := string(adapter.Marshal(ce)); got != `{"error":{"code":-32602,"message":"no tool u","data":{"n":1.50}}}` {
		t.Errorf("client error %s", got)
	}
}
