package playground

import (
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// layout is where each part of the playground goes in a window.
type layout struct {
	TooSmall bool
	Title    common.Rect // one row: what is edited, and how it was opened
	Editor   common.Rect // the editor, title row included
	Sep      common.Rect // the rule between editor and result
	Result   common.Rect // the library's answer, title row included
	Notes    common.Rect // what the library found, title row included
	Info     common.Rect // one row: breadcrumb and the note on the cursor line
	Status   common.Rect // one row
}

// computeLayout places the playground in a w×h window: the editor
// and the result side by side (half the width each), the notes under both, a
// fifth of the height (4 to 10 rows). It is a pure function of its arguments.
func computeLayout(w, h int) layout {
	if w < common.MinWidth || h < common.MinHeight {
		return layout{TooSmall: true}
	}
	var l layout
	l.Title = common.Rect{X: 0, Y: 0, W: w, H: 1}
	l.Info = common.Rect{X: 0, Y: h - 2, W: w, H: 1}
	l.Status = common.Rect{X: 0, Y: h - 1, W: w, H: 1}
	bodyH := h - 3
	notesH := pane.NotesRows(h)
	panesH := bodyH - notesH
	editW := (w - 1) / 2
	l.Editor = common.Rect{X: 0, Y: 1, W: editW, H: panesH}
	l.Sep = common.Rect{X: editW, Y: 1, W: 1, H: panesH}
	l.Result = common.Rect{X: editW + 1, Y: 1, W: w - editW - 1, H: panesH}
	l.Notes = common.Rect{X: 0, Y: 1 + panesH, W: w, H: notesH}
	return l
}
