package tools

import (
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// Modes are the toggles the tools screen draws from: each combination is one
// call of adapter.Tools.
type Modes struct {
	API                   adapter.API
	Strict                adapter.StrictMode
	NoPrefix              bool
	NoDefaultDescriptions bool
}

// String names the modes as the status line shows them.
func (m Modes) String() string {
	var parts []string
	parts = append(parts, string(m.API), "strict "+string(m.Strict))
	if m.NoPrefix {
		parts = append(parts, "no prefix")
	} else {
		parts = append(parts, "prefix")
	}
	if m.NoDefaultDescriptions {
		parts = append(parts, "no defaults")
	} else {
		parts = append(parts, "defaults")
	}
	return strings.Join(parts, " · ")
}

// counts are the header's numbers.
type counts struct {
	Tools, strict, fallback, excluded, nonStrict, hidden, truncated int
}

// computed is the library's answer for one combination of modes, with the pane
// contents drawn from it, built as they are first shown.
type computed struct {
	Modes  Modes
	set    *adapter.ToolSet
	Tools  []adapter.Value
	Report *adapter.ToolsReport
	counts counts

	reportDoc *pane.Doc
	contents  map[contentKey]*[2]*pane.Content
}

type contentKey struct {
	tool int
	view viewMode
}

// engine computes and caches the answer for each combination of modes. Toggling
// back to one of the last few combinations costs nothing.
type engine struct {
	servers  []adapter.Server
	serverOf []int // server index of each tool, in set order
	sets     [2]*adapter.ToolSet
	cache    *common.Recent[Modes, *computed]
	origDocs map[int]*pane.Doc // the input schema as written, by tool
	rawDocs  map[int]*pane.Doc // the tool as listed, by tool
}

func newEngine(servers []adapter.Server) *engine {
	e := &engine{servers: servers, cache: common.NewRecent[Modes, *computed](common.RecentModes),
		origDocs: map[int]*pane.Doc{}, rawDocs: map[int]*pane.Doc{}}
	for s, srv := range servers {
		for range srv.Tools {
			e.serverOf = append(e.serverOf, s)
		}
	}
	return e
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (e *engine) toolSet(noPrefix bool) *adapter.ToolSet {
	i := boolIndex(noPrefix)
	if e.sets[i] == nil {
		e.sets[i] = adapter.NewToolSet(e.servers, adapter.NameOptions{NoPrefix: noPrefix})
	}
	return e.sets[i]
}

// get returns the answer for m, computing it on first use.
func (e *engine) get(m Modes) *computed {
	if c, ok := e.cache.Get(m); ok {
		return c
	}
	c := computeModes(e.toolSet(m.NoPrefix), m)
	e.cache.Put(m, c)
	return c
}

// cached returns the answer for m when it was computed before.
func (e *engine) cached(m Modes) (*computed, bool) {
	return e.cache.Get(m)
}

// computeModes asks the library for the tools of set under the modes m. It
// touches no shared state: a command may run it off the frame.
func computeModes(set *adapter.ToolSet, m Modes) *computed {
	tools, rep := adapter.Tools(set, adapter.ToolsOptions{API: m.API, Strict: m.Strict,
		NoDefaultDescriptions: m.NoDefaultDescriptions})
	c := &computed{Modes: m, set: set, Tools: tools, Report: rep, contents: map[contentKey]*[2]*pane.Content{}}
	for _, o := range rep.Outcomes {
		c.counts.Tools++
		switch o.Status {
		case adapter.StatusStrict:
			c.counts.strict++
		case adapter.StatusFallback:
			c.counts.fallback++
		case adapter.StatusExcluded:
			c.counts.excluded++
		case adapter.StatusNonStrict:
			c.counts.nonStrict++
		}
		if o.Removed.Count > 0 {
			c.counts.hidden++
		}
		if o.Truncated {
			c.counts.truncated++
		}
	}
	return c
}

// LeftDoc is the document of the left pane of tool i in view v: the tool as
// listed, or its input schema as written. They are the same in every mode.
func (e *engine) LeftDoc(i int, o *adapter.ToolOutcome, v viewMode) *pane.Doc {
	if v == viewTool {
		return e.rawDoc(i, o)
	}
	return e.origDoc(i, o)
}

// origDoc is tool i's input schema as written.
func (e *engine) origDoc(i int, o *adapter.ToolOutcome) *pane.Doc {
	if d, ok := e.origDocs[i]; ok {
		return d
	}
	d := pane.NewDoc(o.Entry.Tool.InputSchema)
	e.origDocs[i] = d
	return d
}

// rawDoc is tool i as its server listed it.
func (e *engine) rawDoc(i int, o *adapter.ToolOutcome) *pane.Doc {
	if d, ok := e.rawDocs[i]; ok {
		return d
	}
	raw := o.Entry.Tool.Raw
	if raw.IsNull() {
		raw = adapter.ObjectValue(adapter.MemberOf("name", adapter.StringValue(o.Entry.Tool.Name)),
			adapter.MemberOf("inputSchema", o.Entry.Tool.InputSchema))
	}
	d := pane.NewDoc(raw)
	e.rawDocs[i] = d
	return d
}
