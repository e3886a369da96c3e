package ui

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/validate"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// playResult is the library's answer for the editor's text: the views of the
// result pane (one, when the text does not parse) and the notes.
type playResult struct {
	views   []*pane.Content
	notes   []string
	summary string // one line for the status line
	broken  bool   // the text does not parse
}

// computePlay asks the library about text: for a schema, adapter.StrictSchema
// and adapter.CheckStrict; for arguments, adapter.StripNulls with the tool's
// null paths and validation against the tool's original schema (through
// sessions.CheckCalls, which knows which value to check). Text that does not
// parse shows where it breaks.
func computePlay(r *common.EditRequest, text string, v *validate.Validator) *playResult {
	val, err := adapter.DecodeString(text)
	if err != nil {
		return syntaxResult(text, err)
	}
	if r.Kind == common.EditSchema {
		return schemaResult(val, r.NoDefaults)
	}
	return argumentsResult(val, r, v)
}

// syntaxResult shows the text with the line it breaks on marked, and a caret
// under the column the library names.
func syntaxResult(text string, err error) *playResult {
	var se *adapter.SyntaxError
	if !errors.As(err, &se) {
		msg := common.Safe(err.Error())
		return &playResult{broken: true, summary: "does not parse", notes: []string{msg},
			views: []*pane.Content{{Title: "does not parse", Message: msg}}}
	}
	lines := strings.Split(text, "\n")
	li := min(max(se.Line-1, 0), len(lines)-1)
	line := lines[li]
	col := min(max(se.Column-1, 0), len(line))
	for col > 0 && col < len(line) && !utf8.RuneStart(line[col]) {
		col--
	}
	where := fmt.Sprintf("line %d, column %d", se.Line, se.Column)
	msg := common.Safe(se.Msg)
	doc := pane.NewTextDoc(text, 0)
	caret := pane.Line{Text: strings.Repeat(" ", ansi.StringWidth(adapter.SanitizeLines(line[:col]))) + "^ " + msg}
	doc.Lines = append(doc.Lines[:li+1], append([]pane.Line{caret}, doc.Lines[li+1:]...)...)
	doc.Toks = make([][]pane.Token, len(doc.Lines))
	doc.Nodes[0].End = int32(len(doc.Lines) - 1)
	pc := &pane.Content{Title: "does not parse: " + where, Doc: doc,
		Marks: map[int]pane.MarkKind{li: pane.MarkError, li + 1: pane.MarkError}, Targets: []int{li}, Start: li,
		Notes: []pane.NoteSpan{{Start: li, End: li + 1, Text: where + ": " + msg}}}
	notes := []string{"Not JSON: " + where + ": " + msg}
	if se.Pointer != "" {
		notes = append(notes, "inside the value at "+common.Safe(se.Pointer))
	}
	return &playResult{broken: true, views: []*pane.Content{pc}, notes: notes, summary: "does not parse: " + where}
}

// schemaResult is the strict conversion of a schema and the strict-mode check
// of the schema as written.
func schemaResult(schema adapter.Value, noDefaults bool) *playResult {
	res, err := adapter.StrictSchema(schema, adapter.StrictOptions{NoDefaultDescriptions: noDefaults})
	var se *adapter.StrictError
	if err != nil && !errors.As(err, &se) {
		se = &adapter.StrictError{Keyword: "error", Message: err.Error()}
	}
	viol := adapter.CheckStrict(schema)
	pr := &playResult{}

	strict := &pane.Content{Title: "strict result", Message: noStrictForm(se)}
	if res != nil {
		strict = &pane.Content{Title: "strict result", Doc: pane.NewDoc(res.Schema), Base: adapter.Path{}}
		if se != nil {
			strict.Title = "strict result · crosses a limit"
		}
		m := pane.NewMarker(strict)
		m.Nulls(res, "its nullable form: the model sends null when it has no value")
		if se != nil {
			m.Failure(se)
		}
		m.Done()
	}
	written := &pane.Content{Title: "as written · what the conversion did", Doc: pane.NewDoc(schema), Base: adapter.Path{}}
	m := pane.NewMarker(written)
	m.Conversion(res, se)
	m.Done()
	check := &pane.Content{Title: "as written · strict-mode check", Doc: pane.NewDoc(schema), Base: adapter.Path{}}
	m = pane.NewMarker(check)
	for _, v := range viol {
		if !m.Place(v.Path, pane.MarkError, common.Safe(v.Keyword)+": "+common.Safe(v.Message)) {
			m.Place(check.Doc.PathAt(check.Doc.Nearest(v.Path)), pane.MarkError, common.Safe(pointerOrRoot(v.Path))+" · "+common.Safe(v.Keyword)+": "+common.Safe(v.Message))
		}
	}
	m.Done()
	pr.views = []*pane.Content{strict, written, check}

	switch {
	case res != nil && se == nil:
		pr.summary = fmt.Sprintf("converts · %s · %d dropped", common.Plural(res.NullPaths.Len(), "null path"), res.Dropped.Len())
		pr.notes = append(pr.notes, fmt.Sprintf("Converts to strict mode: %s, %s dropped.",
			common.Plural(res.NullPaths.Len(), "null path"), common.Plural(res.Dropped.Len(), "keyword")))
	case res != nil:
		pr.summary = "converts, but crosses a limit"
		pr.notes = append(pr.notes, fmt.Sprintf("Converts, but the result crosses a strict-mode limit at %s · %s: %s",
			common.Safe(pointerOrRoot(se.Path)), common.Safe(se.Keyword), common.Safe(se.Message)))
	default:
		pr.summary = "no strict form"
		pr.notes = append(pr.notes, fmt.Sprintf("No strict form: at %s · %s: %s", common.Safe(pointerOrRoot(se.Path)), common.Safe(se.Keyword), common.Safe(se.Message)))
	}
	if res != nil {
		for _, np := range res.NullPaths.All() {
			pr.notes = append(pr.notes, "null path "+common.Safe(np.String()))
		}
		for _, d := range res.Dropped.All() {
			pr.notes = append(pr.notes, "dropped "+common.Safe(d.Keyword)+" at "+common.Safe(pointerOrRoot(d.Path)))
		}
	}
	if len(viol) == 0 {
		pr.notes = append(pr.notes, "As a strict schema written by hand (CheckStrict): no violation.")
	} else {
		pr.summary += " · as written, " + common.Plural(len(viol), "strict-mode violation")
		pr.notes = append(pr.notes, fmt.Sprintf("As a strict schema written by hand (CheckStrict): %s.", common.Plural(len(viol), "violation")))
		for _, v := range viol {
			pr.notes = append(pr.notes, common.Safe(pointerOrRoot(v.Path))+" · "+common.Safe(v.Keyword)+": "+common.Safe(v.Message))
		}
	}
	return pr
}

