package replay

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// stageView is what the replay screen draws for one stage of a turn's trace:
// its input and output panes, marked from the trace, and its notes.
type stageView struct {
	Panes [2]*pane.Content
	notes []string // sanitized, one a note
}

// The marks of a stage only place what the trace holds: the call items and
// rejected ones the library found (by their index and value), the removed null
// paths (Stage.Removed), the validation errors (Stage.Marks with the checked
// call's messages), the rejected outputs. Nothing here decides a rule.

// valuePane shows a value, or msg when the stage has none.
func valuePane(title string, v adapter.Value, msg string) *pane.Content {
	if v.Kind() == adapter.Null {
		return &pane.Content{Title: title, Message: msg}
	}
	return &pane.Content{Title: title, Doc: pane.NewDoc(v)}
}

// notesMessage is a pane's message for what a stage lacks: head, then the
// stage's notes (sanitized) one a line, each a bullet as the notes pane draws
// them (the pane's message wraps them: wrapMessage).
func notesMessage(head string, notes []string) string {
	if len(notes) == 0 {
		return head + "."
	}
	return head + ":\n• " + strings.Join(notes, "\n• ")
}

// textPane shows text as it is, wrapped at width cells.
func textPane(title, text string, width int) *pane.Content {
	return &pane.Content{Title: title, Doc: pane.NewTextDoc(text, width)}
}

// buildStage draws stage si of turn t; width is the text width of a pane, at
// which text (the arguments as written) wraps.
func buildStage(t *sessions.TurnTrace, si int, width int) *stageView {
	if si < 0 || si >= len(t.Stages) {
		msg := "This turn has no stages."
		if t.Err != nil {
			msg = "This turn cannot be replayed: " + common.Safe(t.Err.Error())
		}
		return &stageView{Panes: [2]*pane.Content{{Title: "input", Message: msg}, {Title: "output", Message: msg}}}
	}
	st := &t.Stages[si]
	v := &stageView{}
	for _, n := range st.Notes {
		v.notes = append(v.notes, common.Safe(n))
	}
	var call *sessions.CheckedCall
	if st.Call >= 0 && st.Call < len(t.Calls) {
		call = &t.Calls[st.Call]
	}
	in, out := &v.Panes[0], &v.Panes[1]
	switch st.Kind {
	case sessions.StageResponse:
		*in = valuePane("response", st.Input, "No response.")
		markResponse(*in, t)
		*out = valuePane("function call items found", st.Output, "No calls could be read from this response.")
		markFound(*out, t)
	case sessions.StageCalls:
		*in = valuePane("function call items found", st.Input, "")
		markFound(*in, t)
		*out = valuePane("calls · rejected outputs", st.Output, "")
		markCalls(*out, t)
	case sessions.StageArguments:
		*in = &pane.Content{Title: "the call item", Message: "No call item."}
		if call != nil {
			*in = valuePane("the call item", call.Item, "No call item.")
			markArgumentsText(*in, call.RawText)
		}
		*out = textPane("arguments as written (text)", st.Output.Str(), width)
	case sessions.StageDecoded:
		*in = textPane("arguments as written (text)", st.Input.Str(), width)
		*out = valuePane("arguments decoded", st.Output, "")
	case sessions.StageStripped:
		*in = valuePane("decoded · nulls to strip", st.Input, "")
		*out = valuePane("nulls stripped", st.Output, "")
		pane.MarkRemoved(*in, st.Removed, st.Output, "null removed: the model sent null for no value at the null path ")
		(*in).Base, (*out).Base = adapter.Path{}, adapter.Path{}
	case sessions.StageDefaults:
		*in = valuePane("nulls stripped", st.Input, "")
		*out = valuePane("defaults put back", st.Output, "")
		pane.MarkRemoved(*out, st.Marks, st.Input, "default put back at the null path ")
		(*in).Base, (*out).Base = adapter.Path{}, adapter.Path{}
	case sessions.StageValidated:
		*in = valuePane("arguments validated", st.Input, "")
		markValidation(*in, st, call)
		*out = valuePane("the call, checked", st.Output, "")
		if (*out).Doc != nil {
			m := pane.NewMarker(*out)
			markCallErrors(m, adapter.Path{})
			m.Done()
		}
	case sessions.StageResult:
		*in = &pane.Content{Title: "arguments sent to the server", Message: "No call."}
		if call != nil {
			*in = valuePane("arguments sent to the server", call.Arguments, "")
		}
		*out = valuePane("the MCP result", st.Output, notesMessage("No result", v.notes))
	case sessions.StageOutput:
		*in = valuePane("the MCP result", st.Input, "No result.")
		*out = valuePane("the output item", st.Output, notesMessage("Not rendered", v.notes))
	case sessions.StageNextInput:
		*in = valuePane("outputs, in call order", adapter.ArrayValue(t.Outputs...), "")
		*out = valuePane("the next input", st.Output, "")
		markNextInput(*out, t)
	default:
		*in = valuePane("input", st.Input, "No input at this stage.")
		*out = valuePane("output", st.Output, "No output at this stage.")
	}
	if (*in).Doc == nil && (*in).Message == "" {
		(*in).Message = "No input at this stage."
	}
	if (*out).Doc == nil && (*out).Message == "" {
		(*out).Message = "No output at this stage."
	}
	return v
}

