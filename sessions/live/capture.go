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

// A capture sees every JSON-RPC message of a connection go by, before the SDK
// decodes it: the result of a tools/list request written with a rawPage in
// its context is copied into that page, and so is the result of initialize
// (or server/discover) into its own, and a tools/call's answer into its
// rawCall (the SDK decodes inputSchema into maps, which loses member order and
// number text). It remembers why reading failed, so that an error can say the
// server wrote what is not JSON-RPC, and, when trace is set, keeps every
// message in it. Two things feed it: a captureConn wrapping the SDK's
// Connection (stdio, SSE, the tests' transports), and a captureHTTP below the
// SDK's Streamable HTTP client. It is safe for concurrent use.
type capture struct {
	trace *traceRing // nil: the traffic is not kept

	mu      sync.Mutex
	pending map[jsonrpc.ID]*rawPage
	readErr error
	init    *rawPage            // the initialize or server/discover result, the last one answered
	calls   map[string]*rawCall // the tools/call requests written, by id text, until forgotten
}

func newCapture(trace *traceRing) *capture {
	return &capture{trace: trace, pending: make(map[jsonrpc.ID]*rawPage), calls: make(map[string]*rawCall)}
}

// sending is told of msg before it is written (data is its JSON text, or nil
// when the caller has only the message). It traces msg and registers a
// tools/list request's page, a tools/call request's rawCall, or an
// initialize's page, which it returns (nil for other messages). The writer
// then calls written.
func (c *capture) sending(ctx context.Context, msg jsonrpc.Message, data []byte) *rawPage {
	if c.trace != nil {
		c.traceMessage(LogSent, msg, data)
	}
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.ID.IsValid() {
		return nil
	}
	var p *rawPage
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
	if p != nil {
		c.mu.Lock()
		c.pending[req.ID] = p
		c.mu.Unlock()
	}
	return p
}

// written is told that msg, registered as p by sending, was written, or
// could not be (err). A page whose request was not written is dropped; a
// notifications/cancelled written for a registered call closes the call's
// cancelled channel.
func (c *capture) written(msg jsonrpc.Message, p *rawPage, err error) {
	req, _ := msg.(*jsonrpc.Request)
	switch {
	case req == nil:
	case err != nil && p != nil:
		c.mu.Lock()
		delete(c.pending, req.ID)
		c.mu.Unlock()
	case err == nil && !req.ID.IsValid() && req.Method == "notifications/cancelled":
		c.cancelWritten(req.Params)
	}
}

// received is told of msg as it is read, before the SDK sees it (data is its
// JSON text, or nil). It traces msg and, when msg answers a registered
// request, keeps a copy of its Result, or its error.
func (c *capture) received(msg jsonrpc.Message, data []byte) {
	if c.trace != nil {
		c.traceMessage(LogReceived, msg, data)
	}
	resp, ok := msg.(*jsonrpc.Response)
	if !ok || !resp.ID.IsValid() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.pending[resp.ID]
	if !ok {
		return
	}
	delete(c.pending, resp.ID)
	if resp.Error == nil {
		p.raw = append([]byte(nil), resp.Result...)
		p.got = true
		return
	}
	var we *jsonrpc.Error
	if errors.As(resp.Error, &we) {
		cp := *we
		cp.Data = append(json.RawMessage(nil), we.Data...)
		p.rpcErr = &cp
	} else {
		p.rpcErr = &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: resp.Error.Error()}
	}
}

// readFailed is told why reading failed; the first reason is kept.
func (c *capture) readFailed(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.readErr == nil {
		c.readErr = err
	}
}

// traceMessage keeps msg in the trace as an entry of kind k: data when the
// caller has the message's text, else the message encoded here.
func (c *capture) traceMessage(k LogKind, msg jsonrpc.Message, data []byte) {
	if data == nil {
		var err error
		if data, err = jsonrpc.EncodeMessage(msg); err != nil {
			return // a message the SDK could not write either
		}
	}
	c.trace.add(k, data)
}

// A captureConn wraps the SDK's Connection so that its capture sees every
// message written and read. Closing it also ends the context the wrapped
// Connection was made with (captureTransport).
type captureConn struct {
	mcp.Connection
	cap *capture
	end context.CancelFunc
}

// Write tells the capture of msg, then writes it.
func (c *captureConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	p := c.cap.sending(ctx, msg, nil)
	err := c.Connection.Write(ctx, msg)
	c.cap.written(msg, p, err)
	return err
}

// Read reads the next message and tells the capture of it (or of why reading
// failed) before the SDK sees it.
func (c *captureConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err != nil {
		c.cap.readFailed(err)
		return msg, err
	}
	c.cap.received(msg, nil)
	return msg, nil
}

// Close closes the wrapped Connection and ends its context.
func (c *captureConn) Close() error {
	err := c.Connection.Close()
	c.end()
	return err
}

// cancelWritten marks the registered call that a notifications/cancelled
// with these params names as cancelled.
func (c *capture) cancelWritten(params json.RawMessage) {
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
func (c *capture) answer(rc *rawCall) (raw []byte, got bool, rpcErr *jsonrpc.Error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return rc.page.raw, rc.page.got, rc.page.rpcErr
}

// forget drops a call from those a notifications/cancelled is matched with,
// and from those awaiting an answer.
func (c *capture) forget(rc *rawCall) {
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
func (c *capture) initRaw() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.init == nil || !c.init.got {
		return nil
	}
	return c.init.raw
}

// ReadErr is the first reason reading failed, nil when none.
func (c *capture) ReadErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.readErr
}

// A captureTransport connects through its Transport and keeps the Connection
// for the caller (conn). With wrap set, the Connection is wrapped in a
// captureConn telling cap, and made with a context of its own, which the
// caller's context bounds only while connecting: the SDK's SSE transport keeps
// its event stream on the context Connect is given, and a timeout on
// connecting must not end the session once it began. Closing the Connection
// ends that context. Without wrap (Streamable HTTP, whose messages a
// captureHTTP sees), the SDK's Connection is given to the SDK as it is.
type captureTransport struct {
	mcp.Transport
	cap  *capture
	wrap bool
	conn mcp.Connection
}

func (t *captureTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	if !t.wrap {
		c, err := t.Transport.Connect(ctx)
		t.conn = c
		return c, err
	}
	life, end := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, end)
	c, err := t.Transport.Connect(life)
	if !stop() { // ctx ended while connecting, and life with it
		if err == nil {
			c.Close()
		}
		return nil, ctx.Err()
	}
	if err != nil {
		end()
		return nil, err
	}
	t.conn = &captureConn{Connection: c, cap: t.cap, end: end}
	return t.conn, nil
}
