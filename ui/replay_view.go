package ui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
)

// View implements Screen.
func (s *replayScreen) View(focus int) string {
	l := s.layout
	st := s.ctx.Styles
	var b strings.Builder
	b.WriteString(s.titleBar())
	for _, line := range s.banner[:min(len(s.banner), l.Banner.H)] {
		b.WriteByte('\n')
		b.WriteString(fit(line, l.Banner.W))
	}
	rule := func(h int) string {
		return strings.TrimSuffix(strings.Repeat(st.Separator.Render("│")+"\n", h), "\n")
	}
	panes := lipgloss.JoinHorizontal(lipgloss.Top,
		s.panes[0].view(focus == rpInput), rule(l.Left.H), s.panes[1].view(focus == rpOutput))
	right := lipgloss.JoinVertical(lipgloss.Left, s.stepperRow(), panes, s.notes.view(focus == rpNotes))
	body := lipgloss.JoinHorizontal(lipgloss.Top, s.list.view(focus == rpList), rule(l.List.H), right)
	b.WriteByte('\n')
	b.WriteString(body)
	b.WriteByte('\n')
	b.WriteString(s.infoRow(focus))
	return b.String()
}

// titleBar is the first row: the name, the screen, the options, where the
// tools came from.
func (s *replayScreen) titleBar() string {
	st := s.ctx.Styles
	sepr := st.TitleBar.Render(" · ")
	parts := []string{
		st.Mode.Render("structured " + string(s.opts.Structured)),
		modeFlag(st.Mode, st.ModeOff, "error prefix", !s.opts.NoErrorPrefix),
	}
	left := st.Title.Render(" strictscope ") + st.TitleBar.Render("replay │ ") + strings.Join(parts, sepr)
	if _, tr, t := s.current(); tr != nil {
		if t.API != "" {
			left += st.TitleBar.Render(" │ ") + st.Mode.Render(string(t.API))
		}
		left += st.TitleBar.Render(" │ tools: " + safe(tr.ToolsFrom))
	}
	if s.want != s.opts {
		left += st.TitleBar.Render(" │ ") + st.Stale.Render("replaying with "+s.want.String()+"…")
	}
	return st.TitleBar.Render(fit(left, s.ctx.Width))
}

// stepperRow is the row over the panes: where the stage is in the turn, and
// its title.
func (s *replayScreen) stepperRow() string {
	st := s.ctx.Styles
	w := s.layout.Stepper.W
	_, _, t := s.current()
	if t == nil || len(t.Stages) == 0 {
		return fit(st.Muted.Render(" no stage"), w)
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
	return fit(" "+count+" "+st.Mode.Render(string(stg.Kind))+st.Muted.Render(" · ")+st.StageTitle.Render(safe(stg.Title)), w)
}

// infoRow is the breadcrumb of the focused pane's cursor and what the trace
// says about the cursor line.
func (s *replayScreen) infoRow(focus int) string {
	w := s.ctx.Width
	p := s.panes[replayJSONFocus(focus)]
	if p.lineCount() == 0 {
		return strings.Repeat(" ", w)
	}
	return crumbRow(s.ctx.Styles, p, w)
}

// KeyMaps implements Screen.
func (s *replayScreen) KeyMaps(focus int) []NamedKeyMap {
	k := s.ctx.Keys
	replay := NamedKeyMap{"replay screen", k.Replay}
	list := NamedKeyMap{"turns", k.ReplayList()}
	json := NamedKeyMap{"input, output and notes", k.ReplayJSON()}
	if focus == rpList {
		return []NamedKeyMap{list, replay, json}
	}
	return []NamedKeyMap{json, replay, list}
}

// Status implements Screen: the options, the file, where the stepper is, and
// the turn's counts.
func (s *replayScreen) Status(focus int) string {
	e, _, t := s.current()
	parts := []string{s.opts.String()}
	if t == nil {
		return strings.Join(append(parts, "no turn"), " │ ")
	}
	c := countTurn(t)
	parts = append(parts, truncLeft(safe(s.eng.fileName(e.file)), 28),
		fmt.Sprintf("turn %d/%d", s.list.sel+1, len(s.list.visible)),
		fmt.Sprintf("stage %d/%d", min(s.stage+1, len(t.Stages)), len(t.Stages)),
		fmt.Sprintf("%s · %d rejected · %d invalid · %d unanswered", plural(c.calls, "call"), c.rejected, c.invalid, c.unanswered))
	return strings.Join(parts, " │ ")
}
