package common

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/ui/styles"
)

// The frame every screen draws in: the title row, the banner under it, the
// body, and the info row over the status line. The screens build their rows
// with these helpers, so that they look alike.

// Frame stacks a screen's rows: the title row, the banner lines that fit in r,
// the body and the info row.
func Frame(title string, banner []string, r Rect, body, info string) string {
	var b strings.Builder
	b.WriteString(title)
	for _, line := range banner[:min(len(banner), r.H)] {
		b.WriteByte('\n')
		b.WriteString(Fit(line, r.W))
	}
	b.WriteByte('\n')
	b.WriteString(body)
	b.WriteByte('\n')
	b.WriteString(info)
	return b.String()
}

// TitleRow is a screen's title row, w cells: the application's name, then
// left (the screen's name, its modes).
func TitleRow(st *styles.Styles, w int, left string) string {
	return st.TitleBar.Render(Fit(st.Title.Render(" strictscope ")+left, w))
}

// ModeFlag names a mode that is on, or says "no" to it.
func ModeFlag(on, off lipgloss.Style, name string, v bool) string {
	if v {
		return on.Render(name)
	}
	return off.Render("no " + name)
}

// OnOff says a toggle's new state, for the status line.
func OnOff(what string, on bool) string {
	if on {
		return what + " on"
	}
	return what + " off"
}

// Rule is the separator between panes side by side, h rows.
func Rule(st *styles.Styles, h int) string {
	return strings.TrimSuffix(strings.Repeat(st.Separator.Render("│")+"\n", h), "\n")
}

// Banner is the lines over a screen's panes that say what is wrong with the
// selection: errors and warnings, each wrapped to the window and cut to a few
// lines.
type Banner struct {
	Lines []string // styled
	w     int      // the width text wraps at
}

// Reset empties the banner for a window w cells wide.
func (b *Banner) Reset(w int) {
	b.Lines = b.Lines[:0]
	b.w = max(w-2, 10)
}

// Add wraps text into the banner in style, cut to maxLines lines (the last
// ending in …).
func (b *Banner) Add(style lipgloss.Style, text string, maxLines int) {
	lines := WrapText(text, b.w)
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] = ansiTruncate(lines[maxLines-1], b.w-1) + "…"
	}
	for _, l := range lines {
		b.Lines = append(b.Lines, style.Render(" "+l))
	}
}
