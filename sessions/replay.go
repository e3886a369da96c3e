package sessions

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/adapter/validate"
)

// ReplayOptions say how a replay sends the tools and answers the calls.
type ReplayOptions struct {
	API adapter.API // the API the tools were sent to ("" for the session's or the exchange's)
	// OutputAPI, when set, is the API every output is rendered for (results,
	// rejected calls, the next input), whatever API the response came from: the
	// same turn read as the other API would answer it. Empty: each response's own.
	OutputAPI             adapter.API
	Strict                adapter.StrictMode
	NoPrefix              bool
	NoDefaultDescriptions bool
	ErrorPrefix           string
	Structured            adapter.StructuredMode
	ApplyDefaults         bool
	// KeepRequestTools, for a recording replayed with tool lists, keeps the
	// tools of each recorded request that no list holds: the lists give the
	// names they hold, the request the rest, inferred (see [ToolOrigin] for
	// how names match; TurnTrace.ToolOrigins says which came from where). The
	// inspector sets it; the command line does not: its --tools are the tools.
	// Without lists, or for a session, it changes nothing.
	KeepRequestTools bool
}

// DefaultReplayOptions are strict auto, prefix on, the default error prefix,
// structured auto and no defaults.
func DefaultReplayOptions() ReplayOptions {
	return ReplayOptions{Strict: adapter.StrictAuto, ErrorPrefix: adapter.DefaultErrorPrefix, Structured: adapter.StructuredAuto}
}

// ReplaySession replays every turn of a session with its own tools and results.
// The session's API, strict mode and prefix apply unless opts gives others. The
// outputs answer in the session's API (opts.OutputAPI, else opts.API, else the
// session's), whatever the shape of a turn's response; they are rendered as opts says (a caller that wants the session's error prefix,
// structured mode and defaults passes them, as the command line does). A session
// with no servers sends a turn that holds its request's tools to those, as a
// recording's replay does.
func ReplaySession(name string, s *Session, opts ReplayOptions) *Trace {
	if opts.API == "" {
		opts.API = s.API
	}
	if opts.OutputAPI == "" {
		opts.OutputAPI = opts.API
	}
	if opts.Strict == "" {
		opts.Strict = s.Strict
	}
	tools, rep := adapter.Tools(adapter.NewToolSet(s.Servers, adapter.NameOptions{NoPrefix: opts.NoPrefix || !s.Prefix}),
		adapter.ToolsOptions{API: opts.API, Strict: opts.Strict, NoDefaultDescriptions: opts.NoDefaultDescriptions})
	_ = tools
	tr := &Trace{Name: name, ToolsFrom: ToolsOfSession, Tools: rep, Warnings: s.Warnings}
	sent := rep.Sent()
	v := validate.New()
	for i := range s.Turns {
		t := &s.Turns[i]
		turnSent := sent
		if len(s.Servers) == 0 && t.RequestTools.Kind() == adapter.Array {
			turnSent = ToolsFromRequest(adapter.ObjectValue(adapter.MemberOf("tools", t.RequestTools)))
			tr.ToolsFrom, tr.Tools = ToolsInferred, nil
		}
		if isErrorBody(t.Response) {
			tr.Turns = append(tr.Turns, errorTurn(fmt.Sprintf("turn %d", i+1), "", t.Response, t.Warnings))
			continue
		}
		turn := replayTurn(fmt.Sprintf("turn %d", i+1), t.Response, turnSent, t.Result, true, v, opts)
		turn.Warnings = append(slices.Clip(t.Warnings), turn.Warnings...)
		tr.Turns = append(tr.Turns, turn)
	}
	return tr
}

// ReplayRecording replays every exchange of a recording. The tools come from
// servers when given (and, with opts.KeepRequestTools, from each request for
// the names no server's tool is exposed under); otherwise from each exchange's
// recorded request, with null paths inferred from it. A recording holds no MCP results, so every result is
// missing; the output the client sent in the next request, when recorded, is noted.
func ReplayRecording(rec *Recording, servers []adapter.Server, opts ReplayOptions) *Trace {
	var turns []TurnTrace
	tr := ReplayRecordingEach(rec, servers, opts, func(_ *Trace, turn TurnTrace) { turns = append(turns, turn) })
	tr.Turns = turns
	return tr
}

