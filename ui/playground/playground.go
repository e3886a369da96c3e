package playground

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter/validate"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// The panes of the playground, in tab order.
const (
	editorPane = iota
	resultPane
	notesPane
)

const (
	// editDebounce is how long the playground waits after a key before it asks
	// the library about a large text.
	editDebounce = 100 * time.Millisecond
	// InstantEdit is the largest text (in bytes) the playground recomputes on
	// every key, the library's answer and its drawing within the key's frame
	// (a schema of 150 properties, indented, is about this size); a larger one
	// waits for a pause of editDebounce.
	InstantEdit = 16 << 10
)

// tickMsg says a pause in typing may have come: the text is recomputed
// when no key came after the one that sent it (gen).
type tickMsg struct{ Gen int }

// playComputedMsg brings the library's answer for the text of change gen,
// computed off the frame.
type playComputedMsg struct {
	Gen int
	Res *Answer
}

// Screen is the playground: it edits a tool's input schema or a call's
// arguments and shows what the library makes of them as they change: the
// strict result, the null paths, the dropped keywords and errors of a schema;
// the nulls stripped and the validation errors of arguments. Text that does
// not parse shows where it breaks. esc goes back to the screen it was opened
// from.
type Screen struct {
	ctx        *common.Context
	focus      common.Focus // the pane with focus: editorPane, resultPane or notesPane
	back       int          // the screen to go back to
	req        *common.EditRequest
	editor     *pane.Editor
	opened     string // the text as opened
	lastRev    int    // the editor's revision last seen
	gen        int    // changes to the text so far
	stale      bool   // the result is older than the text (a tick is coming)
	validator  *validate.Validator
	res        *Answer
	view       int
	result     *pane.JSON
	notes      *pane.Notes
	shownNotes *[]string // the notes the notes pane shows (nil: none yet)
	layout     layout
}

// New is the playground with nothing open, drawn in ctx.
func New(ctx *common.Context) *Screen {
	p := &Screen{ctx: ctx, focus: common.NewFocus(3), validator: validate.New(), result: pane.NewJSON(ctx),
		notes: pane.NewNotes(ctx), editor: pane.NewEditor(ctx)}
	p.showResult()
	return p
}

// Name implements Screen.
func (p *Screen) Name() string { return "playground" }

// MoveFocus implements Screen.
func (p *Screen) MoveFocus(d int) { p.focus.MoveFocus(d) }

// Capturing implements Screen: the editor takes every key as text.
func (p *Screen) Capturing() bool { return p.focus.Pane == editorPane && p.req != nil }

// Restyle implements Screen.
func (p *Screen) Restyle() {
	p.Resize()
	p.notes.Wrap()
}

// Resize implements Screen.
func (p *Screen) Resize() {
	p.layout = computeLayout(p.ctx.Width, p.ctx.Height)
	if p.layout.TooSmall {
		return
	}
	l := p.layout
	p.editor.SetSize(l.Editor.W, max(l.Editor.H-1, 1))
	p.result.SetSize(l.Result.W, l.Result.H)
	p.notes.SetSize(l.Notes.W, l.Notes.H)
}

// Open puts req's text in the editor, gives the editor focus and computes
// the text; back is the screen to return to.
func (p *Screen) Open(req common.EditRequest, back int) tea.Cmd {
	p.req, p.back, p.view, p.focus.Pane = &req, back, 0, editorPane
	p.opened = editorText(strings.TrimRight(req.Text, "\n"))
	p.gen++ // a result computing for what was open before is not this one's
	p.editor.SetValue(p.opened)
	p.compute()
	return p.editor.Focus()
}

// compute asks the library about the editor's text now.
func (p *Screen) compute() {
	p.lastRev, p.stale = p.editor.Rev(), false
	p.res = answerFor(p.req, p.editor.Value(), p.validator)
	p.editor.SetMarks(p.res.Gutter)
	p.showResult()
}

// edited is called after the editor may have changed: a small text is
// recomputed at once, a large one after a pause (a tick that only the last
// change's gen answers).
func (p *Screen) edited() tea.Cmd {
	if p.editor.Rev() == p.lastRev {
		return nil
	}
	p.gen++
	if p.editor.Size() <= InstantEdit {
		p.compute()
		return nil
	}
	p.lastRev, p.stale = p.editor.Rev(), true
	gen := p.gen
	return tea.Tick(editDebounce, func(time.Time) tea.Msg { return tickMsg{Gen: gen} })
}

