package sessions

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// A ToolOrigin says where a replay took one tool of a recorded request from,
// when a recording is replayed with tool lists and
// ReplayOptions.KeepRequestTools (the inspector's rule, docs/recordings.md,
// "Where the tools come from"):
//
//   - the request names its tools by the names the model saw. A name is held
//     by the lists when it is, exactly and case-sensitively, the exposed name
//     of a tool the lists send under the replay's options: SERVER__TOOL with
//     the prefix, TOOL with NoPrefix, after the replacement of other
//     characters, the shortening and the _2 suffixes of adapter.NewToolSet. A
//     tool that strict mode "true" leaves out is not sent and holds no name.
//     Such a tool comes from its list: the list's schema is validated against
//     and its null paths are the converted ones, whatever the request sent.
//   - any other name is the request's own tool, inferred from it as
//     [ToolsFromRequest] infers a recording's tools without lists. A tool of
//     the lists whose name on its server is that name, but whose exposed name
//     is another (the prefix), does not match it: the model saw the request's
//     name, not the list's. It is noted (Near), so that a reader can tell why.
//
// The turn's calls resolve against every tool the lists send, by its exposed
// name, and the request's tools no list holds: a call that names a list's tool
// the request did not send is resolved as it is without the request, and a
// call that names neither is unknown. A request that recorded no tools leaves
// the lists' tools alone.
type ToolOrigin struct {
	Name string // the tool's name in the request: the name the model saw
	// List is the index, in the servers given to the replay, of the tool list
	// that holds the name; -1 when the tool is inferred from the request.
	List   int
	Server string // that list's server ("" when inferred)
	Tool   string // the tool's name on that server ("" when inferred)
	// Near, for a tool inferred from the request, is the exposed name of the
	// first tool of the lists whose name on its server is Name, when there is
	// one (NearList its list); "" otherwise.
	Near     string
	NearList int
}

// Inferred reports whether the tool was inferred from the request.
func (s ToolOrigin) Inferred() bool { return s.List < 0 }

// listIndex maps the tools a set of tool lists sends to the list each comes
// from: by exposed name, the index of its server in servers; and by name on
// its server, the first such tool's exposed name (for ToolOrigin.Near).
type listIndex struct {
	owner  map[string]int    // exposed name → server index
	byTool map[string]string // a tool's name on its server → its exposed name (the first)
}

// newListIndex indexes the tools rep reports for servers: rep.Outcomes holds
// every tool of every server, in the servers' order (adapter.Tools over
// adapter.NewToolSet), excluded ones too, which are not sent and not indexed.
func newListIndex(servers []adapter.Server, rep *adapter.ToolsReport) *listIndex {
	ix := &listIndex{owner: make(map[string]int, len(rep.Outcomes)), byTool: make(map[string]string, len(rep.Outcomes))}
	k := 0
	for i, srv := range servers {
		for range srv.Tools {
			if k >= len(rep.Outcomes) {
				return ix
			}
			o := rep.Outcomes[k]
			k++
			if o.Status == adapter.StatusExcluded {
				continue
			}
			ix.owner[o.Entry.Exposed] = i
			if _, ok := ix.byTool[o.Entry.Tool.Name]; !ok {
				ix.byTool[o.Entry.Tool.Name] = o.Entry.Exposed
			}
		}
	}
	return ix
}

// mixTools applies the rule of ToolOrigin to one request's tools: the tools
// its calls resolve against (given's, then the request's that given does not
// hold) and where each tool of the request came from. A request without
// tools (req nil) gives given and no sources.
func mixTools(given *adapter.SentTools, ix *listIndex, req *adapter.SentTools) (*adapter.SentTools, []ToolOrigin) {
	if req == nil {
		return given, nil
	}
	sources := make([]ToolOrigin, 0, len(req.List()))
	var extra []adapter.SentTool
	for _, t := range req.List() {
		if g, ok := given.Lookup(t.Exposed); ok {
			sources = append(sources, ToolOrigin{Name: t.Exposed, List: ix.owner[t.Exposed], Server: g.Server, Tool: g.Tool, NearList: -1})
			continue
		}
		src := ToolOrigin{Name: t.Exposed, List: -1, NearList: -1}
		if near, ok := ix.byTool[t.Exposed]; ok {
			src.Near, src.NearList = near, ix.owner[near]
		}
		sources = append(sources, src)
		extra = append(extra, *t)
	}
	if len(extra) == 0 {
		return given, sources
	}
	all := make([]adapter.SentTool, 0, len(given.List())+len(extra))
	for _, g := range given.List() {
		all = append(all, *g)
	}
	return adapter.NewSentTools(append(all, extra...)), sources
}

// noteToolOrigins gives a turn its tools' sources and, when some were
// inferred from the request, says which in the response stage's notes.
func noteToolOrigins(turn *TurnTrace, sources []ToolOrigin) {
	turn.ToolOrigins = sources
	var inferred, near []string
	for _, s := range sources {
		if !s.Inferred() {
			continue
		}
		inferred = append(inferred, termsafe.Sanitize(s.Name))
		if s.Near != "" {
			near = append(near, fmt.Sprintf("a tool of the lists is named %s on its server but exposed as %s; the model saw %s, so the request's tool is used",
				termsafe.Sanitize(s.Name), termsafe.Sanitize(s.Near), termsafe.Sanitize(s.Name)))
		}
	}
	if len(inferred) == 0 || len(turn.Stages) == 0 || turn.Stages[0].Kind != StageResponse {
		return
	}
	st := &turn.Stages[0]
	share := fmt.Sprintf("%d of the %d tools the request sent", len(inferred), len(sources))
	if len(inferred) == len(sources) {
		share = "every tool the request sent"
	}
	st.Notes = append(st.Notes, fmt.Sprintf("inferred from the request, since no loaded tool list exposes the name: %s (%s)",
		strings.Join(inferred, ", "), share))
	for _, n := range near {
		st.Notes = append(st.Notes, n)
	}
}
