package playground

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/adapter/validate"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// Answer is the library's answer for the editor's text: the views of the
// result pane (one, when the text does not parse) and the notes.
type Answer struct {
	views   []*pane.Content
	Notes   []string
	Summary string // one line for the status line
	Broken  bool   // the text does not parse
	// Gutter is the marks for the editor's gutter, one per line of the text:
	// what the conversion did to a schema (null paths, dropped keywords, the
	// failing node), the nulls to strip and the validation errors of
	// arguments, the line text that does not parse breaks on.
	Gutter []pane.MarkKind
}

// answerFor asks the library about text: for a schema, adapter.StrictSchema
// and adapter.CheckStrict; for arguments, adapter.StripNulls with the tool's
// null paths and validation against the tool's original schema (through
// sessions.CheckCalls, which knows which value to check). Text that does not
// parse shows where it breaks.
func answerFor(r *common.EditRequest, text string, v *validate.Validator) *Answer {
	val, err := adapter.DecodeString(text)
	if err != nil {
		return syntaxResult(text, err)
	}
	var a *Answer
	if r.Kind == common.EditSchema {
		a = schemaResult(val, r.NoDefaults)
		// The schema as written, with what the conversion did.
		a.Gutter = pane.TextMarks(text, a.views[1])
	} else {
		a = argumentsResult(val, r, v)
		// The errors of the validated value, the nulls to strip.
		a.Gutter = pane.TextMarks(text, a.views...)
	}
	return a
}

