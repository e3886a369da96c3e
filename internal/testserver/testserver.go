// Package testserver is an MCP server for tests, written with the official
// go-sdk. Tests start it in process over the SDK's in-memory transports (New),
// or as a real process (the command in cmd/mcptestserver) over stdio,
// Streamable HTTP or the legacy HTTP+SSE transport.
//
// Its tools are listed in pages of three (Options.PageSize), sorted by name as
// the SDK sorts them, and each tool's inputSchema is sent as the bytes of
// Schemas: members in an unusual order and numbers such as 1e400 and 1.0 as
// written. The SDK's Server.AddTool decodes a schema into map[string]any to
// check its "type", which rejects 1e400 (out of float64 range), so every tool
// is registered with the placeholder {"type":"object"} and a receiving
// middleware puts the raw bytes (a json.RawMessage, which the SDK's encoder
// writes through unchanged once compact) into each tools/list result.
//
// The tools:
//   - audio: an AudioContent holding a short real WAV file;
//   - change_list: adds the tool added_later, or removes it when present, and
//     so makes the SDK send notifications/tools/list_changed;
//   - embedded_pdf: an EmbeddedResource whose blob is a real one-page PDF;
//   - fail: a result with isError true;
//   - image: an ImageContent holding a real 2×2 PNG;
//   - numbers: text; its schema holds 1e400, 1.0 and -0.0;
//   - resource_link: a ResourceLink;
//   - slow: sleeps steps×delay_ms, sending notifications/progress after each
//     step when the request has a progress token, and stops with the
//     context's error when the call is cancelled;
//   - structured: structuredContent with an outputSchema, and the same value
//     as text;
//   - text: a TextContent echoing its "message" argument.
//
// The modes (Options fields, and flags of the command) break the server on
// purpose: CrashMidCall ends the process while a tools/call is in flight,
// HangOnInitialize never answers initialize, Noise writes what is not
// JSON-RPC on stdout (ServeStdio), and StderrLines writes numbered lines on
// Stderr at start.
package testserver

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultPageSize is the number of tools a tools/list page holds when
// Options.PageSize is zero.
const DefaultPageSize = 3

// Noise says what ServeStdio writes on stdout that is not JSON-RPC.
type Noise string

const (
	// NoNoise writes JSON-RPC only.
	NoNoise Noise = ""
	// NoiseBefore writes NoiseLine before the server's first JSON-RPC message,
	// then serves normally.
	NoiseBefore Noise = "before"
	// NoiseInstead answers every line read with NoiseLine and never writes
	// JSON-RPC.
	NoiseInstead Noise = "instead"
)

// NoiseLine is the line the Noise modes write on stdout.
const NoiseLine = "mcptestserver: this line is not JSON-RPC"

// AddedLaterTool is the tool that change_list adds and removes.
const AddedLaterTool = "added_later"

// Options configure a test server. The zero value is a well-behaved server.
type Options struct {
	// PageSize is the number of tools per tools/list page; zero means
	// DefaultPageSize.
	PageSize int
	// Stderr, when non-nil, receives the server's log lines: StderrLines
	// numbered lines at start, one line per tools/call received, and a line
	// when a call is cancelled or crashes. Writes are serialised.
	Stderr io.Writer
	// StderrLines is the number of lines "stderr line I of N" written on
	// Stderr when the server is created.
	StderrLines int
	// HangOnInitialize makes the server never answer the handshake: an
	// initialize request, or the server/discover request clients of the
	// 2026-07-28 protocol send first, waits until its context ends (the
	// connection closes).
	HangOnInitialize bool
	// CrashMidCall, when non-nil, is called by every tools/call after the
	// call was received (and after one progress notification, when the call
	// has a progress token), before it is answered. The command passes a
	// function that exits the process; a call it returns from is answered
	// with a JSON-RPC error.
	CrashMidCall func()
	// Noise is what ServeStdio writes on stdout that is not JSON-RPC; New
	// ignores it.
	Noise Noise
}

// Schemas returns the inputSchema bytes each tool sends, by tool name,
// AddedLaterTool included. The bytes are compact JSON, so they are what the
// wire carries.
func Schemas() map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(rawSchemas))
	for name, s := range rawSchemas {
		out[name] = json.RawMessage(s)
	}
	return out
}

