package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/styles"
)

// editor is the playground's text editor: a bubbles textarea that holds only a
// window of the text, the lines around the cursor, the rest kept here. The
// textarea draws and wraps every line it holds on every key and every frame,
// which on a schema of a few hundred lines takes longer than a frame; holding
// a window of a few screens keeps a key's frame short whatever the text's
// size. When the cursor comes within a screen of the window's edge, the window
// moves so that the cursor is in its middle again. The line numbers are drawn
// here, counted from the whole text.
type editor struct {
	ta     textarea.Model
	lines  []string // the text; lines[ws:we] are in the textarea
	ws, we int
	height int // rows the textarea shows
	st     *styles.Styles
}

// The textarea's line numbers take numberW cells: a space, four digits
// (textarea sizes them from MaxHeight, editorMaxLines) and a space.
const numberW = 6

func newEditor(st *styles.Styles) *editor {
	e := &editor{ta: textarea.New(), lines: []string{""}, we: 1, height: 1}
	e.ta.Prompt = ""
	e.ta.ShowLineNumbers = true
	e.ta.MaxHeight = editorMaxLines
	e.ta.CharLimit = 0
	km := &e.ta.KeyMap
	km.TransposeCharacterBackward.SetEnabled(false)
	// Text comes in as keys and as the terminal's bracketed paste
	// (tea.PasteMsg), both escaped by editorText; the textarea's own ctrl+v
	// would read the clipboard and insert invisible characters raw.
	km.Paste.SetEnabled(false)
	// A selection that spans lines could reach past the window.
	km.SelectAll.SetEnabled(false)
	km.SelectLineUp.SetEnabled(false)
	km.SelectLineDown.SetEnabled(false)
	e.restyle(st)
	return e
}

// restyle gives the textarea the styles: no colour of its own. Without styling
// at all it draws no cursor, which would take an attribute.
func (e *editor) restyle(st *styles.Styles) {
	e.st = st
	state := textarea.StyleState{
		Base: lipgloss.NewStyle(), Text: st.Info, LineNumber: st.Muted, CursorLineNumber: st.Crumb,
		CursorLine: st.LineCursorB, EndOfBuffer: st.Muted, Placeholder: st.Muted, Prompt: st.Muted,
		Selection: st.LineCursor,
	}
	e.ta.SetStyles(textarea.Styles{Focused: state, Blurred: state,
		Cursor: textarea.CursorStyle{Color: st.Prompt.GetForeground(), Shape: tea.CursorBlock, Blink: false}})
	e.ta.SetVirtualCursor(!st.Plain)
}

func (e *editor) setSize(w, h int) {
	e.height = max(h, 1)
	e.ta.SetWidth(w)
	e.ta.SetHeight(e.height)
}

// span is the most lines the window holds, and margin how close to its edge
// the cursor may come before the window moves (a page key moves a screen).
func (e *editor) span() int   { return 2*e.height + 16 }
func (e *editor) margin() int { return e.height + 2 }

// SetValue puts text in the editor, the cursor at its beginning.
func (e *editor) SetValue(text string) {
	e.lines = strings.Split(text, "\n")
	e.place(0, 0)
}

// place loads the window around line row and puts the cursor at (row, col).
func (e *editor) place(row, col int) {
	row = min(max(row, 0), len(e.lines)-1)
	e.ws = max(min(row-e.span()/2, len(e.lines)-e.span()), 0)
	e.we = min(e.ws+e.span(), len(e.lines))
	e.ta.SetValue(strings.Join(e.lines[e.ws:e.we], "\n"))
	e.ta.MoveToBegin()
	for guard := 0; e.ta.Line() < row-e.ws && guard < 1<<16; guard++ {
		e.ta.CursorDown()
	}
	e.ta.SetCursorColumn(col)
	// Let the textarea scroll to the cursor.
	if e.ta.Focused() {
		e.ta, _ = e.ta.Update(nil)
	}
}

// sync reads the window back from the textarea into the text.
func (e *editor) sync() {
	win := strings.Split(e.ta.Value(), "\n")
	if len(win) == e.we-e.ws {
		copy(e.lines[e.ws:e.we], win)
		return
	}
	rest := e.lines[e.we:]
	lines := make([]string, 0, e.ws+len(win)+len(rest))
	lines = append(append(append(lines, e.lines[:e.ws]...), win...), rest...)
	e.lines, e.we = lines, e.ws+len(win)
}

// Value is the whole text.
func (e *editor) Value() string { return strings.Join(e.lines, "\n") }

// Line and Column are the cursor's place in the whole text (0-based; the
// column in characters).
func (e *editor) Line() int      { return e.ws + e.ta.Line() }
func (e *editor) Column() int    { return e.ta.Column() }
func (e *editor) LineCount() int { return len(e.lines) }

func (e *editor) Focus() tea.Cmd { return e.ta.Focus() }
func (e *editor) Blur()          { e.ta.Blur() }
func (e *editor) Focused() bool  { return e.ta.Focused() }

// MoveToBegin puts the cursor at the beginning of the text.
func (e *editor) MoveToBegin() { e.place(0, 0) }

// InsertString inserts text at the cursor.
func (e *editor) InsertString(s string) {
	e.roomFor()
	e.ta.InsertString(s)
	e.sync()
}

// roomFor moves the window when the cursor is near its edge and there are
// lines beyond, so that a move of up to a screen (or a join with the line
// before or after) stays inside it.
func (e *editor) roomFor() {
	r := e.ta.Line()
	if (r < e.margin() && e.ws > 0) || (r >= e.we-e.ws-e.margin() && e.we < len(e.lines)) {
		e.place(e.Line(), e.Column())
	}
}

// Update gives a key to the textarea, moving the window first when the key
// may leave it.
func (e *editor) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, e.ta.KeyMap.InputBegin):
			e.place(0, 0)
			return nil
		case key.Matches(k, e.ta.KeyMap.InputEnd):
			last := len(e.lines) - 1
			e.place(last, len([]rune(e.lines[last])))
			return nil
		}
	}
	e.roomFor()
	var cmd tea.Cmd
	e.ta, cmd = e.ta.Update(msg)
	e.sync()
	return cmd
}

// View draws the textarea with the line numbers of the whole text, exactly w
// cells a row.
func (e *editor) View(w int, focused bool) []string {
	ta := e.ta // a copy, to draw the cursor only when the editor has focus
	if focused {
		ta.Focus()
	} else {
		ta.Blur()
	}
	rows := strings.Split(ta.View(), "\n")
	cur := e.Line()
	for i, row := range rows {
		gutter := strings.Repeat(" ", numberW)
		if n, err := strconv.Atoi(strings.TrimSpace(ansi.Strip(ansi.Cut(row, 0, numberW)))); err == nil {
			abs := e.ws + n
			style := e.st.Muted
			if abs-1 == cur {
				style = e.st.Crumb
			}
			gutter = style.Render(fmt.Sprintf(" %4d ", abs))
		}
		rows[i] = common.Fit(gutter+ansi.Cut(row, numberW, w), w)
	}
	return rows
}
