//go:build unix

package live

import (
	"bytes"
	"context"
	"errors"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/testserver"
)

// testServerCommand builds the project's MCP test server once per test binary.
var testServerCommand = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(buildDirOrTemp(), "mcptestserver")
	out, err := exec.Command("go", "build", "-o", bin, "../../internal/testserver/cmd/mcptestserver").CombinedOutput()
	if err != nil {
		return "", errors.New("go build: " + string(out))
	}
	return bin, nil
})

// checkTestServerList: the list read live holds every tool of the test
// server, in pages of 3, each schema the exact bytes the server sent (member
// order, 1e400 and 1.0 kept), which the SDK's own listing cannot decode.
func checkTestServerList(t *testing.T, c *Conn) {
	t.Helper()
	l := c.Tools()
	want := testserver.Schemas()
	delete(want, testserver.AddedLaterTool) // listed once change_list adds it
	if len(l.Tools) != len(want) || l.Pages != (len(want)+2)/3 {
		t.Fatalf("%d tools in %d pages, want %d tools in pages of 3", len(l.Tools), l.Pages, len(want))
	}
	for _, tool := range l.Tools {
		raw, ok := want[tool.Name]
		if !ok {
			t.Errorf("tool %q is none of the test server's", tool.Name)
			continue
		}
		if got := adapter.Marshal(tool.InputSchema); !bytes.Equal(got, raw) {
			t.Errorf("%s: schema\n%s\nwant\n%s", tool.Name, got, raw)
		}
	}
}

// The project's test server, run as a real process over stdio and served over
// Streamable HTTP and SSE, lists with every schema's bytes intact; the process
// is gone once the connection is closed.
func TestTestServerLive(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a server process")
	}
	bin, err := testServerCommand()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	c, err := Connect(ctx, Server{Name: "test", Transport: Stdio, Command: bin}, ConnectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkTestServerList(t, c)
	// A tool that changes the list: the server says so, and a new listing has it.
	if _, err := c.Session().CallTool(ctx, &mcp.CallToolParams{Name: "change_list"}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-c.Changed():
	case <-time.After(10 * time.Second):
		t.Fatal("no list_changed within 10 s")
	}
	l, err := c.ListTools(ctx)
	if err != nil || len(l.Tools) != len(testserver.Schemas()) || c.Stale() {
		t.Errorf("after list_changed: %v, stale %v", err, c.Stale())
	}
	pid := c.Pid()
	if err := c.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if alive(pid) {
		t.Errorf("the server process %d runs on after Close", pid)
	}
	for _, tc := range []struct {
		sse       bool
		transport Transport
	}{{false, StreamableHTTP}, {true, SSE}, {true, HTTPAuto}} {
		srv := httptest.NewServer(testserver.Handler(testserver.Options{}, tc.sse))
		c, err := Connect(ctx, Server{Name: "web", Transport: tc.transport, URL: srv.URL}, ConnectOptions{})
		if err != nil {
			srv.Close()
			t.Fatalf("%v: %v", tc.transport, err)
		}
		checkTestServerList(t, c)
		c.Close()
		srv.Close()
	}
}
