package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/validate"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions"
)

var callsCommand = command{
	name:    "calls",
	summary: "extract the model's tool calls from a response or recording, nulls stripped and validated",
	usage:   "strictscope calls [--api chat|responses] [--tools [NAME=]FILE …] [--strict auto|true|false] [--no-prefix] [--apply-defaults] [--error-prefix S] RESPONSE",
	run:     runCalls,
}

func runCalls(e *env, args []string) (int, error) {
	fs := newFlags(e, "calls")
	var tf toolFlags
	tf.register(fs, helpCallsAPI, false)
	toolArgs := fs.tools(helpTools)
	var lf liveFlags
	lf.register(fs)
	applyDefaults := fs.applyDefaults()
	prefix := fs.errorPrefix()
	pos, err := fs.parse(args)
	if err != nil {
		return exitBad, err
	}
	// --api is the API rejected outputs are written for; without it each
	// response's own. The tools are the same to the calls whichever API they are
	// rendered for.
	outAPI := *tf.api
	if *tf.api == "" {
		*tf.api = string(adapter.Chat)
	}
	opts, err := tf.options("calls")
	if err != nil {
		return exitBad, err
	}
	if len(pos) != 1 {
		return exitBad, usagef("strictscope calls: name one RESPONSE file (or - for stdin)")
	}
	rep, err := sendTools(e, *toolArgs, &lf, "calls", *tf.noPrefix, opts)
	if err != nil {
		return exitBad, err
	}
	var given *adapter.SentTools
	if rep != nil {
		given = rep.Sent()
	}
	ra, err := loadRecordingArg(e, pos[0])
	if err != nil {
		return exitBad, err
	}
	name := ra.name
	rec, session, sessionTools, err := loadResponses(e.limits, ra, *tf.noPrefix, fs.given("strict"), opts)
	if err != nil {
		return exitBad, err
	}
	if given == nil {
		given = sessionTools
	}
	for _, w := range rec.Warnings {
		warn(e, name+": "+w)
	}
	callOpts := adapter.CallsOptions{ErrorPrefix: *prefix, ApplyDefaults: *applyDefaults, OutputAPI: adapter.API(outAPI)}
	// A session's own error prefix and defaults apply unless the flags are given.
	if session != nil && !fs.given("error-prefix") {
		callOpts.ErrorPrefix = session.ErrorPrefix
	}
	if session != nil && !fs.given("apply-defaults") {
		callOpts.ApplyDefaults = session.ApplyDefaults
	}
	validator := validate.New()
	calls, rejected := []adapter.Value{}, []adapter.Value{}
	warned := map[string]bool{} // where the tools came from, said once each
	var toolless []string       // the exchanges whose request recorded no tools
	for _, ex := range rec.Exchanges {
		for _, w := range ex.Warnings {
			warn(e, name+": "+ex.Label+": "+w)
		}
		if ex.Response.Has("error") && !ex.Response.Has("output") && !ex.Response.Has("choices") {
			warn(e, name+": "+ex.Label+": the response is an error body; it holds no calls")
			continue
		}
		sent := given
		if sent == nil {
			sent = sessions.ToolsFromRequest(ex.Request)
			if sent == nil {
				toolless = append(toolless, ex.Label)
			} else if !warned[sessions.ToolsInferred] {
				warned[sessions.ToolsInferred] = true
				warnToolsFrom(e, name, sessions.ToolsInferred)
			}
		}
		x, err := adapter.ToolCalls(ex.Response, sent, callOpts)
		if err == nil && outAPI != "" && x.API != callOpts.OutputAPI && len(x.Rejected) > 0 && !warned["api"] {
			warned["api"] = true
			warn(e, name+": "+ex.Label+": "+otherAPIText(x.API, callOpts.OutputAPI, "its rejected outputs are"))
		}
		if err != nil {
			var re *adapter.ResponseError
			if errors.As(err, &re) {
				return exitBad, &sessions.LoadError{File: name, Where: joinWhere(ex.Label, re.Path.Pointer()), Msg: re.Msg, Err: err}
			}
			return exitBad, &sessions.LoadError{File: name, Where: ex.Label, Msg: err.Error(), Err: err}
		}
		for _, c := range sessions.CheckCalls(x, validator) {
			calls = append(calls, c.Value())
		}
		rejected = append(rejected, sessions.RejectedValues(x)...)
	}
	switch {
	case len(toolless) == 0:
	case !warned[sessions.ToolsInferred]:
		warnToolsFrom(e, name, sessions.ToolsUnknown)
	default:
		warn(e, name+": "+toollessText(toolless))
	}
	out := adapter.ObjectValue(
		adapter.MemberOf("calls", adapter.ArrayValue(calls...)),
		adapter.MemberOf("rejected", adapter.ArrayValue(rejected...)),
	)
	return exitOK, writeJSON(e.stdout, out)
}