// showResult puts the current view of the result in its pane, keeping the
// cursor when the same view is drawn again for a text that parses.
func (p *Screen) showResult() {
	if p.res == nil {
		msg := "Press e on a tool (tools screen) or on a call (replay screen) to edit it here."
		p.result.SetContent(&pane.Content{Title: "result", Message: msg})
		p.notes.SetNotes("what the library says", nil, "Nothing is open in the playground.")
		p.shownNotes = nil
		return
	}
	p.view = ((p.view % len(p.res.views)) + len(p.res.views)) % len(p.res.views)
	c := p.res.views[p.view]
	prev := p.result.Content
	keep := prev != nil && prev.Doc != nil && c.Doc != nil && !p.res.Broken && !prev.Doc.Plain && prev.Title == c.Title
	if prev != nil && prev.Doc != nil && c.Doc != nil && prev.Title == c.Title && prev != c {
		c.Doc.ReuseTokens(prev.Doc) // highlight only the lines the key changed
	}
	cursor, offset := p.result.Cursor, p.result.Offset
	p.result.SetContent(c)
	if keep {
		p.result.Cursor, p.result.Offset = cursor, offset
		p.result.Clamp()
	}
	if p.shownNotes == nil || !slices.Equal(*p.shownNotes, p.res.Notes) {
		p.notes.SetNotes("what the library says", p.res.Notes, "")
		p.shownNotes = &p.res.Notes
	}
}

// Update implements Screen.
func (p *Screen) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tickMsg:
		if msg.Gen == p.gen && p.stale {
			// A large text: ask the library off the frame.
			req, text, v, gen := p.req, p.editor.Value(), p.validator, p.gen
			return func() tea.Msg { return playComputedMsg{Gen: gen, Res: answerFor(req, text, v)} }
		}
	case playComputedMsg:
		if msg.Gen == p.gen && p.stale {
			p.res, p.stale = msg.Res, false
			p.editor.SetMarks(p.res.Gutter)
			p.showResult()
		}
	case tea.KeyPressMsg:
		return p.key(msg)
	case tea.PasteMsg:
		if p.Capturing() {
			p.focusEditor()
			cmd := p.editor.InsertString(editorText(msg.Content))
			return tea.Batch(cmd, p.edited())
		}
	case tea.MouseClickMsg:
		if pane, ok := p.paneAt(msg.Mouse().X, msg.Mouse().Y); ok {
			p.focus.Pane = pane
			if pane == editorPane && p.req != nil {
				// The editor's rows start under its title row.
				p.focusEditor()
				p.editor.Click(msg.Mouse().X-p.layout.Editor.X, msg.Mouse().Y-p.layout.Editor.Y-1)
			} else {
				p.editor.Blur()
			}
		}
	case tea.MouseWheelMsg:
		d, ok := pane.WheelDelta(msg.Mouse())
		if !ok {
			return nil
		}
		switch pane, _ := p.paneAt(msg.Mouse().X, msg.Mouse().Y); pane {
		case editorPane:
			p.editor.Scroll(d)
		case resultPane:
			p.result.Scroll(d)
		case notesPane:
			p.notes.Scroll(d)
		}
	}
	return nil
}

func (p *Screen) focusEditor() {
	if !p.editor.Focused() {
		p.editor.Focus()
	}
}

func (p *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	pk := &p.ctx.Keys.Play
	g := &p.ctx.Keys.Global
	switch {
	case key.Matches(k, pk.Leave):
		p.editor.Blur()
		back := p.back
		return func() tea.Msg { return common.ShowScreenMsg{Screen: back} }
	case p.req == nil:
		return nil
	case key.Matches(k, pk.View):
		p.view++
		p.showResult()
		return common.ShowInfo("result: " + p.result.Content.Title)
	case key.Matches(k, pk.Reset):
		p.editor.ReplaceAll(p.opened)
		return tea.Batch(p.edited(), common.ShowInfo("back to the text as opened (ctrl+z takes it back)"))
	case p.focus.Pane == editorPane && key.Matches(k, g.Focus):
		p.editor.Blur()
		p.focus.Pane = resultPane
		return nil
	case p.focus.Pane == editorPane && key.Matches(k, g.FocusBck):
		p.editor.Blur()
		p.focus.Pane = notesPane
		return nil
	}
	switch p.focus.Pane {
	case editorPane:
		p.focusEditor()
		if t := editorText(k.Text); k.Text != "" && t != k.Text {
			cmd := p.editor.InsertString(t) // a character the terminal must not get raw
			return tea.Batch(cmd, p.edited())
		}
		cmd := p.editor.Update(k)
		return tea.Batch(cmd, p.edited())
	case notesPane:
		p.notes.Key(k, &p.ctx.Keys.JSON)
	default:
		p.result.Key(k, &p.ctx.Keys.JSON)
	}
	return nil
}

