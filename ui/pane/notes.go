package pane

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/keys"
)

// Notes is a scrolling list of notes under a title row: a stage's notes on
// the replay screen, what the library found in the playground. A dumb
// component: the screen calls its methods.
type Notes struct {
	ctx           *common.Context
	title         string
	notes         []string // sanitized, one a note
	empty         string   // shown when there is no note
	lines         []string // the notes wrapped at the width, bullets included
	width, height int      // content rows, the title row not included
	offset        int
}

// NewNotes is an empty notes pane drawn in ctx.
func NewNotes(ctx *common.Context) *Notes { return &Notes{ctx: ctx} }

// SetSize sizes the pane to w×h cells, its title row included.
func (n *Notes) SetSize(w, h int) {
	n.width, n.height = max(w, 0), max(h-1, 0)
	n.Wrap()
}

// SetNotes shows notes from the top.
func (n *Notes) SetNotes(title string, notes []string, empty string) {
	n.title, n.notes, n.empty, n.offset = title, notes, empty, 0
	n.Wrap()
}

func (n *Notes) Wrap() {
	n.lines = n.lines[:0]
	textW := max(n.width-3, 1)
	for _, note := range n.notes {
		for i, l := range common.WrapText(note, textW) {
			if i == 0 {
				n.lines = append(n.lines, n.ctx.Styles.NoteBullet.Render(" • ")+n.ctx.Styles.Info.Render(l))
			} else {
				n.lines = append(n.lines, "   "+n.ctx.Styles.Info.Render(l))
			}
		}
	}
	n.Clamp()
}

func (n *Notes) Clamp() {
	n.offset = max(min(n.offset, len(n.lines)-n.height), 0)
}

func (n *Notes) Scroll(d int) {
	n.offset += d
	n.Clamp()
}

// Key scrolls the notes for a key of jk that moves up or down.
func (n *Notes) Key(k tea.KeyPressMsg, jk *keys.JSON) {
	switch {
	case key.Matches(k, jk.Up):
		n.Scroll(-1)
	case key.Matches(k, jk.Down):
		n.Scroll(1)
	case key.Matches(k, jk.PgUp), key.Matches(k, jk.HalfUp):
		n.Scroll(-max(n.height-1, 1))
	case key.Matches(k, jk.PgDown), key.Matches(k, jk.HalfDown):
		n.Scroll(max(n.height-1, 1))
	case key.Matches(k, jk.Top):
		n.Scroll(-len(n.lines))
	case key.Matches(k, jk.Bottom):
		n.Scroll(len(n.lines))
	}
}

func (n *Notes) Text() string {
	if len(n.notes) == 0 {
		return ""
	}
	return strings.Join(n.notes, "\n") + "\n"
}

// View draws the title row and the visible notes, exactly w×(h+1) cells. When
// notes are cut off below, the last row says how many lines more there are.
func (n *Notes) View(focused bool) string {
	st := n.ctx.Styles
	title := n.title
	if len(n.notes) > 0 {
		title = fmt.Sprintf("%s (%d)", n.title, len(n.notes))
	}
	out := []string{Title(st, title, focused, n.width)}
	if len(n.lines) == 0 {
		out = append(out, st.Muted.Render(common.Fit(" "+n.empty, n.width)))
		return common.PadLines(out, n.width, n.height+1)
	}
	end := min(n.offset+n.height, len(n.lines))
	shown := n.lines[n.offset:end]
	if more := len(n.lines) - end; more > 0 && n.height > 0 {
		shown = append(shown[:len(shown)-1:len(shown)-1],
			st.Muted.Render(fmt.Sprintf("   ↓ %d more lines (tab to the notes, ↓/j)", more+1)))
	}
	out = append(out, shown...)
	return common.PadLines(out, n.width, n.height+1)
}

// NotesRows is the height of the notes under the panes of the replay screen
// and the playground in a window h rows high: a fifth of it, 4 to 10 rows.
func NotesRows(h int) int { return min(max(h/5, 4), 10) }
