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
// padding to exactly w cells. A line that goes on past the right edge ends in …
func writeLine(b *strings.Builder, toks []Token, x0, w int, st *[numTokenKinds]lipgloss.Style) {
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
	used, col := 0, 0
	for _, t := range toks {
		if col >= limit {
			break
		}
		end := col + t.width
		if end <= x0 {
			col = end
			continue
		}
		text := t.Text
		if col < x0 || end > limit {
			text = ansi.Cut(text, max(x0-col, 0), min(limit, end)-col)
		}
		col = end
		if text == "" {
			continue
		}
		used += ansi.StringWidth(text)
		b.WriteString(st[t.kind].Render(text))
	}
	if overflow {
		b.WriteString(st[tkPunct].Render("…"))
		used++
	}
	if used < w {
		b.WriteString(st[tkSpace].Render(strings.Repeat(" ", w-used)))
	}
}
