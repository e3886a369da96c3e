package ui

import (
	"github.com/strictscope/strictscope/ui/common"

	"github.com/strictscope/strictscope/ui/pane"
)

// toolsLayout is where each part of the tools screen goes in a window.
type toolsLayout struct {
	TooSmall bool        // the window is under MinWidth×MinHeight: draw a notice only
	Title    common.Rect // one row: the name, the modes
	Banner   common.Rect // rows for the error banner and warnings (may be empty)
	List     common.Rect // the tool list, its header and title row included
	Left     common.Rect // the left JSON pane (original), title row included
	Right    common.Rect // the right JSON pane (strict, tool or report), title row included
	SepList  common.Rect // the rule between the list and the left pane
	SepPanes common.Rect // the rule between the two JSON panes
	Info     common.Rect // one row: breadcrumb and the note on the cursor line, or a prompt
	Status   common.Rect // one row: mode, file, counts, messages
}

// computeToolsLayout places the tools screen in a w×h window with bannerRows rows of
// banner. It is a pure function of its arguments. The banner never takes more
// than a quarter of the height; the list takes about 30% of the width, between
// 24 and 44 columns, and the JSON panes share the rest.
func computeToolsLayout(w, h, bannerRows int) toolsLayout {
	if w < common.MinWidth || h < common.MinHeight {
		return toolsLayout{TooSmall: true}
	}
	bannerRows = min(max(bannerRows, 0), h/4)
	var l toolsLayout
	l.Title = common.Rect{X: 0, Y: 0, W: w, H: 1}
	l.Banner = common.Rect{X: 0, Y: 1, W: w, H: bannerRows}
	top := 1 + bannerRows
	bodyH := h - top - 2
	l.Info = common.Rect{X: 0, Y: h - 2, W: w, H: 1}
	l.Status = common.Rect{X: 0, Y: h - 1, W: w, H: 1}

	listW := min(max(w*30/100, 24), 44)
	rest := w - listW - 2
	leftW := rest / 2
	rightW := rest - leftW
	l.List = common.Rect{X: 0, Y: top, W: listW, H: bodyH}
	l.SepList = common.Rect{X: listW, Y: top, W: 1, H: bodyH}
	l.Left = common.Rect{X: listW + 1, Y: top, W: leftW, H: bodyH}
	l.SepPanes = common.Rect{X: listW + 1 + leftW, Y: top, W: 1, H: bodyH}
	l.Right = common.Rect{X: listW + 2 + leftW, Y: top, W: rightW, H: bodyH}
	return l
}

// replayLayout is where each part of the replay screen goes in a window.
type replayLayout struct {
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

// computeReplayLayout places the replay screen in a w×h window with bannerRows
// rows of banner. It is a pure function of its arguments. The list takes the
// width the tool list takes on the tools screen (computeToolsLayout); right of it
// the stepper row, the input and output panes side by side, and under them the
// notes, a fifth of the height (4 to 10 rows).
func computeReplayLayout(w, h, bannerRows int) replayLayout {
	if w < common.MinWidth || h < common.MinHeight {
		return replayLayout{TooSmall: true}
	}
	t := computeToolsLayout(w, h, bannerRows)
	l := replayLayout{Title: t.Title, Banner: t.Banner, List: t.List, SepList: t.SepList, Info: t.Info, Status: t.Status}
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
