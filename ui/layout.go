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
