package live

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/testserver"
)

// sdkServer is an SDK server with two tools.
func sdkServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "sdk", Version: "2"}, nil)
	for _, name := range []string{"one", "two"} {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"number"}}}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
	}
	return s
}

// headerSeen records the X-Token header of every request.
type headerSeen struct {
	mu   sync.Mutex
	seen []string
	next http.Handler
}

func (h *headerSeen) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.seen = append(h.seen, r.Method+" "+r.Header.Get("X-Token"))
	h.mu.Unlock()
	h.next.ServeHTTP(w, r)
}

// Over HTTP: Streamable HTTP and the legacy SSE transport, HTTPAuto falling
// back to SSE, every request with the headers.
func TestHTTPTransports(t *testing.T) {
	srv := sdkServer()
	streamable := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	sse := mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	for _, tc := range []struct {
		name    string
		handler http.Handler
		tr      Transport
	}{
		{"streamable", streamable, StreamableHTTP},
		{"auto-streamable", streamable, HTTPAuto},
		{"sse", sse, SSE},
		{"auto-sse", sse, HTTPAuto},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := &headerSeen{next: tc.handler}
			ts := httptest.NewServer(h)
			defer ts.Close()
			c, err := Connect(context.Background(), Server{Name: tc.name, Transport: tc.tr, URL: ts.URL, Headers: []Header{{"X-Token", "s3cret"}}}, ConnectOptions{})
			if err != nil {
				t.Fatal(err)
			}
			l := c.Tools()
			c.Close()
			if len(l.Tools) != 2 || l.Tools[0].Name != "one" {
				t.Errorf("tools = %+v", l.Tools)
			}
			if c.Info().ServerInfo == nil || c.Info().ServerInfo.Name != "sdk" || c.Info().ProtocolVersion == "" {
				t.Errorf("info = %+v", c.Info())
			}
			h.mu.Lock()
			defer h.mu.Unlock()
			for _, s := range h.seen {
				if !strings.HasSuffix(s, " s3cret") {
					t.Errorf("request without the header: %q", s)
				}
			}
			if len(h.seen) < 2 {
				t.Errorf("requests: %q", h.seen)
			}
		})
	}
}

// notifications/tools/list_changed reaches the session over Streamable HTTP
// (on the standalone GET stream the SDK opens once the session began) and
// over SSE: Changed fires, and ListTools reads the new list. A call made after
// Connect returned works over both (the SSE stream outlives Connect's
// timeout), and the traffic is traced.
func TestHTTPListChanged(t *testing.T) {
	for _, tc := range []struct {
		name string
		sse  bool
		tr   Transport
	}{{"streamable", false, StreamableHTTP}, {"auto", false, HTTPAuto}, {"sse", true, SSE}} {
		t.Run(tc.name, func(t *testing.T) {
			h := &headerSeen{next: testserver.Handler(testserver.Options{}, tc.sse)}
			srv := httptest.NewServer(h)
			defer srv.Close()
			defer srv.CloseClientConnections()
			c, err := Connect(context.Background(), Server{Name: "web", Transport: tc.tr, URL: srv.URL, Headers: []Header{{"X-Token", "s3cret"}}}, ConnectOptions{Timeout: 5 * time.Second, Trace: true})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			before := len(c.Tools().Tools)
			r, err := c.CallTool(context.Background(), "change_list", nil, CallOptions{})
			if err != nil || !strings.Contains(string(r.Raw), "added added_later") {
				t.Fatalf("change_list: %v, %+v", err, r)
			}
			select {
			case <-c.Changed():
			case <-time.After(10 * time.Second):
				t.Fatal("no list_changed within 10 s")
			}
			l, err := c.ListTools(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(l.Tools) != before+1 || !slices.ContainsFunc(l.Tools, func(tool adapter.Tool) bool { return tool.Name == testserver.AddedLaterTool }) || c.Stale() {
				t.Errorf("after list_changed: %d tools (before %d), stale %v", len(l.Tools), before, c.Stale())
			}
			log := c.Log()
			if logIndex(log, LogReceived, `"method":"notifications/tools/list_changed"`) < 0 || logIndex(log, LogSent, `"name":"change_list"`) < 0 {
				t.Errorf("the traffic is not all in the log: %d entries", len(log))
			}
			if !tc.sse {
				h.mu.Lock()
				defer h.mu.Unlock()
				if !slices.Contains(h.seen, "GET s3cret") {
					t.Errorf("no standalone GET stream: %q", h.seen)
				}
			}
		})
	}
}

// An HTTP session whose server went away ends: Done is closed, and Err says
// the session broke.
func TestHTTPSessionEnds(t *testing.T) {
	srv := httptest.NewServer(testserver.Handler(testserver.Options{}, false))
	c, err := Connect(context.Background(), Server{Name: "web", Transport: StreamableHTTP, URL: srv.URL}, ConnectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	srv.CloseClientConnections()
	srv.Close()
	select {
	case <-c.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("not done 10 s after the server went away")
	}
	var e *Error
	if err := c.Err(); !errors.As(err, &e) || e.Op != "session" || !strings.Contains(err.Error(), `server "web": session: the session broke`) {
		t.Errorf("Err = %v", err)
	}
}