// markResponse marks, in the response, the function call items the library
// found (accepted ƒ, rejected ✗) and dims the items it ignored, each with why.
func markResponse(pc *pane.Content, t *sessions.TurnTrace) {
	x := t.Extracted
	if pc.Doc == nil || x == nil {
		return
	}
	m := pane.NewMarker(pc)
	f := pane.NewItemFinder(pc.Doc)
	var container adapter.Path
	for i, c := range x.Calls {
		if p, ok := f.Find(c.Index, c.Item); ok {
			m.Place(p, pane.MarkCall, fmt.Sprintf("function call %d of %d: %s, accepted", i+1, len(x.Calls), common.CallWho(c.Name, c.CallID)))
			container = p[:len(p)-1]
		}
	}
	for _, r := range x.Rejected {
		if p, ok := f.Find(r.Index, r.Item); ok {
			m.Place(p, pane.MarkError, "rejected "+common.CallWho(r.Name, r.CallID)+": "+common.Safe(r.Reason))
			container = p[:len(p)-1]
		}
	}
	if container != nil {
		for _, ig := range x.Ignored {
			m.Dim(container.Append(adapter.Index(ig.Index)), "ignored: "+common.Safe(ig.Reason))
		}
	}
	m.Done()
}

// markFound marks the list of call items the response stage returns, from its
// own status fields.
func markFound(pc *pane.Content, t *sessions.TurnTrace) {
	if pc.Doc == nil {
		return
	}
	m := pane.NewMarker(pc)
	calls, _ := pc.Doc.Value.Get("calls")
	for i, it := range calls.Items() {
		name, _ := it.Get("name")
		id, _ := it.Get("call_id")
		status, _ := it.Get("status")
		k := pane.MarkCall
		if status.Str() != "accepted" {
			k = pane.MarkError
		}
		m.Place(adapter.Path{adapter.Key("calls"), adapter.Index(i)}, k, common.Safe(status.Str())+": "+common.CallWho(name.Str(), id.Str()))
	}
	ignored, _ := pc.Doc.Value.Get("ignored")
	for i, it := range ignored.Items() {
		reason, _ := it.Get("reason")
		m.Dim(adapter.Path{adapter.Key("ignored"), adapter.Index(i)}, "ignored: "+common.Safe(reason.Str()))
	}
	m.Done()
}