// ReplayRecordingEach is ReplayRecording giving each turn to each as soon as
// it is made, in order, instead of keeping it: the Trace it returns holds no
// turns. A replay printed so takes the memory of the recording and one turn,
// however long the recording.
//
// each gets the trace too, whose ToolsFrom is known from the first turn on
// unless opts.KeepRequestTools mixes tool lists and requests. Without tool
// lists, a turn whose request recorded no tools, in a recording where others
// did, has a warning that says so: its calls name an unknown tool.
func ReplayRecordingEach(rec *Recording, servers []adapter.Server, opts ReplayOptions, each func(*Trace, TurnTrace)) *Trace {
	tr := &Trace{Name: rec.Name, Warnings: rec.Warnings}
	var given *adapter.SentTools
	var lists *listIndex // the lists' tools by name, when a request's tools are kept too
	if len(servers) > 0 {
		api := opts.API
		if api == "" {
			api = adapter.Chat
		}
		_, rep := adapter.Tools(adapter.NewToolSet(servers, adapter.NameOptions{NoPrefix: opts.NoPrefix}),
			adapter.ToolsOptions{API: api, Strict: opts.Strict, NoDefaultDescriptions: opts.NoDefaultDescriptions})
		given, tr.Tools, tr.ToolsFrom = rep.Sent(), rep, ToolsGiven
		if opts.KeepRequestTools {
			lists = newListIndex(servers, rep)
		}
	}
	v := validate.New()
	// Most requests repeat the tools of the one before: those share its tools.
	var lastTools adapter.Value
	var lastSent *adapter.SentTools
	var lastOrigins []ToolOrigin
	// Without lists, each request's tools are read before the first turn, so
	// that where the tools come from is known from it on.
	var inferred []*adapter.SentTools
	if given == nil {
		inferred = make([]*adapter.SentTools, len(rec.Exchanges))
		for i, ex := range rec.Exchanges {
			if tools, _ := ex.Request.Get("tools"); tools.Kind() == adapter.Array && adapter.Equal(tools, lastTools) {
				inferred[i] = lastSent
			} else {
				inferred[i] = ToolsFromRequest(ex.Request)
				lastTools, lastSent = tools, inferred[i]
			}
			if inferred[i] != nil {
				tr.ToolsFrom = ToolsInferred
			}
		}
		if tr.ToolsFrom == "" {
			tr.ToolsFrom = ToolsUnknown
		}
	}
	for i, ex := range rec.Exchanges {
		label := ex.Label
		if label == "" {
			label = fmt.Sprintf("exchange %d", i+1)
		}
		// The request's tools count even when the response is an error: the
		// recording did record tools.
		sent := given
		var sources []ToolOrigin
		if lists != nil {
			if tools, _ := ex.Request.Get("tools"); tools.Kind() == adapter.Array && adapter.Equal(tools, lastTools) {
				sent, sources = lastSent, lastOrigins
			} else {
				sent, sources = mixTools(given, lists, ToolsFromRequest(ex.Request))
				lastTools, lastSent, lastOrigins = tools, sent, sources
			}
			if sent != given {
				tr.ToolsFrom = ToolsMixed
			}
		} else if sent == nil {
			sent = inferred[i]
		}
		if isErrorBody(ex.Response) {
			turn := errorTurn(label, ex.API, ex.Response, ex.Warnings)
			turn.ToolOrigins = sources
			each(tr, turn)
			continue
		}
		var next adapter.Value
		if i+1 < len(rec.Exchanges) {
			next = rec.Exchanges[i+1].Request
		}
		results := func(string) (adapter.Value, bool) { return adapter.Value{}, false }
		turn := replayTurn(label, ex.Response, sent, results, false, v, opts)
		noteToolOrigins(&turn, sources)
		turn.API = firstNonEmpty(turn.API, ex.API)
		noteClientOutputs(&turn, next)
		turn.Warnings = append(append([]string{}, ex.Warnings...), turn.Warnings...)
		if sent == nil && tr.ToolsFrom == ToolsInferred {
			turn.Warnings = append(turn.Warnings, noToolsInRequest)
		}
		each(tr, turn)
	}
	if tr.ToolsFrom == "" {
		tr.ToolsFrom = ToolsUnknown
	}
	return tr
}

// noToolsInRequest is the warning of a turn whose request recorded no tools,
// in a recording where others did.
const noToolsInRequest = "no tools were recorded in this request: its calls name an unknown tool"

// errorTurn is the trace of a turn whose response is an error body: no calls, no
// stages, and the error's message.
func errorTurn(label string, api adapter.API, response adapter.Value, warnings []string) TurnTrace {
	return TurnTrace{Label: label, API: api, Err: fmt.Errorf("the response is an error body: %s", errorText(response)), Warnings: warnings}
}

