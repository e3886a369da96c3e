package pane

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/styles"
)

// Editor is the playground's text editor, over the text's lines. A key changes
// the lines it touches and nothing else, and the view draws only the visible
// window (each line highlighted as JSON once, until it changes), so a key's
// frame costs the same whatever the text's size.
//
// The cursor moves by grapheme cluster: ← and → step over a whole cluster (a
// letter and its combining marks, an emoji sequence), and ↑ and ↓ keep the
// display column. shift with a move selects; typing or deleting replaces
// the selection. Every change can be undone (ctrl+z) and redone; a word typed
// (with the spaces after it), or a run of deletes, is one change until the
// cursor moves. A click puts the cursor on the character under it, and the
// wheel scrolls. The text holds at
// most EditorMaxLines lines: a change that would make more is refused with a
// message. Lines longer than the editor is wide scroll sideways, as a JSON
// pane's do, to keep the cursor in view. The gutter holds the library's mark for
// the line (SetMarks: ∅ ✗ ·, as a JSON pane draws them) and its number.
//
// The text must be what termsafe.Sanitize leaves as it is (the playground
// escapes every other character when it types or pastes it); a line that is
// not is drawn sanitized.
type Editor struct {
	ctx   *common.Context
	lines []string
	size  int         // bytes of the text, line feeds included
	cache []lineCache // per line, its highlighting and its row as last drawn
	stack []string    // per line, the containers open where it starts ("{[" …)
	valid int         // stack[:valid] is right for the text
	marks []MarkKind  // per line, the library's mark
	cur   pos         // the cursor
	sel   bool        // a selection runs from anchor to cur
	anch  pos         // the selection's other end
	goal  int         // the display column ↑ and ↓ keep; -1: the cursor's
	top   int         // first visible line
	left  int         // first visible column of the text
	w, h  int         // cells of the whole editor, rows of text
	focus bool        // the editor has the keys (the cursor is drawn)
	undo  []change    // changes to undo, the last last
	redo  []change    // changes undone, to redo
	open  bool        // the last change may grow (typing or deleting on)
	rev   int         // counts the changes to the text
	st    *styles.Styles
	ls    *lineStyles // built from st
}

// pos is a place in the text: a line and a byte offset in it, always at the
// start of a grapheme cluster.
type pos struct{ row, col int }

func (a pos) before(b pos) bool { return a.row < b.row || (a.row == b.row && a.col < b.col) }

// change is one undoable edit: at at, the text old was replaced with new; the
// cursor was at was before it.
type change struct {
	at       pos
	old, new string
	was      pos
	kind     changeKind
}

type changeKind uint8

const (
	chOther  changeKind = iota
	chType              // typing, which later typing on the same line joins
	chDelete            // backspace or delete, which later ones join
)

// EditorMaxLines is the most lines the editor holds.
const EditorMaxLines = 9999

// numberW is the gutter's width: the mark, four digits and a space.
const numberW = 6

// undoDepth is how many changes undo remembers.
const undoDepth = 1000

// NewEditor is an empty editor that draws with ctx's styles and keys.
func NewEditor(ctx *common.Context) *Editor {
	e := &Editor{ctx: ctx, w: numberW + 1, h: 1}
	e.SetValue("")
	return e
}

// lineStyles are the token styles for the context's current Styles.
func (e *Editor) lineStyles() *lineStyles {
	if e.st != e.ctx.Styles {
		e.ls, e.st = newLineStyles(e.ctx.Styles), e.ctx.Styles
	}
	return e.ls
}

// SetSize gives the editor w cells by h rows of text.
func (e *Editor) SetSize(w, h int) {
	e.w, e.h = max(w, numberW+1), max(h, 1)
	e.scroll()
}

// SetValue puts text in the editor, the cursor at its beginning; the changes
// before are forgotten.
func (e *Editor) SetValue(text string) {
	e.lines = strings.Split(text, "\n")
	e.size = len(text)
	e.cache = make([]lineCache, len(e.lines))
	e.stack = make([]string, len(e.lines))
	e.valid = 1
	e.marks = make([]MarkKind, len(e.lines))
	e.undo, e.redo, e.open = nil, nil, false
	e.sel, e.goal, e.top, e.left = false, -1, 0, 0
	e.cur = pos{}
	e.rev++
}

