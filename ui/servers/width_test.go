package servers

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestEveryRowFillsTheWidth checks that, styled, each row the screen draws
// is exactly the window's width and that it draws Height-1 rows, for each
// server, each pane focused, with and without colour.
func TestEveryRowFillsTheWidth(t *testing.T) {
	for _, noColor := range []bool{false, true} {
		for _, size := range [][2]int{{80, 24}, {123, 37}, {160, 50}, {230, 60}} {
			s := newScreen(testLive(), size[0], size[1])
			s.ctx.SetNoColor(noColor)
			s.Restyle()
			for server := range 3 {
				for focus := range paneCount {
					s.focus.Pane = focus
					rows := strings.Split(s.View(), "\n")
					if len(rows) != size[1]-1 {
						t.Fatalf("%dx%d: %d rows drawn, want %d", size[0], size[1], len(rows), size[1]-1)
					}
					for i, r := range rows {
						if w := ansi.StringWidth(r); w != size[0] {
							t.Errorf("%dx%d server %d focus %d: row %d is %d cells: %q", size[0], size[1], server, focus, i, w, ansi.Strip(r))
						}
					}
				}
				s.focus.Pane = listPane
				press(s, "j")
			}
		}
	}
}
