package servers

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/keys"
	"github.com/strictscope/strictscope/ui/pane"
)

// A move is what a key of the pager does to a pane: go to an end, or scroll
// by rows.
type move struct {
	rows int // rows down (negative: up)
	end  int // -1 the top, 1 the bottom, 0 neither
}

// pagerMove is the move a key of pk asks of a pane page rows high, and
// whether k is one.
func pagerMove(k tea.KeyPressMsg, pk *keys.Pager, page int) (move, bool) {
	page = max(page, 1)
	switch {
	case key.Matches(k, pk.Up):
		return move{rows: -1}, true
	case key.Matches(k, pk.Down):
		return move{rows: 1}, true
	case key.Matches(k, pk.PgUp):
		return move{rows: -max(page-1, 1)}, true
	case key.Matches(k, pk.PgDown):
		return move{rows: max(page-1, 1)}, true
	case key.Matches(k, pk.HalfUp):
		return move{rows: -max(page/2, 1)}, true
	case key.Matches(k, pk.HalfDown):
		return move{rows: max(page/2, 1)}, true
	case key.Matches(k, pk.Top):
		return move{end: -1}, true
	case key.Matches(k, pk.Bottom):
		return move{end: 1}, true
	}
	return move{}, false
}

// textPane is a scrolling pane of lines, wrapped and styled by the screen: a
// server's details. A dumb component: the screen calls its methods.
type textPane struct {
	ctx    *common.Context
	title  string
	lines  []string // styled, each at most width cells
	width  int
	height int // rows under the title row
	offset int // the first line drawn
}

// SetSize sizes the pane to w×h cells, its title row included.
func (p *textPane) SetSize(w, h int) {
	p.width, p.height = max(w, 0), max(h-1, 0)
	p.clamp()
}

// SetLines shows lines under title; top scrolls back to the first line, else
// the pane stays where it was as far as the lines allow.
func (p *textPane) SetLines(title string, lines []string, top bool) {
	p.title, p.lines = title, lines
	if top {
		p.offset = 0
	}
	p.clamp()
}

func (p *textPane) clamp() { p.offset = max(min(p.offset, len(p.lines)-p.height), 0) }

// Move scrolls the pane.
func (p *textPane) Move(m move) {
	switch m.end {
	case -1:
		p.offset = 0
	case 1:
		p.offset = len(p.lines)
	default:
		p.offset += m.rows
	}
	p.clamp()
}

// Text is the lines as plain text, for the clipboard.
func (p *textPane) Text() string {
	if len(p.lines) == 0 {
		return ""
	}
	var b strings.Builder
	for _, l := range p.lines {
		b.WriteString(strings.TrimRight(ansi.Strip(l), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// View draws the title row and the visible lines, exactly w×(h+1) cells. When
// lines are cut off below, the last row says how many more there are, and
// how to get to them.
func (p *textPane) View(focused bool) string {
	st := p.ctx.Styles
	out := make([]string, 0, p.height+1)
	out = append(out, pane.Title(st, p.title, focused, p.width))
	end := min(p.offset+p.height, len(p.lines))
	shown := p.lines[p.offset:end]
	if more := len(p.lines) - end; more > 0 && p.height > 0 {
		how := "tab to the details, ↓/j"
		if focused {
			how = "↓/j"
		}
		shown = append(shown[:len(shown)-1:len(shown)-1], st.Muted.Render(fmt.Sprintf(" ↓ %d more lines (%s)", more+1, how)))
	}
	out = append(out, shown...)
	return common.PadLines(out, p.width, p.height+1)
}
