package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/strictscope/strictscope/adapter"
)

// A Progress is one notifications/progress the server sent about a call.
// Total is 0 when the server did not say.
type Progress struct {
	Progress, Total float64
	Message         string
}

// CallOptions tune Conn.CallTool. The zero value is ready to use.
type CallOptions struct {
	// Timeout bounds the call; 0 is the Conn's timeout (ConnectOptions.Timeout).
	Timeout time.Duration
	// OnProgress, when set, receives the server's progress notifications
	// about this call, on the SDK's goroutines: it must not block. The SDK
	// hands notifications over apart from responses, so one the server sent
	// just before its result may come after CallTool returned: it is dropped.
	OnProgress func(Progress)
}

// A CallResult is what a server answered to a tools/call: the Result as it
// sent it (Raw, member order and number text kept: the SDK decodes numbers into
// float64 and would change them), or a JSON-RPC error (RPCError, Raw nil).
type CallResult struct {
	Raw      []byte
	RPCError *jsonrpc.Error
}

// ClientError is the answer as a §9 client error, {"error":{"code","message"
// [,"data"]}}, which adapter.ToolOutput renders "JSON-RPC error CODE: MESSAGE";
// ok is false when the answer is a result.
func (r *CallResult) ClientError() (v adapter.Value, ok bool) {
	if r.RPCError == nil {
		return adapter.Value{}, false
	}
	mems := []adapter.Member{
		adapter.MemberOf("code", adapter.NumberValue(strconv.FormatInt(r.RPCError.Code, 10))),
		adapter.MemberOf("message", adapter.StringValue(r.RPCError.Message)),
	}
	if len(r.RPCError.Data) > 0 {
		if d, err := adapter.Decode(r.RPCError.Data); err == nil {
			mems = append(mems, adapter.MemberOf("data", d))
		}
	}
	return adapter.ObjectValue(adapter.MemberOf("error", adapter.ObjectValue(mems...))), true
}

// ErrCancelled is wrapped by the error of a call whose context was cancelled
// (an interrupt): notifications/cancelled was sent for it.
var ErrCancelled = errors.New("the call was cancelled")

// CallTool calls the tool name with args (the JSON text of an object, sent as
// it is; nil is {}) and returns the server's answer: the Result's bytes as it
// sent them, or its JSON-RPC error. A progress token goes with the request, so
// that the server may send progress (opts.OnProgress).
//
// The call is bounded by opts.Timeout. When it passes, or ctx is cancelled,
// the SDK sends notifications/cancelled; CallTool waits (up to the Conn's
// grace) until that notification was written, then returns an *Error wrapping
// ErrCancelled (ctx cancelled) or saying there was no answer in time. A
// server that ends or breaks mid-call is an *Error with its stderr's last
// lines. The SDK's own decoding of the result is not used: a result it
// cannot decode, or that fails its checks, is still returned as sent.
func (c *Conn) CallTool(ctx context.Context, name string, args []byte, opts CallOptions) (*CallResult, error) {
	if c.session == nil || c.capture == nil {
		return nil, &Error{Server: c.server.Name, Op: "call tool " + strconv.Quote(name), Err: errors.New("not connected")}
	}
	if args == nil {
		args = []byte("{}")
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = c.opts.Timeout
	}
	op := "call tool " + strconv.Quote(name)
	token := fmt.Sprintf("strictscope-%d", c.calls.Add(1))
	if opts.OnProgress != nil {
		c.progressMu.Lock()
		if c.progress == nil {
			c.progress = make(map[string]func(Progress))
		}
		c.progress[token] = opts.OnProgress
		c.progressMu.Unlock()
		defer func() {
			c.progressMu.Lock()
			delete(c.progress, token)
			c.progressMu.Unlock()
		}()
	}
	rc := newRawCall()
	defer c.capture.forget(rc)
	callCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	params := &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)}
	params.SetProgressToken(token)
	_, err := c.session.CallTool(withCall(callCtx, rc), params)
	raw, got, rpcErr := c.capture.answer(rc)
	switch {
	case got:
		return &CallResult{Raw: raw}, nil
	case rpcErr != nil:
		return &CallResult{RPCError: rpcErr}, nil
	case callCtx.Err() != nil:
		sent := c.awaitCancel(rc)
		if ctx.Err() != nil {
			return nil, c.newError(op, fmt.Errorf("%w (%s)", ErrCancelled, cancelNote(sent)))
		}
		return nil, c.newError(op, fmt.Errorf("no answer within %s (--timeout); %s", timeout, cancelNote(sent)))
	case err == nil:
		err = errors.New("the SDK gave a result the capture did not see")
	}
	return nil, c.fail(op, callCtx, err)
}

// awaitCancel waits until notifications/cancelled was written for rc, at
// most the Conn's grace, and reports whether it was.
func (c *Conn) awaitCancel(rc *rawCall) bool {
	t := time.NewTimer(c.opts.Grace)
	defer t.Stop()
	select {
	case <-rc.cancelled:
		return true
	case <-t.C:
		return false
	}
}

func cancelNote(sent bool) string {
	if sent {
		return "notifications/cancelled was sent"
	}
	return "notifications/cancelled could not be sent"
}

// onProgress hands a progress notification to the call whose token it names.
func (c *Conn) onProgress(p *mcp.ProgressNotificationParams) {
	if p == nil {
		return
	}
	token, ok := p.ProgressToken.(string)
	if !ok {
		return
	}
	c.progressMu.Lock()
	f := c.progress[token]
	c.progressMu.Unlock()
	if f != nil {
		f(Progress{Progress: p.Progress, Total: p.Total, Message: p.Message})
	}
}
