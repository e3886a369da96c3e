package ui

// The smallest window the inspector draws in; below it says so instead.
const (
	MinWidth  = 80
	MinHeight = 24
)

// Rect is a rectangle of terminal cells.
type Rect struct{ X, Y, W, H int }

// Contains reports whether the cell (x, y) is inside r.
func (r Rect) Contains(x, y int) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Layout is where each part of the tools screen goes in a window.
type Layout struct {
	TooSmall bool // the window is under MinWidth×MinHeight: draw a notice only
	Title    Rect // one row: the name, the modes
	Banner   Rect // rows for the error banner and warnings (may be empty)
	List     Rect // the tool list, its header and title row included
	Left     Rect // the left JSON pane (original), title row included
	Right    Rect // the right JSON pane (strict, tool or report), title row included
	SepList  Rect // the rule between the list and the left pane
	SepPanes Rect // the rule between the two JSON panes
	Info     Rect // one row: breadcrumb and the note on the cursor line, or a prompt
	Status   Rect // one row: mode, file, counts, messages
}

// ComputeLayout places the tools screen in a w×h window with bannerRows rows of
// banner. It is a pure function of its arguments. The banner never takes more
// than a quarter of the height; the list takes about 30% of the width, between
// 24 and 44 columns, and the JSON panes share the rest.
func ComputeLayout(w, h, bannerRows int) Layout {
	if w < MinWidth || h < MinHeight {
		return Layout{TooSmall: true}
	}
	bannerRows = min(max(bannerRows, 0), h/4)
	var l Layout
	l.Title = Rect{0, 0, w, 1}
	l.Banner = Rect{0, 1, w, bannerRows}
	top := 1 + bannerRows
	bodyH := h - top - 2
	l.Info = Rect{0, h - 2, w, 1}
	l.Status = Rect{0, h - 1, w, 1}

	listW := min(max(w*30/100, 24), 44)
	rest := w - listW - 2
	leftW := rest / 2
	rightW := rest - leftW
	l.List = Rect{0, top, listW, bodyH}
	l.SepList = Rect{listW, top, 1, bodyH}
	l.Left = Rect{listW + 1, top, leftW, bodyH}
	l.SepPanes = Rect{listW + 1 + leftW, top, 1, bodyH}
	l.Right = Rect{listW + 2 + leftW, top, rightW, bodyH}
	return l
}

// ReplayLayout is where each part of the replay screen goes in a window.
type ReplayLayout struct {
	TooSmall bool
	Title    Rect // one row: the name, the options, where the tools came from
	Banner   Rect // rows for where the tools came from, the turn's error, warnings
	List     Rect // the turns, title row included
	SepList  Rect // the rule between the list and the stage
	Stepper  Rect // one row over the panes: the stage's number and title
	Left     Rect // the stage's input, title row included
	SepPanes Rect // the rule between input and output
	Right    Rect // the stage's output, title row included
	Notes    Rect // the stage's notes, title row included
	Info     Rect // one row: breadcrumb and the note on the cursor line
	Status   Rect // one row: options, file, counts, messages
}

// ComputeReplayLayout places the replay screen in a w×h window with bannerRows
// rows of banner. It is a pure function of its arguments. The list takes the
// width the tool list takes on the tools screen (ComputeLayout); right of it
// the stepper row, the input and output panes side by side, and under them the
// notes, a fifth of the height (4 to 10 rows).
func ComputeReplayLayout(w, h, bannerRows int) ReplayLayout {
	if w < MinWidth || h < MinHeight {
		return ReplayLayout{TooSmall: true}
	}
	t := ComputeLayout(w, h, bannerRows)
	l := ReplayLayout{Title: t.Title, Banner: t.Banner, List: t.List, SepList: t.SepList, Info: t.Info, Status: t.Status}
	x := t.Left.X
	rest := w - x
	top, bodyH := t.List.Y, t.List.H
	notesH := notesRows(h)
	panesH := bodyH - 1 - notesH
	leftW := (rest - 1) / 2
	l.Stepper = Rect{x, top, rest, 1}
	l.Left = Rect{x, top + 1, leftW, panesH}
	l.SepPanes = Rect{x + leftW, top + 1, 1, panesH}
	l.Right = Rect{x + leftW + 1, top + 1, rest - 1 - leftW, panesH}
	l.Notes = Rect{x, top + 1 + panesH, rest, notesH}
	return l
}

// notesRows is the height of the notes under the panes of the replay screen
// and the playground in a window h rows high: a fifth of it, 4 to 10 rows.
func notesRows(h int) int { return min(max(h/5, 4), 10) }

// PlaygroundLayout is where each part of the playground goes in a window.
type PlaygroundLayout struct {
	TooSmall bool
	Title    Rect // one row: what is edited, and how it was opened
	Editor   Rect // the editor, title row included
	Sep      Rect // the rule between editor and result
	Result   Rect // the library's answer, title row included
	Notes    Rect // what the library found, title row included
	Info     Rect // one row: breadcrumb and the note on the cursor line
	Status   Rect // one row
}

// ComputePlaygroundLayout places the playground in a w×h window: the editor
// and the result side by side (half the width each), the notes under both, a
// fifth of the height (4 to 10 rows). It is a pure function of its arguments.
func ComputePlaygroundLayout(w, h int) PlaygroundLayout {
	if w < MinWidth || h < MinHeight {
		return PlaygroundLayout{TooSmall: true}
	}
	var l PlaygroundLayout
	l.Title = Rect{0, 0, w, 1}
	l.Info = Rect{0, h - 2, w, 1}
	l.Status = Rect{0, h - 1, w, 1}
	bodyH := h - 3
	notesH := notesRows(h)
	panesH := bodyH - notesH
	editW := (w - 1) / 2
	l.Editor = Rect{0, 1, editW, panesH}
	l.Sep = Rect{editW, 1, 1, panesH}
	l.Result = Rect{editW + 1, 1, w - editW - 1, panesH}
	l.Notes = Rect{0, 1 + panesH, w, notesH}
	return l
}

// hit is the index of the first of a screen's pane rectangles, given in tab
// order, that holds cell (x, y). A window too small to draw in lays nothing
// out, so nothing is hit there.
func hit(x, y int, panes ...Rect) (int, bool) {
	for i, r := range panes {
		if r.Contains(x, y) {
			return i, true
		}
	}
	return 0, false
}
