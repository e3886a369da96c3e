package pane

import (
	"testing"

	"github.com/strictscope/strictscope/ui/common"
)

func TestComputeLayout(t *testing.T) {
	cases := []struct {
		w, h, banner int
		tooSmall     bool
		listW        int
		bannerH      int
	}{
		{80, 24, 0, false, 24, 0},
		{80, 24, 2, false, 24, 2},
		{80, 24, 10, false, 24, 6}, // the banner never takes more than a quarter
		{160, 50, 1, false, 44, 1},
		{120, 40, 0, false, 36, 0},
		{300, 80, 0, false, 44, 0},
		{79, 24, 0, true, 0, 0},
		{80, 23, 0, true, 0, 0},
		{0, 0, 0, true, 0, 0},
	}
	for _, c := range cases {
		l := ComputeLayout(c.w, c.h, c.banner)
		if l.TooSmall != c.tooSmall {
			t.Errorf("%d×%d: TooSmall = %v", c.w, c.h, l.TooSmall)
			continue
		}
		if l.TooSmall {
			continue
		}
		if l.List.W != c.listW || l.Banner.H != c.bannerH {
			t.Errorf("%d×%d banner %d: list %d wide, banner %d high; want %d, %d", c.w, c.h, c.banner, l.List.W, l.Banner.H, c.listW, c.bannerH)
		}
		// The columns tile the width exactly, left to right.
		cols := []common.Rect{l.List, l.SepList, l.Left, l.SepPanes, l.Right}
		x := 0
		for _, r := range cols {
			if r.X != x || r.Y != l.List.Y || r.H != l.List.H {
				t.Errorf("%d×%d: column %+v out of place (x should be %d)", c.w, c.h, r, x)
			}
			x += r.W
		}
		if x != c.w {
			t.Errorf("%d×%d: columns are %d wide", c.w, c.h, x)
		}
		if d := l.Right.W - l.Left.W; d < 0 || d > 1 {
			t.Errorf("%d×%d: JSON panes %d and %d wide", c.w, c.h, l.Left.W, l.Right.W)
		}
		// The rows tile the height exactly, top to bottom.
		rows := []common.Rect{l.Title, l.Banner, l.List, l.Info, l.Status}
		y := 0
		for _, r := range rows {
			if r.Y != y {
				t.Errorf("%d×%d: row %+v should start at %d", c.w, c.h, r, y)
			}
			y += r.H
		}
		if y != c.h {
			t.Errorf("%d×%d: rows are %d high", c.w, c.h, y)
		}
		if !l.Left.Contains(l.Left.X, l.Left.Y) || l.Left.Contains(l.Right.X, l.Right.Y) {
			t.Errorf("%d×%d: Contains is wrong", c.w, c.h)
		}
	}
}
