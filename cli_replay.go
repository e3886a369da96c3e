package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
)

var replayCommand = command{
	name:    "replay",
	summary: "replay a session or recording step by step: calls, stripped nulls, validation, outputs, next input",
	usage:   "strictscope replay [--json] [--stages] [--save FILE] [--tools [NAME=]FILE …] [--api chat|responses] [--strict auto|true|false] [--no-prefix] [--error-prefix S] [--structured MODE] [--apply-defaults] SESSION",
	run:     runReplay,
}

func runReplay(e *env, args []string) (int, error) {
	fs := newFlags(e, "replay")
	asJSON := fs.json(helpReplayJSON)
	withStages := fs.Bool("stages", false, helpReplayStages)
	toolArgs := fs.tools(helpTools)
	apiFlag := fs.api("", helpReplayAPI)
	strict := fs.strict("", helpReplayStrict)
	noPrefix := fs.noPrefix()
	prefix := fs.errorPrefix()
	structured := fs.structured()
	applyDefaults := fs.applyDefaults()
	save := fs.String("save", "", helpReplaySave)
	pos, err := fs.parse(args)
	if err != nil {
		return exitBad, err
	}
	opts := sessions.DefaultReplayOptions()
	opts.NoPrefix, opts.ErrorPrefix, opts.ApplyDefaults = *noPrefix, *prefix, *applyDefaults
	if *apiFlag != "" {
		if opts.API, err = parseAPI("replay", *apiFlag); err != nil {
			return exitBad, err
		}
		opts.OutputAPI = opts.API
	}
	opts.Strict = ""
	if *strict != "" {
		if opts.Strict, err = parseStrict("replay", *strict); err != nil {
			return exitBad, err
		}
	}
	mode, err := structured()
	if err != nil {
		return exitBad, err
	}
	opts.Structured = mode
	if len(pos) != 1 {
		return exitBad, usagef("strictscope replay: name one SESSION file (a session or a recording)")
	}
	ra, err := loadRecordingArg(e, pos[0])
	if err != nil {
		return exitBad, err
	}
	name := ra.name
	var trace *sessions.Trace
	var session *sessions.Session
	if ra.session != nil {
		s, err := e.limits.ParseSession(name, ra.session)
		if err != nil {
			return exitBad, err
		}
		if len(*toolArgs) > 0 {
			servers, err := loadServers(e, *toolArgs)
			if err != nil {
				return exitBad, err
			}
			s.Servers = servers
		}
		// The options given here override the session's; a saved session holds
		// them, so that it replays as this replay did.
		if opts.API != "" {
			s.API = opts.API
		}
		if opts.Strict != "" {
			s.Strict = opts.Strict
		}
		if opts.NoPrefix {
			s.Prefix = false
		}
		either(fs.given("error-prefix"), &opts.ErrorPrefix, &s.ErrorPrefix)
		either(fs.given("structured"), &opts.Structured, &s.Structured)
		either(fs.given("apply-defaults"), &opts.ApplyDefaults, &s.ApplyDefaults)
		trace = sessions.ReplaySession(name, s, opts)
		session = s
	} else {
		var servers []adapter.Server
		if len(*toolArgs) > 0 {
			if servers, err = loadServers(e, *toolArgs); err != nil {
				return exitBad, err
			}
		}
		rec := ra.rec
		if opts.Strict == "" {
			opts.Strict = adapter.StrictAuto
		}
		trace = sessions.ReplayRecording(rec, servers, opts)
		session = sessions.SessionFromRecording(rec, servers, opts.API, opts.Strict, !opts.NoPrefix)
		session.ErrorPrefix, session.Structured, session.ApplyDefaults = opts.ErrorPrefix, opts.Structured, opts.ApplyDefaults
	}
	if *save != "" {
		data := adapter.MarshalIndent(session.Value())
		if err := writeNewFile(*save, data); err != nil {
			return exitBad, err
		}
		// A session file is read whole: one over the cap needs --max-input to be read back.
		if c := e.limits.Cap(); c > 0 && int64(len(data)) > c {
			warn(e, fmt.Sprintf("%s: the saved session is %s, over the input cap of %s: replay it with --max-input %dM or more",
				*save, plural(len(data), "byte", "bytes"), sessions.FormatSize(c), (int64(len(data))>>20)+1))
		}
	}
	for _, w := range trace.Warnings {
		warn(e, name+": "+w)
	}
	if fs.given("api") {
		for _, turn := range trace.Turns {
			if turn.API != "" && turn.OutputAPI != turn.API {
				warn(e, name+": "+turn.Label+": "+otherAPIText(turn.API, turn.OutputAPI, "its outputs are"))
				break
			}
		}
	}
	if *asJSON {
		warnTrace(e, name, trace)
		return exitOK, writeTrace(e.stdout, trace, *withStages)
	}
	text := traceSummary(trace)
	if *withStages {
		text = traceText(trace)
	}
	_, err = fmt.Fprint(e.stdout, text)
	return exitOK, err
}

