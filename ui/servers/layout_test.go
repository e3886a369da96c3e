package servers

import (
	"testing"

	"github.com/strictscope/strictscope/ui/common"
)

// TestLayoutTilesTheWindow checks that the layout is a pure function of the
// size whose parts cover the window row by row without overlapping, stacked
// below sideBySide columns right of the list and side by side from there.
func TestLayoutTilesTheWindow(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 30}, {160, 50}, {200, 60}, {220, 40}, {300, 90}} {
		w, h := size[0], size[1]
		l := computeLayout(w, h)
		if l != computeLayout(w, h) {
			t.Fatalf("%dx%d: two layouts of one size differ", w, h)
		}
		if l.TooSmall {
			t.Fatalf("%dx%d: too small", w, h)
		}
		rects := []common.Rect{l.Title, l.List, l.SepList, l.Details, l.SepPanes, l.Log, l.Info, l.Status}
		for y := range h {
			for x := range w {
				n := 0
				for _, r := range rects {
					if r.Contains(x, y) {
						n++
					}
				}
				if n != 1 {
					t.Fatalf("%dx%d: cell (%d,%d) is in %d parts", w, h, x, y, n)
				}
			}
		}
		side := l.SepPanes.W > 0
		if want := w-l.Details.X >= sideBySide; side != want {
			t.Errorf("%dx%d: side by side %v, want %v", w, h, side, want)
		}
		if !side && (l.Details.H < 6 || l.Details.H > 24 || l.Log.H < l.Details.H) {
			t.Errorf("%dx%d: details %d rows, log %d", w, h, l.Details.H, l.Log.H)
		}
	}
	for _, size := range [][2]int{{79, 24}, {80, 23}, {0, 0}} {
		if l := computeLayout(size[0], size[1]); !l.TooSmall {
			t.Errorf("%dx%d: laid out, want too small", size[0], size[1])
		}
	}
}

// TestTooSmallDrawsNothing checks that the screen takes a window too small
// to draw in, and a resize back, without breaking.
func TestTooSmallDrawsNothing(t *testing.T) {
	s := newScreen(testLive(), 60, 20)
	if v := s.View(); v != "" {
		t.Errorf("a 60x20 window drew %q", v)
	}
	press(s, "j", "R", "/", "x", "enter", "G")
	s.ctx.Width, s.ctx.Height = 80, 24
	s.Resize()
	if f := frame(s); len(f) == 0 {
		t.Error("nothing drawn after the resize back")
	}
}
