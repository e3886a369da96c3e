package call

import (
	"errors"
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/validate"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// Check is the library's answer for the editor's text: whether it can be
// sent, what validation against the tool's original input schema found, the
// notes and the gutter's marks.
type Check struct {
	// Args is the arguments the text says, when it is a JSON object.
	Args adapter.Value
	// Sendable: the text is a JSON object (valid or not). Text that does not
	// parse, or another value, cannot be sent: tools/call takes an object.
	Sendable bool
	// Errors are the validation errors (none when valid, not checked, or
	// not sendable).
	Errors []validate.Error
	// Unchecked says the arguments were not checked (the schema cannot be
	// compiled, or checking would take too much work), and why; sanitized.
	Unchecked string
	Notes     []string // sanitized, for the notes pane
	Summary   string   // one line, for the status line and the approval view
	// Gutter is the marks for the editor's gutter, one per line of the text.
	Gutter []pane.MarkKind
}

// Valid says the arguments can be sent and validation found nothing wrong.
func (c *Check) Valid() bool { return c.Sendable && len(c.Errors) == 0 }

// checkText asks the library about text, the arguments for a tool whose
// original input schema is schema: adapter.Decode, then v's validation, as
// `strictscope call` validates before it sends. The errors are marked on
// the lines of the values they are about; text that does not parse, on the
// line it breaks on.
func checkText(text string, schema adapter.Value, v *validate.Validator) *Check {
	lines := strings.Count(text, "\n") + 1
	val, err := adapter.DecodeString(text)
	if err != nil {
		return syntaxCheck(text, lines, err)
	}
	c := &Check{Args: val, Gutter: make([]pane.MarkKind, lines)}
	if val.Kind() != adapter.Object {
		c.Gutter[firstLine(text)] = pane.MarkError
		c.Summary = "not a JSON object"
		c.Notes = []string{fmt.Sprintf("The arguments must be a JSON object, not %s: tools/call sends an object.", val.Kind())}
		return c
	}
	c.Sendable = true
	errs, verr := v.Validate(schema, val)
	var nc *validate.NotCheckedError
	var ce *validate.CompileError
	switch {
	case errors.As(verr, &nc):
		c.Unchecked = common.Safe(nc.Reason)
		c.Summary = "not checked"
		c.Notes = append(c.Notes, "Not checked against the tool's input schema: "+c.Unchecked+".")
	case errors.As(verr, &ce):
		c.Unchecked = "the tool's " + common.Safe(ce.Error())
		c.Summary = "not checked: the schema cannot be compiled"
		c.Notes = append(c.Notes, "Not checked: the tool's "+common.Safe(ce.Error()))
	case verr != nil:
		c.Unchecked = common.Safe(verr.Error())
		c.Summary = "not checked"
		c.Notes = append(c.Notes, "Not checked: "+c.Unchecked)
	case len(errs) == 0:
		c.Summary = "valid"
		c.Notes = append(c.Notes, "Valid against the tool's input schema.")
	default:
		c.Errors = errs
		c.Summary = words.Count(len(errs), "validation error", "validation errors")
		c.Notes = append(c.Notes, c.Summary+" against the tool's input schema:")
		for _, e := range errs {
			c.Notes = append(c.Notes, common.Safe(e.Error()))
		}
		c.Gutter = errorMarks(text, val, errs)
	}
	if verr == nil {
		for _, p := range v.Unchecked(schema) {
			c.Notes = append(c.Notes, "Not checked: the pattern at "+common.Safe(p.String())+" is not a Go (RE2) regular expression.")
		}
	}
	return c
}

// errorMarks puts an error mark on the line of text where the value each
// error is about starts (its nearest enclosing value when it has none, as
// for a missing property).
func errorMarks(text string, val adapter.Value, errs []validate.Error) []pane.MarkKind {
	doc := &pane.Content{Doc: pane.NewDoc(val), Base: adapter.Path{}}
	m := pane.NewMarker(doc)
	for _, e := range errs {
		if !m.Place(e.Path, pane.MarkError, "") {
			m.Place(doc.Doc.PathAt(doc.Doc.Nearest(e.Path)), pane.MarkError, "")
		}
	}
	m.Done()
	return pane.TextMarks(text, doc)
}

// syntaxCheck is the answer for text that does not parse: the line it breaks
// on is marked, and a note says where and why.
func syntaxCheck(text string, lines int, err error) *Check {
	c := &Check{Gutter: make([]pane.MarkKind, lines)}
	var se *adapter.SyntaxError
	if !errors.As(err, &se) {
		c.Summary = "does not parse"
		c.Notes = []string{"Not JSON: " + common.Safe(err.Error())}
		return c
	}
	where := fmt.Sprintf("line %d, column %d", se.Line, se.Column)
	c.Gutter[min(max(se.Line-1, 0), lines-1)] = pane.MarkError
	c.Summary = "does not parse: " + where
	c.Notes = []string{"Not JSON: " + where + ": " + common.Safe(se.Msg)}
	if se.Pointer != "" {
		c.Notes = append(c.Notes, "inside the value at "+common.Safe(se.Pointer))
	}
	return c
}

// firstLine is the line of text its first non-blank character is on.
func firstLine(text string) int {
	i := strings.IndexFunc(text, func(r rune) bool { return r != ' ' && r != '\n' && r != '\t' && r != '\r' })
	if i < 0 {
		return 0
	}
	return strings.Count(text[:i], "\n")
}
