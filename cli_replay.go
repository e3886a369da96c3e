package main

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/internal/words"
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
	var session *sessions.Session
	var replay func(each func(*sessions.Trace, sessions.TurnTrace)) *sessions.Trace
	var turns int // how many turns the replay makes, for the text heading
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
		session = s
		turns = len(s.Turns)
		listsGiven := len(*toolArgs) > 0
		replay = func(each func(*sessions.Trace, sessions.TurnTrace)) *sessions.Trace {
			tr := sessions.ReplaySession(name, s, opts)
			if listsGiven {
				// The lists replaced the session's servers.
				tr.ToolsFrom = sessions.ToolsGiven
			}
			for _, turn := range tr.Turns {
				each(tr, turn)
			}
			return tr
		}
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
		session = sessions.SessionFromRecording(rec, servers, opts.API, opts.Strict, !opts.NoPrefix)
		session.ErrorPrefix, session.Structured, session.ApplyDefaults = opts.ErrorPrefix, opts.Structured, opts.ApplyDefaults
		// A recording's turns are printed as they are made, and dropped: a
		// long recording's replay is never held whole.
		turns = len(rec.Exchanges)
		replay = func(each func(*sessions.Trace, sessions.TurnTrace)) *sessions.Trace {
			return sessions.ReplayRecordingEach(rec, servers, opts, each)
		}
	}
	// The session is saved before anything is printed: a --save that fails
	// leaves stdout empty.
	if *save != "" {
		data := adapter.MarshalIndent(session.Value())
		if err := writeNewFile(*save, data); err != nil {
			return exitBad, err
		}
		// A session file is read whole: one over the cap needs --max-input to be read back.
		if c := e.limits.Cap(); c > 0 && int64(len(data)) > c {
			warn(e, fmt.Sprintf("%s: the saved session is %s, over the input cap of %s: replay it with --max-input %dM or more",
				*save, words.Count(len(data), "byte", "bytes"), sessions.FormatSize(c), (int64(len(data))>>20)+1))
		}
	}
	p := newReplayPrinter(e, name, turns, *asJSON, *withStages, fs.given("api"))
	trace := replay(p.turn)
	return exitOK, p.finish(trace)
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

// turnHeading starts a turn: its label, the API of its response, and the API the
// outputs are rendered for when the replay asked for the other.
func turnHeading(turn sessions.TurnTrace) string {
	h := "\n== " + termsafe.Sanitize(turn.Label)
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
	return termsafe.Sanitize(id)
}

// validityText says what validation found for a call.
func validityText(c sessions.CheckedCall) string {
	switch {
	case c.SchemaErr != nil:
		return "not validated: the schema cannot be compiled"
	case c.NotChecked != nil:
		return "valid as far as known: " + c.NotChecked.Error()
	case !c.Valid:
		return "invalid: " + words.Count(len(c.Errors), "error", "errors") + ", first " + termsafe.Shorten(c.Errors[0].Error(), 120)
	case len(c.Unchecked) > 0:
		return "valid (" + words.Count(len(c.Unchecked), "pattern", "patterns") + " not checked)"
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
		return "output \"" + termsafe.Shorten(strings.ReplaceAll(last.Text, "\n", " ↵ "), 80) + "\""
	}
	return "no output"
}

// answerText is the text of an answer the client sent: a Chat tool message's
// content or a Responses item's output when it is a string, else its JSON.
func answerText(item adapter.Value) string {
	for _, key := range []string{"content", "output"} {
		if v, ok := item.Get(key); ok && v.Kind() == adapter.String {
			return "\"" + termsafe.Shorten(strings.ReplaceAll(v.Str(), "\n", " ↵ "), 80) + "\""
		}
	}
	return termsafe.Shorten(item.String(), 80)
}
