package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/ui/common"
)

// View implements tea.Model: the alternate screen (left on quit, so the terminal
// is as it was), the mouse on, and the frame. The window title is left alone: a
// program cannot read it, so one it set could not be given back on quit.
func (m *model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	return v
}

// Render draws the frame as a string: Height rows of Width cells.
func (m *model) Render() string {
	w, h := m.ctx.Width, m.ctx.Height
	if w <= 0 || h <= 0 {
		return ""
	}
	if w < common.MinWidth || h < common.MinHeight {
		return m.tooSmall()
	}
	var body string
	if m.help {
		body = m.helpView()
	} else {
		body = m.screen().View()
	}
	return body + "\n" + m.statusLine()
}

// tooSmall says the window is under the minimum, centred; in a window too
// small for that notice, a shorter one.
func (m *model) tooSmall() string {
	st := m.ctx.Styles
	w, h := m.ctx.Width, m.ctx.Height
	msg := fmt.Sprintf("strictscope needs a window of at least %d×%d; this one is %d×%d. Make it larger, or press q to quit.",
		common.MinWidth, common.MinHeight, w, h)
	lines := common.WrapText(msg, max(w-2, 1))
	if len(lines) > h {
		// Too few rows for the whole notice: what is needed, and how to quit.
		lines = common.WrapText(fmt.Sprintf("%d×%d needed · q quits", common.MinWidth, common.MinHeight), max(w-2, 1))
	}
	for i := range lines {
		lines[i] = st.BannerWarn.Render(lipgloss.PlaceHorizontal(w, lipgloss.Center, lines[i]))
	}
	top := max((h-len(lines))/2, 0)
	out := make([]string, top, h)
	out = append(out, lines...)
	return common.PadLines(out, w, h)
}

// statusLine is the last row: the prompt when one is open, else a message, else
// the screen's status and the way to help.
func (m *model) statusLine() string {
	st := m.ctx.Styles
	w := m.ctx.Width
	if m.prompt.open {
		hint := st.Status.Render(promptHint)
		left := " " + m.prompt.view(m.ctx)
		return common.Fit(left, w-lipgloss.Width(hint)) + hint
	}
	if m.status.Text != "" {
		s := st.StatusMsg
		if m.status.Kind == common.StatusError {
			s = st.StatusErr
		}
		rest := st.Status.Render(" │ " + m.screen().Status())
		return st.Status.Render(common.Fit(" "+s.Render(m.status.Text)+rest, w))
	}
	right := " ? help "
	if m.help {
		right = " ? or esc closes help "
	}
	left := " " + m.screen().Status()
	return st.Status.Render(common.Fit(left, w-lipgloss.Width(right)) + right)
}

// helpView shows the help lines from the scroll offset.
func (m *model) helpView() string {
	lines := m.helpLines()
	h := m.ctx.Height - 1
	off := min(m.helpOffset, max(len(lines)-h, 0))
	lines = lines[off:]
	if len(lines) > h {
		lines = append(lines[:h-1:h-1], m.ctx.Styles.Muted.Render("  ↓ more (↓/j, pgdn)"))
	}
	return common.PadLines(lines, m.ctx.Width, h)
}

// helpLines are generated from the key maps: the global keys, then the screen's,
// the focused pane's first.
func (m *model) helpLines() []string {
	st := m.ctx.Styles
	hm := help.New()
	hm.Styles = st.Help
	hm.SetWidth(m.ctx.Width - 4)
	groups := append([]common.NamedKeyMap{{Title: "everywhere", KeyMap: m.ctx.Keys.Global}}, m.screen().KeyMaps()...)
	var lines []string
	lines = append(lines, st.Title.Render(" strictscope ")+st.HelpTitle.Render(" keys"), "")
	for _, g := range groups {
		lines = append(lines, "  "+st.HelpTitle.Render(g.Title))
		for _, l := range strings.Split(hm.FullHelpView(g.FullHelp()), "\n") {
			lines = append(lines, "    "+l)
		}
		lines = append(lines, "")
	}
	lines = append(lines, st.Muted.Render("  Marks: ∅ null path (or a null stripped there) · ✗ an error, where it is · · dropped or ignored · ƒ function call"),
		st.Muted.Render("  Invisible characters are drawn as ⟨U+XXXX⟩; text from tools never reaches the terminal raw."))
	return lines
}
