package live

import (
	"context"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A rawPage receives the bytes of one tools/list result: the Result of the
// JSON-RPC response, as the server sent it. got is false until a response
// without an error arrived.
type rawPage struct {
	raw []byte
	got bool
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
	init    *rawPage // the initialize or server/discover result, the last one answered
}

func newCaptureConn(c mcp.Connection) *captureConn {
	return &captureConn{Connection: c, pending: make(map[jsonrpc.ID]*rawPage)}
}

// Write registers a tools/list request's page, then writes the message.
func (c *captureConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	req, ok := msg.(*jsonrpc.Request)
	var p *rawPage
	if ok && req.ID.IsValid() {
		switch req.Method {
		case "tools/list":
			p, _ = ctx.Value(pageKey{}).(*rawPage)
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
			}
		}
	}
	return msg, nil
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