// Value is the whole text.
func (e *Editor) Value() string { return strings.Join(e.lines, "\n") }

// Size is the text's length in bytes.
func (e *Editor) Size() int { return e.size }

// Line and Column are the cursor's place in the text (0-based; the column in
// grapheme clusters).
func (e *Editor) Line() int { return e.cur.row }
func (e *Editor) Column() int {
	n := 0
	for s := e.lines[e.cur.row][:e.cur.col]; s != ""; n++ {
		c, _ := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		s = s[len(c):]
	}
	return n
}
func (e *Editor) LineCount() int { return len(e.lines) }

func (e *Editor) Focus() tea.Cmd { e.focus = true; return nil }
func (e *Editor) Blur()          { e.focus = false }
func (e *Editor) Focused() bool  { return e.focus }

// Selection is the selected text ("" when there is none).
func (e *Editor) Selection() string {
	if a, b, ok := e.selRange(); ok {
		return e.textIn(a, b)
	}
	return ""
}

// SetMarks puts the library's marks on the lines, one per line of the text
// they were found for.
func (e *Editor) SetMarks(marks []MarkKind) {
	e.marks = make([]MarkKind, len(e.lines))
	copy(e.marks, marks)
}

// Marks are the marks on the lines, one per line.
func (e *Editor) Marks() []MarkKind { return e.marks }

// InsertString puts s at the cursor, in place of the selection. A text of more
// than EditorMaxLines lines is refused: the command says so.
func (e *Editor) InsertString(s string) tea.Cmd {
	a, b := e.cur, e.cur
	if x, y, ok := e.selRange(); ok {
		a, b = x, y
	}
	return e.edit(a, b, s, chOther)
}

// ReplaceAll puts text in place of the whole text as one change, which undo
// takes back; the cursor goes to the beginning.
func (e *Editor) ReplaceAll(text string) tea.Cmd {
	last := len(e.lines) - 1
	cmd := e.edit(pos{}, pos{last, len(e.lines[last])}, text, chOther)
	e.cur, e.sel = pos{}, false
	e.scroll()
	return cmd
}

// selRange is the selection, its start first, when there is a non-empty one.
func (e *Editor) selRange() (pos, pos, bool) {
	if !e.sel || e.anch == e.cur {
		return pos{}, pos{}, false
	}
	if e.anch.before(e.cur) {
		return e.anch, e.cur, true
	}
	return e.cur, e.anch, true
}

// textIn is the text from a to b (a before b).
func (e *Editor) textIn(a, b pos) string {
	if a.row == b.row {
		return e.lines[a.row][a.col:b.col]
	}
	var sb strings.Builder
	sb.WriteString(e.lines[a.row][a.col:])
	for r := a.row + 1; r < b.row; r++ {
		sb.WriteByte('\n')
		sb.WriteString(e.lines[r])
	}
	sb.WriteByte('\n')
	sb.WriteString(e.lines[b.row][:b.col])
	return sb.String()
}

// endOf is where text put at at ends.
func endOf(at pos, text string) pos {
	i := strings.LastIndexByte(text, '\n')
	if i < 0 {
		return pos{at.row, at.col + len(text)}
	}
	return pos{at.row + strings.Count(text, "\n"), len(text) - i - 1}
}

// edit replaces the text from a to b with text, records the change for undo
// and puts the cursor after it.
func (e *Editor) edit(a, b pos, text string, kind changeKind) tea.Cmd {
	old := e.textIn(a, b)
	if old == text {
		e.sel = false
		return nil
	}
	if err := e.replace(a, b, text); err != nil {
		return common.ShowError(err.Error())
	}
	c := change{at: a, old: old, new: text, was: e.cur, kind: kind}
	e.record(c)
	e.cur, e.sel, e.goal = endOf(a, text), false, -1
	e.scroll()
	return nil
}

