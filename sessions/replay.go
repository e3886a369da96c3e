package sessions

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/strictscope/strictscope/adapter"
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
}

// DefaultReplayOptions are strict auto, prefix on, the default error prefix,
// structured auto and no defaults.
func DefaultReplayOptions() ReplayOptions {
	return ReplayOptions{Strict: adapter.StrictAuto, ErrorPrefix: adapter.DefaultErrorPrefix, Structured: adapter.StructuredAuto}
}

// StageKind names a stage of a turn's trace.
type StageKind string

// The stages of a turn, in order (issue 3 §3). Call stages repeat for every call.
const (
	StageResponse  StageKind = "response"   // the response: calls found, items ignored and why
	StageCalls     StageKind = "calls"      // the calls and the rejected outputs
	StageArguments StageKind = "arguments"  // a call's raw arguments text
	StageDecoded   StageKind = "decoded"    // the arguments decoded
	StageStripped  StageKind = "stripped"   // nulls stripped at the tool's null paths
	StageDefaults  StageKind = "defaults"   // defaults re-applied (only with ApplyDefaults)
	StageValidated StageKind = "validated"  // checked against the tool's original schema
	StageResult    StageKind = "result"     // the MCP result, recorded or missing
	StageOutput    StageKind = "output"     // the result rendered as the output item
	StageNextInput StageKind = "next_input" // every answer, in the order of the calls
)

// A Stage is one step of a turn's trace: what went in, what came out, and notes.
//
// Marks are instance paths worth showing, and Removed the nulls taken out:
//   - stripped: Removed are the null paths at which nulls were removed from Input
//     (the decoded arguments); they are gone from Output;
//   - defaults: Marks are the null paths where Output got a default back;
//   - validated: Marks are the concrete paths of the validation errors, into Input
//     (the arguments that were validated). Arguments that were not checked have
//     no marks, and a note that says why.
//
// Text is the output stage's rendered text: what a Chat tool message carries, and
// for Responses the output as text even when the item uses the array form.
type Stage struct {
	Kind    StageKind
	Call    int    // index into the turn's calls, -1 for a turn-wide stage
	CallID  string // for call stages
	Title   string
	Input   adapter.Value
	Output  adapter.Value
	Text    string
	Notes   []string
	Marks   []adapter.Path
	Removed []adapter.Path
}

// A TurnTrace is the replay of one turn.
type TurnTrace struct {
	Label     string
	API       adapter.API        // the API the response came from
	OutputAPI adapter.API        // the API the outputs are rendered for: API, unless the replay asked for the other
	Extracted *adapter.Extracted // nil when the response could not be read
	Calls     []CheckedCall
	Outputs   []adapter.Value // answering the calls, in call order (calls without a result have none)
	NextInput []adapter.Value
	Stages    []Stage
	Warnings  []string
	Err       error // the response is none of the shapes calls are read from
	// ClientAnswers are the answers the client sent in the next recorded
	// request (Chat tool messages, Responses function_call_output items), by
	// call id: what the agent really sent back where the recording holds no MCP
	// result.
	ClientAnswers map[string]adapter.Value
}

// Where a trace's tools came from (Trace.ToolsFrom). The texts are shown as they are.
const (
	ToolsGiven     = "tool lists"                // MCP tool lists given with the replay
	ToolsOfSession = "session"                   // the session file's servers
	ToolsInferred  = "inferred from the request" // the tools a recorded request sent
	ToolsUnknown   = "none"                      // no tools known: every call is unknown
)

