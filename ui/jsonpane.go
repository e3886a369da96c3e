package ui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/keys"
	"github.com/strictscope/strictscope/ui/styles"
)

// paneTitle draws a pane's title row; the focused pane's is marked ▸ (visible
// without colour too).
func paneTitle(st *styles.Styles, title string, focused bool, w int) string {
	if focused {
		return st.PaneFocused.Render(common.Fit("▸"+title, w))
	}
	return st.PaneTitle.Render(common.Fit(" "+title, w))
}

// noteSpan explains a run of lines: a dropped keyword and why, a null path, the
// error. The innermost span around the cursor is shown in the info row.
type noteSpan struct {
	start, end int
	text       string
}

// paneContent is what a JSON pane shows: a document, where the schema sits in it,
// and the marks the library's answer put on its lines.
type paneContent struct {
	title   string
	doc     *jsonDoc     // nil: show message instead
	message string       // shown when there is no document
	base    adapter.Path // the schema's path inside doc; nil when doc holds no schema
	marks   map[int]markKind
	notes   []noteSpan
	targets []int // lines n and N visit, sorted
	start   int   // the line the cursor starts on (the error, when there is one)
}

// jsonPane is a virtualised JSON view: it draws only the visible lines, from the
// document's cached lines and tokens. It is a dumb component: the screen calls its
// methods; it never sees messages.
type jsonPane struct {
	ctx    *common.Context
	c      *paneContent
	w, h   int // content cells, the title row not included
	cursor int
	offset int // first visible line
	xoff   int // first visible column
	// styles are the token styles under each line highlight, built from
	// stylesOf, the context's Styles, and built again when those change.
	styles   *lineStyles
	stylesOf *styles.Styles
}

// lineStyles are the token styles for the context's current Styles.
func (p *jsonPane) lineStyles() *lineStyles {
	if p.stylesOf != p.ctx.Styles {
		p.styles, p.stylesOf = newLineStyles(p.ctx.Styles), p.ctx.Styles
	}
	return p.styles
}

func (p *jsonPane) setSize(w, h int) {
	p.w, p.h = max(w, 0), max(h-1, 0)
	p.clamp()
}

// setContent shows c with the cursor on its start line.
func (p *jsonPane) setContent(c *paneContent) {
	p.c = c
	p.cursor, p.offset, p.xoff = 0, 0, 0
	if c.doc != nil {
		p.setCursor(c.start, p.h/3)
	}
}

func (p *jsonPane) lineCount() int {
	if p.c == nil || p.c.doc == nil {
		return 0
	}
	return len(p.c.doc.lines)
}

// setCursor puts the cursor on line i, showing it at row (from the top) when it
// has to scroll; row < 0 scrolls as little as possible.
func (p *jsonPane) setCursor(i, row int) {
	n := p.lineCount()
	if n == 0 {
		return
	}
	p.cursor = min(max(i, 0), n-1)
	if row >= 0 {
		if p.cursor < p.offset || p.cursor >= p.offset+p.h {
			p.offset = p.cursor - min(row, p.h-1)
		}
	}
	p.clamp()
}

// placeCursor puts the cursor on line i at exactly row, as far as the document
// allows (synchronised scrolling).
func (p *jsonPane) placeCursor(i, row int) {
	if p.lineCount() == 0 {
		return
	}
	p.cursor = min(max(i, 0), p.lineCount()-1)
	p.offset = p.cursor - row
	p.clamp()
}

func (p *jsonPane) clamp() {
	n := p.lineCount()
	if n == 0 {
		p.cursor, p.offset = 0, 0
		return
	}
	p.cursor = min(max(p.cursor, 0), n-1)
	p.offset = min(p.offset, max(n-p.h, 0))
	if p.h > 0 {
		if p.cursor < p.offset {
			p.offset = p.cursor
		}
		if p.cursor >= p.offset+p.h {
			p.offset = p.cursor - p.h + 1
		}
	}
	p.offset = max(p.offset, 0)
	p.xoff = max(p.xoff, 0)
}

func (p *jsonPane) move(delta int) { p.cursor += delta; p.clamp() }

// scroll moves the view (mouse wheel), dragging the cursor along when it leaves.
func (p *jsonPane) scroll(delta int) {
	n := p.lineCount()
	p.offset = min(max(p.offset+delta, 0), max(n-p.h, 0))
	if p.cursor < p.offset {
		p.cursor = p.offset
	}
	if p.h > 0 && p.cursor >= p.offset+p.h {
		p.cursor = p.offset + p.h - 1
	}
	p.clamp()
}

func (p *jsonPane) hscroll(delta int) { p.xoff = max(p.xoff+delta, 0) }

// key moves the pane for a key of jk: the cursor (moved), or the view sideways
// by cols columns.
func (p *jsonPane) key(k tea.KeyPressMsg, jk *keys.JSON) (moved bool, cols int) {
	switch {
	case key.Matches(k, jk.Up):
		p.move(-1)
	case key.Matches(k, jk.Down):
		p.move(1)
	case key.Matches(k, jk.PgUp):
		p.move(-p.h)
	case key.Matches(k, jk.PgDown):
		p.move(p.h)
	case key.Matches(k, jk.HalfUp):
		p.move(-p.h / 2)
	case key.Matches(k, jk.HalfDown):
		p.move(p.h / 2)
	case key.Matches(k, jk.Top):
		p.move(-p.lineCount())
	case key.Matches(k, jk.Bottom):
		p.move(p.lineCount())
	case key.Matches(k, jk.Left):
		cols = -8
	case key.Matches(k, jk.Right):
		cols = 8
	default:
		return false, 0
	}
	if cols != 0 {
		p.hscroll(cols)
		return false, cols
	}
	return true, 0
}