// writeTrace writes trace.Value(stages) a turn at a time, so that a long
// replay is never held whole a second time as one JSON value and its text.
func writeTrace(w io.Writer, trace *sessions.Trace, stages bool) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString("{\"turns\": [")
	for i := range trace.Turns {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n")
		bw.Write(adapter.TerminalSafeJSON(adapter.MarshalIndent(trace.TurnValue(i, stages))))
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}

// warnToolsFrom says on stderr that the tools of name are a best effort from the
// recorded request, or unknown; tools given or in a session need no word.
func warnToolsFrom(e *env, name, from string) {
	switch from {
	case sessions.ToolsInferred:
		warn(e, name+": no --tools given: the tools come from the recorded request, and their null paths are inferred from it")
	case sessions.ToolsUnknown:
		warn(e, name+": no --tools given and no tools recorded: every call names an unknown tool")
	}
}

// either settles an option a flag and a session file both give: the flag's value
// when the flag was given (the session then holds it too, for --save), else the
// session's.
func either[T any](given bool, flag, session *T) {
	if given {
		*session = *flag
	} else {
		*flag = *session
	}
}

// warnTrace says on stderr what the text form says besides the stages and the
// JSON trace cannot: where the tools came from when they are a best effort from
// the recorded request or unknown (SPEC §11: the best effort "says so"), and each
// turn's warnings (a stream cut short, a result that cannot be rendered).
func warnTrace(e *env, name string, t *sessions.Trace) {
	warnToolsFrom(e, name, t.ToolsFrom)
	for _, turn := range t.Turns {
		for _, w := range turn.Warnings {
			warn(e, name+": "+turn.Label+": "+w)
		}
	}
}

// traceText writes a trace for a reader: per turn, each stage with its notes.
func traceText(t *sessions.Trace) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %s, tools: %s\n", adapter.Sanitize(t.Name), plural(len(t.Turns), "turn", "turns"), t.ToolsFrom)
	for _, turn := range t.Turns {
		sb.WriteString(turnHeading(turn))
		sb.WriteByte('\n')
		for _, w := range turn.Warnings {
			fmt.Fprintf(&sb, "  warning: %s\n", adapter.Sanitize(w))
		}
		if turn.Err != nil && len(turn.Stages) == 0 {
			fmt.Fprintf(&sb, "  %s\n", adapter.Sanitize(turn.Err.Error()))
		}
		for _, st := range turn.Stages {
			fmt.Fprintf(&sb, "  %-10s %s\n", st.Kind, adapter.Sanitize(st.Title))
			for _, n := range st.Notes {
				fmt.Fprintf(&sb, "             %s\n", adapter.Sanitize(n))
			}
			if st.Kind == sessions.StageOutput || st.Kind == sessions.StageArguments {
				if st.Output.Kind() != adapter.Null {
					fmt.Fprintf(&sb, "             %s\n", adapter.Sanitize(truncateText(st.Output.String(), 160)))
				}
			}
		}
	}
	return sb.String()
}

