package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/adapter/validate"
	"github.com/strictscope/strictscope/sessions/live"
)

var callCommand = command{
	name:    "call",
	summary: "call a tool of a live MCP server, its arguments validated first, and print the result with its rendered output",
	usage:   "strictscope call (--server NAME=COMMAND|NAME=URL | --config FILE --only NAME) [--header 'NAME: VALUE' …] [--api chat|responses] [--call-id ID] [--error-prefix S] [--structured auto|prefer|append|ignore] [--timeout D] [--force] TOOL [ARGS|-]",
	run:     runCall,
}

// defaultCallID is the call id the output answers when --call-id is not given.
const defaultCallID = "call_1"

// runCall connects to one server, finds TOOL (its name on the server, or the
// name it is exposed under), validates ARGS (a JSON object; "-" reads it from
// stdin; none is {}) against the tool's original input schema and, when they
// are valid or --force is given, calls it. It prints
// {"tool","arguments","result","output","notes"}: the result as the server
// sent it and the §9 output item rendered from it. Invalid arguments print
// {"tool","arguments","valid":false,"errors"} and exit 1 with nothing sent; a
// JSON-RPC error prints "result": null and "error", renders as a client error
// and exits 1. Progress is drawn on stderr when it is a terminal. An interrupt
// cancels the call (notifications/cancelled) and exits 2 with no server left.
func runCall(e *env, args []string) (int, error) {
	fs := newFlags(e, "call")
	var lf liveFlags
	lf.register(fs)
	fs.Lookup("timeout").Usage = helpCallTimeout
	apiFlag := fs.api(string(adapter.Chat), helpCallAPI)
	callID := fs.String("call-id", defaultCallID, helpCallCallID)
	prefix := fs.errorPrefix()
	structured := fs.structured()
	force := fs.Bool("force", false, helpForce)
	pos, err := fs.parse(args)
	if err != nil {
		return exitBad, err
	}
	api, err := parseAPI("call", *apiFlag)
	if err != nil {
		return exitBad, err
	}
	mode, err := structured()
	if err != nil {
		return exitBad, err
	}
	if len(pos) == 0 || len(pos) > 2 {
		return exitBad, usagef("strictscope call: give TOOL and, if it takes any, its ARGS as a JSON object (or - to read them from stdin)")
	}
	if !lf.given() {
		return exitBad, usagef("strictscope call: name the server with --server NAME=COMMAND, --server NAME=URL or --config FILE --only NAME")
	}
	arguments, err := callArguments(e, pos[1:])
	if err != nil {
		return exitBad, err
	}
	specs, err := lf.specs(e, "call")
	if err != nil {
		return exitBad, err
	}
	if len(specs) != 1 {
		return exitBad, usagef("strictscope call: calls a tool of exactly one server, and %d are named (a --config file with several needs --only NAME)", len(specs))
	}
	ls, err := openLive(specs, lf.timeout)
	if err != nil {
		return exitBad, err
	}
	defer ls.end()
	ctx, conn, server := ls.ctx, ls.conns[0], specs[0].Name
	tool, err := findTool(server, pos[0], conn.Tools().Tools)
	if err != nil {
		return exitBad, err
	}

	var notes []string
	validator := validate.New()
	errs, verr := validator.Validate(tool.InputSchema, arguments)
	var nc *validate.NotCheckedError
	var ce *validate.CompileError
	switch {
	case errors.As(verr, &nc):
		notes = append(notes, "the arguments were "+nc.Error())
	case errors.As(verr, &ce):
		notes = append(notes, "the arguments were not checked: the tool's "+ce.Error())
	case verr != nil:
		notes = append(notes, "the arguments were not checked: "+verr.Error())
	}
	if verr == nil {
		for _, p := range validator.Unchecked(tool.InputSchema) {
			notes = append(notes, "not checked: the pattern at "+p.String()+" is not a Go (RE2) regular expression")
		}
	}
	if len(errs) > 0 && !*force {
		vals := make([]adapter.Value, len(errs))
		for i, e := range errs {
			vals[i] = e.Value()
		}
		fmt.Fprintf(e.stderr, "strictscope call: the arguments do not match the input schema of %s: nothing was sent (--force sends them all the same)\n", termsafe.Quote(tool.Name))
		return exitFinding, writeJSON(e.stdout, adapter.ObjectValue(
			adapter.MemberOf("tool", adapter.StringValue(tool.Name)),
			adapter.MemberOf("arguments", arguments),
			adapter.MemberOf("valid", adapter.BoolValue(false)),
			adapter.MemberOf("errors", adapter.ArrayValue(vals...)),
		))
	}
	for _, e := range errs {
		notes = append(notes, "sent with --force although invalid: "+e.Error())
	}

	opts := live.CallOptions{Timeout: lf.timeout}
	var bar *progressLine
	if f, ok := e.stderr.(*os.File); ok && term.IsTerminal(f.Fd()) {
		bar = &progressLine{w: e.stderr, tool: tool.Name, start: time.Now()}
		opts.OnProgress = bar.draw
	}
	res, err := conn.CallTool(ctx, tool.Name, adapter.AppendCompact(nil, arguments), opts)
	bar.clear()
	if err != nil {
		return exitBad, err
	}

	outOpts := adapter.OutputOptions{API: api, ErrorPrefix: *prefix, Structured: mode}
	result := adapter.NullValue()
	rendered, isRPCError := res.ClientError()
	if !isRPCError {
		if result, err = adapter.Decode(res.Raw); err != nil {
			return exitBad, fmt.Errorf("server %s: the result of tools/call %s is not JSON the adapter reads: %v", termsafe.Quote(server), termsafe.Quote(tool.Name), err)
		}
		rendered = result
	}
	out, err := adapter.ToolOutput(*callID, rendered, outOpts)
	if err != nil {
		return exitBad, fmt.Errorf("server %s: the result of tools/call %s: %v", termsafe.Quote(server), termsafe.Quote(tool.Name), err)
	}
	notes = append(notes, out.Notes...)
	noteVals := make([]adapter.Value, len(notes))
	for i, n := range notes {
		noteVals[i] = adapter.StringValue(n)
	}
	mems := []adapter.Member{
		adapter.MemberOf("tool", adapter.StringValue(tool.Name)),
		adapter.MemberOf("arguments", arguments),
		adapter.MemberOf("result", result),
	}
	if isRPCError {
		rpc, _ := rendered.Get("error")
		mems = append(mems, adapter.MemberOf("error", rpc))
	}
	mems = append(mems,
		adapter.MemberOf("output", out.Item),
		adapter.MemberOf("notes", adapter.ArrayValue(noteVals...)),
	)
	code := exitOK
	if isRPCError {
		code = exitFinding
		fmt.Fprintf(e.stderr, "strictscope call: server %s answered tools/call %s with a JSON-RPC error\n", termsafe.Quote(server), termsafe.Quote(tool.Name))
	}
	return code, writeJSON(e.stdout, adapter.ObjectValue(mems...))
}

