package replay

import (
	"testing"
)

func TestComputeReplayLayout(t *testing.T) {
	for _, c := range []struct{ w, h, banner int }{{80, 24, 0}, {80, 24, 4}, {160, 50, 2}, {120, 40, 0}, {300, 80, 1}} {
		l := computeLayout(c.w, c.h, c.banner)
		if l.TooSmall {
			t.Fatalf("%d×%d: too small", c.w, c.h)
		}
		// Left to right: the list, its rule, then the stage's column.
		if l.SepList.X != l.List.X+l.List.W || l.Stepper.X != l.SepList.X+1 || l.Stepper.X+l.Stepper.W != c.w {
			t.Errorf("%d×%d: columns out of place: %+v %+v %+v", c.w, c.h, l.List, l.SepList, l.Stepper)
		}
		// The stage's column: input, rule and output tile it, as the notes do.
		if l.Left.X != l.Stepper.X || l.SepPanes.X != l.Left.X+l.Left.W || l.Right.X != l.SepPanes.X+1 ||
			l.Right.X+l.Right.W != c.w || l.Notes.X != l.Stepper.X || l.Notes.W != l.Stepper.W {
			t.Errorf("%d×%d: the stage's panes do not tile its column: %+v %+v %+v %+v", c.w, c.h, l.Left, l.SepPanes, l.Right, l.Notes)
		}
		if d := l.Right.W - l.Left.W; d < 0 || d > 1 {
			t.Errorf("%d×%d: input %d and output %d wide", c.w, c.h, l.Left.W, l.Right.W)
		}
		// Top to bottom: stepper, panes, notes fill the list's height.
		if l.Stepper.Y != l.List.Y || l.Left.Y != l.Stepper.Y+1 || l.Notes.Y != l.Left.Y+l.Left.H ||
			l.Notes.Y+l.Notes.H != l.List.Y+l.List.H || l.Info.Y != l.List.Y+l.List.H {
			t.Errorf("%d×%d: rows out of place: stepper %+v panes %+v notes %+v list %+v", c.w, c.h, l.Stepper, l.Left, l.Notes, l.List)
		}
		if l.Notes.H < 4 || l.Notes.H > 10 || l.Left.H < 8 {
			t.Errorf("%d×%d: notes %d rows, panes %d", c.w, c.h, l.Notes.H, l.Left.H)
		}
	}
	if !computeLayout(79, 24, 0).TooSmall || !computeLayout(80, 23, 0).TooSmall {
		t.Error("under 80×24 is not too small")
	}
}