// record keeps c for undo, joined to the last change when nothing came between
// and both are typing on one line, one after the other (a word and the spaces
// after it are one change), or both are deletes next to each other.
func (e *Editor) record(c change) {
	e.redo = nil
	if n := len(e.undo); n > 0 && e.open && c.kind != chOther && e.undo[n-1].kind == c.kind {
		last := &e.undo[n-1]
		switch {
		case c.kind == chType && last.old == "" && c.old == "" && endOf(last.at, last.new) == c.at &&
			!strings.Contains(c.new, "\n") && !(c.new != " " && strings.HasSuffix(last.new, " ")):
			last.new += c.new
			return
		case c.kind == chDelete && c.new == "" && last.new == "" && endOf(c.at, c.old) == last.at:
			last.at, last.old = c.at, c.old+last.old // backspace
			return
		case c.kind == chDelete && c.new == "" && last.new == "" && c.at == last.at:
			last.old += c.old // delete
			return
		}
	}
	e.undo = append(e.undo, c)
	if len(e.undo) > undoDepth {
		e.undo = slices.Delete(e.undo, 0, len(e.undo)-undoDepth)
	}
	e.open = c.kind != chOther
}

// errTooLong is a change that would make the text longer than the editor
// holds.
type errTooLong struct{ lines int }

func (e errTooLong) Error() string {
	return fmt.Sprintf("not changed: the text would have %d lines, and the editor holds %d", e.lines, EditorMaxLines)
}

// replace puts text in place of the text from a to b, and keeps the lines'
// caches, stacks and marks in step: the lines changed lose their highlighting
// and drawing, the lines after the first changed one their stacks.
func (e *Editor) replace(a, b pos, text string) error {
	segs := strings.Split(text, "\n")
	if n := len(e.lines) - (b.row - a.row) + len(segs) - 1; n > EditorMaxLines && len(segs) > b.row-a.row+1 {
		return errTooLong{n}
	}
	e.size += len(text) - len(e.textIn(a, b))
	tail := e.lines[b.row][b.col:]
	segs[0] = e.lines[a.row][:a.col] + segs[0]
	segs[len(segs)-1] += tail
	mark := e.marks[a.row]
	e.lines = slices.Replace(e.lines, a.row, b.row+1, segs...)
	e.cache = slices.Replace(e.cache, a.row, b.row+1, make([]lineCache, len(segs))...)
	marks := make([]MarkKind, len(segs))
	marks[0] = mark
	e.marks = slices.Replace(e.marks, a.row, b.row+1, marks...)
	e.stack = slices.Replace(e.stack, a.row+1, b.row+1, make([]string, len(segs)-1)...)
	e.valid = min(e.valid, a.row+1)
	e.rev++
	return nil
}

// Undo takes back the last change; Redo makes the last change undone again.
func (e *Editor) Undo() { e.step(&e.undo, &e.redo, true) }
func (e *Editor) Redo() { e.step(&e.redo, &e.undo, false) }

// step takes the last change of from, undoes it (back) or makes it again, and
// keeps it in to; the cursor goes where it was before the change, or after
// it.
func (e *Editor) step(from, to *[]change, back bool) {
	if len(*from) == 0 {
		return
	}
	c := (*from)[len(*from)-1]
	was, now, cur := c.old, c.new, endOf(c.at, c.new)
	if back {
		was, now, cur = c.new, c.old, c.was
	}
	if e.replace(c.at, endOf(c.at, was), now) != nil {
		return
	}
	*from = (*from)[:len(*from)-1]
	*to = append(*to, c)
	e.cur, e.sel, e.goal, e.open = cur, false, -1, false
	e.clampCur()
	e.scroll()
}

// clampCur keeps the cursor inside the text.
func (e *Editor) clampCur() {
	e.cur.row = min(max(e.cur.row, 0), len(e.lines)-1)
	e.cur.col = min(max(e.cur.col, 0), len(e.lines[e.cur.row]))
}

