package ui

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// View implements Screen.
func (s *toolsScreen) View() string {
	sep := rule(s.ctx.Styles, s.layout.List.H)
	body := s.pairView(s.pane, sep, s.list.view(s.pane == paneList), sep)
	return frame(s.titleBar(), s.banner.lines, s.layout.Banner, body, s.infoRow(s.pane))
}

// titleBar is the first row: the name, the screen, the modes.
func (s *toolsScreen) titleBar() string {
	st := s.ctx.Styles
	m := s.modes
	sepr := st.TitleBar.Render(" · ")
	parts := []string{
		st.Mode.Render(string(m.API)),
		st.Mode.Render("strict " + string(m.Strict)),
		modeFlag(st.Mode, st.ModeOff, "prefix", !m.NoPrefix),
		modeFlag(st.Mode, st.ModeOff, "defaults", !m.NoDefaultDescriptions),
	}
	view := map[viewMode]string{viewSchema: "original ↔ strict", viewTool: "listed ↔ sent", viewReport: "report"}[s.view]
	left := st.TitleBar.Render("tools │ ") + strings.Join(parts, sepr) +
		st.TitleBar.Render(" │ "+view)
	if s.want != s.modes {
		left += st.TitleBar.Render(" │ ") + st.Stale.Render("computing "+s.want.String()+"…")
	}
	return titleRow(st, s.ctx.Width, left)
}

// KeyMaps implements Screen.
func (s *toolsScreen) KeyMaps() []NamedKeyMap {
	k := s.ctx.Keys
	tools := NamedKeyMap{"tools screen", k.Tools}
	list := NamedKeyMap{"tool list", k.List}
	json := NamedKeyMap{"JSON panes", k.JSON}
	if s.pane == paneList {
		return []NamedKeyMap{list, tools, json}
	}
	return []NamedKeyMap{json, tools, list}
}

// Status implements Screen: the file of the selection and the position.
func (s *toolsScreen) Status() string {
	row := s.list.current()
	file := ""
	if row != nil {
		switch {
		case row.file >= 0:
			file = safe(s.loaded.Files[row.file].Name)
		case row.tool < len(s.eng.serverOf):
			file = safe(s.loaded.ServerFile(s.eng.serverOf[row.tool]))
		}
	}
	pos := s.list.placeText()
	parts := []string{string(s.modes.API) + " · strict " + string(s.modes.Strict)}
	if file != "" {
		parts = append(parts, truncLeft(file, 28))
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
