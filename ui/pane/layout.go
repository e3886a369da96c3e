package pane

import "github.com/strictscope/strictscope/ui/common"

// Layout is where each part of a screen built on a ListPair goes in a
// window: the tools screen's whole layout, and the replay screen's frame.
type Layout struct {
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

// ComputeLayout places a ListPair's screen in a w×h window with bannerRows rows of
// banner. It is a pure function of its arguments. The banner never takes more
// than a quarter of the height; the list takes about 30% of the width, between
// 24 and 44 columns, and the JSON panes share the rest.
func ComputeLayout(w, h, bannerRows int) Layout {
	if w < common.MinWidth || h < common.MinHeight {
		return Layout{TooSmall: true}
	}
	bannerRows = min(max(bannerRows, 0), h/4)
	var l Layout
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