func isErrorBody(v adapter.Value) bool {
	return v.Kind() == adapter.Object && v.Has("error") && !v.Has("output") && !v.Has("choices")
}

func errorText(v adapter.Value) string {
	e, _ := v.Get("error")
	if e.Kind() == adapter.String {
		return termsafe.Sanitize(e.Str())
	}
	m, _ := e.Get("message")
	return termsafe.Sanitize(m.Str())
}

func firstNonEmpty(a, b adapter.API) adapter.API {
	if a != "" {
		return a
	}
	return b
}

// replayTurn traces one response. result finds the MCP result of a call id;
// haveResults says whether results were recorded at all.
func replayTurn(label string, response adapter.Value, sent *adapter.SentTools, result func(string) (adapter.Value, bool), haveResults bool, v *validate.Validator, opts ReplayOptions) TurnTrace {
	turn := TurnTrace{Label: label}
	x, err := adapter.ToolCalls(response, sent, adapter.CallsOptions{ErrorPrefix: opts.ErrorPrefix, ApplyDefaults: opts.ApplyDefaults, OutputAPI: opts.OutputAPI})
	resp := Stage{Kind: StageResponse, Call: -1, Title: "the response", Input: response}
	if err != nil {
		turn.Err = err
		resp.Notes = append(resp.Notes, "calls cannot be read from this response: "+err.Error())
		turn.Stages = append(turn.Stages, resp)
		return turn
	}
	turn.Extracted, turn.API, turn.OutputAPI = x, x.API, x.API
	if opts.OutputAPI != "" {
		turn.OutputAPI = opts.OutputAPI
	}
	// The response, the calls, each call's stages (callStages) and the next
	// input: a trace of many turns keeps no spare room.
	perCall := 5
	if opts.ApplyDefaults {
		perCall++
	}
	if haveResults {
		perCall++
	}
	turn.Stages = make([]Stage, 0, 3+perCall*len(x.Calls))
	resp.Output = foundValue(x)
	if opts.OutputAPI != "" && opts.OutputAPI != x.API {
		resp.Notes = append(resp.Notes, fmt.Sprintf("a %s response; its outputs are rendered for the %s API, as asked", x.API, opts.OutputAPI))
	}
	resp.Notes = append(resp.Notes, fmt.Sprintf("%d function call item(s): %d accepted, %d rejected", len(x.Calls)+len(x.Rejected), len(x.Calls), len(x.Rejected)))
	for _, ig := range x.Ignored {
		resp.Notes = append(resp.Notes, fmt.Sprintf("item %d ignored: %s", ig.Index, ig.Reason))
	}
	if sent == nil {
		resp.Notes = append(resp.Notes, "no tools are known: every call names an unknown tool")
	} else if list := sent.List(); len(list) > 0 && list[0].Inferred {
		resp.Notes = append(resp.Notes, "the tools and their null paths are inferred from the request")
	}
	turn.Stages = append(turn.Stages, resp)

	turn.Calls = CheckCalls(x, v)
	callsStage := Stage{Kind: StageCalls, Call: -1, Title: "calls and rejected outputs", Input: resp.Output}
	callItems := make([]adapter.Value, len(turn.Calls))
	for i, c := range turn.Calls {
		callItems[i] = c.Value()
	}
	callsStage.Output = adapter.ObjectValue(
		adapter.MemberOf("calls", adapter.ArrayValue(callItems...)),
		adapter.MemberOf("rejected", adapter.ArrayValue(RejectedValues(x)...)),
	)
	for _, r := range x.Rejected {
		callsStage.Notes = append(callsStage.Notes, fmt.Sprintf("rejected %s: %s", quoteID(r.CallID), termsafe.Sanitize(r.Reason)))
	}
	turn.Stages = append(turn.Stages, callsStage)

	outputs := make([]adapter.Value, len(turn.Calls))
	for i, c := range turn.Calls {
		stages := callStages(i, c, result, haveResults, &outputs[i], opts)
		// A recorded result that cannot be rendered leaves its call unanswered,
		// and one that renders may still be one OpenAI refuses (over a size
		// limit) or be sent as a placeholder: the output stage's notes say so,
		// and are the turn's warnings too, for readers of the JSON trace and of
		// the text without stages, which have no notes.
		if last := stages[len(stages)-1]; last.Kind == StageOutput {
			for _, n := range last.Notes {
				turn.Warnings = append(turn.Warnings, "call "+quoteID(c.CallID)+": "+n)
			}
		}
		turn.Stages = append(turn.Stages, stages...)
	}
	for _, o := range outputs {
		if o.Kind() != adapter.Null {
			turn.Outputs = append(turn.Outputs, o)
		}
	}
	turn.NextInput = nextInput(x, outputs)
	next := Stage{Kind: StageNextInput, Call: -1, Title: "the next input", Output: adapter.ArrayValue(turn.NextInput...)}
	if missing := len(turn.Calls) - len(turn.Outputs); missing > 0 {
		next.Notes = append(next.Notes, fmt.Sprintf("%d call(s) have no result, so no output answers them", missing))
	}
	turn.Stages = append(turn.Stages, next)
	return turn
}

