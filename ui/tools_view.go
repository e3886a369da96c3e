package ui

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
)

// View implements Screen.
func (s *toolsScreen) View() string {
	sep := common.Rule(s.ctx.Styles, s.layout.List.H)
	body := s.PairView(s.Pane, sep, s.List.View(s.Pane == paneList), sep)
	return common.Frame(s.titleBar(), s.banner.Lines, s.layout.Banner, body, s.InfoRow(s.Pane))
}

// titleBar is the first row: the name, the screen, the modes.
func (s *toolsScreen) titleBar() string {
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
	if s.Want != s.modes {
		left += st.TitleBar.Render(" │ ") + st.Stale.Render("computing "+s.Want.String()+"…")
	}
	return common.TitleRow(st, s.ctx.Width, left)
}

// KeyMaps implements Screen.
func (s *toolsScreen) KeyMaps() []common.NamedKeyMap {
	k := s.ctx.Keys
	tools := common.NamedKeyMap{Title: "tools screen", KeyMap: k.Tools}
	list := common.NamedKeyMap{Title: "tool list", KeyMap: k.List}
	json := common.NamedKeyMap{Title: "JSON panes", KeyMap: k.JSON}
	if s.Pane == paneList {
		return []common.NamedKeyMap{list, tools, json}
	}
	return []common.NamedKeyMap{json, tools, list}
}

// Status implements Screen: the file of the selection and the position.
func (s *toolsScreen) Status() string {
	row := s.List.Current()
	file := ""
	if row != nil {
		switch {
		case row.File >= 0:
			file = common.Safe(s.loaded.Files[row.File].Name)
		case row.Tool < len(s.eng.serverOf):
			file = common.Safe(s.loaded.ServerFile(s.eng.serverOf[row.Tool]))
		}
	}
	pos := s.List.PlaceText()
	parts := []string{string(s.modes.API) + " · strict " + string(s.modes.Strict)}
	if file != "" {
		parts = append(parts, common.TruncLeft(file, 28))
	}
	c := s.cur.counts
	var n string
	switch s.modes.Strict {
	case adapter.StrictOn:
		n = fmt.Sprintf("%d strict · %d excluded", c.strict, c.excluded)
	case adapter.StrictOff:
		n = fmt.Sprintf("%d non-strict", c.nonStrict)
	default:
		n = fmt.Sprintf("%d strict · %d fallback", c.strict, c.fallback)
	}
	parts = append(parts, pos, n)
	return strings.Join(parts, " │ ")
}
