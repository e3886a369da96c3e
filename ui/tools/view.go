package tools

import (
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/ui/common"
)

// View implements common.Screen.
func (s *Screen) View() string {
	sep := common.Rule(s.ctx.Styles, s.layout.List.H)
	body := s.lp.PairView(sep, s.lp.List.View(s.lp.Pane == paneList), sep)
	return common.Frame(s.titleBar(), s.banner.Lines, s.layout.Banner, body, s.lp.InfoRow())
}

// titleBar is the first row: the name, the screen, the modes.
func (s *Screen) titleBar() string {
	st := s.ctx.Styles
	m := s.modes
	sepr := st.TitleBar.Render(" · ")
	parts := []string{
		st.Mode.Render(string(m.API)),
		st.Mode.Render("strict " + string(m.Strict)),
		common.ModeFlag(st.Mode, st.ModeOff, "prefix", !m.NoPrefix),
		common.ModeFlag(st.Mode, st.ModeOff, "defaults", !m.NoDefaultDescriptions),
	}
	view := map[viewMode]string{viewSchema: "original ↔ strict", viewTool: "listed ↔ sent", viewReport: "report"}[s.view]
	left := st.TitleBar.Render("tools │ ") + strings.Join(parts, sepr) +
		st.TitleBar.Render(" │ "+view)
	if s.off.Want != s.modes {
		left += st.TitleBar.Render(" │ ") + st.Stale.Render("computing "+s.off.Want.String()+"…")
	}
	return common.TitleRow(st, s.ctx.Width, left)
}

// KeyMaps implements common.Screen.
func (s *Screen) KeyMaps() []common.NamedKeyMap {
	k := s.ctx.Keys
	tools := common.NamedKeyMap{Title: "tools screen", KeyMap: k.Tools}
	list := common.NamedKeyMap{Title: "tool list", KeyMap: k.List}
	json := common.NamedKeyMap{Title: "JSON panes", KeyMap: k.JSON}
	if s.lp.Pane == paneList {
		return []common.NamedKeyMap{list, tools, json}
	}
	return []common.NamedKeyMap{json, tools, list}
}

// Status implements common.Screen: what is selected (a tool's exposed name,
// and the session file it came from if it did; a file; or a header's file),
// its place, and the counts; while a filter is
// on, which it is and what it keeps in place of the counts and the modes
// (the title bar shows those).
func (s *Screen) Status() string {
	row := s.lp.List.Current()
	what := ""
	switch g, onHeader := s.lp.List.CurrentGroup(); {
	case onHeader && g < len(s.eng.servers):
		what = common.TruncLeft(common.Safe(s.loaded.ServerFile(g)), 28)
	case row == nil:
	case row.File >= 0:
		what = common.TruncLeft(common.Safe(s.loaded.Files[row.File].Name), 28)
	case row.Tool < len(s.cur.Report.Outcomes):
		what = termsafe.Shorten(common.Safe(s.cur.Report.Outcomes[row.Tool].Entry.Exposed), 40)
		if f := s.sessionSource(s.eng.serverOf[row.Tool]); f != nil {
			what += " │ " + common.TruncLeft(common.Safe(f.Name), 28)
		}
	}
	pos := s.lp.List.PlaceText()
	if f := s.filterText(); f != "" {
		parts := []string{f}
		if what != "" {
			parts = append(parts, what)
		}
		return strings.Join(append(parts, pos), " │ ")
	}
	parts := []string{string(s.modes.API) + " · strict " + string(s.modes.Strict)}
	if what != "" {
		parts = append(parts, what)
	}
	c := s.cur.counts
	var n string
	switch s.modes.Strict {
	case adapter.StrictOn:
		n = words.Number(c.strict) + " strict · " + words.Number(c.excluded) + " excluded"
	case adapter.StrictOff:
		n = words.Number(c.nonStrict) + " non-strict"
	default:
		n = words.Number(c.strict) + " strict · " + words.Number(c.fallback) + " fallback"
	}
	parts = append(parts, pos, n)
	return strings.Join(parts, " │ ")
}
