package tools

import (
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// viewMode is what the right pane of the tools screen shows.
type viewMode uint8

const (
	viewSchema viewMode = iota // the strict schema beside the original
	viewTool                   // the rendered tool beside the tool as listed
	viewReport                 // the whole report beside the original
)

// isLimitError says whether a conversion succeeded but crossed a size limit:
// the error's path then points into the converted schema (adapter.StrictSchema).
func isLimitError(o *adapter.ToolOutcome) bool {
	return o.ConversionErr != nil && o.Conversion != nil
}

// toolContents returns the two panes for tool i in view v.
func (s *Screen) toolContents(c *computed, i int, v viewMode) *[2]*pane.Content {
	k := contentKey{tool: i, view: v}
	if pc, ok := c.contents[k]; ok {
		return pc
	}
	pc := buildToolContents(c, i, v, s.eng.LeftDoc(i, c.Report.Outcomes[i], v))
	c.contents[k] = pc
	return pc
}

// buildToolContents draws the two panes for tool i in view v from the
// library's answer c; left is the left pane's document (engine.leftDoc). It
// reads nothing else, so a command may build them off the frame.
func buildToolContents(c *computed, i int, v viewMode, left *pane.Doc) *[2]*pane.Content {
	o := c.Report.Outcomes[i]
	pc := &[2]*pane.Content{}
	switch v {
	case viewTool:
		pc[0] = originalContent(o, left, schemaBase(o.Entry.Tool.Raw), "as listed")
		pc[1] = renderedContent(c, o)
	case viewReport:
		pc[0] = originalContent(o, left, adapter.Path{}, "original")
		pc[1] = reportContent(c, o)
	default:
		pc[0] = originalContent(o, left, adapter.Path{}, "original")
		pc[1] = strictContent(o)
	}
	// The list names a tool as its server does: the left pane's title says
	// the name the model sees.
	pc[0].Title += " · " + common.Safe(o.Entry.Exposed)
	return pc
}

// schemaBase is where the input schema sits in a tool as listed.
func schemaBase(raw adapter.Value) adapter.Path {
	if raw.IsNull() || raw.Has("inputSchema") {
		return adapter.Keys("inputSchema")
	}
	return nil
}

// originalContent is the schema as written (or the tool as listed), marked with
// what the conversion did: the optional properties at the null paths, the
// dropped keywords, the failing node.
func originalContent(o *adapter.ToolOutcome, doc *pane.Doc, base adapter.Path, title string) *pane.Content {
	pc := &pane.Content{Title: title, Doc: doc, Base: base}
	if base == nil {
		return pc
	}
	m := pane.NewMarker(pc)
	m.Conversion(o.Conversion, o.ConversionErr)
	m.Done()
	return pc
}

// strictContent is the strict schema with the nullable forms of the null paths
// marked, or why there is none.
func strictContent(o *adapter.ToolOutcome) *pane.Content {
	title := "strict"
	if o.Status != adapter.StatusStrict {
		title = "strict · not sent"
	}
	r := o.Conversion
	if r == nil {
		return &pane.Content{Title: "strict", Message: common.NoStrictForm(o.ConversionErr)}
	}
	if isLimitError(o) {
		title = "strict · crosses a limit"
	}
	pc := &pane.Content{Title: title, Doc: pane.NewDoc(r.Schema), Base: adapter.Path{}}
	m := pane.NewMarker(pc)
	m.Nulls(r, "its nullable form: the model sends null when it has no value")
	if isLimitError(o) {
		m.Failure(o.ConversionErr)
	}
	m.Done()
	return pc
}

// renderedContent is the tool as sent to the current API, with the null paths
// its arguments carry marked.
func renderedContent(c *computed, o *adapter.ToolOutcome) *pane.Content {
	title := "sent to " + string(c.Modes.API)
	if o.Status == adapter.StatusExcluded {
		msg := "Left out under strict true: the model never sees this tool."
		if e := o.ConversionErr; e != nil {
			msg += " " + common.NoStrictForm(e)
		}
		return &pane.Content{Title: title, Message: msg}
	}
	base := adapter.Keys("parameters")
	if c.Modes.API == adapter.Chat {
		base = adapter.Keys("function", "parameters")
	}
	pc := &pane.Content{Title: title, Doc: pane.NewDoc(o.Tool), Base: base}
	m := pane.NewMarker(pc)
	if o.Status == adapter.StatusStrict {
		m.Nulls(o.Conversion, "nullable in what is sent; a null sent here is stripped")
	}
	m.Done()
	return pc
}

// reportContent is the whole report, the cursor on this tool's entry.
func reportContent(c *computed, o *adapter.ToolOutcome) *pane.Content {
	if c.reportDoc == nil {
		c.reportDoc = pane.NewDoc(c.Report.Value())
	}
	pc := &pane.Content{Title: "report · " + c.Modes.String(), Doc: c.reportDoc}
	name := o.Entry.Exposed
	for _, p := range []adapter.Path{adapter.Keys("null_paths", name), adapter.Keys("notes", name)} {
		if l, ok := c.reportDoc.LineOf(p); ok {
			pc.Start = l
			return pc
		}
	}
	for _, list := range []string{"fallbacks", "excluded"} {
		arr, _ := adapter.Lookup(c.Report.Value(), adapter.Keys(list))
		for j, it := range arr.Items() {
			if n, _ := it.Get("name"); n.Str() == name {
				if l, ok := c.reportDoc.LineOf(adapter.Path{adapter.Key(list), adapter.Index(j)}); ok {
					pc.Start = l
				}
				return pc
			}
		}
	}
	return pc
}

// fileContents are the panes of a row that names a file; replayKey is the
// key of the replay screen.
func fileContents(f *common.File, replayKey string) *[2]*pane.Content {
	step := " Press " + replayKey + " to step through it on the replay screen."
	var what string
	switch f.Kind {
	case common.FileFailed:
		what = " could not be loaded."
	case common.FileRecording:
		what = " is a recording (" + f.Detail + ")." + step
	case common.FileSession:
		what = " is a strictscope session file (" + f.Detail + "); its tools are listed here." + step
	default:
		what = " is a tool list (" + f.Detail + ")."
	}
	left := &pane.Content{Title: "file", Message: common.Safe(f.Name) + what}
	var problems []string
	if f.Err != nil {
		problems = append(problems, fileError(f))
	}
	for _, w := range f.Warnings {
		problems = append(problems, common.Safe(w))
	}
	msg := "No problems."
	if len(problems) > 0 {
		msg = strings.Join(problems, " · ")
	}
	right := &pane.Content{Title: "problems", Message: msg}
	return &[2]*pane.Content{left, right}
}

// fileError is why a file failed, naming it once.
func fileError(f *common.File) string {
	msg := common.Safe(f.Err.Error())
	if name := common.Safe(f.Name); !strings.Contains(msg, name) {
		msg = name + ": " + msg
	}
	return msg
}
