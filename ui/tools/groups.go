package tools

import (
	"fmt"
	"slices"

	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// The statuses a row of the tool list carries, which the status filter (f)
// keeps.
const (
	flagNoStrictForm pane.Flags = 1 << iota // the conversion failed (ConversionErr)
	flagHidden                              // hidden characters were removed
	flagTruncated                           // the description was cut to the API's cap
	flagRenamed                             // the exposed name is not SERVER__TOOL (TOOL without prefix)
	flagFileProblem                         // a file that did not load or has warnings
)

// statusFilter is one step of the status filter's cycle: its name and the
// flags of the rows it keeps (0 keeps them all).
type statusFilter struct {
	name string
	only pane.Flags
}

// statusFilters are the steps f cycles through, in order. Needs attention is
// any of the others, or a file with a problem.
var statusFilters = [...]statusFilter{
	{"all", 0},
	{"needs attention", flagNoStrictForm | flagHidden | flagTruncated | flagRenamed | flagFileProblem},
	{"no strict form", flagNoStrictForm},
	{"hidden characters", flagHidden},
	{"truncated", flagTruncated},
	{"renamed", flagRenamed},
}

// toolFlags are the statuses of outcome o.
func toolFlags(o *adapter.ToolOutcome) pane.Flags {
	var f pane.Flags
	if o.ConversionErr != nil {
		f |= flagNoStrictForm
	}
	if o.Removed.Count > 0 {
		f |= flagHidden
	}
	if o.Truncated {
		f |= flagTruncated
	}
	if o.Entry.Renamed {
		f |= flagRenamed
	}
	return f
}

// groupCounts are the counts of one group's header.
type groupCounts struct {
	tools, strict, nonStrict, noForm, hidden, truncated, renamed int
}

func (g *groupCounts) add(o *adapter.ToolOutcome) {
	g.tools++
	switch o.Status {
	case adapter.StatusStrict:
		g.strict++
	case adapter.StatusNonStrict:
		g.nonStrict++
	}
	f := toolFlags(o)
	for _, c := range []struct {
		flag pane.Flags
		n    *int
	}{{flagNoStrictForm, &g.noForm}, {flagHidden, &g.hidden}, {flagTruncated, &g.truncated}, {flagRenamed, &g.renamed}} {
		if f&c.flag != 0 {
			(*c.n)++
		}
	}
}

// badges are the header's counts under strict mode m: the tools sent strict
// (or, under strict false, non-strict) always, then those with no strict
// form, hidden characters, a truncated description or a new name, each when
// there are any.
func (g *groupCounts) badges(m adapter.StrictMode) []pane.Badge {
	var out []pane.Badge
	if m == adapter.StrictOff {
		out = append(out, pane.Badge{Text: fmt.Sprintf("%d non-strict", g.nonStrict), Style: pane.BadgeNonStrict})
	} else {
		out = append(out, pane.Badge{Text: fmt.Sprintf("%d strict", g.strict), Style: pane.BadgeStrict})
	}
	noForm := pane.BadgeFallback
	if m == adapter.StrictOn {
		noForm = pane.BadgeExcluded
	}
	for _, c := range []struct {
		n     int
		text  string
		style func(*common.Context) lipgloss.Style
	}{
		{g.noForm, "no strict form", noForm},
		{g.hidden, "hidden", pane.BadgeHidden},
		{g.truncated, "truncated", pane.BadgeTruncated},
		{g.renamed, "renamed", pane.BadgeNonStrict},
	} {
		if c.n > 0 {
			out = append(out, pane.Badge{Text: fmt.Sprintf("%d %s", c.n, c.text), Style: c.style})
		}
	}
	return out
}

// listRows builds the list's rows and groups from the answer c: one group per
// server, its tools in order, then a group of the files that are not tool
// lists or that have warnings (recordings and session files among them). With
// one group the list draws no header, and a tool keeps its exposed name and
// its server on its row; under headers it is named as its server names it.
func (s *Screen) listRows(c *computed) ([]pane.Row, []pane.Group) {
	var files []int
	for i := range s.loaded.Files {
		f := &s.loaded.Files[i]
		if (f.Kind != common.FileToolList || len(f.Warnings) > 0) && !f.Live {
			files = append(files, i)
		}
	}
	nGroups := len(s.eng.servers)
	if len(files) > 0 {
		nGroups++
	}
	grouped := nGroups > 1
	counts := make([]groupCounts, len(s.eng.servers))
	rows := make([]pane.Row, 0, len(c.Report.Outcomes)+len(files))
	for i, o := range c.Report.Outcomes {
		g := s.eng.serverOf[i]
		counts[g].add(o)
		rows = append(rows, toolRow(i, g, o, grouped))
	}
	groups := make([]pane.Group, 0, nGroups)
	for g, srv := range s.eng.servers {
		detail := words.Count(len(srv.Tools), "tool", "tools")
		if f := s.sessionSource(g); f != nil {
			detail += " · " + common.Safe(f.Name)
		}
		grp := pane.Group{Name: common.Safe(srv.Name), Detail: detail, Counts: counts[g].badges(c.Modes.Strict)}
		if _, ls := s.liveServer(g); ls != nil {
			liveGroup(&grp, ls, s.ctx.Now())
		}
		groups = append(groups, grp)
	}
	if len(files) > 0 {
		var failed, replay, warned int
		for _, i := range files {
			f := &s.loaded.Files[i]
			switch {
			case f.Kind == common.FileFailed:
				failed++
			case f.Kind == common.FileRecording || f.Kind == common.FileSession:
				replay++
			}
			if len(f.Warnings) > 0 {
				warned++
			}
			r := fileRow(i, f, s.ctx.ScreenKey("replay"))
			r.Group = len(groups)
			rows = append(rows, r)
		}
		var badges []pane.Badge
		if replay > 0 {
			badges = append(badges, pane.Badge{Text: fmt.Sprintf("%d to replay", replay), Style: pane.BadgeReplay})
		}
		if failed > 0 {
			badges = append(badges, pane.Badge{Text: fmt.Sprintf("%d not loaded", failed), Style: pane.BadgeError})
		}
		if warned > 0 {
			badges = append(badges, pane.Badge{Text: fmt.Sprintf("%d with warnings", warned), Style: pane.BadgeFallback})
		}
		groups = append(groups, pane.Group{Name: "files", Detail: words.Count(len(files), "file", "files"), Counts: badges})
	}
	return rows, groups
}

// source is the file server g came from: its tool list, else the session
// file that holds it; nil when none does.
func (s *Screen) source(g int) *common.File {
	for i := range s.loaded.Files {
		if f := &s.loaded.Files[i]; f.Kind == common.FileToolList && f.Server == g {
			return f
		}
	}
	for i := range s.loaded.Files {
		if f := &s.loaded.Files[i]; slices.Contains(f.Servers, g) {
			return f
		}
	}
	return nil
}

// sessionSource is the session file server g came from, when it came from
// one and no tool list: its header and the status line name it, as the
// server's name does not say where it was found.
func (s *Screen) sessionSource(g int) *common.File {
	if f := s.source(g); f != nil && f.Kind == common.FileSession {
		return f
	}
	return nil
}

// groupContents are the panes of a group's header: a server's file and its
// problems, or what the files group holds.
func (s *Screen) groupContents(g int) *[2]*pane.Content {
	if g < len(s.eng.servers) {
		if f := s.source(g); f != nil {
			return fileContents(f, s.ctx.ScreenKey("replay"))
		}
		msg := common.Safe(s.eng.servers[g].Name) + ": " + words.Count(len(s.eng.servers[g].Tools), "tool", "tools") + "."
		return &[2]*pane.Content{{Title: "server", Message: msg}, {Title: "problems", Message: "No problems."}}
	}
	msg := "The files that are not tool lists, or that have warnings. Select one to see what it is."
	return &[2]*pane.Content{{Title: "files", Message: msg}, {Title: "problems", Message: msg}}
}

// filterText says which filters are on and what they keep, for the status
// line: "filter: no strict form · 37 of 1,990 tools"; "" while none is.
func (s *Screen) filterText() string {
	if !s.lp.List.Filtering() {
		return ""
	}
	what := ""
	if s.only > 0 {
		what = statusFilters[s.only].name
	}
	if q := s.lp.List.Filter.Value(); q != "" {
		if what != "" {
			what += " + "
		}
		what += "/" + common.Safe(q)
	}
	kept, all := s.lp.List.Counted()
	unit := "tools"
	if all == 1 {
		unit = "tool"
	}
	return fmt.Sprintf("filter: %s · %s of %s %s", what, words.Number(kept), words.Number(all), unit)
}