// nextCluster is where the grapheme cluster at p ends: the next line's start
// at the end of a line, p at the end of the text.
func (e *Editor) nextCluster(p pos) pos {
	ln := e.lines[p.row]
	if p.col >= len(ln) {
		if p.row+1 < len(e.lines) {
			return pos{p.row + 1, 0}
		}
		return p
	}
	c, _ := ansi.FirstGraphemeCluster(ln[p.col:], ansi.GraphemeWidth)
	return pos{p.row, p.col + max(len(c), 1)}
}

// prevCluster is where the grapheme cluster before p starts: the end of the
// line before at a line's start, p at the text's start.
func (e *Editor) prevCluster(p pos) pos {
	if p.col == 0 {
		if p.row > 0 {
			return pos{p.row - 1, len(e.lines[p.row-1])}
		}
		return p
	}
	return pos{p.row, clusterStart(e.lines[p.row], p.col)}
}

// clusterStart is where the grapheme cluster that ends at col of ln starts.
func clusterStart(ln string, col int) int {
	at := 0
	for s := ln; at < col; {
		c, _ := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		n := max(len(c), 1)
		if at+n >= col {
			break
		}
		at += n
		s = s[n:]
	}
	return at
}

// colAt is the byte offset in ln of the cluster at display column x (the
// last one that starts at or before it).
func colAt(ln string, x int) int {
	at, w := 0, 0
	for s := ln; s != ""; {
		c, cw := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		if w+cw > x {
			break
		}
		n := max(len(c), 1)
		at, w, s = at+n, w+cw, s[n:]
	}
	return at
}

