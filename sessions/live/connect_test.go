package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/strictscope/strictscope/adapter"
)

// rawServer is a small MCP server written for these tests: it answers
// initialize and tools/list with bytes it is given, pageSize tools a page, over
// one side of the SDK's in-memory transports.
type rawServer struct {
	tools    []json.RawMessage
	pageSize int
	cursor   func(from int) string // the nextCursor of a page ending before from; nil: strconv.Itoa
	// call answers tools/call with a result or an error; nil: no such method.
	call func(params json.RawMessage) (json.RawMessage, *jsonrpc.Error)
	conn mcp.Connection

	mu    sync.Mutex
	lists int // tools/list requests answered
}

// serve connects the server side and answers until the connection ends.
func (s *rawServer) serve(t testing.TB, tr mcp.Transport) {
	t.Helper()
	conn, err := tr.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s.conn = conn
	go func() {
		for {
			msg, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			req, ok := msg.(*jsonrpc.Request)
			if !ok || !req.ID.IsValid() {
				continue
			}
			resp := &jsonrpc.Response{ID: req.ID}
			switch req.Method {
			case "initialize":
				resp.Result = json.RawMessage(`{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"raw","version":"0.1"},"instructions":"raw test server"}`)
			case "tools/list":
				resp.Result = s.page(req.Params)
			case "tools/call":
				if s.call == nil {
					resp.Error = &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "no tools/call"}
					break
				}
				// A nil *jsonrpc.Error in the error field would be an error.
				if result, rpcErr := s.call(req.Params); rpcErr != nil {
					resp.Error = rpcErr
				} else {
					resp.Result = result
				}
			default:
				resp.Error = &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "no " + req.Method}
			}
			if err := conn.Write(context.Background(), resp); err != nil {
				return
			}
		}
	}()
}

// page is the tools/list result for the params' cursor.
func (s *rawServer) page(params json.RawMessage) json.RawMessage {
	s.mu.Lock()
	s.lists++
	s.mu.Unlock()
	var p struct{ Cursor string }
	_ = json.Unmarshal(params, &p)
	from, _ := strconv.Atoi(p.Cursor)
	to := min(from+s.pageSize, len(s.tools))
	var b bytes.Buffer
	b.WriteString(`{"tools":[`)
	b.Write(bytes.Join(func() [][]byte {
		var out [][]byte
		for _, t := range s.tools[from:to] {
			out = append(out, t)
		}
		return out
	}(), []byte(",")))
	b.WriteString("]")
	if to < len(s.tools) {
		next := strconv.Itoa(to)
		if s.cursor != nil {
			next = s.cursor(to)
		}
		b.WriteString(`,"nextCursor":"` + next + `"`)
	}
	b.WriteString("}")
	return b.Bytes()
}

// notify sends notifications/tools/list_changed.
func (s *rawServer) notify(t *testing.T) {
	t.Helper()
	if err := s.conn.Write(context.Background(), &jsonrpc.Request{Method: "notifications/tools/list_changed", Params: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
}

// fileTools reads testdata/tools.json: its Value and its tools' bytes.
func fileTools(t *testing.T) (adapter.Value, []json.RawMessage) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := adapter.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return v, doc.Tools
}

// connectRaw connects to a rawServer over the in-memory transports.
func connectRaw(t testing.TB, s *rawServer, opts ConnectOptions) (*Conn, error) {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	s.serve(t, st)
	opts.Transport = ct
	return Connect(context.Background(), Server{Name: "mem", Transport: Stdio}, opts)
}

// The tool list built from the captured pages is byte-identical to the same
// list read from a file: member order and number text (1e400, 1.0, 0.10, 1E+2)
// survive the SDK, and the pages of 3 are joined in order.
func TestConnectListKeepsBytes(t *testing.T) {
	want, raw := fileTools(t)
	s := &rawServer{tools: raw, pageSize: 3}
	c, err := connectRaw(t, s, ConnectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	l := c.Tools()
	if got, w := adapter.Marshal(l.Doc), adapter.Marshal(want); !bytes.Equal(got, w) {
		t.Errorf("live list:\n%s\nfile:\n%s", got, w)
	}
	if l.Pages != 3 {
		t.Errorf("pages = %d, want 3", l.Pages)
	}
	fromFile, _, err := adapter.ParseToolList(want)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Tools) != len(fromFile) {
		t.Fatalf("%d tools, want %d", len(l.Tools), len(fromFile))
	}
	for i := range l.Tools {
		if g, w := adapter.Marshal(l.Tools[i].Raw), adapter.Marshal(fromFile[i].Raw); !bytes.Equal(g, w) {
			t.Errorf("tool %d: %s, want %s", i, g, w)
		}
	}
	if !bytes.Contains(adapter.Marshal(l.Tools[0].InputSchema), []byte(`"maximum":1e400`)) {
		t.Errorf("1e400 lost: %s", adapter.Marshal(l.Tools[0].InputSchema))
	}
	info := c.Info()
	if info.ProtocolVersion != "2025-11-25" || info.ServerInfo == nil || info.ServerInfo.Name != "raw" || info.Instructions != "raw test server" || info.Capabilities == nil || info.Capabilities.Tools == nil || !info.Capabilities.Tools.ListChanged {
		t.Errorf("info = %+v", info)
	}
	if !bytes.HasPrefix(info.Raw, []byte(`{"protocolVersion":"2025-11-25"`)) {
		t.Errorf("raw initialize result = %s", info.Raw)
	}
}

// Pagination: a repeated cursor is an error naming the server, never a loop.
func TestListRepeatedCursor(t *testing.T) {
	_, raw := fileTools(t)
	s := &rawServer{tools: raw, pageSize: 3, cursor: func(int) string { return "3" }}
	_, err := connectRaw(t, s, ConnectOptions{})
	var e *Error
	if !errors.As(err, &e) || e.Server != "mem" || !strings.Contains(err.Error(), `nextCursor "3" again`) {
		t.Fatalf("err = %v", err)
	}
}

// notifications/tools/list_changed marks the list stale, signals Changed and
// calls OnListChanged; ListTools re-lists and clears it.
func TestListChanged(t *testing.T) {
	_, raw := fileTools(t)
	s := &rawServer{tools: raw, pageSize: 3}
	called := make(chan struct{}, 4)
	c, err := connectRaw(t, s, ConnectOptions{OnListChanged: func() { called <- struct{}{} }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Stale() {
		t.Fatal("stale right after listing")
	}
	s.mu.Lock()
	s.tools = s.tools[:4]
	s.mu.Unlock()
	s.notify(t)
	select {
	case <-c.Changed():
	case <-time.After(5 * time.Second):
		t.Fatal("no change signalled")
	}
	<-called
	if !c.Stale() {
		t.Error("not stale after list_changed")
	}
	l, err := c.ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Tools) != 4 || l.Pages != 2 || c.Stale() || c.Tools() != l {
		t.Errorf("after refresh: %d tools, %d pages, stale %v", len(l.Tools), l.Pages, c.Stale())
	}
}
