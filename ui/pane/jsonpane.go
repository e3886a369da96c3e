package pane

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

// Title draws a pane's title row; the focused pane's is marked ▸ (visible
// without colour too).
func Title(st *styles.Styles, title string, focused bool, w int) string {
	if focused {
		return st.PaneFocused.Render(common.Fit("▸"+title, w))
	}
	return st.PaneTitle.Render(common.Fit(" "+title, w))
}

// NoteSpan explains a run of lines: a dropped keyword and why, a null path, the
// error. The innermost span around the cursor is shown in the info row.
type NoteSpan struct {
	Start, End int
	Text       string
}

// Content is what a JSON pane shows: a document, where the schema sits in it,
// and the marks the library's answer put on its lines.
type Content struct {
	Title   string
	Doc     *Doc         // nil: show message instead
	Message string       // shown when there is no document
	Base    adapter.Path // the schema's path inside doc; nil when doc holds no schema
	Marks   map[int]MarkKind
	Notes   []NoteSpan
	Targets []int // lines n and N visit, sorted
	Start   int   // the line the cursor starts on (the error, when there is one)
}

// JSON is a virtualised JSON view: it draws only the visible lines, from the
// document's cached lines and tokens. It is a dumb component: the screen calls its
// methods; it never sees messages.
type JSON struct {
	ctx           *common.Context
	Content       *Content
	width, height int // content cells, the title row not included
	Cursor        int
	Offset        int // first visible line
	xoff          int // first visible column
	// styles are the token styles under each line highlight, built from
	// stylesOf, the context's Styles, and built again when those change.
	styles   *lineStyles
	stylesOf *styles.Styles
}

// lineStyles are the token styles for the context's current Styles.
func (p *JSON) lineStyles() *lineStyles {
	if p.stylesOf != p.ctx.Styles {
		p.styles, p.stylesOf = newLineStyles(p.ctx.Styles), p.ctx.Styles
	}
	return p.styles
}

// NewJSON is an empty JSON pane drawn in ctx.
func NewJSON(ctx *common.Context) *JSON { return &JSON{ctx: ctx} }

// Size is the pane's content cells: its width, and its rows under the title
// row.
func (p *JSON) Size() (w, h int) { return p.width, p.height }

// SetSize sizes the pane to w×h cells, its title row included.
func (p *JSON) SetSize(w, h int) {
	p.width, p.height = max(w, 0), max(h-1, 0)
	p.Clamp()
}

// SetContent shows c with the cursor on its start line.
func (p *JSON) SetContent(c *Content) {
	p.Content = c
	p.Cursor, p.Offset, p.xoff = 0, 0, 0
	if c.Doc != nil {
		p.setCursor(c.Start, p.height/3)
	}
}

func (p *JSON) LineCount() int {
	if p.Content == nil || p.Content.Doc == nil {
		return 0
	}
	return len(p.Content.Doc.Lines)
}

// setCursor puts the cursor on line i, showing it at row (from the top) when it
// has to scroll; row < 0 scrolls as little as possible.
func (p *JSON) setCursor(i, row int) {
	n := p.LineCount()
	if n == 0 {
		return
	}
	p.Cursor = min(max(i, 0), n-1)
	if row >= 0 {
		if p.Cursor < p.Offset || p.Cursor >= p.Offset+p.height {
			p.Offset = p.Cursor - min(row, p.height-1)
		}
	}
	p.Clamp()
}

// placeCursor puts the cursor on line i at exactly row, as far as the document
// allows (synchronised scrolling).
func (p *JSON) placeCursor(i, row int) {
	if p.LineCount() == 0 {
		return
	}
	p.Cursor = min(max(i, 0), p.LineCount()-1)
	p.Offset = p.Cursor - row
	p.Clamp()
}

func (p *JSON) Clamp() {
	n := p.LineCount()
	if n == 0 {
		p.Cursor, p.Offset = 0, 0
		return
	}
	p.Cursor = min(max(p.Cursor, 0), n-1)
	p.Offset = min(p.Offset, max(n-p.height, 0))
	if p.height > 0 {
		if p.Cursor < p.Offset {
			p.Offset = p.Cursor
		}
		if p.Cursor >= p.Offset+p.height {
			p.Offset = p.Cursor - p.height + 1
		}
	}
	p.Offset = max(p.Offset, 0)
	p.xoff = max(p.xoff, 0)
}

func (p *JSON) Move(delta int) { p.Cursor += delta; p.Clamp() }

// Scroll moves the view (mouse wheel), dragging the cursor along when it leaves.
func (p *JSON) Scroll(delta int) {
	n := p.LineCount()
	p.Offset = min(max(p.Offset+delta, 0), max(n-p.height, 0))
	if p.Cursor < p.Offset {
		p.Cursor = p.Offset
	}
	if p.height > 0 && p.Cursor >= p.Offset+p.height {
		p.Cursor = p.Offset + p.height - 1
	}
	p.Clamp()
}

func (p *JSON) hscroll(delta int) { p.xoff = max(p.xoff+delta, 0) }

