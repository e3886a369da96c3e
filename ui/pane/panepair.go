package pane

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/keys"
	"github.com/strictscope/strictscope/ui/styles"
)

// Pair is two JSON panes side by side whose cursors follow each other: the
// tools screen's schema as written and its strict form, the replay screen's
// input and output of a stage. It does what the two panes do alike: the keys
// and the mouse that move a pane, go to a JSON pointer, the next and previous
// mark, the text for the clipboard and the breadcrumb row, each for the pane
// with the screen's focus. ListPair embeds it and passes that focus: a screen
// calls ListPair's methods (JSONKey, GotoPrompt, NextMark, PairView, InfoRow).
// It is a dumb component, as the panes are.
type Pair struct {
	ctx   *common.Context
	Panes [2]*JSON
	// first is the screen's index of the left pane in its tab order; the
	// right one's is first+1.
	first int
	// keys are the bindings that move a pane on this screen.
	keys func(*keys.KeyMap) keys.JSON
	// scrollBoth scrolls both panes sideways when one is.
	scrollBoth bool
	// noMark is the status line's message when n or N finds no mark.
	noMark string
}

// newPair builds the two panes of a screen whose left pane is pane first in
// its tab order; keys are the bindings that move a pane there.
func newPair(ctx *common.Context, first int, keys func(*keys.KeyMap) keys.JSON, scrollBoth bool, noMark string) Pair {
	return Pair{ctx: ctx, Panes: [2]*JSON{{ctx: ctx}, {ctx: ctx}}, first: first, keys: keys,
		scrollBoth: scrollBoth, noMark: noMark}
}

// GotoMsg is the answer to a pair's go-to prompt: the JSON pointer to move one
// of its panes to. The root model gives it to the screen that asked.
type GotoMsg struct {
	pane    int
	pointer string
}

// jsonFocus is the pane that keys acting on a JSON pane go to: the focused one,
// or the left one when another pane of the screen has focus.
func (pp *Pair) jsonFocus(focus int) int {
	if focus == pp.first+1 {
		return 1
	}
	return 0
}

// setSizes gives the panes their rectangles' sizes, title rows included.
func (pp *Pair) setSizes(left, right common.Rect) {
	pp.Panes[0].SetSize(left.W, left.H)
	pp.Panes[1].SetSize(right.W, right.H)
}

// Sync brings the other pane to the place of pane i's cursor.
func (pp *Pair) Sync(i int) {
	from := pp.Panes[i]
	pp.Panes[1-i].Follow(from.Content, from.Cursor, from.Row())
}

// jsonKey moves the pane keys go to for a key that moves a pane; the other
// pane follows its cursor.
func (pp *Pair) jsonKey(k tea.KeyPressMsg, focus int) {
	i := pp.jsonFocus(focus)
	jk := pp.keys(pp.ctx.Keys)
	moved, cols := pp.Panes[i].Key(k, &jk)
	if cols != 0 && pp.scrollBoth {
		pp.Panes[1-i].hscroll(cols)
	}
	if moved {
		pp.Sync(i)
	}
}

// clickPane puts the cursor of the focused pane, when it is one of the pair,
// on the line drawn at row y of its content (the title row is -1).
func (pp *Pair) clickPane(focus, y int) {
	i := focus - pp.first
	if i != 0 && i != 1 {
		return
	}
	if l, ok := pp.Panes[i].lineAt(y); ok {
		pp.Panes[i].setCursor(l, -1)
		pp.Sync(i)
	}
}

// wheelPane scrolls the pane the screen's pane index names by d lines.
func (pp *Pair) wheelPane(pane, d int) {
	i := pane - pp.first
	pp.Panes[i].Scroll(d)
	pp.Sync(i)
}

// gotoPrompt asks for a JSON pointer for the pane keys go to, starting from
// its cursor's.
func (pp *Pair) gotoPrompt(focus int) tea.Cmd {
	i := pp.jsonFocus(focus)
	cur := pp.Panes[i].CursorPath().Pointer()
	return common.PromptCmd("go to JSON pointer:", cur, func(v string) tea.Msg { return GotoMsg{pane: i, pointer: v} })
}