// nextInput is every answer in the order the model made the calls; a call with no
// result has none.
func nextInput(x *adapter.Extracted, outputs []adapter.Value) []adapter.Value {
	out := []adapter.Value{}
	for _, k := range x.Order {
		if k < 0 {
			out = append(out, x.Rejected[-1-k].Output)
		} else if outputs[k].Kind() != adapter.Null {
			out = append(out, outputs[k])
		}
	}
	return out
}

// callStages traces one call: arguments → decoded → stripped → defaults →
// validated → result → output.
func callStages(i int, c CheckedCall, result func(string) (adapter.Value, bool), haveResults bool, out *adapter.Value, opts ReplayOptions) []Stage {
	who := fmt.Sprintf("%s (%s)", termsafe.Sanitize(c.Name), quoteID(c.CallID))
	st := func(k StageKind, title string) Stage {
		return Stage{Kind: k, Call: i, CallID: c.CallID, Title: title + " — " + who}
	}
	var stages []Stage

	args := st(StageArguments, "arguments as the model wrote them")
	args.Output = adapter.StringValue(c.RawText)
	if strings.TrimSpace(c.RawText) == "" {
		args.Notes = append(args.Notes, "empty arguments read as {}")
	}
	stages = append(stages, args)

	dec := st(StageDecoded, "arguments decoded")
	dec.Input, dec.Output = args.Output, c.Decoded
	stages = append(stages, dec)

	strip := st(StageStripped, "nulls stripped")
	strip.Input, strip.Output = c.Decoded, c.Call.Arguments
	if c.ApplyDefaultsUsed() {
		strip.Output, _ = adapter.StripNulls(c.Decoded, c.Sent.NullPaths)
	}
	strip.Removed = c.Stripped
	switch {
	case !c.Sent.Strict:
		strip.Notes = append(strip.Notes, "the tool was not sent strict: nothing to strip")
	case len(c.Sent.NullPaths) == 0:
		strip.Notes = append(strip.Notes, "the tool has no null paths")
	case len(c.Stripped) == 0:
		strip.Notes = append(strip.Notes, fmt.Sprintf("no nulls at the tool's %d null path(s)", len(c.Sent.NullPaths)))
	default:
		for _, p := range c.Stripped {
			strip.Notes = append(strip.Notes, "removed null at "+termsafe.Sanitize(p.String()))
		}
	}
	if c.Sent.Inferred && c.Sent.Strict {
		strip.Notes = append(strip.Notes, "null paths inferred from the request")
	}
	stages = append(stages, strip)

	if opts.ApplyDefaults {
		d := st(StageDefaults, "defaults re-applied")
		d.Input, d.Output, d.Marks = strip.Output, c.Call.Arguments, c.Defaulted
		if len(c.Defaulted) == 0 {
			d.Notes = append(d.Notes, "no stripped property has a default")
		}
		for _, p := range c.Defaulted {
			d.Notes = append(d.Notes, "default put back at "+termsafe.Sanitize(p.String()))
		}
		stages = append(stages, d)
	}

	val := st(StageValidated, "validated against the tool's original schema")
	val.Input, val.Output = c.Validated, c.Value()
	switch {
	case c.SchemaErr != nil:
		val.Notes = append(val.Notes, "the schema cannot be compiled: "+termsafe.Sanitize(c.SchemaErr.Error()))
	case c.NotChecked != nil:
		// A note, and no mark: nothing was found wrong.
		val.Notes = append(val.Notes, termsafe.Sanitize(c.NotChecked.Error()))
	case c.Valid:
		val.Notes = append(val.Notes, "valid")
	}
	for _, e := range c.Errors {
		val.Marks = append(val.Marks, e.Path)
		val.Notes = append(val.Notes, termsafe.Sanitize(e.Error()))
	}
	for _, p := range c.Unchecked {
		val.Notes = append(val.Notes, "not checked: the pattern at "+termsafe.Sanitize(p.String())+" is not a Go (RE2) regular expression")
	}
	if c.Sent.Inferred && c.Sent.Strict {
		val.Notes = append(val.Notes, "the server's own schema is not known: validated the arguments as sent against the strict schema from the request")
	}
	stages = append(stages, val)

	res := st(StageResult, "the MCP result")
	r, ok := result(c.CallID)
	if !ok {
		if haveResults {
			res.Notes = append(res.Notes, "missing: no result is recorded for this call id")
		} else {
			res.Notes = append(res.Notes, "missing: the recording holds no MCP results")
		}
		stages = append(stages, res)
		return stages
	}
	res.Output = r
	stages = append(stages, res)

	api := c.API
	if opts.OutputAPI != "" {
		api = opts.OutputAPI
	}
	o := st(StageOutput, "the output for the "+string(api)+" API")
	o.Input = r
	rendered, err := adapter.ToolOutput(c.CallID, r, adapter.OutputOptions{API: api, ErrorPrefix: opts.ErrorPrefix, Structured: opts.Structured})
	if err != nil {
		var oe *adapter.OutputError
		if errors.As(err, &oe) {
			o.Notes = append(o.Notes, "the recorded result cannot be rendered: "+termsafe.Sanitize(oe.Error()))
		} else {
			o.Notes = append(o.Notes, "the recorded result cannot be rendered: "+termsafe.Sanitize(err.Error()))
		}
		stages = append(stages, o)
		return stages
	}
	o.Output, o.Text = rendered.Item, rendered.Text
	o.Notes = append(o.Notes, rendered.Notes...)
	*out = rendered.Item
	stages = append(stages, o)
	return stages
}