// rawSchemas holds each tool's input schema as sent: members out of the usual
// order ("properties" or "required" before "type"), and number text a decoder
// into float64 would change.
var rawSchemas = map[string]string{
	"audio":        `{"properties":{},"additionalProperties":false,"type":"object"}`,
	"change_list":  `{"description":"Adds added_later, or removes it.","type":"object","properties":{}}`,
	"embedded_pdf": `{"required":[],"properties":{"title":{"type":"string","maxLength":80}},"type":"object"}`,
	"fail":         `{"properties":{"reason":{"default":"requested","type":"string"}},"type":"object"}`,
	"image":        `{"type":"object","properties":{"size":{"enum":[2],"type":"integer"}}}`,
	"numbers":      `{"properties":{"huge":{"maximum":1e400,"type":"number"},"exact":{"type":"number","minimum":1.0,"multipleOf":0.10},"signed":{"const":-0.0}},"required":["huge","exact"],"type":"object"}`,
	"resource_link": `{"type":"object","properties":{"uri":{"format":"uri","type":"string",` +
		`"default":"file:///testserver/notes.txt"}},"additionalProperties":false}`,
	"slow":         `{"properties":{"steps":{"minimum":1,"maximum":1000,"type":"integer","default":5},"delay_ms":{"type":"integer","minimum":0,"default":100}},"type":"object"}`,
	"structured":   `{"properties":{"city":{"type":"string"}},"required":["city"],"type":"object","additionalProperties":false}`,
	"text":         `{"properties":{"message":{"type":"string","description":"Echoed back."}},"type":"object","required":["message"]}`,
	AddedLaterTool: `{"properties":{"z":{"type":"string"},"a":{"type":"string"}},"type":"object"}`,
}

const structuredOutputSchema = `{"type":"object","properties":{"city":{"type":"string"},"celsius":{"type":"number"}},"required":["city","celsius"]}`

// server is one test server's state: its options and a serialised Stderr.
type server struct {
	opts Options
	mcp  *mcp.Server
	mu   sync.Mutex // serialises writes to opts.Stderr

	listMu     sync.Mutex // held while change_list changes the list
	addedLater bool       // whether AddedLaterTool is listed
}

// New returns a test server with every tool of the package doc, configured by
// opts. It writes opts.StderrLines lines on opts.Stderr before it returns.
func New(opts Options) *mcp.Server {
	if opts.PageSize <= 0 {
		opts.PageSize = DefaultPageSize
	}
	s := &server{opts: opts}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "mcptestserver", Title: "strictscope test server", Version: "1.0.0"},
		&mcp.ServerOptions{
			PageSize:     opts.PageSize,
			Instructions: "A server for strictscope's tests. Its tools misbehave on request.",
			Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{ListChanged: true}},
		})
	for i := 1; i <= opts.StderrLines; i++ {
		s.logf("stderr line %d of %d", i, opts.StderrLines)
	}
	s.mcp.AddReceivingMiddleware(s.middleware)
	for _, t := range s.tools() {
		s.add(t.name, t.description, t.handler, t.output)
	}
	return s.mcp
}

type toolDef struct {
	name, description string
	handler           mcp.ToolHandler
	output            string // the raw outputSchema, or ""
}

func (s *server) tools() []toolDef {
	return []toolDef{
		{"audio", "Returns a short WAV file as audio content.", s.audio, ""},
		{"change_list", "Adds the tool added_later, or removes it, and so changes the tool list.", s.changeList, ""},
		{"embedded_pdf", "Returns a one-page PDF as an embedded resource.", s.embeddedPDF, ""},
		{"fail", "Returns a result with isError set.", s.fail, ""},
		{"image", "Returns a 2x2 PNG as image content.", s.image, ""},
		{"numbers", "Its schema holds numbers as written: 1e400, 1.0, -0.0.", s.numbers, ""},
		{"resource_link", "Returns a link to a resource.", s.resourceLink, ""},
		{"slow", "Sleeps in steps, sending progress, until done or cancelled.", s.slow, ""},
		{"structured", "Returns structured content with an output schema.", s.structured, structuredOutputSchema},
		{"text", "Echoes its message as text.", s.text, ""},
	}
}

// add registers a tool with the placeholder input schema (see the package
// doc); the middleware sends the raw one.
func (s *server) add(name, description string, h mcp.ToolHandler, output string) {
	t := &mcp.Tool{Name: name, Description: description, InputSchema: json.RawMessage(`{"type":"object"}`)}
	if output != "" {
		t.OutputSchema = json.RawMessage(output)
	}
	s.mcp.AddTool(t, s.logCall(h))
}

// logf writes one line on opts.Stderr, when set.
func (s *server) logf(format string, args ...any) {
	if s.opts.Stderr == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.opts.Stderr, format+"\n", args...)
}

// middleware hangs on initialize when asked to, and puts each tool's raw
// input schema into tools/list results.
func (s *server) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if (method == "initialize" || method == "server/discover") && s.opts.HangOnInitialize {
			s.logf("hanging on %s", method)
			<-ctx.Done()
			return nil, ctx.Err()
		}
		res, err := next(ctx, method, req)
		if err != nil || method != "tools/list" {
			return res, err
		}
		list, ok := res.(*mcp.ListToolsResult)
		if !ok {
			return res, err
		}
		// The SDK's result points at the registered tools: copy before
		// changing.
		out := *list
		out.Tools = make([]*mcp.Tool, len(list.Tools))
		for i, t := range list.Tools {
			c := *t
			if raw, ok := rawSchemas[t.Name]; ok {
				c.InputSchema = json.RawMessage(raw)
			}
			out.Tools[i] = &c
		}
		return &out, nil
	}
}