// syntaxResult shows the text with the line it breaks on marked, and a caret
// under the column the library names.
func syntaxResult(text string, err error) *Answer {
	var se *adapter.SyntaxError
	if !errors.As(err, &se) {
		msg := common.Safe(err.Error())
		return &Answer{Broken: true, Summary: "does not parse", Notes: []string{msg},
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
	doc.InsertLine(li, strings.Repeat(" ", ansi.StringWidth(termsafe.SanitizeLines(line[:col])))+"^ "+msg)
	pc := &pane.Content{Title: "does not parse: " + where, Doc: doc,
		Marks: map[int]pane.MarkKind{li: pane.MarkError, li + 1: pane.MarkError}, Targets: []int{li}, Start: li,
		Notes: []pane.NoteSpan{{Start: li, End: li + 1, Text: where + ": " + msg}}}
	gutter := make([]pane.MarkKind, len(lines))
	gutter[li] = pane.MarkError
	notes := []string{"Not JSON: " + where + ": " + msg}
	if se.Pointer != "" {
		notes = append(notes, "inside the value at "+common.Safe(se.Pointer))
	}
	return &Answer{Broken: true, views: []*pane.Content{pc}, Notes: notes, Summary: "does not parse: " + where, Gutter: gutter}
}

// schemaResult is the strict conversion of a schema and the strict-mode check
// of the schema as written.
func schemaResult(schema adapter.Value, noDefaults bool) *Answer {
	res, err := adapter.StrictSchema(schema, adapter.StrictOptions{NoDefaultDescriptions: noDefaults})
	var se *adapter.StrictError
	if err != nil && !errors.As(err, &se) {
		se = &adapter.StrictError{Keyword: "error", Message: err.Error()}
	}
	viol := adapter.CheckStrict(schema)
	pr := &Answer{}

	strict := &pane.Content{Title: "strict result", Message: common.NoStrictForm(se)}
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
	// The two views of the schema as written share its document (marks are
	// the content's; the document is never changed but for its highlighting).
	check := &pane.Content{Title: "as written · strict-mode check", Doc: written.Doc, Base: adapter.Path{}}
	m = pane.NewMarker(check)
	for _, v := range viol {
		if !m.Place(v.Path, pane.MarkError, common.Safe(v.Keyword)+": "+common.Safe(v.Message)) {
			m.Place(check.Doc.PathAt(check.Doc.Nearest(v.Path)), pane.MarkError, common.Safe(common.PointerOrRoot(v.Path))+" · "+common.Safe(v.Keyword)+": "+common.Safe(v.Message))
		}
	}
	m.Done()
	pr.views = []*pane.Content{strict, written, check}

	switch {
	case res != nil && se == nil:
		pr.Summary = fmt.Sprintf("converts · %s · %d dropped", words.Count(res.NullPaths.Len(), "null path", "null paths"), res.Dropped.Len())
		pr.Notes = append(pr.Notes, fmt.Sprintf("Converts to strict mode: %s, %s dropped.",
			words.Count(res.NullPaths.Len(), "null path", "null paths"), words.Count(res.Dropped.Len(), "keyword", "keywords")))
	case res != nil:
		pr.Summary = "converts, but crosses a limit"
		pr.Notes = append(pr.Notes, fmt.Sprintf("Converts, but the result crosses a strict-mode limit at %s · %s: %s",
			common.Safe(common.PointerOrRoot(se.Path)), common.Safe(se.Keyword), common.Safe(se.Message)))
	default:
		pr.Summary = "no strict form"
		pr.Notes = append(pr.Notes, fmt.Sprintf("No strict form: at %s · %s: %s", common.Safe(common.PointerOrRoot(se.Path)), common.Safe(se.Keyword), common.Safe(se.Message)))
	}
	if res != nil {
		for _, np := range res.NullPaths.All() {
			pr.Notes = append(pr.Notes, "null path "+common.Safe(np.String()))
		}
		for _, d := range res.Dropped.All() {
			pr.Notes = append(pr.Notes, "dropped "+common.Safe(d.Keyword)+" at "+common.Safe(common.PointerOrRoot(d.Path)))
		}
	}
	if len(viol) == 0 {
		pr.Notes = append(pr.Notes, "As a strict schema written by hand (CheckStrict): no violation.")
	} else {
		pr.Summary += " · as written, " + words.Count(len(viol), "strict-mode violation", "strict-mode violations")
		pr.Notes = append(pr.Notes, fmt.Sprintf("As a strict schema written by hand (CheckStrict): %s.", words.Count(len(viol), "violation", "violations")))
		for _, v := range viol {
			pr.Notes = append(pr.Notes, common.Safe(common.PointerOrRoot(v.Path))+" · "+common.Safe(v.Keyword)+": "+common.Safe(v.Message))
		}
	}
	return pr
}

// argumentsResult strips the nulls at the tool's null paths and validates
// against the tool's original schema.
func argumentsResult(args adapter.Value, r *common.EditRequest, v *validate.Validator) *Answer {
	sent := r.Sent
	if sent == nil {
		sent = &adapter.SentTool{Exposed: r.Name, InputSchema: adapter.ObjectValue()}
	}
	stripped, removed := adapter.StripNulls(args, sent.NullPaths)
	call := adapter.Call{Name: r.Name, CallID: r.CallID, Sent: sent, Decoded: args, Arguments: stripped, Stripped: removed}
	cc := sessions.CheckCalls(&adapter.Extracted{Calls: []adapter.Call{call}}, v)[0]
	pr := &Answer{}

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
	pane.MarkRemoved(parsed, removed, stripped, "null removed: the model sent null for no value at the null path ")
	pr.views = []*pane.Content{checked, parsed}

	switch {
	case !sent.Strict:
		pr.Notes = append(pr.Notes, "The tool was not sent strict: nothing to strip.")
	case len(sent.NullPaths) == 0:
		pr.Notes = append(pr.Notes, "The tool has no null paths.")
	case len(removed) == 0:
		pr.Notes = append(pr.Notes, fmt.Sprintf("No null at the tool's %s.", words.Count(len(sent.NullPaths), "null path", "null paths")))
	}
	for _, p := range removed {
		pr.Notes = append(pr.Notes, "removed null at "+common.Safe(p.String()))
	}
	switch {
	case cc.SchemaErr != nil:
		pr.Summary = "schema cannot be compiled"
		pr.Notes = append(pr.Notes, "The tool's schema cannot be compiled: "+common.Safe(cc.SchemaErr.Error()))
	case cc.NotChecked != nil:
		// A note, not an error: nothing was found wrong.
		pr.Summary = "not checked"
		pr.Notes = append(pr.Notes, "Not checked against the tool's original schema: "+common.Safe(cc.NotChecked.Reason)+".")
	case cc.Valid:
		pr.Summary = "valid"
		pr.Notes = append(pr.Notes, "Valid against the tool's original schema.")
	default:
		pr.Summary = words.Count(len(cc.Errors), "validation error", "validation errors")
		pr.Notes = append(pr.Notes, fmt.Sprintf("%s against the tool's original schema:", words.Count(len(cc.Errors), "validation error", "validation errors")))
		for _, e := range cc.Errors {
			pr.Notes = append(pr.Notes, common.Safe(e.Error()))
		}
	}
	if len(removed) > 0 {
		pr.Summary = words.Count(len(removed), "null path", "null paths") + " stripped · " + pr.Summary
	}
	return pr
}

// editorText is text the editor may hold (pane.EditorText).
func editorText(s string) string { return pane.EditorText(s) }