// paneAt says which pane is drawn at cell (x, y), in tab order (editorPane,
// resultPane, notesPane).
func (p *Screen) paneAt(x, y int) (int, bool) {
	l := p.layout
	return common.Hit(x, y, l.Editor, l.Result, l.Notes)
}

// View implements Screen.
func (p *Screen) View() string {
	// The editor and the result, each exactly its rectangle, side by side.
	left := p.editorView(p.focus.Pane == editorPane)
	right := strings.Split(p.resultView(p.focus.Pane == resultPane), "\n")
	rule := p.ctx.Styles.Separator.Render("│")
	var b strings.Builder
	for i, row := range left {
		b.WriteString(row)
		b.WriteString(rule)
		if i < len(right) {
			b.WriteString(right[i])
		}
		b.WriteByte('\n')
	}
	b.WriteString(p.notes.View(p.focus.Pane == notesPane))
	return common.Frame(p.titleBar(), nil, common.Rect{}, b.String(), p.infoRow())
}

func (p *Screen) titleBar() string {
	st := p.ctx.Styles
	left := st.TitleBar.Render("playground")
	if p.req != nil {
		left += st.TitleBar.Render(" │ ") + st.Mode.Render(p.req.What())
		if p.req.Kind == common.EditSchema {
			left += st.TitleBar.Render(" │ ") + common.ModeFlag(st.Mode, st.ModeOff, "defaults", !p.req.NoDefaults)
		}
	}
	return common.TitleRow(st, p.ctx.Width, left)
}

// editorView draws the editor's title row and the editor, exactly its
// rectangle, a row each.
func (p *Screen) editorView(focused bool) []string {
	st := p.ctx.Styles
	w, h := p.layout.Editor.W, p.layout.Editor.H
	title := "editor"
	if p.req != nil {
		title = "editor · " + p.req.What()
	}
	lines := []string{pane.Title(st, title, focused, w)}
	if p.req == nil {
		lines = append(lines, st.Message.Render(" Nothing to edit yet."))
		return strings.Split(common.PadLines(lines, w, h), "\n")
	}
	return append(lines, p.editor.View(focused)...) // the editor is h-1 rows of w cells
}

// resultView draws the result pane, its title saying when the text is being
// recomputed.
func (p *Screen) resultView(focused bool) string {
	if p.stale && p.result.Content != nil {
		c := *p.result.Content
		c.Title += " · waiting for a pause…"
		saved := p.result.Content
		p.result.Content = &c
		defer func() { p.result.Content = saved }()
	}
	return p.result.View(focused)
}

// infoRow is the editor's cursor position and the keys that leave it, or the
// breadcrumb of the result's cursor.
func (p *Screen) infoRow() string {
	st := p.ctx.Styles
	w := p.ctx.Width
	if p.Capturing() {
		pos := " line " + strconv.Itoa(p.editor.Line()+1) + ", column " + strconv.Itoa(p.editor.Column()+1)
		return common.Fit(st.Info.Render(pos)+st.Muted.Render("  · esc leaves · tab to the result · ctrl+o other view"), w)
	}
	return pane.CrumbRow(st, p.result, w)
}

// KeyMaps implements Screen.
func (p *Screen) KeyMaps() []common.NamedKeyMap {
	k := p.ctx.Keys
	return []common.NamedKeyMap{{Title: "playground", KeyMap: k.Play}, {Title: "editor", KeyMap: k.Edit},
		{Title: "result and notes", KeyMap: k.JSON}}
}

// Status implements Screen: what is edited and what the library says.
func (p *Screen) Status() string {
	if p.req == nil {
		return "nothing open"
	}
	kind := "schema"
	if p.req.Kind == common.EditArguments {
		kind = "arguments"
	}
	parts := []string{kind + " · " + common.Safe(p.req.Name)}
	switch {
	case p.stale:
		parts = append(parts, "waiting for a pause in typing")
	case p.res != nil:
		parts = append(parts, p.res.Summary)
	}
	parts = append(parts, "line "+strconv.Itoa(p.editor.Line()+1)+"/"+strconv.Itoa(p.editor.LineCount()))
	return strings.Join(parts, " │ ")
}
