package live

import (
	"net/http"
	"sync"
)

// A headerTransport is the http.RoundTripper of an HTTP server's client: it
// adds the server's headers to every request, sets MCP-Protocol-Version once
// the version is negotiated when the SDK did not, and remembers the status of
// the first POST (HTTPAuto falls back to SSE on 400, 404 and 405).
type headerTransport struct {
	base    http.RoundTripper
	headers []Header

	mu        sync.Mutex
	version   string
	firstPost int // the status of the first POST answered, 0 before
}

// RoundTrip sends req, with the headers, through the base transport.
func (t *headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context()) // a RoundTripper must not change the request it is given
	for _, h := range t.headers {
		req.Header.Set(h.Name, h.Value)
	}
	t.mu.Lock()
	if t.version != "" && req.Header.Get("Mcp-Protocol-Version") == "" {
		req.Header.Set("Mcp-Protocol-Version", t.version)
	}
	t.mu.Unlock()
	resp, err := t.base.RoundTrip(req)
	if err == nil && req.Method == http.MethodPost {
		t.mu.Lock()
		if t.firstPost == 0 {
			t.firstPost = resp.StatusCode
		}
		t.mu.Unlock()
	}
	return resp, err
}

// setProtocolVersion sets the version sent on requests that have none.
func (t *headerTransport) setProtocolVersion(v string) {
	t.mu.Lock()
	t.version = v
	t.mu.Unlock()
}

// firstPostRefused reports whether the first POST was answered 400, 404 or
// 405: a server of the legacy HTTP+SSE transport (MCP's backwards
// compatibility).
func (t *headerTransport) firstPostRefused() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch t.firstPost {
	case http.StatusBadRequest, http.StatusNotFound, http.StatusMethodNotAllowed:
		return true
	}
	return false
}
