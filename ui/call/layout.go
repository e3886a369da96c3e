package call

import (
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// Layout is where each part of the call screen goes in a window. While the
// arguments are edited, the editor and the tool's input schema are side by
// side over the notes; the approval view, the running call and its end take
// the whole Body.
type Layout struct {
	TooSmall bool
	Title    common.Rect // one row: the tool and its server
	Body     common.Rect // everything between the title row and the info row
	Editor   common.Rect // the editor, its title row included
	Sep      common.Rect // the rule between the editor and the schema
	Schema   common.Rect // the tool's input schema, its title row included
	Notes    common.Rect // what the library says of the arguments, title row included
	Info     common.Rect // one row: the cursor's place and the keys
	Status   common.Rect // one row: the root's status line
}

// ComputeLayout places the call screen in a w×h window: the editor and the
// schema side by side (the editor gets the wider half), the notes under both
// (a fifth of the height, 4 to 10 rows), as the playground lays out. It is a
// pure function of its arguments.
func ComputeLayout(w, h int) Layout {
	if w < common.MinWidth || h < common.MinHeight {
		return Layout{TooSmall: true}
	}
	var l Layout
	l.Title = common.Rect{X: 0, Y: 0, W: w, H: 1}
	l.Info = common.Rect{X: 0, Y: h - 2, W: w, H: 1}
	l.Status = common.Rect{X: 0, Y: h - 1, W: w, H: 1}
	l.Body = common.Rect{X: 0, Y: 1, W: w, H: h - 3}
	notesH := pane.NotesRows(h)
	panesH := l.Body.H - notesH
	editW := w / 2
	l.Editor = common.Rect{X: 0, Y: 1, W: editW, H: panesH}
	l.Sep = common.Rect{X: editW, Y: 1, W: 1, H: panesH}
	l.Schema = common.Rect{X: editW + 1, Y: 1, W: w - editW - 1, H: panesH}
	l.Notes = common.Rect{X: 0, Y: 1 + panesH, W: w, H: notesH}
	return l
}
