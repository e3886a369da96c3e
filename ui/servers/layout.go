package servers

import (
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// layout is where each part of the servers screen goes in a window.
type layout struct {
	TooSmall bool
	Title    common.Rect // one row: the screen's name and the servers' counts
	List     common.Rect // the servers, title row included
	SepList  common.Rect // the rule between the list and the panes
	Details  common.Rect // the selected server's details, title row included
	SepPanes common.Rect // the rule between details and log when side by side; empty when stacked
	Log      common.Rect // the selected server's log, title row included
	Info     common.Rect // one row: where the log is, and the keys that act on it
	Status   common.Rect // one row: the server, its state, the log's filter
}

// sideBySide is the width right of the list from which the details and the
// log stand side by side: below it each would be too narrow for a log line,
// so they are stacked.
const sideBySide = 160

// computeLayout places the servers screen in a w×h window. It is a pure
// function of the size. The list takes the width the tool list takes on the
// tools screen (pane.ComputeLayout). Right of it the details and the log are
// stacked, the details taking half the height (6 to 24 rows) and the log
// the rest; from sideBySide columns on they stand side by side, the
// details taking two fifths of the width.
func computeLayout(w, h int) layout {
	if w < common.MinWidth || h < common.MinHeight {
		return layout{TooSmall: true}
	}
	t := pane.ComputeLayout(w, h, 0)
	l := layout{Title: t.Title, List: t.List, SepList: t.SepList, Info: t.Info, Status: t.Status}
	x, top, bodyH := t.Left.X, t.List.Y, t.List.H
	rest := w - x
	if rest >= sideBySide {
		dw := rest * 2 / 5
		l.Details = common.Rect{X: x, Y: top, W: dw, H: bodyH}
		l.SepPanes = common.Rect{X: x + dw, Y: top, W: 1, H: bodyH}
		l.Log = common.Rect{X: x + dw + 1, Y: top, W: rest - dw - 1, H: bodyH}
		return l
	}
	dh := min(max(bodyH/2, 6), 24)
	l.Details = common.Rect{X: x, Y: top, W: rest, H: dh}
	l.Log = common.Rect{X: x, Y: top + dh, W: rest, H: bodyH - dh}
	return l
}