// logCall logs each call and crashes it when Options.CrashMidCall is set.
func (s *server) logCall(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		s.logf("call %s", req.Params.Name)
		if s.opts.CrashMidCall != nil {
			if tok := req.Params.GetProgressToken(); tok != nil {
				_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: 0, Total: 1, Message: "about to crash"})
			}
			s.logf("crashing mid-call %s", req.Params.Name)
			s.opts.CrashMidCall()
			return nil, fmt.Errorf("tool %s: crashed mid-call", req.Params.Name)
		}
		return h(ctx, req)
	}
}

// args decodes a call's arguments into v; absent arguments leave v as is.
func args(req *mcp.CallToolRequest, v any) error {
	if len(req.Params.Arguments) == 0 {
		return nil
	}
	if err := json.Unmarshal(req.Params.Arguments, v); err != nil {
		return fmt.Errorf("tool %s: arguments: %v", req.Params.Name, err)
	}
	return nil
}

func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

func (s *server) text(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct {
		Message string `json:"message"`
	}
	if err := args(req, &in); err != nil {
		return nil, err
	}
	return textResult(in.Message), nil
}

func (s *server) numbers(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return textResult("arguments: " + string(req.Params.Arguments)), nil
}

func (s *server) image(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{Data: PNG(), MIMEType: "image/png"}}}, nil
}

func (s *server) audio(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.AudioContent{Data: WAV(), MIMEType: "audio/wav"}}}, nil
}

func (s *server) embeddedPDF(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
		URI: "file:///testserver/report.pdf", MIMEType: "application/pdf", Blob: PDF(),
	}}}}, nil
}

func (s *server) resourceLink(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	in := struct {
		URI string `json:"uri"`
	}{URI: "file:///testserver/notes.txt"}
	if err := args(req, &in); err != nil {
		return nil, err
	}
	size := int64(42)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ResourceLink{
		URI: in.URI, Name: "notes.txt", Title: "Notes", Description: "A text file the server holds.",
		MIMEType: "text/plain", Size: &size,
	}}}, nil
}

func (s *server) structured(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct {
		City string `json:"city"`
	}
	if err := args(req, &in); err != nil {
		return nil, err
	}
	out := map[string]any{"city": in.City, "celsius": 21.5}
	text, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(text)}}, StructuredContent: out}, nil
}

func (s *server) fail(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	in := struct {
		Reason string `json:"reason"`
	}{Reason: "requested"}
	if err := args(req, &in); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "failed: " + in.Reason}}}, nil
}

func (s *server) changeList(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	// The SDK sends notifications/tools/list_changed to every session on
	// AddTool and on a RemoveTools that removed something.
	s.listMu.Lock()
	defer s.listMu.Unlock()
	if s.addedLater {
		s.addedLater = false
		s.mcp.RemoveTools(AddedLaterTool)
		return textResult("removed " + AddedLaterTool), nil
	}
	s.addedLater = true
	s.add(AddedLaterTool, "Added by change_list.", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return textResult("added later"), nil
	}, "")
	return textResult("added " + AddedLaterTool), nil
}

func (s *server) slow(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	in := struct {
		Steps   int `json:"steps"`
		DelayMS int `json:"delay_ms"`
	}{Steps: 5, DelayMS: 100}
	if err := args(req, &in); err != nil {
		return nil, err
	}
	if in.Steps < 1 || in.Steps > 1000 || in.DelayMS < 0 {
		return nil, fmt.Errorf("tool slow: steps must be 1 to 1000 and delay_ms at least 0")
	}
	tok := req.Params.GetProgressToken()
	timer := time.NewTimer(0)
	<-timer.C
	for i := 1; i <= in.Steps; i++ {
		timer.Reset(time.Duration(in.DelayMS) * time.Millisecond)
		select {
		case <-ctx.Done():
			timer.Stop()
			s.logf("slow: cancelled after %d of %d steps", i-1, in.Steps)
			return nil, ctx.Err()
		case <-timer.C:
		}
		if tok != nil {
			err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
				ProgressToken: tok, Progress: float64(i), Total: float64(in.Steps),
				Message: fmt.Sprintf("step %d of %d", i, in.Steps),
			})
			if err != nil && ctx.Err() == nil {
				return nil, fmt.Errorf("tool slow: progress: %w", err)
			}
		}
	}
	return textResult(fmt.Sprintf("done after %d steps", in.Steps)), nil
}
