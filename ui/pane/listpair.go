package pane

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/keys"
)

// ListPane is the pane index of the list in a ListPair's tab order; the pair's
// panes follow it (ListPane+1, ListPane+2), and a screen's own panes after
// them.
const ListPane = 0

// ListPair is a filterable list beside a pane pair, the list choosing what the
// pair shows: the tools screen's tools and a tool's schemas, the replay
// screen's turns and a stage's input and output. It owns the focus of the
// screen that holds it and does what both screens do alike: the list's keys
// and its filter, the click that focuses a pane and moves in it, the wheel, and
// copying the list or a pane. A screen with more panes than these three (the
// replay screen's notes) handles them itself, through the hooks.
type ListPair struct {
	common.Focus
	List *List
	Pair
	// listKeys are the list's bindings on this screen.
	listKeys func(*keys.KeyMap) keys.List
	// listName names the list's text for the status line once copied.
	listName string
	// rects are where the screen's panes are drawn, in tab order (set by
	// SetRects at every resize).
	rects []common.Rect
	// Selected is called after the list's selection may have changed, with the
	// Row selected before: the screen shows the row now selected.
	Selected func(before *Row)
}

// NewListPair builds the list and the pair of a screen with panes panes in
// all.
func NewListPair(ctx *common.Context, panes int, listKeys func(*keys.KeyMap) keys.List, listName string,
	pairKeys func(*keys.KeyMap) keys.JSON, scrollBoth bool, noMark string) ListPair {
	return ListPair{Focus: common.NewFocus(panes), List: NewList(ctx), listKeys: listKeys, listName: listName,
		Pair: newPair(ctx, ListPane+1, pairKeys, scrollBoth, noMark)}
}

// Capturing implements Screen: the list's filter input takes every key while
// it has them.
func (lp *ListPair) Capturing() bool { return lp.Pane == ListPane && lp.List.Editing }

// SetRects takes the rectangles of the screen's panes, in tab order, and
// sizes the list and the pair from the first three; none when the window is
// too small to draw in.
func (lp *ListPair) SetRects(rects ...common.Rect) {
	lp.rects = rects
	if len(rects) == 0 {
		return // a window too small to draw in: nothing is laid out
	}
	lp.List.SetSize(rects[0].W, rects[0].H)
	lp.List.Clamp()
	lp.setSizes(rects[1], rects[2])
}

// paneAt says which pane is drawn at cell (x, y).
func (lp *ListPair) paneAt(x, y int) (int, bool) { return common.Hit(x, y, lp.rects...) }

// Update handles what the list and the pair do alike on every screen: a paste
// into the filter, a click, the wheel, the answer to the go-to prompt. It
// says whether msg was one of them; extra is called with the pane and the
// lines for a wheel over another pane of the screen.
func (lp *ListPair) Update(msg tea.Msg, extra func(pane, lines int)) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if lp.Capturing() {
			before := lp.List.Current()
			cmd := lp.List.updateFilter(msg)
			lp.Selected(before)
			return cmd, true
		}
	case tea.MouseClickMsg:
		lp.click(msg.Mouse())
		return nil, true
	case tea.MouseWheelMsg:
		lp.wheel(msg.Mouse(), extra)
		return nil, true
	case GotoMsg:
		return lp.GotoPointer(msg), true
	}
	return nil, false
}

// click focuses the pane under the mouse, and selects the list's row or puts
// the pane's cursor on the line drawn at that row of the focused pane.
func (lp *ListPair) click(m tea.Mouse) {
	if len(lp.rects) == 0 {
		return // a window too small to draw in
	}
	if pane, ok := lp.paneAt(m.X, m.Y); ok {
		lp.Pane = pane
	}
	if lp.Pane == ListPane {
		before := lp.List.Current()
		if lp.List.click(m.Y - lp.rects[ListPane].Y) {
			lp.Selected(before)
		}
		return
	}
	lp.clickPane(lp.Pane, m.Y-lp.rects[ListPane+1].Y-1)
}

// wheel scrolls the pane under the mouse: the list moves its selection, a
// pane of the pair scrolls and the other follows, another pane goes to extra.
func (lp *ListPair) wheel(m tea.Mouse, extra func(pane, lines int)) {
	d, ok := WheelDelta(m)
	if !ok {
		return
	}
	switch pane, ok := lp.paneAt(m.X, m.Y); {
	case !ok:
	case pane == ListPane:
		before := lp.List.Current()
		lp.List.Move(d / wheelStep)
		lp.Selected(before)
	case pane <= ListPane+2:
		lp.wheelPane(pane, d)
	case extra != nil:
		extra(pane, d)
	}
}

// FilterKey passes a key to the list's filter while it has the keys; the pair
// follows the row the list then selects.
func (lp *ListPair) FilterKey(k tea.KeyPressMsg) tea.Cmd {
	lk := lp.listKeys(lp.List.ctx.Keys)
	before := lp.List.Current()
	cmd := lp.List.FilterKey(k, &lk)
	lp.Selected(before)
	return cmd
}

// ListKey handles a key for the list when it has focus: it moves the
// selection, folds or unfolds groups, opens the row (the focus goes to the
// pair's left pane) or clears the filter. It says whether k was one of these.
func (lp *ListPair) ListKey(k tea.KeyPressMsg) bool {
	lk := lp.listKeys(lp.List.ctx.Keys)
	before := lp.List.Current()
	switch {
	case lp.List.moveKey(k, &lk):
	case lp.List.foldKey(k, &lk):
	case key.Matches(k, lk.Open):
		lp.Pane = ListPane + 1
		return true
	case lp.List.clearKey(k, &lk):
	default:
		return false
	}
	lp.Selected(before)
	return true
}

// StartFilter gives the list's filter the keys, and the list the focus.
func (lp *ListPair) StartFilter() tea.Cmd {
	lp.Pane = ListPane
	return lp.List.StartFilter()
}

// CopyPane copies the list or the pane of the pair keys go to through OSC 52;
// the screen copies its other panes itself.
func (lp *ListPair) CopyPane() tea.Cmd {
	if lp.Pane == ListPane {
		return CopyCmd(lp.List.Text(), lp.listName)
	}
	return CopyCmd(lp.copyText(lp.Pane))
}

// JSONKey gives a key that moves a pane to the pane of the pair with focus
// (the left one while the list has it); the other pane follows its cursor.
func (lp *ListPair) JSONKey(k tea.KeyPressMsg) { lp.jsonKey(k, lp.Pane) }

// GotoPrompt asks for a JSON pointer for the pane of the pair with focus (the
// left one while the list has it), starting from its cursor's.
func (lp *ListPair) GotoPrompt() tea.Cmd { return lp.gotoPrompt(lp.Pane) }

// NextMark moves the pane of the pair with focus (the left one while the list
// has it) to its next (dir 1) or previous (dir -1) mark.
func (lp *ListPair) NextMark(dir int) tea.Cmd { return lp.nextMark(lp.Pane, dir) }

// PairView draws the blocks left of the pair, then the two panes with sep (a
// rule as tall as they are) between them, side by side in one join; the pane
// with focus is drawn so.
func (lp *ListPair) PairView(sep string, left ...string) string {
	return lp.view(lp.Pane, sep, left...)
}

// InfoRow is the breadcrumb of the cursor of the pane of the pair with focus
// (the left one while the list has it), and what the library said about its
// line.
func (lp *ListPair) InfoRow() string { return lp.infoRow(lp.Pane) }