// row is the cursor's row in the visible area.
func (p *jsonPane) row() int { return p.cursor - p.offset }

// cursorPath is the path of the value on the cursor line.
func (p *jsonPane) cursorPath() adapter.Path {
	if p.lineCount() == 0 {
		return nil
	}
	return p.c.doc.pathAt(p.cursor)
}

// schemaPath is the cursor's path relative to where the schema sits, and whether
// the cursor is inside the schema.
func (p *jsonPane) schemaPath() (adapter.Path, bool) {
	if p.c == nil || p.c.base == nil {
		return nil, false
	}
	cp := p.cursorPath()
	if len(cp) < len(p.c.base) || !cp[:len(p.c.base)].Equal(p.c.base) {
		return nil, false
	}
	return cp[len(p.c.base):], true
}

// follow puts the cursor on the line of p that shows the place line of pane
// from's document shows (jsonDoc.counterpart), at row, so that both panes of a
// pair show the same place. The first and the last line of from's document
// bring p to its first and last line (g and G move both panes to an end).
// Nothing moves when either pane shows no schema or line is outside it.
func (p *jsonPane) follow(from *paneContent, line, row int) {
	if p.c == nil || p.c.doc == nil || p.c.base == nil || from == nil || from.doc == nil || from.base == nil {
		return
	}
	l, ok := 0, true
	switch line {
	case 0:
	case len(from.doc.lines) - 1:
		l = p.lineCount() - 1
	default:
		l, ok = from.doc.counterpart(line, from.base, p.c.doc, p.c.base)
	}
	if ok {
		p.placeCursor(l, row)
	}
}

// jump moves the cursor to the value at path (in document terms).
func (p *jsonPane) jump(path adapter.Path) bool {
	if p.lineCount() == 0 {
		return false
	}
	l, ok := p.c.doc.lineOf(path)
	if !ok {
		return false
	}
	p.setCursor(l, p.h/3)
	return true
}

// next moves to the next (dir 1) or previous (dir -1) target line, wrapping.
func (p *jsonPane) next(dir int) bool {
	if p.c == nil || len(p.c.targets) == 0 {
		return false
	}
	t := p.c.targets
	i, found := slices.BinarySearch(t, p.cursor)
	var to int
	if dir > 0 {
		if found {
			i++
		}
		to = t[i%len(t)]
	} else {
		to = t[(i-1+len(t))%len(t)]
	}
	p.setCursor(to, p.h/3)
	return true
}

// note returns the explanation of the innermost span around the cursor.
func (p *jsonPane) note() string {
	if p.c == nil {
		return ""
	}
	best, size := "", -1
	for _, s := range p.c.notes {
		if p.cursor >= s.start && p.cursor <= s.end && (size < 0 || s.end-s.start < size) {
			best, size = s.text, s.end-s.start
		}
	}
	return best
}

// lineAt returns the document line drawn at content row y (for a mouse click).
func (p *jsonPane) lineAt(y int) (int, bool) {
	i := p.offset + y
	return i, y >= 0 && i < p.lineCount()
}

// text is the pane's document as indented JSON, as it is (for the clipboard).
func (p *jsonPane) text() string {
	if p.c == nil || p.c.doc == nil {
		return ""
	}
	if p.c.doc.plain {
		return p.c.doc.raw
	}
	return string(adapter.MarshalIndent(p.c.doc.value))
}

// view draws the title row and the visible lines, exactly w×(h+1) cells.
func (p *jsonPane) view(focused bool) string {
	st := p.ctx.Styles
	var b strings.Builder
	title := ""
	if p.c != nil {
		title = p.c.title
	}
	b.WriteString(paneTitle(st, title, focused, p.w))
	if p.c == nil || p.c.doc == nil {
		msg := ""
		if p.c != nil {
			msg = p.c.message
		}
		lines := common.WrapMessage(msg, p.w-2)
		for y := range p.h {
			b.WriteByte('\n')
			if y < len(lines) {
				b.WriteString(st.Message.Render(common.Fit(" "+lines[y], p.w)))
			} else {
				b.WriteString(strings.Repeat(" ", p.w))
			}
		}
		return b.String()
	}
	d := p.c.doc
	ls := p.lineStyles()
	textW := max(p.w-2, 0)
	for y := range p.h {
		b.WriteByte('\n')
		i := p.offset + y
		if i >= len(d.lines) {
			b.WriteString(strings.Repeat(" ", p.w))
			continue
		}
		mark := p.c.marks[i]
		bg := bgNone
		switch mark {
		case markNull:
			bg = bgNull
		case markError:
			bg = bgError
		case markCall:
			bg = bgCall
		}
		if i == p.cursor {
			bg = bgCursorBlur
			if focused {
				bg = bgCursor
			}
		}
		if p.w >= 2 {
			cur := " "
			if i == p.cursor && focused {
				cur = "›"
			}
			b.WriteString(ls.gutter[mark][bg].Render(gutterGlyph(mark) + cur))
		}
		dim := 0
		if mark == markDropped {
			dim = 1
		}
		writeLine(&b, jsonHighlighter.tokens(d, i), p.xoff, textW, &ls.tok[dim][bg])
	}
	return b.String()
}
