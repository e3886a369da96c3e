package sessions

import (
	"fmt"
	"slices"

	"github.com/strictscope/strictscope/adapter"
)

// StageKind names a stage of a turn's trace.
type StageKind string

// The stages of a turn, in order (docs/recordings.md#stages). Call stages repeat for
// every call.
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
	// ToolOrigins say where each tool of the recorded request came from, in
	// the request's order, when a recording is replayed with tool lists and
	// ReplayOptions.KeepRequestTools (see [ToolOrigin]); nil otherwise, and
	// when the request recorded no tools.
	ToolOrigins []ToolOrigin
}

// Where a trace's tools came from (Trace.ToolsFrom). The texts are shown as they are.
const (
	ToolsGiven     = "tool lists"                // MCP tool lists given with the replay
	ToolsOfSession = "session"                   // the session file's servers
	ToolsInferred  = "inferred from the request" // the tools a recorded request sent
	ToolsUnknown   = "none"                      // no tools known: every call is unknown
	// ToolsMixed: tool lists, and for the names no list holds the tools a
	// recorded request sent (ReplayOptions.KeepRequestTools).
	ToolsMixed = "tool lists and the request"
)

// A Trace is the replay of a session or a recording.
type Trace struct {
	Name string
	// ToolsFrom says where the tools came from: ToolsGiven, ToolsOfSession, ToolsInferred, ToolsMixed or ToolsUnknown.
	ToolsFrom string
	Tools     *adapter.ToolsReport // nil when the tools came from the request
	Turns     []TurnTrace
	Warnings  []string
}

// Value writes the trace as replay --json prints it (docs/recordings.md#replay-json):
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
func (t *Trace) TurnValue(i int, stages bool) adapter.Value { return t.Turns[i].Value(stages) }

// Value is the turn as Trace.Value writes it in "turns".
func (turn *TurnTrace) Value(stages bool) adapter.Value {
	m := adapter.MemberOf
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
