package common

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

// Hit is the index of the first of a screen's pane rectangles, given in tab
// order, that holds cell (x, y). A window too small to draw in lays nothing
// out, so nothing is hit there.
func Hit(x, y int, panes ...Rect) (int, bool) {
	for i, r := range panes {
		if r.Contains(x, y) {
			return i, true
		}
	}
	return 0, false
}
