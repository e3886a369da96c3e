package pane

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/ui/styles"
)

// The editor highlights each line with the JSON panes' highlighter and
// styles. The lexer needs the state a line starts in (inside an object, where
// a string is a key, or an array): the editor keeps, for each line, the
// containers open where it starts, found by scanning the lines before it, and
// finds them again from the first changed line on, as far as it draws.

// openAfter is the containers open after line ln, when stack were open before
// it: brackets outside strings push and pop. A string left open at the end
// of the line (text being typed) ends there.
func openAfter(stack, ln string) string {
	inStr, esc := false, false
	for i := 0; i < len(ln); i++ {
		c := ln[i]
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			stack += string(c)
		case c == '}' || c == ']':
			if stack != "" {
				stack = stack[:len(stack)-1]
			}
		}
	}
	return stack
}

// stateOf is the lexer state of a line that starts with stack open.
func stateOf(stack string) lexState {
	switch {
	case stack == "":
		return lexRoot
	case stack[len(stack)-1] == '{':
		return lexObject
	}
	return lexArray
}

// tokens is line i highlighted, from the cache while the line and the state
// it starts in are unchanged.
func (e *Editor) tokens(i int) []Token {
	for e.valid <= i {
		j := e.valid
		s := openAfter(e.stack[j-1], e.lines[j-1])
		if stateOf(s) != stateOf(e.stack[j]) {
			e.cache[j] = lineCache{}
		}
		e.stack[j] = s
		e.valid++
	}
	c := &e.cache[i]
	if c.toks == nil {
		text := e.lines[i]
		if safe := termsafe.Sanitize(text); safe != text {
			text = safe // never: the playground escapes what Sanitize would change
		}
		c.toks = jsonHighlighter.line(text, false, stateOf(e.stack[i]))
	}
	return c.toks
}

// lineCache is what the editor keeps of a line between frames: its tokens,
// and its row as last drawn without the cursor or a selection on it, with
// what that drawing depended on besides the tokens.
type lineCache struct {
	toks []Token
	row  string
	key  drawKey
}

// drawKey is what a line's row depends on besides its tokens; the zero key
// is never drawn.
type drawKey struct {
	st   *styles.Styles
	left int
	w    int
	num  int
	mark MarkKind
}

// View draws the editor: for each visible row the gutter (the library's mark,
// the line number) and the line, highlighted, with the selection and, when
// focused, the cursor; exactly its width a row, its height rows. A row with
// neither the cursor nor the selection is drawn again only when it changed.
func (e *Editor) View(focused bool) []string {
	ls := e.lineStyles()
	st := e.st
	textW := e.w - numberW
	rows := make([]string, 0, e.h)
	sa, sb, hasSel := e.selRange()
	var cursorSt lipgloss.Style
	if !st.Plain {
		cursorSt = st.Prompt.Reverse(true)
	}
	var b strings.Builder
	for y := range e.h {
		i := e.top + y
		if i >= len(e.lines) {
			rows = append(rows, strings.Repeat(" ", e.w))
			continue
		}
		ln := e.lines[i]
		s0, s1 := -1, -1 // the selected columns of this line
		if hasSel && i >= sa.row && i <= sb.row {
			s0, s1 = 0, ansi.StringWidth(ln)+1 // a selected line end shows as a cell
			if i == sa.row {
				s0 = ansi.StringWidth(ln[:sa.col])
			}
			if i == sb.row {
				s1 = ansi.StringWidth(ln[:sb.col])
			}
		}
		plain := i != e.cur.row && s0 < 0 // no cursor, no selection: from the cache
		key := drawKey{st: st, left: e.left, w: e.w, num: i + 1, mark: e.marks[i]}
		toks := e.tokens(i)
		if c := &e.cache[i]; plain && c.key == key {
			rows = append(rows, c.row)
			continue
		}
		mark := e.marks[i]
		bg := markBg(mark)
		num := st.Muted
		if i == e.cur.row {
			bg, num = bgCursorBlur, st.Crumb
		}
		b.Reset()
		b.WriteString(ls.gutter[mark][bg].Render(gutterGlyph(mark)))
		b.WriteString(num.Render(itoa4(i+1) + " "))
		dim := 0
		if mark == markDropped {
			dim = 1
		}
		cx, cw := -1, 1
		if focused && i == e.cur.row && !st.Plain {
			cx = ansi.StringWidth(ln[:e.cur.col])
			if _, w := ansi.FirstGraphemeCluster(ln[e.cur.col:], ansi.GraphemeWidth); w > 1 {
				cw = w
			}
		}
		writeSpans(&b, toks, e.left, textW, &ls.tok[dim][bg], &ls.tok[dim][bgCursor], cursorSt, s0, s1, cx, cx+cw)
		rows = append(rows, b.String())
		if plain {
			e.cache[i].row, e.cache[i].key = rows[len(rows)-1], key
		}
	}
	return rows
}

// itoa4 is n right-aligned in four cells (a line number of the editor).
func itoa4(n int) string {
	s := itoa(n)
	if len(s) < 4 {
		s = strings.Repeat(" ", 4-len(s)) + s
	}
	return s
}
