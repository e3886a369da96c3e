package live

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A captureHTTP is the http.RoundTripper below the SDK's Streamable HTTP
// client: it tells its capture of the JSON-RPC message each POST carries, and
// of each message the answers carry (an application/json body, or the events
// of a text/event-stream one: a POST's stream, and the standalone GET stream
// server messages come on), as the SDK reads them.
//
// Streamable HTTP is captured here rather than by wrapping the SDK's
// Connection: the SDK tells its Streamable HTTP connection that the session
// began through a method its Connection interface does not have, and a
// wrapper hides it. The connection then neither opens the standalone GET
// stream (so notifications/tools/list_changed never comes) nor sends the
// negotiated MCP-Protocol-Version. Below the SDK, nothing of it is hidden.
type captureHTTP struct {
	base http.RoundTripper
	cap  *capture
}

// RoundTrip sends req through the base transport, telling the capture of the
// message it carries and of those its answer carries.
func (h *captureHTTP) RoundTrip(req *http.Request) (*http.Response, error) {
	var (
		msg jsonrpc.Message
		p   *rawPage
	)
	if req.Method == http.MethodPost && req.GetBody != nil {
		if data, err := readCopy(req.GetBody); err == nil {
			if m, err := jsonrpc.DecodeMessage(data); err == nil {
				msg = m
				p = h.cap.sending(req.Context(), m, data)
			}
		}
	}
	resp, err := h.base.RoundTrip(req)
	if msg != nil {
		werr := err
		if err == nil && (resp.StatusCode < 200 || resp.StatusCode > 299) {
			werr = fmt.Errorf("HTTP status %d", resp.StatusCode)
		}
		h.cap.written(msg, p, werr)
	}
	if err != nil || resp.StatusCode < 200 || resp.StatusCode > 299 || resp.Body == nil {
		return resp, err
	}
	media, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch media {
	case "application/json":
		resp.Body = &jsonBody{ReadCloser: resp.Body, cap: h.cap}
	case "text/event-stream":
		resp.Body = &sseBody{ReadCloser: resp.Body, cap: h.cap}
	}
	return resp, nil
}

// readCopy reads a copy of a request's body.
func readCopy(getBody func() (io.ReadCloser, error)) ([]byte, error) {
	body, err := getBody()
	if err != nil {
		return nil, err
	}
	defer body.Close()
	return io.ReadAll(body)
}

// A jsonBody is an application/json answer: what the SDK reads of it is kept,
// and once it read all, the capture is told of the message (or that it is
// not one) before the SDK can decode it.
type jsonBody struct {
	io.ReadCloser
	cap  *capture
	buf  bytes.Buffer
	done bool
}

func (b *jsonBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if b.done {
		return n, err
	}
	b.buf.Write(p[:n])
	if errors.Is(err, io.EOF) {
		b.done = true
		if data := bytes.TrimSpace(b.buf.Bytes()); len(data) > 0 {
			observe(b.cap, data)
		}
		b.buf = bytes.Buffer{}
	}
	return n, err
}

// observe tells c of the message data holds, or that data is not one.
func observe(c *capture, data []byte) {
	msg, err := jsonrpc.DecodeMessage(data)
	if err != nil {
		c.readFailed(fmt.Errorf("a message that is not JSON-RPC: %v", err))
		return
	}
	c.received(msg, data)
}

// An sseBody is a text/event-stream answer: its events are read as the SDK
// reads the stream, and the capture told of each message event's data as soon
// as the blank line ending the event went by, before the SDK can decode it.
// Events are read as the SDK reads them (lines ended by "\n", a "\r" before
// it dropped; "data" fields joined by "\n"; events named other than "message"
// and events without data skipped). An event larger than the SDK's own cap
// (mcp.DefaultMaxEventSize) is not kept: the SDK refuses it too. Like the
// SDK's, its reads come from one goroutine.
type sseBody struct {
	io.ReadCloser
	cap *capture

	line    []byte // the line being read
	data    []byte // the event's data so far
	hasData bool   // the event has a data field
	other   bool   // the event is named other than "message"
	size    int    // the event's bytes so far
	tooBig  bool   // the event went over the cap
}

func (b *sseBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	chunk := p[:n]
	for len(chunk) > 0 {
		i := bytes.IndexByte(chunk, '\n')
		if i < 0 {
			b.take(chunk)
			break
		}
		b.take(chunk[:i])
		b.endLine()
		chunk = chunk[i+1:]
	}
	if errors.Is(err, io.EOF) {
		if len(b.line) > 0 {
			b.endLine()
		}
		b.endLine() // the stream's end ends its last event
	}
	return n, err
}

// take adds part of a line, unless the event is already over the cap.
func (b *sseBody) take(part []byte) {
	b.size += len(part)
	if b.size > mcp.DefaultMaxEventSize {
		b.tooBig, b.line, b.data = true, nil, nil
	}
	if !b.tooBig {
		b.line = append(b.line, part...)
	}
}

// endLine reads the line read: a field of the event, or the blank line ending
// it.
func (b *sseBody) endLine() {
	line := bytes.TrimSuffix(b.line, []byte("\r"))
	b.line = b.line[:0]
	b.size++ // the line's "\n"
	if len(line) == 0 {
		if b.hasData && len(b.data) > 0 && !b.other && !b.tooBig {
			observe(b.cap, b.data)
		}
		b.data, b.hasData, b.other, b.size, b.tooBig = b.data[:0], false, false, 0, false
		return
	}
	if b.tooBig {
		return
	}
	name, value, _ := bytes.Cut(line, []byte(":"))
	value = bytes.TrimPrefix(value, []byte(" "))
	switch string(name) {
	case "data":
		if b.hasData {
			b.data = append(b.data, '\n')
		}
		b.data = append(b.data, value...)
		b.hasData = true
	case "event":
		b.other = len(value) > 0 && string(value) != "message"
	}
}
