package pane

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/ui/styles"
)

// lineBg is the highlight a JSON line carries.
type lineBg uint8

const (
	bgNone lineBg = iota
	bgNull
	bgError
	bgCall
	bgCursor     // the cursor line of the focused pane
	bgCursorBlur // the cursor line of another pane
	numLineBgs
)

// MarkKind is what the library said about a line.
type MarkKind uint8

const (
	markNone    MarkKind = iota
	MarkNull             // a null path (optional property, or its nullable form)
	MarkError            // the node a conversion failed at
	markDropped          // inside a keyword the conversion dropped
	MarkCall             // a function call item the library found in a response
	numMarks
)

// lineStyles is every token style under every line highlight, built once from
// the Styles so that drawing a line only picks styles.
type lineStyles struct {
	tok    [2][numLineBgs][numTokenKinds]lipgloss.Style // [dimmed][bg][kind]
	gutter [numMarks][numLineBgs]lipgloss.Style         // [mark][bg]
}

func newLineStyles(st *styles.Styles) *lineStyles {
	ls := &lineStyles{}
	base := [numTokenKinds]lipgloss.Style{
		tkSpace:   lipgloss.NewStyle(),
		tkKey:     st.JSONKey,
		tkString:  st.JSONString,
		tkNumber:  st.JSONNumber,
		tkConst:   st.JSONConst,
		tkPunct:   st.JSONPunct,
		tkVisible: st.JSONVisible,
	}
	bgs := [numLineBgs]lipgloss.Style{
		bgNone:       lipgloss.NewStyle(),
		bgNull:       st.LineNull,
		bgError:      st.LineError,
		bgCall:       st.LineCall,
		bgCursor:     st.LineCursor,
		bgCursorBlur: st.LineCursorB,
	}
	for bg := range numLineBgs {
		for k := range numTokenKinds {
			ls.tok[0][bg][k] = base[k].Inherit(bgs[bg])
			dim := st.LineDropped
			if k == tkVisible {
				dim = st.JSONVisible // hidden characters stay loud even when dropped
			}
			ls.tok[1][bg][k] = dim.Inherit(bgs[bg])
		}
		ls.gutter[markNone][bg] = bgs[bg]
		ls.gutter[MarkNull][bg] = st.GutterNull.Inherit(bgs[bg])
		ls.gutter[MarkError][bg] = st.GutterError.Inherit(bgs[bg])
		ls.gutter[markDropped][bg] = st.GutterDrop.Inherit(bgs[bg])
		ls.gutter[MarkCall][bg] = st.GutterCall.Inherit(bgs[bg])
	}
	return ls
}

// markBg is the highlight of a line with mark m.
func markBg(m MarkKind) lineBg {
	switch m {
	case MarkNull:
		return bgNull
	case MarkError:
		return bgError
	case MarkCall:
		return bgCall
	}
	return bgNone
}

// gutterGlyph is the mark drawn in the gutter for a line.
func gutterGlyph(m MarkKind) string {
	switch m {
	case MarkNull:
		return "∅"
	case MarkError:
		return "✗"
	case markDropped:
		return "·"
	case MarkCall:
		return "ƒ"
	}
	return " "
}

// writeLine draws tokens clipped to the columns [x0, x0+w) with styles st,
// padding to exactly w cells. A line that goes on past the right edge ends in
// …, and a wide character cut at either edge takes its cells as spaces.
func writeLine(b *strings.Builder, toks []Token, x0, w int, st *[numTokenKinds]lipgloss.Style) {
	writeSpans(b, toks, x0, w, st, st, lipgloss.Style{}, -1, -1, -1, -1)
}

// writeSpans is writeLine with spans of other styles: the columns [s0, s1)
// (a selection) in sel's styles, the columns [cx, cx1) (a cursor; a space
// after the line's end) in cursor; -1 for none.
func writeSpans(b *strings.Builder, toks []Token, x0, w int, norm, sel *[numTokenKinds]lipgloss.Style,
	cursor lipgloss.Style, s0, s1, cx, cx1 int) {
	if w <= 0 {
		return
	}
	total := 0
	for _, t := range toks {
		total += t.width
	}
	limit := x0 + w
	overflow := total > limit
	if overflow {
		limit--
	}
	styleAt := func(x int, k tokenKind) lipgloss.Style {
		switch {
		case x >= cx && x < cx1:
			return cursor
		case x >= s0 && x < s1:
			return sel[k]
		}
		return norm[k]
	}
	// cuts are the columns where the style may change inside a token.
	cuts := [4]int{s0, s1, cx, cx1}
	used, col := 0, 0
	for _, t := range toks {
		if col >= limit {
			break
		}
		if t.width == 0 && col >= x0 && t.Text != "" {
			b.WriteString(styleAt(col, t.kind).Render(t.Text)) // takes no cell
			continue
		}
		start, end := max(col, x0), min(col+t.width, limit)
		for start < end {
			stop := end
			for _, c := range cuts {
				if c > start && c < stop {
					stop = c
				}
			}
			text := t.Text
			if start != col || stop != col+t.width {
				// A wide character cut at either edge takes its cells as spaces.
				text = ansi.Cut(t.Text, start-col, stop-col)
				if tw := ansi.StringWidth(text); tw > stop-start {
					text = ansi.Truncate(text, stop-start, "")
				}
				if tw := ansi.StringWidth(text); tw < stop-start {
					text += strings.Repeat(" ", stop-start-tw)
				}
			}
			b.WriteString(styleAt(start, t.kind).Render(text))
			used += stop - start
			start = stop
		}
		col += t.width
	}
	if overflow {
		b.WriteString(norm[tkPunct].Render("…"))
		used++
	}
	// After the line's end: the cursor, the selected line end, padding.
	for x := x0 + used; used < w; x++ {
		switch {
		case (x >= cx && x < cx1) || (x >= s0 && x < s1):
			b.WriteString(styleAt(x, tkSpace).Render(" "))
			used++
		default:
			b.WriteString(norm[tkSpace].Render(strings.Repeat(" ", w-used)))
			used = w
		}
	}
}