// traceSummary writes a trace in short: per turn one line for every call the
// model made, in its order (what was stripped, what validation found, and the
// output or why there is none), and the size of the next input. --stages gives
// every stage instead (traceText).
func traceSummary(t *sessions.Trace) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %s, tools: %s\n", adapter.Sanitize(t.Name), plural(len(t.Turns), "turn", "turns"), t.ToolsFrom)
	for _, turn := range t.Turns {
		sb.WriteString(turnHeading(turn))
		x := turn.Extracted
		if x != nil {
			fmt.Fprintf(&sb, ": %s, %d rejected", plural(len(x.Calls), "call", "calls"), len(x.Rejected))
			if len(x.Ignored) > 0 {
				fmt.Fprintf(&sb, ", %s ignored", plural(len(x.Ignored), "item", "items"))
			}
		}
		sb.WriteByte('\n')
		for _, w := range turn.Warnings {
			fmt.Fprintf(&sb, "  warning: %s\n", adapter.Sanitize(w))
		}
		if x == nil {
			if turn.Err != nil {
				fmt.Fprintf(&sb, "  %s\n", adapter.Sanitize(turn.Err.Error()))
			}
			continue
		}
		for _, k := range x.Order {
			if k < 0 {
				r := x.Rejected[-1-k]
				fmt.Fprintf(&sb, "  %s %s: rejected: %s\n", callIDText(r.CallID), adapter.Sanitize(r.Name), adapter.Sanitize(truncateText(r.Reason, 160)))
				continue
			}
			c := turn.Calls[k]
			parts := []string{}
			if len(c.Stripped) > 0 {
				paths := make([]string, len(c.Stripped))
				for i, p := range c.Stripped {
					paths[i] = p.String()
				}
				parts = append(parts, "stripped "+strings.Join(paths, " "))
			}
			parts = append(parts, validityText(c), outputText(turn, k, c.CallID))
			fmt.Fprintf(&sb, "  %s %s: %s\n", callIDText(c.CallID), adapter.Sanitize(c.Name), adapter.Sanitize(strings.Join(parts, "; ")))
		}
		fmt.Fprintf(&sb, "  next input: %s\n", plural(len(turn.NextInput), "item", "items"))
	}
	if len(t.Turns) > 0 {
		sb.WriteString("\n(--stages shows every stage with its notes)\n")
	}
	return sb.String()
}

// turnHeading starts a turn: its label, the API of its response, and the API the
// outputs are rendered for when the replay asked for the other.
func turnHeading(turn sessions.TurnTrace) string {
	h := "\n== " + adapter.Sanitize(turn.Label)
	switch {
	case turn.API != "" && turn.OutputAPI != "" && turn.OutputAPI != turn.API:
		h += fmt.Sprintf(" (%s, outputs for %s)", turn.API, turn.OutputAPI)
	case turn.API != "":
		h += fmt.Sprintf(" (%s)", turn.API)
	}
	return h
}

func callIDText(id string) string {
	if id == "" {
		return "(no call id)"
	}
	return adapter.Sanitize(id)
}

// validityText says what validation found for a call.
func validityText(c sessions.CheckedCall) string {
	switch {
	case c.SchemaErr != nil:
		return "not validated: the schema cannot be compiled"
	case c.NotChecked != nil:
		return "valid as far as known: " + c.NotChecked.Error()
	case !c.Valid:
		return "invalid: " + plural(len(c.Errors), "error", "errors") + ", first " + truncateText(c.Errors[0].Error(), 120)
	case len(c.Unchecked) > 0:
		return "valid (" + plural(len(c.Unchecked), "pattern", "patterns") + " not checked)"
	}
	return "valid"
}

// outputText says what answers call k of a turn: the output's text, shortened, or
// why there is none (and what the client sent instead, when the recording has it).
func outputText(turn sessions.TurnTrace, k int, callID string) string {
	var last *sessions.Stage
	for i := range turn.Stages {
		if turn.Stages[i].Call == k {
			last = &turn.Stages[i]
		}
	}
	switch {
	case last == nil:
		return "no output"
	case last.Kind == sessions.StageResult:
		if a, ok := turn.ClientAnswers[callID]; ok {
			return "no MCP result recorded; the client answered " + answerText(a)
		}
		return "no result recorded, so no output"
	case last.Kind == sessions.StageOutput && last.Output.Kind() == adapter.Null:
		return "the result cannot be rendered"
	case last.Kind == sessions.StageOutput:
		return "output \"" + truncateText(strings.ReplaceAll(last.Text, "\n", " ↵ "), 80) + "\""
	}
	return "no output"
}

// answerText is the text of an answer the client sent: a Chat tool message's
// content or a Responses item's output when it is a string, else its JSON.
func answerText(item adapter.Value) string {
	for _, key := range []string{"content", "output"} {
		if v, ok := item.Get(key); ok && v.Kind() == adapter.String {
			return "\"" + truncateText(strings.ReplaceAll(v.Str(), "\n", " ↵ "), 80) + "\""
		}
	}
	return truncateText(item.String(), 80)
}

func truncateText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
