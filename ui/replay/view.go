package replay

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
)

// View implements common.Screen.
func (s *Screen) View() string {
	l := s.layout
	st := s.ctx.Styles
	right := lipgloss.JoinVertical(lipgloss.Left, s.stepperRow(), s.lp.PairView(common.Rule(st, l.Left.H)),
		s.notes.View(s.lp.Pane == notesPane))
	body := lipgloss.JoinHorizontal(lipgloss.Top, s.lp.List.View(s.lp.Pane == turnsPane), common.Rule(st, l.List.H), right)
	return common.Frame(s.titleBar(), s.banner.Lines, l.Banner, body, s.lp.InfoRow())
}

// titleBar is the first row: the name, the screen, the options, where the
// tools came from.
func (s *Screen) titleBar() string {
	st := s.ctx.Styles
	sepr := st.TitleBar.Render(" · ")
	shown := s.resolved(s.opts)
	parts := []string{
		st.Mode.Render(shown.structuredLabel()),
		common.ModeFlag(st.Mode, st.ModeOff, "error prefix", !shown.NoErrorPrefix),
	}
	left := st.TitleBar.Render("replay │ ") + strings.Join(parts, sepr)
	if _, tr, t := s.current(); tr != nil {
		if t.API != "" {
			left += st.TitleBar.Render(" │ ") + st.Mode.Render(string(t.API))
		}
		left += st.TitleBar.Render(" │ tools: " + common.Safe(tr.ToolsFrom))
	}
	if s.off.Want != s.opts {
		left += st.TitleBar.Render(" │ ") + st.Stale.Render("replaying with "+s.off.Want.String()+"…")
	}
	return common.TitleRow(st, s.ctx.Width, left)
}

// stepperRow is the row over the panes: where the stage is in the turn, and
// its title.
func (s *Screen) stepperRow() string {
	st := s.ctx.Styles
	w := s.layout.Stepper.W
	_, _, t := s.current()
	if t == nil || len(t.Stages) == 0 {
		return common.Fit(st.Muted.Render(" no stage"), w)
	}
	stg := &t.Stages[s.stage]
	left, right := "◀", "▶"
	if s.stage == 0 {
		left = " "
	}
	if s.stage == len(t.Stages)-1 {
		right = " "
	}
	count := st.StageCount.Render(fmt.Sprintf("%s %d/%d %s", left, s.stage+1, len(t.Stages), right))
	return common.Fit(" "+count+" "+st.Mode.Render(string(stg.Kind))+st.Muted.Render(" · ")+st.StageTitle.Render(common.Safe(stg.Title)), w)
}

// KeyMaps implements common.Screen.
func (s *Screen) KeyMaps() []common.NamedKeyMap {
	k := s.ctx.Keys
	replay := common.NamedKeyMap{Title: "replay screen", KeyMap: k.Replay}
	list := common.NamedKeyMap{Title: "turns", KeyMap: k.ReplayList()}
	json := common.NamedKeyMap{Title: "input, output and notes", KeyMap: k.ReplayJSON()}
	if s.lp.Pane == turnsPane {
		return []common.NamedKeyMap{list, replay, json}
	}
	return []common.NamedKeyMap{json, replay, list}
}

// Status implements common.Screen: the options, the file, where the stepper is (the
// turn's number among all the turns, as the list's title counts them, and
// how many the filter shows when it hides some), and the turn's counts; or
// that the filter hides every turn.
func (s *Screen) Status() string {
	e, _, t := s.current()
	parts := []string{s.resolved(s.opts).String()}
	if t == nil {
		none := "no turn"
		if g, ok := s.lp.List.CurrentGroup(); ok {
			none = common.TruncLeft(common.Safe(s.eng.fileName(g)), 28) + " │ " + words.Count(len(s.traces[g].Turns), "turn", "turns")
		} else if len(s.lp.List.Rows) > 0 {
			none = "no turn matches the filter"
		}
		return strings.Join(append(parts, none), " │ ")
	}
	c := countTurn(t)
	parts = append(parts, common.TruncLeft(common.Safe(s.eng.fileName(e.File)), 28),
		"turn "+s.lp.List.PlaceText(),
		fmt.Sprintf("stage %d/%d", min(s.stage+1, len(t.Stages)), len(t.Stages)),
		fmt.Sprintf("%s · %d rejected · %d invalid · %d unanswered", words.Count(c.calls, "call", "calls"), c.rejected, c.invalid, c.unanswered))
	return strings.Join(parts, " │ ")
}

// toolsBanner is the banner line of a turn whose recorded request sent tools
// that no loaded tool list exposes: where each tool of the request came from
// (sessions' TurnTrace.ToolOrigins), the names grouped by tool list in the
// request's order, then those inferred from the request. It is "" for a turn
// whose tools all came from one place, which the title bar names.
func (s *Screen) toolsBanner(t *sessions.TurnTrace) string {
	var groups []int // list indices in order of first use, then -1: the request
	names := map[int][]string{}
	for _, o := range t.ToolOrigins {
		if _, seen := names[o.List]; !seen && !o.Inferred() {
			groups = append(groups, o.List)
		}
		names[o.List] = append(names[o.List], common.Safe(o.Name))
	}
	if _, any := names[-1]; !any {
		return ""
	}
	groups = append(groups, -1)
	parts := make([]string, len(groups))
	for i, g := range groups {
		if g < 0 {
			why := "no loaded tool list exposes that name"
			if len(names[g]) > 1 {
				why = "no loaded tool list exposes these names"
			}
			parts[i] = strings.Join(names[g], ", ") + " inferred from the request (" + why + ")"
			continue
		}
		parts[i] = strings.Join(names[g], ", ") + " from " + common.Safe(s.eng.listName(g))
	}
	return "! tools: " + strings.Join(parts, "; ")
}