// markCalls marks the calls (ƒ, with how validation went), their validation
// errors and the rejected outputs (✗, with why they were rejected).
func markCalls(pc *pane.Content, t *sessions.TurnTrace) {
	if pc.Doc == nil {
		return
	}
	m := pane.NewMarker(pc)
	for i, c := range t.Calls {
		at := adapter.Path{adapter.Key("calls"), adapter.Index(i)}
		state := "valid"
		switch {
		case c.SchemaErr != nil:
			state = "the tool's schema cannot be compiled"
		case c.NotChecked != nil:
			state = "arguments not checked (a note, not an error): " + common.Safe(c.NotChecked.Reason)
		case !c.Valid:
			state = words.Count(len(c.Errors), "validation error", "validation errors")
		}
		m.Place(at, pane.MarkCall, "call "+common.CallWho(c.Name, c.CallID)+": "+state)
		markCallErrors(m, at)
		for j := range c.Stripped {
			m.Place(at.Append(adapter.Key("stripped"), adapter.Index(j)), pane.MarkNull, "a null was stripped at this null path")
		}
	}
	if x := t.Extracted; x != nil {
		for j, r := range x.Rejected {
			m.Place(adapter.Path{adapter.Key("rejected"), adapter.Index(j)}, pane.MarkError, "rejected "+common.CallWho(r.Name, r.CallID)+": "+common.Safe(r.Reason))
		}
	}
	m.Done()
}

// markCallErrors marks the errors of a checked call's value sitting at at, with
// their messages.
func markCallErrors(m *pane.Marker, at adapter.Path) {
	errs, _ := adapter.Lookup(m.Doc.Value, at.Append(adapter.Key("errors")))
	for j, e := range errs.Items() {
		msg, _ := e.Get("message")
		m.Place(at.Append(adapter.Key("errors"), adapter.Index(j)), pane.MarkError, common.Safe(msg.Str()))
	}
}

// markArgumentsText marks where the arguments text stands in the call item.
func markArgumentsText(pc *pane.Content, raw string) {
	if pc.Doc == nil {
		return
	}
	m := pane.NewMarker(pc)
	if p, ok := pc.Doc.FindString(raw); ok {
		m.Place(p, pane.MarkCall, "the arguments, as the model wrote them: a JSON text in a string")
	}
	m.Done()
}

// markValidation marks the validation errors at their instance paths
// (Stage.Marks), with the checked call's messages; errors at one place share
// a note.
func markValidation(pc *pane.Content, st *sessions.Stage, call *sessions.CheckedCall) {
	if pc.Doc == nil {
		return
	}
	m := pane.NewMarker(pc)
	msgs := map[string][]string{}
	var order []adapter.Path
	for i, p := range st.Marks {
		msg := "fails the tool's schema"
		if call != nil && i < len(call.Errors) {
			msg = call.Errors[i].Message
		}
		k := pane.PointerOf(p)
		if _, seen := msgs[k]; !seen {
			order = append(order, p)
		}
		msgs[k] = append(msgs[k], common.Safe(msg))
	}
	for _, p := range order {
		if !m.Place(p, pane.MarkError, strings.Join(msgs[pane.PointerOf(p)], "; ")) {
			// A value that is not there (a missing property's parent is): mark
			// the nearest one that is.
			l := pc.Doc.Nearest(p)
			m.Place(pc.Doc.PathAt(l), pane.MarkError, common.Safe(p.String())+": "+strings.Join(msgs[pane.PointerOf(p)], "; "))
		}
	}
	m.Done()
}

// markNextInput marks the rejected outputs among the answers of the next
// input.
func markNextInput(pc *pane.Content, t *sessions.TurnTrace) {
	if pc.Doc == nil || t.Extracted == nil {
		return
	}
	m := pane.NewMarker(pc)
	for i, it := range pc.Doc.Value.Items() {
		for _, r := range t.Extracted.Rejected {
			if adapter.Equal(it, r.Output) {
				m.Place(adapter.Path{adapter.Index(i)}, pane.MarkError, "the rejected output for "+common.CallWho(r.Name, r.CallID)+": "+common.Safe(r.Reason))
				break
			}
		}
	}
	m.Done()
}
