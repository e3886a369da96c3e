package playground

import (
	"testing"

	"github.com/strictscope/strictscope/ui/common"
)

func TestComputePlaygroundLayout(t *testing.T) {
	for _, c := range [][2]int{{80, 24}, {160, 50}, {101, 33}} {
		w, h := c[0], c[1]
		l := computeLayout(w, h)
		if l.Editor.X != 0 || l.Sep.X != l.Editor.W || l.Result.X != l.Sep.X+1 || l.Result.X+l.Result.W != w {
			t.Errorf("%d×%d: columns out of place: %+v %+v %+v", w, h, l.Editor, l.Sep, l.Result)
		}
		if d := l.Result.W - l.Editor.W; d < 0 || d > 1 {
			t.Errorf("%d×%d: editor %d and result %d wide", w, h, l.Editor.W, l.Result.W)
		}
		rows := []common.Rect{l.Title, l.Editor, l.Notes, l.Info, l.Status}
		y := 0
		for _, r := range rows {
			if r.Y != y {
				t.Errorf("%d×%d: row %+v should start at %d", w, h, r, y)
			}
			y += r.H
		}
		if y != h || l.Result.H != l.Editor.H || l.Notes.W != w {
			t.Errorf("%d×%d: rows are %d high", w, h, y)
		}
	}
	if !computeLayout(79, 30).TooSmall {
		t.Error("79 columns is not too small")
	}
}
