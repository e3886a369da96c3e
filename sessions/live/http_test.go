package live

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
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
