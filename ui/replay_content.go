package ui

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
)

// stageView is what the replay screen draws for one stage of a turn's trace:
// its input and output panes, marked from the trace, and its notes.
type stageView struct {
	panes [2]*paneContent
	notes []string // sanitized, one a note
}

// The marks of a stage only place what the trace holds: the call items and
// rejected ones the library found (by their index and value), the removed null
// paths (Stage.Removed), the validation errors (Stage.Marks with the checked
// call's messages), the rejected outputs. Nothing here decides a rule.

// valuePane shows a value, or msg when the stage has none.
func valuePane(title string, v adapter.Value, msg string) *paneContent {
	if v.Kind() == adapter.Null {
		return &paneContent{title: title, message: msg}
	}
	return &paneContent{title: title, doc: newJSONDoc(v)}
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
func textPane(title, text string, width int) *paneContent {
	return &paneContent{title: title, doc: newTextDoc(text, width)}
}

// buildStage draws stage si of turn t; width is the text width of a pane, at
// which text (the arguments as written) wraps.
func buildStage(t *sessions.TurnTrace, si int, width int) *stageView {
	if si < 0 || si >= len(t.Stages) {
		msg := "This turn has no stages."
		if t.Err != nil {
			msg = "This turn cannot be replayed: " + common.Safe(t.Err.Error())
		}
		return &stageView{panes: [2]*paneContent{{title: "input", message: msg}, {title: "output", message: msg}}}
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
	in, out := &v.panes[0], &v.panes[1]
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
		*in = &paneContent{title: "the call item", message: "No call item."}
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
		markRemoved(*in, st.Removed, st.Output, "null removed: the model sent null for no value at the null path ")
		(*in).base, (*out).base = adapter.Path{}, adapter.Path{}
	case sessions.StageDefaults:
		*in = valuePane("nulls stripped", st.Input, "")
		*out = valuePane("defaults put back", st.Output, "")
		markRemoved(*out, st.Marks, st.Input, "default put back at the null path ")
		(*in).base, (*out).base = adapter.Path{}, adapter.Path{}
	case sessions.StageValidated:
		*in = valuePane("arguments validated", st.Input, "")
		markValidation(*in, st, call)
		*out = valuePane("the call, checked", st.Output, "")
		if (*out).doc != nil {
			m := newMarker(*out)
			markCallErrors(m, adapter.Path{})
			m.done()
		}
	case sessions.StageResult:
		*in = &paneContent{title: "arguments sent to the server", message: "No call."}
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
	if (*in).doc == nil && (*in).message == "" {
		(*in).message = "No input at this stage."
	}
	if (*out).doc == nil && (*out).message == "" {
		(*out).message = "No output at this stage."
	}
	return v
}

func callWho(name, id string) string {
	if id == "" {
		return common.Safe(name) + " (no call id)"
	}
	return common.Safe(name) + " (" + adapter.QuoteForMessage(id) + ")"
}

// markResponse marks, in the response, the function call items the library
// found (accepted ƒ, rejected ✗) and dims the items it ignored, each with why.
func markResponse(pc *paneContent, t *sessions.TurnTrace) {
	x := t.Extracted
	if pc.doc == nil || x == nil {
		return
	}
	m := newMarker(pc)
	f := newItemFinder(pc.doc)
	var container adapter.Path
	for i, c := range x.Calls {
		if p, ok := f.find(c.Index, c.Item); ok {
			m.place(p, markCall, fmt.Sprintf("function call %d of %d: %s, accepted", i+1, len(x.Calls), callWho(c.Name, c.CallID)))
			container = p[:len(p)-1]
		}
	}
	for _, r := range x.Rejected {
		if p, ok := f.find(r.Index, r.Item); ok {
			m.place(p, markError, "rejected "+callWho(r.Name, r.CallID)+": "+common.Safe(r.Reason))
			container = p[:len(p)-1]
		}
	}
	if container != nil {
		for _, ig := range x.Ignored {
			m.dim(container.Append(adapter.Index(ig.Index)), "ignored: "+common.Safe(ig.Reason))
		}
	}
	m.done()
}

// markFound marks the list of call items the response stage returns, from its
// own status fields.
func markFound(pc *paneContent, t *sessions.TurnTrace) {
	if pc.doc == nil {
		return
	}
	m := newMarker(pc)
	calls, _ := pc.doc.value.Get("calls")
	for i, it := range calls.Items() {
		name, _ := it.Get("name")
		id, _ := it.Get("call_id")
		status, _ := it.Get("status")
		k := markCall
		if status.Str() != "accepted" {
			k = markError
		}
		m.place(adapter.Path{adapter.Key("calls"), adapter.Index(i)}, k, common.Safe(status.Str())+": "+callWho(name.Str(), id.Str()))
	}
	ignored, _ := pc.doc.value.Get("ignored")
	for i, it := range ignored.Items() {
		reason, _ := it.Get("reason")
		m.dim(adapter.Path{adapter.Key("ignored"), adapter.Index(i)}, "ignored: "+common.Safe(reason.Str()))
	}
	m.done()
}

// markCalls marks the calls (ƒ, with how validation went), their validation
// errors and the rejected outputs (✗, with why they were rejected).
func markCalls(pc *paneContent, t *sessions.TurnTrace) {
	if pc.doc == nil {
		return
	}
	m := newMarker(pc)
	for i, c := range t.Calls {
		at := adapter.Path{adapter.Key("calls"), adapter.Index(i)}
		state := "valid"
		switch {
		case c.SchemaErr != nil:
			state = "the tool's schema cannot be compiled"
		case c.NotChecked != nil:
			state = "arguments not checked (a note, not an error): " + common.Safe(c.NotChecked.Reason)
		case !c.Valid:
			state = common.Plural(len(c.Errors), "validation error")
		}
		m.place(at, markCall, "call "+callWho(c.Name, c.CallID)+": "+state)
		markCallErrors(m, at)
		for j := range c.Stripped {
			m.place(at.Append(adapter.Key("stripped"), adapter.Index(j)), markNull, "a null was stripped at this null path")
		}
	}
	if x := t.Extracted; x != nil {
		for j, r := range x.Rejected {
			m.place(adapter.Path{adapter.Key("rejected"), adapter.Index(j)}, markError, "rejected "+callWho(r.Name, r.CallID)+": "+common.Safe(r.Reason))
		}
	}
	m.done()
}

// markCallErrors marks the errors of a checked call's value sitting at at, with
// their messages.
func markCallErrors(m *marker, at adapter.Path) {
	errs, _ := adapter.Lookup(m.doc.value, at.Append(adapter.Key("errors")))
	for j, e := range errs.Items() {
		msg, _ := e.Get("message")
		m.place(at.Append(adapter.Key("errors"), adapter.Index(j)), markError, common.Safe(msg.Str()))
	}
}

// markArgumentsText marks where the arguments text stands in the call item.
func markArgumentsText(pc *paneContent, raw string) {
	if pc.doc == nil {
		return
	}
	m := newMarker(pc)
	if p, ok := pc.doc.findString(raw); ok {
		m.place(p, markCall, "the arguments, as the model wrote them: a JSON text in a string")
	}
	m.done()
}

// markRemoved marks, in pc, the values at paths (null paths, [*] standing for
// each element) that the other value of the stage does not have: the nulls
// stripped, or the defaults put back.
func markRemoved(pc *paneContent, paths []adapter.Path, other adapter.Value, note string) {
	if pc.doc == nil {
		return
	}
	m := newMarker(pc)
	for _, np := range paths {
		for _, p := range pc.doc.expand(np) {
			if _, ok := adapter.Lookup(other, p); ok {
				continue
			}
			m.place(p, markNull, note+common.Safe(np.String()))
		}
	}
	m.done()
}

// markValidation marks the validation errors at their instance paths
// (Stage.Marks), with the checked call's messages; errors at one place share
// a note.
func markValidation(pc *paneContent, st *sessions.Stage, call *sessions.CheckedCall) {
	if pc.doc == nil {
		return
	}
	m := newMarker(pc)
	msgs := map[string][]string{}
	var order []adapter.Path
	for i, p := range st.Marks {
		msg := "fails the tool's schema"
		if call != nil && i < len(call.Errors) {
			msg = call.Errors[i].Message
		}
		k := pointerOf(p)
		if _, seen := msgs[k]; !seen {
			order = append(order, p)
		}
		msgs[k] = append(msgs[k], common.Safe(msg))
	}
	for _, p := range order {
		if !m.place(p, markError, strings.Join(msgs[pointerOf(p)], "; ")) {
			// A value that is not there (a missing property's parent is): mark
			// the nearest one that is.
			l := pc.doc.nearest(p)
			m.place(pc.doc.pathAt(l), markError, common.Safe(p.String())+": "+strings.Join(msgs[pointerOf(p)], "; "))
		}
	}
	m.done()
}

// markNextInput marks the rejected outputs among the answers of the next
// input.
func markNextInput(pc *paneContent, t *sessions.TurnTrace) {
	if pc.doc == nil || t.Extracted == nil {
		return
	}
	m := newMarker(pc)
	for i, it := range pc.doc.value.Items() {
		for _, r := range t.Extracted.Rejected {
			if adapter.Equal(it, r.Output) {
				m.place(adapter.Path{adapter.Index(i)}, markError, "the rejected output for "+callWho(r.Name, r.CallID)+": "+common.Safe(r.Reason))
				break
			}
		}
	}
	m.done()
}