// argumentsResult strips the nulls at the tool's null paths and validates
// against the tool's original schema.
func argumentsResult(args adapter.Value, r *common.EditRequest, v *validate.Validator) *playResult {
	sent := r.Sent
	if sent == nil {
		sent = &adapter.SentTool{Exposed: r.Name, InputSchema: adapter.ObjectValue()}
	}
	stripped, removed := adapter.StripNulls(args, sent.NullPaths)
	call := adapter.Call{Name: r.Name, CallID: r.CallID, Sent: sent, Decoded: args, Arguments: stripped, Stripped: removed}
	cc := sessions.CheckCalls(&adapter.Extracted{Calls: []adapter.Call{call}}, v)[0]
	pr := &playResult{}

	title := "validated · nulls stripped"
	if !adapter.Equal(cc.Validated, stripped) {
		title = "validated · as sent (schema from the request)"
	}
	checked := &pane.Content{Title: title, Doc: pane.NewDoc(cc.Validated), Base: adapter.Path{}}
	m := pane.NewMarker(checked)
	msgs := map[string][]string{}
	var order []adapter.Path
	for _, e := range cc.Errors {
		k := pane.PointerOf(e.Path)
		if _, seen := msgs[k]; !seen {
			order = append(order, e.Path)
		}
		msgs[k] = append(msgs[k], common.Safe(e.Message))
	}
	for _, p := range order {
		if !m.Place(p, pane.MarkError, strings.Join(msgs[pane.PointerOf(p)], "; ")) {
			m.Place(checked.Doc.PathAt(checked.Doc.Nearest(p)), pane.MarkError, common.Safe(p.String())+": "+strings.Join(msgs[pane.PointerOf(p)], "; "))
		}
	}
	m.Done()
	parsed := &pane.Content{Title: "as parsed · nulls to strip", Doc: pane.NewDoc(args), Base: adapter.Path{}}
	markRemoved(parsed, removed, stripped, "null removed: the model sent null for no value at the null path ")
	pr.views = []*pane.Content{checked, parsed}

	switch {
	case !sent.Strict:
		pr.notes = append(pr.notes, "The tool was not sent strict: nothing to strip.")
	case len(sent.NullPaths) == 0:
		pr.notes = append(pr.notes, "The tool has no null paths.")
	case len(removed) == 0:
		pr.notes = append(pr.notes, fmt.Sprintf("No null at the tool's %s.", common.Plural(len(sent.NullPaths), "null path")))
	}
	for _, p := range removed {
		pr.notes = append(pr.notes, "removed null at "+common.Safe(p.String()))
	}
	switch {
	case cc.SchemaErr != nil:
		pr.summary = "schema cannot be compiled"
		pr.notes = append(pr.notes, "The tool's schema cannot be compiled: "+common.Safe(cc.SchemaErr.Error()))
	case cc.NotChecked != nil:
		// A note, not an error: nothing was found wrong.
		pr.summary = "not checked"
		pr.notes = append(pr.notes, "Not checked against the tool's original schema: "+common.Safe(cc.NotChecked.Reason)+".")
	case cc.Valid:
		pr.summary = "valid"
		pr.notes = append(pr.notes, "Valid against the tool's original schema.")
	default:
		pr.summary = common.Plural(len(cc.Errors), "validation error")
		pr.notes = append(pr.notes, fmt.Sprintf("%s against the tool's original schema:", common.Plural(len(cc.Errors), "validation error")))
		for _, e := range cc.Errors {
			pr.notes = append(pr.notes, common.Safe(e.Error()))
		}
	}
	if len(removed) > 0 {
		pr.summary = common.Plural(len(removed), "null path") + " stripped · " + pr.summary
	}
	return pr
}

// editorText is text the editor may hold: every character that
// adapter.Sanitize would draw visibly (controls, invisible and tag characters)
// is written as a JSON \u escape, which means the same inside a JSON string
// and cannot reach the terminal raw. Line ends become line feeds.
func editorText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			b.WriteRune(r)
			continue
		case r == '\r':
			b.WriteByte('\n')
			continue
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
			continue
		case r != utf8.RuneError && adapter.Sanitize(string(r)) == string(r):
			b.WriteRune(r)
			continue
		}
		if r > 0xFFFF {
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
			continue
		}
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	return b.String()
}
