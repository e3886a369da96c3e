package replay

import (
	"github.com/strictscope/strictscope/ui/common"

	"github.com/strictscope/strictscope/ui/pane"
)

// layout is where each part of the replay screen goes in a window.
type layout struct {
	TooSmall bool
	Title    common.Rect // one row: the name, the options, where the tools came from
	Banner   common.Rect // rows for where the tools came from, the turn's error, warnings
	List     common.Rect // the turns, title row included
	SepList  common.Rect // the rule between the list and the stage
	Stepper  common.Rect // one row over the panes: the stage's number and title
	Left     common.Rect // the stage's input, title row included
	SepPanes common.Rect // the rule between input and output
	Right    common.Rect // the stage's output, title row included
	Notes    common.Rect // the stage's notes, title row included
	Info     common.Rect // one row: breadcrumb and the note on the cursor line
	Status   common.Rect // one row: options, file, counts, messages
}

// computeLayout places the replay screen in a w×h window with bannerRows
// rows of banner. It is a pure function of its arguments. The list takes the
// width the tool list takes on the tools screen (pane.ComputeLayout); right of it
// the stepper row, the input and output panes side by side, and under them the
// notes, a fifth of the height (4 to 10 rows).
func computeLayout(w, h, bannerRows int) layout {
	if w < common.MinWidth || h < common.MinHeight {
		return layout{TooSmall: true}
	}
	t := pane.ComputeLayout(w, h, bannerRows)
	l := layout{Title: t.Title, Banner: t.Banner, List: t.List, SepList: t.SepList, Info: t.Info, Status: t.Status}
	x := t.Left.X
	rest := w - x
	top, bodyH := t.List.Y, t.List.H
	notesH := pane.NotesRows(h)
	panesH := bodyH - 1 - notesH
	leftW := (rest - 1) / 2
	l.Stepper = common.Rect{X: x, Y: top, W: rest, H: 1}
	l.Left = common.Rect{X: x, Y: top + 1, W: leftW, H: panesH}
	l.SepPanes = common.Rect{X: x + leftW, Y: top + 1, W: 1, H: panesH}
	l.Right = common.Rect{X: x + leftW + 1, Y: top + 1, W: rest - 1 - leftW, H: panesH}
	l.Notes = common.Rect{X: x, Y: top + 1 + panesH, W: rest, H: notesH}
	return l
}