// Key moves the pane for a key of jk: the cursor (moved), or the view sideways
// by cols columns.
func (p *JSON) Key(k tea.KeyPressMsg, jk *keys.JSON) (moved bool, cols int) {
	switch {
	case key.Matches(k, jk.Up):
		p.Move(-1)
	case key.Matches(k, jk.Down):
		p.Move(1)
	case key.Matches(k, jk.PgUp):
		p.Move(-p.height)
	case key.Matches(k, jk.PgDown):
		p.Move(p.height)
	case key.Matches(k, jk.HalfUp):
		p.Move(-p.height / 2)
	case key.Matches(k, jk.HalfDown):
		p.Move(p.height / 2)
	case key.Matches(k, jk.Top):
		p.Move(-p.LineCount())
	case key.Matches(k, jk.Bottom):
		p.Move(p.LineCount())
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

// Row is the cursor's row in the visible area.
func (p *JSON) Row() int { return p.Cursor - p.Offset }

// CursorPath is the path of the value on the cursor line.
func (p *JSON) CursorPath() adapter.Path {
	if p.LineCount() == 0 {
		return nil
	}
	return p.Content.Doc.PathAt(p.Cursor)
}

// SchemaPath is the cursor's path relative to where the schema sits, and whether
// the cursor is inside the schema.
func (p *JSON) SchemaPath() (adapter.Path, bool) {
	if p.Content == nil || p.Content.Base == nil {
		return nil, false
	}
	cp := p.CursorPath()
	if len(cp) < len(p.Content.Base) || !cp[:len(p.Content.Base)].Equal(p.Content.Base) {
		return nil, false
	}
	return cp[len(p.Content.Base):], true
}

// Follow puts the cursor on the line of p that shows the place line of pane
// from's document shows (Doc.Counterpart), at row, so that both panes of a
// pair show the same place. The first and the last line of from's document
// bring p to its first and last line (g and G move both panes to an end).
// Nothing moves when either pane shows no schema or line is outside it.
func (p *JSON) Follow(from *Content, line, row int) {
	if p.Content == nil || p.Content.Doc == nil || p.Content.Base == nil || from == nil || from.Doc == nil || from.Base == nil {
		return
	}
	l, ok := 0, true
	switch line {
	case 0:
	case len(from.Doc.Lines) - 1:
		l = p.LineCount() - 1
	default:
		l, ok = from.Doc.Counterpart(line, from.Base, p.Content.Doc, p.Content.Base)
	}
	if ok {
		p.placeCursor(l, row)
	}
}

// Jump moves the cursor to the value at path (in document terms).
func (p *JSON) Jump(path adapter.Path) bool {
	if p.LineCount() == 0 {
		return false
	}
	l, ok := p.Content.Doc.LineOf(path)
	if !ok {
		return false
	}
	p.setCursor(l, p.height/3)
	return true
}

// next moves to the next (dir 1) or previous (dir -1) target line, wrapping.
func (p *JSON) next(dir int) bool {
	if p.Content == nil || len(p.Content.Targets) == 0 {
		return false
	}
	t := p.Content.Targets
	i, found := slices.BinarySearch(t, p.Cursor)
	var to int
	if dir > 0 {
		if found {
			i++
		}
		to = t[i%len(t)]
	} else {
		to = t[(i-1+len(t))%len(t)]
	}
	p.setCursor(to, p.height/3)
	return true
}

// Note returns the explanation of the innermost span around the cursor.
func (p *JSON) Note() string {
	if p.Content == nil {
		return ""
	}
	best, size := "", -1
	for _, s := range p.Content.Notes {
		if p.Cursor >= s.Start && p.Cursor <= s.End && (size < 0 || s.End-s.Start < size) {
			best, size = s.Text, s.End-s.Start
		}
	}
	return best
}

// lineAt returns the document line drawn at content row y (for a mouse click).
func (p *JSON) lineAt(y int) (int, bool) {
	i := p.Offset + y
	return i, y >= 0 && i < p.LineCount()
}

// Text is the pane's document as indented JSON, as it is (for the clipboard).
func (p *JSON) Text() string {
	if p.Content == nil || p.Content.Doc == nil {
		return ""
	}
	if p.Content.Doc.Plain {
		return p.Content.Doc.raw
	}
	return string(adapter.MarshalIndent(p.Content.Doc.Value))
}

// View draws the title row and the visible lines, exactly w×(h+1) cells.
func (p *JSON) View(focused bool) string {
	st := p.ctx.Styles
	var b strings.Builder
	title := ""
	if p.Content != nil {
		title = p.Content.Title
	}
	b.WriteString(Title(st, title, focused, p.width))
	if p.Content == nil || p.Content.Doc == nil {
		msg := ""
		if p.Content != nil {
			msg = p.Content.Message
		}
		lines := common.WrapMessage(msg, p.width-2)
		for y := range p.height {
			b.WriteByte('\n')
			if y < len(lines) {
				b.WriteString(st.Message.Render(common.Fit(" "+lines[y], p.width)))
			} else {
				b.WriteString(strings.Repeat(" ", p.width))
			}
		}
		return b.String()
	}
	d := p.Content.Doc
	ls := p.lineStyles()
	textW := max(p.width-2, 0)
	for y := range p.height {
		b.WriteByte('\n')
		i := p.Offset + y
		if i >= len(d.Lines) {
			b.WriteString(strings.Repeat(" ", p.width))
			continue
		}
		mark := p.Content.Marks[i]
		bg := markBg(mark)
		if i == p.Cursor {
			bg = bgCursorBlur
			if focused {
				bg = bgCursor
			}
		}
		if p.width >= 2 {
			cur := " "
			if i == p.Cursor && focused {
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
