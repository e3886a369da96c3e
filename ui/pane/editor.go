package pane

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/styles"
)

// Editor is the playground's text editor: a bubbles textarea that holds only a
// window of the text, the lines around the cursor, the rest kept here. The
// textarea draws and wraps every line it holds on every key and every frame,
// which on a schema of a few hundred lines takes longer than a frame; holding
// a window of a few screens keeps a key's frame short whatever the text's
// size. When the cursor comes within a screen of the window's edge, the window
// moves so that the cursor is in its middle again. The line numbers are drawn
// here, counted from the whole text.
type Editor struct {
	ta     textarea.Model
	Lines  []string // the text; lines[ws:we] are in the textarea
	ws, we int
	height int // rows the textarea shows
	st     *styles.Styles
}

// EditorMaxLines is the most lines the editor holds (bubbles' textarea stops
// at its line-number width).
const EditorMaxLines = 9999

// The textarea's line numbers take numberW cells: a space, four digits
// (textarea sizes them from MaxHeight, editorMaxLines) and a space.
const numberW = 6

func NewEditor(st *styles.Styles) *Editor {
	e := &Editor{ta: textarea.New(), Lines: []string{""}, we: 1, height: 1}
	e.ta.Prompt = ""
	e.ta.ShowLineNumbers = true
	e.ta.MaxHeight = EditorMaxLines
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
	e.Restyle(st)
	return e
}

// Restyle gives the textarea the styles: no colour of its own. Without styling
// at all it draws no cursor, which would take an attribute.
func (e *Editor) Restyle(st *styles.Styles) {
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

func (e *Editor) SetSize(w, h int) {
	e.height = max(h, 1)
	e.ta.SetWidth(w)
	e.ta.SetHeight(e.height)
}

// Span is the most lines the window holds, and margin how close to its edge
// the cursor may come before the window moves (a page key moves a screen).
func (e *Editor) Span() int   { return 2*e.height + 16 }
func (e *Editor) margin() int { return e.height + 2 }

// SetValue puts text in the editor, the cursor at its beginning.
func (e *Editor) SetValue(text string) {
	e.Lines = strings.Split(text, "\n")
	e.Place(0, 0)
}

// Place loads the window around line row and puts the cursor at (row, col).
func (e *Editor) Place(row, col int) {
	row = min(max(row, 0), len(e.Lines)-1)
	e.ws = max(min(row-e.Span()/2, len(e.Lines)-e.Span()), 0)
	e.we = min(e.ws+e.Span(), len(e.Lines))
	e.ta.SetValue(strings.Join(e.Lines[e.ws:e.we], "\n"))
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

// Sync reads the window back from the textarea into the text.
func (e *Editor) Sync() {
	win := strings.Split(e.ta.Value(), "\n")
	if len(win) == e.we-e.ws {
		copy(e.Lines[e.ws:e.we], win)
		return
	}
	rest := e.Lines[e.we:]
	lines := make([]string, 0, e.ws+len(win)+len(rest))
	lines = append(append(append(lines, e.Lines[:e.ws]...), win...), rest...)
	e.Lines, e.we = lines, e.ws+len(win)
}

// Value is the whole text.
func (e *Editor) Value() string { return strings.Join(e.Lines, "\n") }

// Line and Column are the cursor's place in the whole text (0-based; the
// column in characters).
func (e *Editor) Line() int      { return e.ws + e.ta.Line() }
func (e *Editor) Column() int    { return e.ta.Column() }
func (e *Editor) LineCount() int { return len(e.Lines) }

func (e *Editor) Focus() tea.Cmd { return e.ta.Focus() }
func (e *Editor) Blur()          { e.ta.Blur() }
func (e *Editor) Focused() bool  { return e.ta.Focused() }

// MoveToBegin puts the cursor at the beginning of the text.
func (e *Editor) MoveToBegin() { e.Place(0, 0) }

// InsertString inserts text at the cursor.
func (e *Editor) InsertString(s string) {
	e.roomFor()
	e.ta.InsertString(s)
	e.Sync()
}

// roomFor moves the window when the cursor is near its edge and there are
// lines beyond, so that a move of up to a screen (or a join with the line
// before or after) stays inside it.
func (e *Editor) roomFor() {
	r := e.ta.Line()
	if (r < e.margin() && e.ws > 0) || (r >= e.we-e.ws-e.margin() && e.we < len(e.Lines)) {
		e.Place(e.Line(), e.Column())
	}
}

// Update gives a key to the textarea, moving the window first when the key
// may leave it.
func (e *Editor) Update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, e.ta.KeyMap.InputBegin):
			e.Place(0, 0)
			return nil
		case key.Matches(k, e.ta.KeyMap.InputEnd):
			last := len(e.Lines) - 1
			e.Place(last, len([]rune(e.Lines[last])))
			return nil
		}
	}
	e.roomFor()
	var cmd tea.Cmd
	e.ta, cmd = e.ta.Update(msg)
	e.Sync()
	return cmd
}

// View draws the textarea with the line numbers of the whole text, exactly w
// cells a row.
func (e *Editor) View(w int, focused bool) []string {
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

// EditorLines counts the lines the editor holds for text (a final newline opens
// no line of its own).
func EditorLines(text string) int {
	return strings.Count(strings.TrimRight(text, "\n"), "\n") + 1
}