// callArguments reads ARGS: a JSON object given as the argument's text, or
// read from stdin for "-"; none is {}.
func callArguments(e *env, pos []string) (adapter.Value, error) {
	if len(pos) == 0 {
		return adapter.ObjectValue(), nil
	}
	name, data := "ARGS", []byte(pos[0])
	if pos[0] == "-" {
		var err error
		if name, data, err = readInput(e, "-", true); err != nil {
			return adapter.Value{}, err
		}
	}
	v, err := adapter.Decode(data)
	if err != nil {
		return adapter.Value{}, usagef("strictscope call: %s is not JSON: %s", name, termsafe.Sanitize(err.Error()))
	}
	if v.Kind() != adapter.Object {
		return adapter.Value{}, usagef("strictscope call: %s must be a JSON object, not %s", name, v.Kind())
	}
	return v, nil
}

// findTool finds a tool of the server by its name on the server, else by
// the name it is exposed under (SERVER__TOOL, or TOOL as --no-prefix makes
// it). A name it has not is an error naming the tools it has.
func findTool(server, name string, tools []adapter.Tool) (adapter.Tool, error) {
	for _, t := range tools {
		if t.Name == name {
			return t, nil
		}
	}
	servers := []adapter.Server{{Name: server, Tools: tools}}
	for _, noPrefix := range []bool{false, true} {
		if en, ok := adapter.NewToolSet(servers, adapter.NameOptions{NoPrefix: noPrefix}).Lookup(name); ok {
			return en.Tool, nil
		}
	}
	if len(tools) == 0 {
		return adapter.Tool{}, fmt.Errorf("server %s has no tool %s: it lists none", termsafe.Quote(server), termsafe.Quote(name))
	}
	const shown = 50
	names := make([]string, 0, min(len(tools), shown))
	for _, t := range tools[:min(len(tools), shown)] {
		names = append(names, termsafe.Quote(t.Name))
	}
	more := ""
	if len(tools) > shown {
		more = fmt.Sprintf(" and %d more", len(tools)-shown)
	}
	return adapter.Tool{}, fmt.Errorf("server %s has no tool %s; its tools: %s%s", termsafe.Quote(server), termsafe.Quote(name), strings.Join(names, ", "), more)
}

// A progressLine draws a call's progress on one line of a terminal: the
// tool, a bar when the server gives a total, the server's message and the
// time elapsed. Each notification redraws it; clear erases it, and nothing is
// drawn after.
type progressLine struct {
	w     io.Writer
	tool  string
	start time.Time

	mu    sync.Mutex
	drawn bool
	done  bool // cleared for good: a notification the SDK hands over late draws nothing
}

// barWidth is the number of cells of the progress bar.
const barWidth = 20

func (p *progressLine) draw(pr live.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done {
		return
	}
	fmt.Fprint(p.w, "\r\x1b[K"+progressText(p.tool, pr, time.Since(p.start)))
	p.drawn = true
}

func (p *progressLine) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = true
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

// progressText is one progress line: "strictscope: TOOL [#####     ] 3/10
// MESSAGE (1.2s)", without the bar and total when the server gave no total.
// The tool's name and the message are sanitized and shortened.
func progressText(tool string, pr live.Progress, elapsed time.Duration) string {
	var sb strings.Builder
	sb.WriteString("strictscope: " + termsafe.Shorten(termsafe.Sanitize(tool), 40) + " ")
	if pr.Total > 0 {
		frac := min(max(pr.Progress/pr.Total, 0), 1)
		filled := int(frac * barWidth)
		sb.WriteString("[" + strings.Repeat("#", filled) + strings.Repeat(" ", barWidth-filled) + "] ")
		fmt.Fprintf(&sb, "%g/%g", pr.Progress, pr.Total)
	} else {
		fmt.Fprintf(&sb, "%g", pr.Progress)
	}
	if pr.Message != "" {
		sb.WriteString(" " + termsafe.Shorten(termsafe.Sanitize(pr.Message), 60))
	}
	fmt.Fprintf(&sb, " (%.1fs)", elapsed.Seconds())
	return sb.String()
}