// isWord says whether r is part of a word for the word moves.
func isWord(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// wordRight is the end of the next word after p, across lines.
func (e *Editor) wordRight(p pos) pos {
	inWord := false
	for {
		ln := e.lines[p.row]
		if p.col >= len(ln) {
			if inWord || p.row+1 >= len(e.lines) {
				return p
			}
			p = pos{p.row + 1, 0}
			continue
		}
		r, _ := utf8.DecodeRuneInString(ln[p.col:])
		if isWord(r) {
			inWord = true
		} else if inWord {
			return p
		}
		p = e.nextCluster(p)
	}
}

// wordLeft is the start of the word before p, across lines.
func (e *Editor) wordLeft(p pos) pos {
	inWord := false
	for {
		if p.col == 0 {
			if inWord || p.row == 0 {
				return p
			}
			p = pos{p.row - 1, len(e.lines[p.row-1])}
			continue
		}
		q := e.prevCluster(p)
		r, _ := utf8.DecodeRuneInString(e.lines[q.row][q.col:])
		if isWord(r) {
			inWord = true
		} else if inWord {
			return p
		}
		p = q
	}
}

// vertical is the place dy lines from the cursor at the goal column.
func (e *Editor) vertical(dy int) pos {
	if e.goal < 0 {
		e.goal = ansi.StringWidth(e.lines[e.cur.row][:e.cur.col])
	}
	row := min(max(e.cur.row+dy, 0), len(e.lines)-1)
	return pos{row, colAt(e.lines[row], e.goal)}
}

// moveTo puts the cursor at p; with selecting, the selection runs from where
// the cursor was (or its anchor) to p, otherwise it ends.
func (e *Editor) moveTo(p pos, selecting bool) {
	if selecting && !e.sel {
		e.sel, e.anch = true, e.cur
	} else if !selecting {
		e.sel = false
	}
	e.cur = p
	e.open = false
	e.scroll()
}

// scroll keeps the cursor in view: its line among the visible rows, its column
// among the visible columns (a quarter of the width from the edge it left by).
func (e *Editor) scroll() {
	e.clampCur()
	if e.cur.row < e.top {
		e.top = e.cur.row
	}
	if e.cur.row >= e.top+e.h {
		e.top = e.cur.row - e.h + 1
	}
	e.top = max(min(e.top, len(e.lines)-e.h), 0)
	textW := e.w - numberW
	x := ansi.StringWidth(e.lines[e.cur.row][:e.cur.col])
	if x < e.left {
		e.left = max(x-textW/4, 0)
	}
	// The last column shows … when the line goes on, and the cursor may sit
	// after the line's last character.
	if x >= e.left+textW-1 {
		e.left = x - textW + 1 + textW/4
	}
}

// Click puts the cursor at cell (x, y) of the editor's rows: on the line
// drawn there, at the character drawn at x (a click in the gutter or past
// the line's end: its start or its end).
func (e *Editor) Click(x, y int) {
	row := e.top + y
	if y < 0 || y >= e.h || row >= len(e.lines) {
		return
	}
	e.goal = -1
	e.moveTo(pos{row, colAt(e.lines[row], max(x-numberW, 0)+e.left)}, false)
}

// Scroll moves the view by d rows (the mouse wheel), the cursor along when it
// would leave it.
func (e *Editor) Scroll(d int) {
	e.top = max(min(e.top+d, len(e.lines)-e.h), 0)
	row := min(max(e.cur.row, e.top), e.top+e.h-1)
	if row != e.cur.row {
		goal := e.goal
		if goal < 0 {
			goal = ansi.StringWidth(e.lines[e.cur.row][:e.cur.col])
		}
		e.moveTo(pos{row, colAt(e.lines[row], goal)}, false)
		e.goal = goal
	}
}

// Update handles a key: a move, an edit, a selection, undo; any other key with
// text types it. It returns a command for a message (the line limit) or the
// clipboard.
func (e *Editor) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	km := &e.ctx.Keys.Edit
	goal := e.goal
	e.goal = -1
	switch {
	case key.Matches(k, km.Left):
		if a, _, ok := e.selRange(); ok {
			e.moveTo(a, false)
		} else {
			e.moveTo(e.prevCluster(e.cur), false)
		}
	case key.Matches(k, km.Right):
		if _, b, ok := e.selRange(); ok {
			e.moveTo(b, false)
		} else {
			e.moveTo(e.nextCluster(e.cur), false)
		}
	case key.Matches(k, km.SelectLeft):
		e.moveTo(e.prevCluster(e.cur), true)
	case key.Matches(k, km.SelectRight):
		e.moveTo(e.nextCluster(e.cur), true)
	case key.Matches(k, km.WordLeft), key.Matches(k, km.SelectWordLeft):
		e.moveTo(e.wordLeft(e.cur), key.Matches(k, km.SelectWordLeft))
	case key.Matches(k, km.WordRight), key.Matches(k, km.SelectWordRight):
		e.moveTo(e.wordRight(e.cur), key.Matches(k, km.SelectWordRight))
	case key.Matches(k, km.Up), key.Matches(k, km.SelectUp):
		e.goal = goal
		e.moveTo(e.vertical(-1), key.Matches(k, km.SelectUp))
	case key.Matches(k, km.Down), key.Matches(k, km.SelectDown):
		e.goal = goal
		e.moveTo(e.vertical(1), key.Matches(k, km.SelectDown))
	case key.Matches(k, km.PgUp), key.Matches(k, km.PgDown):
		d := e.h
		if key.Matches(k, km.PgUp) {
			d = -d
		}
		e.goal = goal
		p := e.vertical(d)
		e.top = max(min(e.top+d, len(e.lines)-e.h), 0)
		e.moveTo(p, false)
	case key.Matches(k, km.LineStart), key.Matches(k, km.SelectLineStart):
		e.moveTo(pos{e.cur.row, 0}, key.Matches(k, km.SelectLineStart))
	case key.Matches(k, km.LineEnd), key.Matches(k, km.SelectLineEnd):
		e.moveTo(pos{e.cur.row, len(e.lines[e.cur.row])}, key.Matches(k, km.SelectLineEnd))
	case key.Matches(k, km.Begin):
		e.moveTo(pos{}, false)
	case key.Matches(k, km.End):
		last := len(e.lines) - 1
		e.moveTo(pos{last, len(e.lines[last])}, false)
	case key.Matches(k, km.SelectAll):
		last := len(e.lines) - 1
		e.moveTo(pos{}, false)
		e.moveTo(pos{last, len(e.lines[last])}, true)
	case key.Matches(k, km.Newline):
		return e.InsertString("\n")
	case key.Matches(k, km.Backspace):
		return e.deleteTo(e.prevCluster(e.cur))
	case key.Matches(k, km.Delete):
		return e.deleteTo(e.nextCluster(e.cur))
	case key.Matches(k, km.DeleteWordLeft):
		return e.deleteTo(e.wordLeft(e.cur))
	case key.Matches(k, km.DeleteWordRight):
		return e.deleteTo(e.wordRight(e.cur))
	case key.Matches(k, km.DeleteToStart):
		return e.deleteTo(pos{e.cur.row, 0})
	case key.Matches(k, km.DeleteToEnd):
		end := pos{e.cur.row, len(e.lines[e.cur.row])}
		if e.cur == end {
			end = e.nextCluster(e.cur) // at the end, join the next line
		}
		return e.deleteTo(end)
	case key.Matches(k, km.UpperWord):
		return e.caseWord(strings.ToUpper)
	case key.Matches(k, km.LowerWord):
		return e.caseWord(strings.ToLower)
	case key.Matches(k, km.CapitalWord):
		return e.caseWord(capitalize)
	case key.Matches(k, km.Undo):
		e.Undo()
	case key.Matches(k, km.Redo):
		e.Redo()
	case key.Matches(k, km.Copy), key.Matches(k, km.Cut):
		text := e.Selection()
		if text == "" {
			return common.ShowInfo("nothing selected: shift with a move selects")
		}
		what := "copied"
		if key.Matches(k, km.Cut) {
			e.InsertString("")
			what = "cut"
		}
		return tea.Batch(tea.SetClipboard(text),
			common.ShowInfo(fmt.Sprintf("%s the selection (%d bytes) to the clipboard through OSC 52", what, len(text))))
	default:
		if k.Text == "" {
			e.goal = goal
			return nil
		}
		a, b := e.cur, e.cur
		if x, y, ok := e.selRange(); ok {
			a, b = x, y
		}
		return e.edit(a, b, k.Text, chType)
	}
	return nil
}