// GotoPointer moves a pane's cursor to a JSON pointer read with
// adapter.ParsePointer.
func (pp *Pair) GotoPointer(m GotoMsg) tea.Cmd {
	p := pp.Panes[m.pane]
	if p.LineCount() == 0 {
		return common.ShowError("this pane shows no JSON")
	}
	path, ok := adapter.ParsePointer(m.pointer, p.Content.Doc.Value)
	if !ok {
		return common.ShowError("not a JSON pointer: " + termsafe.Quote(m.pointer) + " (write /a/0/b)")
	}
	if !p.Jump(path) {
		return common.ShowError("nothing at " + termsafe.Quote(m.pointer) + " in " + p.Content.Title)
	}
	pp.Sync(m.pane)
	return nil
}

// nextMark moves the pane keys go to to its next (dir 1) or previous (dir -1)
// mark.
func (pp *Pair) nextMark(focus, dir int) tea.Cmd {
	i := pp.jsonFocus(focus)
	if !pp.Panes[i].next(dir) {
		return common.ShowInfo(pp.noMark)
	}
	pp.Sync(i)
	return nil
}

// copyText is the text of the pane keys go to, for the clipboard, and its
// title.
func (pp *Pair) copyText(focus int) (text, what string) {
	p := pp.Panes[pp.jsonFocus(focus)]
	if p.Content != nil {
		what = p.Content.Title
	}
	return p.Text(), what
}

// view draws the blocks left of the pair, then the two panes with sep (a
// rule as tall as they are) between them, side by side in one join.
func (pp *Pair) view(focus int, sep string, left ...string) string {
	blocks := make([]string, 0, len(left)+3)
	blocks = append(blocks, left...)
	blocks = append(blocks, pp.Panes[0].View(focus == pp.first), sep, pp.Panes[1].View(focus == pp.first+1))
	return lipgloss.JoinHorizontal(lipgloss.Top, blocks...)
}

// infoRow is the breadcrumb of the cursor of the pane keys go to, and what the
// library said about its line.
func (pp *Pair) infoRow(focus int) string {
	return CrumbRow(pp.ctx.Styles, pp.Panes[pp.jsonFocus(focus)], pp.ctx.Width)
}

// CopyCmd copies text, called what in the status line, to the clipboard
// through OSC 52.
func CopyCmd(text, what string) tea.Cmd {
	if text == "" {
		return common.ShowError("nothing to copy here")
	}
	return tea.Batch(tea.SetClipboard(text),
		common.ShowInfo(fmt.Sprintf("copied %s (%d bytes) to the clipboard through OSC 52", what, len(text))))
}

// wheelStep is how many lines a notch of the mouse wheel scrolls.
const wheelStep = 3

// WheelDelta is how many lines a notch of the wheel scrolls: up is negative;
// other buttons do not scroll.
func WheelDelta(m tea.Mouse) (int, bool) {
	switch m.Button {
	case tea.MouseWheelUp:
		return -wheelStep, true
	case tea.MouseWheelDown:
		return wheelStep, true
	}
	return 0, false
}

// CrumbRow is the breadcrumb of pane p's cursor and the note on its line, w
// cells wide; blank when p shows no document.
func CrumbRow(st *styles.Styles, p *JSON, w int) string {
	if p.LineCount() == 0 {
		return strings.Repeat(" ", w)
	}
	note := p.Note()
	if p.Content.Doc.Plain { // text, not JSON: no path to show
		return common.Fit(" "+st.Note.Render(note), w)
	}
	crumb := breadcrumb(p.CursorPath())
	crumbW := w - 2
	if note != "" {
		crumbW = min(lipgloss.Width(crumb), max(w/3, w-2-lipgloss.Width(note)-2))
	}
	crumb = common.TruncLeft(crumb, crumbW)
	out := " " + renderCrumb(st, crumb)
	if note != "" {
		out += "  " + st.Note.Render(note)
	}
	return common.Fit(out, w)
}

// breadcrumb writes a path as steps: properties › days › default.
func breadcrumb(p adapter.Path) string {
	if len(p) == 0 {
		return "(root)"
	}
	parts := make([]string, len(p))
	for i, st := range p {
		switch st.Kind {
		case adapter.KeyStep:
			parts[i] = common.Safe(st.Key)
		case adapter.IndexStep:
			parts[i] = fmt.Sprintf("[%d]", st.Index)
		default:
			parts[i] = "[*]"
		}
	}
	return strings.Join(parts, " › ")
}

func renderCrumb(st *styles.Styles, crumb string) string {
	parts := strings.Split(crumb, " › ")
	for i, p := range parts {
		parts[i] = st.Crumb.Render(p)
	}
	return strings.Join(parts, st.CrumbSep.Render(" › "))
}
