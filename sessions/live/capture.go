package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A rawPage receives the bytes of one tools/list or tools/call result: the
// Result of the JSON-RPC response, as the server sent it. got is false until a
// response without an error arrived; rpcErr is the error of a response that
// carried one.
type rawPage struct {
	raw    []byte
	got    bool
	rpcErr *jsonrpc.Error
}

// A rawCall receives what the server answered to one tools/call (page), and
// learns whether notifications/cancelled was written for it: cancelled is
// closed once it was.
type rawCall struct {
	page      rawPage
	id        string     // the request id's JSON text, once written
	rid       jsonrpc.ID // the request id, once written
	cancelled chan struct{}
	once      sync.Once
}

func newRawCall() *rawCall { return &rawCall{cancelled: make(chan struct{})} }

// callKey is the context key under which a tools/call carries its rawCall.
type callKey struct{}

// withCall returns ctx carrying rc: a tools/call request written with it has
// its answer kept in rc.
func withCall(ctx context.Context, rc *rawCall) context.Context {
	return context.WithValue(ctx, callKey{}, rc)
}

// idText is a request id's JSON text ("7", "\"abc\""), the form in which a
// request and a notifications/cancelled naming it are matched.
func idText(raw any) string {
	b, err := json.Marshal(raw)
	if err != nil {
		return ""
	}
	return string(b)
}

// pageKey is the context key under which a tools/list call carries the rawPage
// its result goes to.
type pageKey struct{}

// withPage returns ctx carrying p: a tools/list request written with it has its
// result's bytes kept in p.
func withPage(ctx context.Context, p *rawPage) context.Context {
	return context.WithValue(ctx, pageKey{}, p)
}

// A captureConn wraps the SDK's Connection to see every message as it goes by,
// before the SDK decodes it: the result of a tools/list request written with a
// rawPage in its context is copied into that page, and so is the result of
// initialize (or server/discover) into its own (the SDK decodes inputSchema
// into maps, which loses member order and number text). It also remembers why
// reading failed, so that an error can say the server wrote what is not
// JSON-RPC.
type captureConn struct {
	mcp.Connection

	mu      sync.Mutex
	pending map[jsonrpc.ID]*rawPage
	readErr error
	init    *rawPage            // the initialize or server/discover result, the last one answered
	calls   map[string]*rawCall // the tools/call requests written, by id text, until forgotten
}

func newCaptureConn(c mcp.Connection) *captureConn {
	return &captureConn{Connection: c, pending: make(map[jsonrpc.ID]*rawPage), calls: make(map[string]*rawCall)}
}

// Write registers a tools/list request's page, or a tools/call request's
// rawCall, then writes the message. A notifications/cancelled written for a
// registered call closes the call's cancelled channel.
func (c *captureConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	req, ok := msg.(*jsonrpc.Request)
	if ok && !req.ID.IsValid() && req.Method == "notifications/cancelled" {
		err := c.Connection.Write(ctx, msg)
		if err == nil {
			c.cancelWritten(req.Params)
		}
		return err
	}
	var p *rawPage
	if ok && req.ID.IsValid() {
		switch req.Method {
		case "tools/list":
			p, _ = ctx.Value(pageKey{}).(*rawPage)
		case "tools/call":
			if rc, _ := ctx.Value(callKey{}).(*rawCall); rc != nil {
				p = &rc.page
				c.mu.Lock()
				rc.id, rc.rid = idText(req.ID.Raw()), req.ID
				c.calls[rc.id] = rc
				c.mu.Unlock()
			}
		case "initialize", "server/discover":
			p = &rawPage{}
			c.mu.Lock()
			c.init = p
			c.mu.Unlock()
		}
	}
	if p != nil {
		c.mu.Lock()
		c.pending[req.ID] = p
		c.mu.Unlock()
	}
	err := c.Connection.Write(ctx, msg)
	if err != nil && p != nil {
		c.mu.Lock()
		delete(c.pending, req.ID)
		c.mu.Unlock()
	}
	return err
}

// Read reads the next message and, when it answers a registered tools/list
// request, keeps a copy of its Result before the SDK sees it.
func (c *captureConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		if c.readErr == nil {
			c.readErr = err
		}
		return msg, err
	}
	if resp, ok := msg.(*jsonrpc.Response); ok && resp.ID.IsValid() {
		if p, ok := c.pending[resp.ID]; ok {
			delete(c.pending, resp.ID)
			if resp.Error == nil {
				p.raw = append([]byte(nil), resp.Result...)
				p.got = true
			} else {
				var we *jsonrpc.Error
				if errors.As(resp.Error, &we) {
					cp := *we
					cp.Data = append(json.RawMessage(nil), we.Data...)
					p.rpcErr = &cp
				} else {
					p.rpcErr = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: resp.Error.Error()}
				}
			}
		}
	}
	return msg, nil
}

// cancelWritten marks the registered call that a notifications/cancelled
// with these params names as cancelled.
func (c *captureConn) cancelWritten(params json.RawMessage) {
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(params, &p) != nil || len(p.RequestID) == 0 {
		return
	}
	var id any
	dec := json.NewDecoder(bytes.NewReader(p.RequestID))
	dec.UseNumber()
	if dec.Decode(&id) != nil {
		return
	}
	c.mu.Lock()
	rc := c.calls[idText(id)]
	c.mu.Unlock()
	if rc != nil {
		rc.once.Do(func() { close(rc.cancelled) })
	}
}

// answer is what the server answered to rc: its result's bytes (got true), or
// its JSON-RPC error.
func (c *captureConn) answer(rc *rawCall) (raw []byte, got bool, rpcErr *jsonrpc.Error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return rc.page.raw, rc.page.got, rc.page.rpcErr
}

// forget drops a call from those a notifications/cancelled is matched with,
// and from those awaiting an answer.
func (c *captureConn) forget(rc *rawCall) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.calls[rc.id] == rc {
		delete(c.calls, rc.id)
	}
	if rc.rid.IsValid() && c.pending[rc.rid] == &rc.page {
		delete(c.pending, rc.rid) // a call never answered (cancelled)
	}
}

// initRaw is the bytes of the last initialize or server/discover result, nil
// when none was answered.
func (c *captureConn) initRaw() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.init == nil || !c.init.got {
		return nil
	}
	return c.init.raw
}

// ReadErr is the first error Read met, nil when none.
func (c *captureConn) ReadErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.readErr
}

// A captureTransport connects through its Transport and wraps the Connection
// in a captureConn, which it keeps for the caller.
type captureTransport struct {
	mcp.Transport
	conn *captureConn
}

func (t *captureTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	t.conn = newCaptureConn(c)
	return t.conn, nil
}
