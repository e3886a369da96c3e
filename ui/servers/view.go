package servers

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/styles"
)

// View implements common.Screen.
func (s *Screen) View() string {
	l := s.layout
	if l.TooSmall {
		return ""
	}
	st := s.ctx.Styles
	var right string
	if l.SepPanes.W > 0 {
		right = lipgloss.JoinHorizontal(lipgloss.Top, s.details.View(s.focus.Pane == detailsPane),
			common.Rule(st, l.Log.H), s.log.View(s.focus.Pane == logPane))
	} else {
		right = lipgloss.JoinVertical(lipgloss.Left, s.details.View(s.focus.Pane == detailsPane), s.log.View(s.focus.Pane == logPane))
	}
	body := lipgloss.JoinHorizontal(lipgloss.Top, s.list.View(s.focus.Pane == listPane), common.Rule(st, l.List.H), right)
	return common.Frame(s.titleBar(), nil, common.Rect{}, body, s.infoRow())
}

// titleBar is the first row: the screen, how many servers are in each state,
// and whether the JSON-RPC messages are logged.
func (s *Screen) titleBar() string {
	st := s.ctx.Styles
	var n [3]int
	for _, ls := range s.servers() {
		n[min(int(ls.State), 2)]++
	}
	left := st.TitleBar.Render("servers │ " + words.Count(len(s.servers()), "server", "servers"))
	for _, c := range []struct {
		n     int
		state common.LiveState
		style lipgloss.Style
	}{{n[common.LiveReady], common.LiveReady, st.BadgeStrict}, {n[common.LiveConnecting], common.LiveConnecting, st.Stale},
		{n[common.LiveFailed], common.LiveFailed, st.BadgeError}} {
		if c.n > 0 {
			left += st.TitleBar.Render(" · ") + c.style.Render(words.Number(c.n)+" "+c.state.String())
		}
	}
	trace := s.lv != nil && s.lv.Trace
	left += st.TitleBar.Render(" │ ") + common.ModeFlag(st.Mode, st.ModeOff, "trace", trace)
	return common.TitleRow(st, s.ctx.Width, left)
}

// infoRow is the row over the status line: the line at the top of the log
// and whether it follows the end, then the keys of the screen.
func (s *Screen) infoRow() string {
	st := s.ctx.Styles
	hint := st.Muted.Render("R reconnects · / filters the log · t kinds")
	top := s.log.Where()
	if top == "" {
		return common.Fit(" "+hint, s.ctx.Width)
	}
	return common.Fit(" "+st.Info.Render(top)+st.Muted.Render(" │ ")+hint, s.ctx.Width)
}

// markStyle is the style of a log line's mark.
func markStyle(st *styles.Styles, k live.LogKind) lipgloss.Style {
	switch k {
	case live.LogSent:
		return st.Crumb
	case live.LogReceived:
		return st.NoteBullet
	}
	return st.Muted
}

// KeyMaps implements common.Screen: the focused pane's keys first.
func (s *Screen) KeyMaps() []common.NamedKeyMap {
	k := s.ctx.Keys
	screen := common.NamedKeyMap{Title: "servers screen", KeyMap: k.Servers}
	list := common.NamedKeyMap{Title: "servers", KeyMap: k.ServersList()}
	pager := common.NamedKeyMap{Title: "details and log", KeyMap: k.ServersPager()}
	if s.focus.Pane == listPane {
		return []common.NamedKeyMap{list, screen, pager}
	}
	return []common.NamedKeyMap{pager, screen, list}
}

// Status implements common.Screen: the selected server, its state, and the
// log's lines, with its filters when one is on ("filter: /x · 12 of 340
// lines").
func (s *Screen) Status() string {
	i := s.selected()
	if i < 0 {
		return "no live server"
	}
	ls := s.servers()[i]
	logPart := s.log.CountText()
	if f := s.log.FilterText(); f != "" {
		logPart = "filter: " + f + " · " + logPart
	}
	return strings.Join([]string{common.TruncLeft(common.Safe(ls.Spec.Name), 28), stateText(ls, s.ctx.Now()), logPart}, " │ ")
}