// toollessText says which exchanges recorded no tools, when others did: their
// calls name an unknown tool. It names the first three.
func toollessText(labels []string) string {
	shown := labels[:min(len(labels), 3)]
	more := ""
	if len(labels) > len(shown) {
		more = ", …"
	}
	return fmt.Sprintf("no --tools given, and %s recorded no tools in the request (%s%s): the calls there name an unknown tool",
		words.Count(len(labels), "exchange", "exchanges"), strings.Join(shown, ", "), more)
}

// loadResponses reads RESPONSE: a session file gives its turns' responses, its
// tools and the session itself; anything else is read as a recording (session nil).
//
// A session's tools are sent as its options say, as replay sends them: its strict
// mode unless --strict is given (strictGiven), and without prefix when either the
// session or --no-prefix says so. The calls then resolve against the tools the model
// saw (docs/calls-and-outputs.md#call-items): under strict true a tool that does not
// convert is unknown, under strict false no tool has null paths. A session without
// tool lists gives no tools: each turn's calls go to the tools its request sent
// ("request_tools"), as for a recording.
func loadResponses(lim sessions.Limits, ra recordingArg, noPrefix, strictGiven bool, opts adapter.ToolsOptions) (*sessions.Recording, *sessions.Session, *adapter.SentTools, error) {
	if ra.session == nil {
		return ra.rec, nil, nil, nil
	}
	name := ra.name
	s, err := lim.ParseSession(name, ra.session)
	if err != nil {
		return nil, nil, nil, err
	}
	rec := &sessions.Recording{Name: name, Format: sessions.FormatSession, Warnings: s.Warnings}
	for i, t := range s.Turns {
		ex := sessions.Exchange{Label: fmt.Sprintf("turn %d", i+1), Response: t.Response, Streamed: t.Streamed, Warnings: t.Warnings}
		if t.RequestTools.Kind() == adapter.Array {
			ex.Request = adapter.ObjectValue(adapter.MemberOf("tools", t.RequestTools))
		}
		rec.Exchanges = append(rec.Exchanges, ex)
	}
	if len(s.Servers) == 0 {
		return rec, s, nil, nil
	}
	if !strictGiven {
		opts.Strict = s.Strict
	}
	_, rep := adapter.Tools(adapter.NewToolSet(s.Servers, adapter.NameOptions{NoPrefix: noPrefix || !s.Prefix}), opts)
	return rec, s, rep.Sent(), nil
}

func joinWhere(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " at " + b
}

// otherAPIText says that a response of one API is answered as another API would
// be, because --api asks: what names what is rendered ("its outputs are").
func otherAPIText(from, to adapter.API, what string) string {
	return fmt.Sprintf("a %s response: %s written for the %s API, as --api asks", apiTitle(from), what, apiTitle(to))
}

// apiTitle names an API as its documentation does.
func apiTitle(api adapter.API) string {
	switch api {
	case adapter.Chat:
		return "Chat Completions"
	case adapter.Responses:
		return "Responses"
	}
	return string(api)
}