// A Trace is the replay of a session or a recording.
type Trace struct {
	Name string
	// ToolsFrom says where the tools came from: ToolsGiven, ToolsOfSession, ToolsInferred or ToolsUnknown.
	ToolsFrom string
	Tools     *adapter.ToolsReport // nil when the tools came from the request
	Turns     []TurnTrace
	Warnings  []string
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
// servers when given; otherwise from each exchange's recorded request, with null
// paths inferred from it. A recording holds no MCP results, so every result is
// missing; the output the client sent in the next request, when recorded, is noted.
func ReplayRecording(rec *Recording, servers []adapter.Server, opts ReplayOptions) *Trace {
	tr := &Trace{Name: rec.Name, Warnings: rec.Warnings}
	var given *adapter.SentTools
	if len(servers) > 0 {
		api := opts.API
		if api == "" {
			api = adapter.Chat
		}
		_, rep := adapter.Tools(adapter.NewToolSet(servers, adapter.NameOptions{NoPrefix: opts.NoPrefix}),
			adapter.ToolsOptions{API: api, Strict: opts.Strict, NoDefaultDescriptions: opts.NoDefaultDescriptions})
		given, tr.Tools, tr.ToolsFrom = rep.Sent(), rep, ToolsGiven
	}
	v := validate.New()
	// Most requests repeat the tools of the one before: those share its tools.
	var lastTools adapter.Value
	var lastSent *adapter.SentTools
	for i, ex := range rec.Exchanges {
		label := ex.Label
		if label == "" {
			label = fmt.Sprintf("exchange %d", i+1)
		}
		// The request's tools count even when the response is an error: the
		// recording did record tools.
		sent := given
		if sent == nil {
			if tools, _ := ex.Request.Get("tools"); tools.Kind() == adapter.Array && adapter.Equal(tools, lastTools) {
				sent = lastSent
			} else {
				sent = ToolsFromRequest(ex.Request)
				lastTools, lastSent = tools, sent
			}
			if sent != nil && tr.ToolsFrom == "" {
				tr.ToolsFrom = ToolsInferred
			}
		}
		if isErrorBody(ex.Response) {
			tr.Turns = append(tr.Turns, errorTurn(label, ex.API, ex.Response, ex.Warnings))
			continue
		}
		var next adapter.Value
		if i+1 < len(rec.Exchanges) {
			next = rec.Exchanges[i+1].Request
		}
		results := func(string) (adapter.Value, bool) { return adapter.Value{}, false }
		turn := replayTurn(label, ex.Response, sent, results, false, v, opts)
		turn.API = firstNonEmpty(turn.API, ex.API)
		noteClientOutputs(&turn, next)
		turn.Warnings = append(append([]string{}, ex.Warnings...), turn.Warnings...)
		tr.Turns = append(tr.Turns, turn)
	}
	if tr.ToolsFrom == "" {
		tr.ToolsFrom = ToolsUnknown
	}
	return tr
}

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
		return adapter.Sanitize(e.Str())
	}
	m, _ := e.Get("message")
	return adapter.Sanitize(m.Str())
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
		callsStage.Notes = append(callsStage.Notes, fmt.Sprintf("rejected %s: %s", quoteID(r.CallID), adapter.Sanitize(r.Reason)))
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
	who := fmt.Sprintf("%s (%s)", adapter.Sanitize(c.Name), quoteID(c.CallID))
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
			strip.Notes = append(strip.Notes, "removed null at "+adapter.Sanitize(p.String()))
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
			d.Notes = append(d.Notes, "default put back at "+adapter.Sanitize(p.String()))
		}
		stages = append(stages, d)
	}

	val := st(StageValidated, "validated against the tool's original schema")
	val.Input, val.Output = c.Validated, c.Value()
	switch {
	case c.SchemaErr != nil:
		val.Notes = append(val.Notes, "the schema cannot be compiled: "+adapter.Sanitize(c.SchemaErr.Error()))
	case c.NotChecked != nil:
		// A note, and no mark: nothing was found wrong.
		val.Notes = append(val.Notes, adapter.Sanitize(c.NotChecked.Error()))
	case c.Valid:
		val.Notes = append(val.Notes, "valid")
	}
	for _, e := range c.Errors {
		val.Marks = append(val.Marks, e.Path)
		val.Notes = append(val.Notes, adapter.Sanitize(e.Error()))
	}
	for _, p := range c.Unchecked {
		val.Notes = append(val.Notes, "not checked: the pattern at "+adapter.Sanitize(p.String())+" is not a Go (RE2) regular expression")
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
			o.Notes = append(o.Notes, "the recorded result cannot be rendered: "+adapter.Sanitize(oe.Error()))
		} else {
			o.Notes = append(o.Notes, "the recorded result cannot be rendered: "+adapter.Sanitize(err.Error()))
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

// ApplyDefaultsUsed reports whether defaults were put back into the arguments.
func (c CheckedCall) ApplyDefaultsUsed() bool { return len(c.Defaulted) > 0 }

func quoteID(id string) string {
	if id == "" {
		return "no call id"
	}
	return adapter.QuoteForMessage(id)
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
			st.Notes = append(st.Notes, "the client answered it in the next request with: "+adapter.Sanitize(truncate(o.String(), 200)))
			if turn.ClientAnswers == nil {
				turn.ClientAnswers = map[string]adapter.Value{}
			}
			turn.ClientAnswers[st.CallID] = o
		}
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// Value writes the trace as SPEC §11 prints it:
// {"turns":[{"calls":[…],"rejected":[…],"outputs":[…],"next_input":[…]}]}. With
// stages, each turn also carries "label" and its "stages".
//
// A call that no output answers says why in a last member "result": "missing"
// when no result is recorded for its call id (every call of a recording, which
// holds no MCP results), "invalid" when the recorded result cannot be rendered as
// an output (the turn's warnings say why). A call that an output answers has no
// "result" member, so the calls with one are exactly those absent from "outputs".
func (t *Trace) Value(stages bool) adapter.Value {
	turns := make([]adapter.Value, len(t.Turns))
	for i := range t.Turns {
		turns[i] = t.TurnValue(i, stages)
	}
	return adapter.ObjectValue(adapter.MemberOf("turns", adapter.ArrayValue(turns...)))
}

// TurnValue is turn i as Value writes it in "turns", for a writer that writes a
// long trace a turn at a time.
func (t *Trace) TurnValue(i int, stages bool) adapter.Value {
	m := adapter.MemberOf
	turn := &t.Turns[i]
	unanswered := turn.unanswered()
	calls := make([]adapter.Value, len(turn.Calls))
	for j, c := range turn.Calls {
		calls[j] = c.Value()
		if why := unanswered[j]; why != "" {
			mems := append(slices.Clone(calls[j].Members()), m("result", adapter.StringValue(why)))
			if a, ok := turn.ClientAnswers[c.CallID]; ok {
				mems = append(mems, m("client_answer", a))
			}
			calls[j] = adapter.ObjectValue(mems...)
		}
	}
	var rejected []adapter.Value
	if turn.Extracted != nil {
		rejected = RejectedValues(turn.Extracted)
	}
	mems := []adapter.Member{
		m("calls", adapter.ArrayValue(calls...)),
		m("rejected", adapter.ArrayValue(rejected...)),
		m("outputs", adapter.ArrayValue(turn.Outputs...)),
		m("next_input", adapter.ArrayValue(turn.NextInput...)),
	}
	if stages {
		mems = append([]adapter.Member{m("label", adapter.StringValue(turn.Label))}, mems...)
		if turn.Err != nil {
			mems = append(mems, m("error", adapter.StringValue(turn.Err.Error())))
		}
		sv := make([]adapter.Value, len(turn.Stages))
		for j, s := range turn.Stages {
			sv[j] = s.Value()
		}
		mems = append(mems, m("stages", adapter.ArrayValue(sv...)))
	}
	return adapter.ObjectValue(mems...)
}

// The values of a call's "result" member in Trace.Value.
const (
	ResultMissing = "missing" // no result is recorded for the call id
	ResultInvalid = "invalid" // the recorded result cannot be rendered as an output
)

// unanswered says, for each call of the turn that no output answers, why
// (ResultMissing or ResultInvalid), as the call's stages tell it: an output stage
// with an output answers the call, a result stage with a result means the result
// was recorded.
func (turn *TurnTrace) unanswered() []string {
	answered := make([]bool, len(turn.Calls))
	recorded := make([]bool, len(turn.Calls))
	for _, st := range turn.Stages {
		if st.Call < 0 || st.Call >= len(turn.Calls) || st.Output.Kind() == adapter.Null {
			continue
		}
		switch st.Kind {
		case StageOutput:
			answered[st.Call] = true
		case StageResult:
			recorded[st.Call] = true
		}
	}
	why := make([]string, len(turn.Calls))
	for j := range why {
		switch {
		case answered[j]:
		case recorded[j]:
			why[j] = ResultInvalid
		default:
			why[j] = ResultMissing
		}
	}
	return why
}

// Value writes a stage as {"stage","call","call_id","title","input","output",
// "notes","marks"}; absent parts are omitted.
func (s Stage) Value() adapter.Value {
	m := adapter.MemberOf
	mems := []adapter.Member{m("stage", adapter.StringValue(string(s.Kind)))}
	if s.Call >= 0 {
		mems = append(mems, m("call", adapter.NumberValue(fmt.Sprint(s.Call))), m("call_id", adapter.StringValue(s.CallID)))
	}
	mems = append(mems, m("title", adapter.StringValue(s.Title)))
	if s.Input.Kind() != adapter.Null {
		mems = append(mems, m("input", s.Input))
	}
	if s.Output.Kind() != adapter.Null {
		mems = append(mems, m("output", s.Output))
	}
	notes := make([]adapter.Value, len(s.Notes))
	for i, n := range s.Notes {
		notes[i] = adapter.StringValue(n)
	}
	mems = append(mems, m("notes", adapter.ArrayValue(notes...)))
	if len(s.Marks) > 0 {
		mems = append(mems, m("marks", adapter.PathsValue(s.Marks)))
	}
	if len(s.Removed) > 0 {
		mems = append(mems, m("removed", adapter.PathsValue(s.Removed)))
	}
	return adapter.ObjectValue(mems...)
}
