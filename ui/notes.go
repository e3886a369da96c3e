package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/keys"
)

// notesPane is a scrolling list of notes under a title row: a stage's notes on
// the replay screen, what the library found in the playground. A dumb
// component: the screen calls its methods.
type notesPane struct {
	ctx    *common.Context
	title  string
	notes  []string // sanitized, one a note
	empty  string   // shown when there is no note
	lines  []string // the notes wrapped at the width, bullets included
	w, h   int      // content rows, the title row not included
	offset int
}

func (n *notesPane) setSize(w, h int) {
	n.w, n.h = max(w, 0), max(h-1, 0)
	n.wrap()
}

// setNotes shows notes from the top.
func (n *notesPane) setNotes(title string, notes []string, empty string) {
	n.title, n.notes, n.empty, n.offset = title, notes, empty, 0
	n.wrap()
}

func (n *notesPane) wrap() {
	n.lines = n.lines[:0]
	textW := max(n.w-3, 1)
	for _, note := range n.notes {
		for i, l := range common.WrapText(note, textW) {
			if i == 0 {
				n.lines = append(n.lines, n.ctx.Styles.NoteBullet.Render(" • ")+n.ctx.Styles.Info.Render(l))
			} else {
				n.lines = append(n.lines, "   "+n.ctx.Styles.Info.Render(l))
			}
		}
	}
	n.clamp()
}

func (n *notesPane) clamp() {
	n.offset = max(min(n.offset, len(n.lines)-n.h), 0)
}

func (n *notesPane) scroll(d int) {
	n.offset += d
	n.clamp()
}

// key scrolls the notes for a key of jk that moves up or down.
func (n *notesPane) key(k tea.KeyPressMsg, jk *keys.JSON) {
	switch {
	case key.Matches(k, jk.Up):
		n.scroll(-1)
	case key.Matches(k, jk.Down):
		n.scroll(1)
	case key.Matches(k, jk.PgUp), key.Matches(k, jk.HalfUp):
		n.scroll(-max(n.h-1, 1))
	case key.Matches(k, jk.PgDown), key.Matches(k, jk.HalfDown):
		n.scroll(max(n.h-1, 1))
	case key.Matches(k, jk.Top):
		n.scroll(-len(n.lines))
	case key.Matches(k, jk.Bottom):
		n.scroll(len(n.lines))
	}
}

func (n *notesPane) text() string {
	if len(n.notes) == 0 {
		return ""
	}
	return strings.Join(n.notes, "\n") + "\n"
}

// view draws the title row and the visible notes, exactly w×(h+1) cells. When
// notes are cut off below, the last row says how many lines more there are.
func (n *notesPane) view(focused bool) string {
	st := n.ctx.Styles
	title := n.title
	if len(n.notes) > 0 {
		title = fmt.Sprintf("%s (%d)", n.title, len(n.notes))
	}
	out := []string{paneTitle(st, title, focused, n.w)}
	if len(n.lines) == 0 {
		out = append(out, st.Muted.Render(common.Fit(" "+n.empty, n.w)))
		return common.PadLines(out, n.w, n.h+1)
	}
	end := min(n.offset+n.h, len(n.lines))
	shown := n.lines[n.offset:end]
	if more := len(n.lines) - end; more > 0 && n.h > 0 {
		shown = append(shown[:len(shown)-1:len(shown)-1],
			st.Muted.Render(fmt.Sprintf("   ↓ %d more lines (tab to the notes, ↓/j)", more+1)))
	}
	out = append(out, shown...)
	return common.PadLines(out, n.w, n.h+1)
}