// deleteTo deletes from the cursor to p, or the selection when there is one.
func (e *Editor) deleteTo(p pos) tea.Cmd {
	a, b, ok := e.selRange()
	if !ok {
		a, b = e.cur, p
		if b.before(a) {
			a, b = b, a
		}
	}
	if a == b {
		return nil
	}
	return e.edit(a, b, "", chDelete)
}

// caseWord changes the word after the cursor with f, and moves past it.
func (e *Editor) caseWord(f func(string) string) tea.Cmd {
	end := e.wordRight(e.cur)
	if !e.cur.before(end) {
		return nil
	}
	return e.edit(e.cur, end, f(e.textIn(e.cur, end)), chOther)
}

// capitalize writes the first letter of s's word in upper case, the rest in
// lower case.
func capitalize(s string) string {
	for i, r := range s {
		if isWord(r) {
			return s[:i] + strings.ToUpper(string(r)) + strings.ToLower(s[i+utf8.RuneLen(r):])
		}
	}
	return s
}

// EditableText is v as the playground opens it: indented as MarshalIndent writes it
// when that fits the editor's EditorMaxLines, otherwise broken into lines for as
// many levels of nesting as fit, deeper values compact on their line; levels says
// how many, 0 for the first form. Two levels is the least (a schema then takes one
// line per property; fewer would put a whole schema on one line, which no editor
// shows usefully): text that does not fit at two levels is returned fully
// indented, for the editor to refuse.
func EditableText(v adapter.Value) (text string, levels int) {
	full := string(adapter.MarshalIndent(v))
	if EditorLines(full) <= EditorMaxLines {
		return full, 0
	}
	for levels := 8; levels >= 2; levels-- {
		dense := string(adapter.AppendIndentLevels(nil, v, "  ", levels))
		if EditorLines(dense) <= EditorMaxLines {
			return dense + "\n", levels
		}
	}
	return full, 0
}

// Rev counts the changes to the text: it changes with every edit, undo and
// redo, and with SetValue.
func (e *Editor) Rev() int { return e.rev }

// EditorLines counts the lines the editor holds for text (a final newline opens
// no line of its own).
func EditorLines(text string) int {
	return strings.Count(strings.TrimRight(text, "\n"), "\n") + 1
}