func quoteID(id string) string {
	if id == "" {
		return "no call id"
	}
	return termsafe.Quote(id)
}

// foundValue lists the call items of a response: {"api", "calls":[names],
// "ignored":[{"index","type","reason"}]}.
func foundValue(x *adapter.Extracted) adapter.Value {
	m := adapter.MemberOf
	var items []adapter.Value
	for _, k := range x.Order {
		if k >= 0 {
			c := x.Calls[k]
			items = append(items, adapter.ObjectValue(m("call_id", adapter.StringValue(c.CallID)), m("name", adapter.StringValue(c.Name)), m("status", adapter.StringValue("accepted"))))
		} else {
			r := x.Rejected[-1-k]
			items = append(items, adapter.ObjectValue(m("call_id", adapter.StringValue(r.CallID)), m("name", adapter.StringValue(r.Name)), m("status", adapter.StringValue("rejected"))))
		}
	}
	ignored := make([]adapter.Value, len(x.Ignored))
	for i, ig := range x.Ignored {
		ignored[i] = adapter.ObjectValue(m("index", adapter.NumberValue(fmt.Sprint(ig.Index))), m("type", adapter.StringValue(ig.Type)), m("reason", adapter.StringValue(ig.Reason)))
	}
	return adapter.ObjectValue(
		m("api", adapter.StringValue(string(x.API))),
		m("calls", adapter.ArrayValue(items...)),
		m("ignored", adapter.ArrayValue(ignored...)),
	)
}

// noteClientOutputs notes, for each call of a recorded turn, the output the client
// sent for it in the next request, when that request is recorded.
func noteClientOutputs(turn *TurnTrace, next adapter.Value) {
	if next.Kind() != adapter.Object {
		return
	}
	sentOutputs := map[string]adapter.Value{}
	collect := func(list adapter.Value) {
		for _, it := range list.Items() {
			if typ, _ := it.Get("type"); typ.Str() == "function_call_output" {
				id, _ := it.Get("call_id")
				sentOutputs[id.Str()] = it
			}
			if role, _ := it.Get("role"); role.Str() == "tool" {
				id, _ := it.Get("tool_call_id")
				sentOutputs[id.Str()] = it
			}
		}
	}
	if in, ok := next.Get("input"); ok {
		collect(in)
	}
	if msgs, ok := next.Get("messages"); ok {
		collect(msgs)
	}
	for i := range turn.Stages {
		st := &turn.Stages[i]
		if st.Kind != StageResult {
			continue
		}
		if o, ok := sentOutputs[st.CallID]; ok {
			st.Notes = append(st.Notes, "the client answered it in the next request with: "+termsafe.Sanitize(snippet(o.String(), 200)))
			if turn.ClientAnswers == nil {
				turn.ClientAnswers = map[string]adapter.Value{}
			}
			turn.ClientAnswers[st.CallID] = o
		}
	}
}
