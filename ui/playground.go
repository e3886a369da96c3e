package ui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/adapter/validate"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// The panes of the playground, in tab order.
const (
	pgEditor = iota
	pgResult
	pgNotes
)

const (
	// editDebounce is how long the playground waits after a key before it asks
	// the library about a large text.
	editDebounce = 100 * time.Millisecond
	// instantEdit is the largest text (in bytes) the playground recomputes on
	// every key; a larger one waits for a pause of editDebounce.
	instantEdit = 4 << 10
)

// playTickMsg says a pause in typing may have come: the text is recomputed
// when no key came after the one that sent it (gen).
type playTickMsg struct{ gen int }

// playComputedMsg brings the library's answer for the text of change gen,
// computed off the frame.
type playComputedMsg struct {
	gen int
	res *playResult
}

// playground edits a tool's input schema or a call's arguments and shows what
// the library makes of them as they change: the strict result, the null paths,
// the dropped keywords and errors of a schema; the nulls stripped and the
// validation errors of arguments. Text that does not parse shows where it
// breaks. esc goes back to the screen it was opened from.
type playground struct {
	ctx *common.Context
	common.Focus
	back      int // the screen to go back to
	req       *common.EditRequest
	editor    *pane.Editor
	opened    string // the text as opened
	last      string // the text last seen
	gen       int    // changes to the text so far
	stale     bool   // the result is older than the text (a tick is coming)
	validator *validate.Validator
	res       *playResult
	view      int
	result    *pane.JSON
	notes     *pane.Notes
	layout    playgroundLayout
}

func newPlayground(ctx *common.Context) *playground {
	p := &playground{ctx: ctx, Focus: common.NewFocus(3), validator: validate.New(), result: &pane.JSON{Ctx: ctx},
		notes: &pane.Notes{Ctx: ctx}, editor: pane.NewEditor(ctx.Styles)}
	p.showResult()
	return p
}

// Name implements Screen.
func (p *playground) Name() string { return "playground" }

// Capturing implements Screen: the editor takes every key as text.
func (p *playground) Capturing() bool { return p.Pane == pgEditor && p.req != nil }

// Restyle implements Screen.
func (p *playground) Restyle() {
	p.editor.Restyle(p.ctx.Styles)
	p.Resize()
	p.notes.Wrap()
}

// Resize implements Screen.
func (p *playground) Resize() {
	p.layout = computePlaygroundLayout(p.ctx.Width, p.ctx.Height)
	if p.layout.TooSmall {
		return
	}
	l := p.layout
	p.editor.SetSize(l.Editor.W, max(l.Editor.H-1, 1))
	p.result.SetSize(l.Result.W, l.Result.H)
	p.notes.SetSize(l.Notes.W, l.Notes.H)
}

// open puts req's text in the editor, gives the editor focus and computes
// the text; back is the screen to return to.
func (p *playground) open(req common.EditRequest, back int) tea.Cmd {
	p.req, p.back, p.view, p.Pane = &req, back, 0, pgEditor
	p.opened = editorText(strings.TrimRight(req.Text, "\n"))
	p.gen++ // a result computing for what was open before is not this one's
	p.editor.SetValue(p.opened)
	p.compute()
	return p.editor.Focus()
}

// compute asks the library about the editor's text now.
func (p *playground) compute() {
	text := p.editor.Value()
	p.last, p.stale = text, false
	p.res = computePlay(p.req, text, p.validator)
	p.showResult()
}

// edited is called after the editor may have changed: a small text is
// recomputed at once, a large one after a pause (a tick that only the last
// change's gen answers).
func (p *playground) edited() tea.Cmd {
	text := p.editor.Value()
	if text == p.last {
		return nil
	}
	p.gen++
	if len(text) <= instantEdit {
		p.compute()
		return nil
	}
	p.last, p.stale = text, true
	gen := p.gen
	return tea.Tick(editDebounce, func(time.Time) tea.Msg { return playTickMsg{gen: gen} })
}

// showResult puts the current view of the result in its pane, keeping the
// cursor when the same view is drawn again for a text that parses.
func (p *playground) showResult() {
	if p.res == nil {
		msg := "Press e on a tool (tools screen) or on a call (replay screen) to edit it here."
		p.result.SetContent(&pane.Content{Title: "result", Message: msg})
		p.notes.SetNotes("what the library says", nil, "Nothing is open in the playground.")
		return
	}
	p.view = ((p.view % len(p.res.views)) + len(p.res.views)) % len(p.res.views)
	c := p.res.views[p.view]
	prev := p.result.Content
	keep := prev != nil && prev.Doc != nil && c.Doc != nil && !p.res.broken && !prev.Doc.Plain && prev.Title == c.Title
	cursor, offset := p.result.Cursor, p.result.Offset
	p.result.SetContent(c)
	if keep {
		p.result.Cursor, p.result.Offset = cursor, offset
		p.result.Clamp()
	}
	p.notes.SetNotes("what the library says", p.res.notes, "")
}

// Update implements Screen.
func (p *playground) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case playTickMsg:
		if msg.gen == p.gen && p.stale {
			// A large text: ask the library off the frame.
			req, text, v, gen := p.req, p.last, p.validator, p.gen
			return func() tea.Msg { return playComputedMsg{gen: gen, res: computePlay(req, text, v)} }
		}
	case playComputedMsg:
		if msg.gen == p.gen && p.stale {
			p.res, p.stale = msg.res, false
			p.showResult()
		}
	case tea.KeyPressMsg:
		return p.key(msg)
	case tea.PasteMsg:
		if p.Capturing() {
			p.focusEditor()
			p.editor.InsertString(editorText(msg.Content))
			return p.edited()
		}
	case tea.MouseClickMsg:
		if pane, ok := p.paneAt(msg.Mouse().X, msg.Mouse().Y); ok {
			p.Pane = pane
		}
	case tea.MouseWheelMsg:
		d, ok := pane.WheelDelta(msg.Mouse())
		if !ok {
			return nil
		}
		switch pane, _ := p.paneAt(msg.Mouse().X, msg.Mouse().Y); pane {
		case pgResult:
			p.result.Scroll(d)
		case pgNotes:
			p.notes.Scroll(d)
		}
	}
	return nil
}

func (p *playground) focusEditor() {
	if !p.editor.Focused() {
		p.editor.Focus()
	}
}

func (p *playground) key(k tea.KeyPressMsg) tea.Cmd {
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
		p.editor.SetValue(p.opened)
		return tea.Batch(p.edited(), common.ShowInfo("back to the text as opened"))
	case p.Pane == pgEditor && key.Matches(k, g.Focus):
		p.editor.Blur()
		p.Pane = pgResult
		return nil
	case p.Pane == pgEditor && key.Matches(k, g.FocusBck):
		p.editor.Blur()
		p.Pane = pgNotes
		return nil
	}
	switch p.Pane {
	case pgEditor:
		p.focusEditor()
		if t := editorText(k.Text); k.Text != "" && t != k.Text {
			p.editor.InsertString(t) // a character the terminal must not get raw
			return p.edited()
		}
		cmd := p.editor.Update(k)
		return tea.Batch(cmd, p.edited())
	case pgNotes:
		p.notes.Key(k, &p.ctx.Keys.JSON)
	default:
		p.result.Key(k, &p.ctx.Keys.JSON)
	}
	return nil
}

// paneAt says which pane is drawn at cell (x, y), in tab order (pgEditor,
// pgResult, pgNotes).
func (p *playground) paneAt(x, y int) (int, bool) {
	l := p.layout
	return common.Hit(x, y, l.Editor, l.Result, l.Notes)
}

// View implements Screen.
func (p *playground) View() string {
	st := p.ctx.Styles
	panes := lipgloss.JoinHorizontal(lipgloss.Top, p.editorView(p.Pane == pgEditor), common.Rule(st, p.layout.Editor.H),
		p.resultView(p.Pane == pgResult))
	return common.Frame(p.titleBar(), nil, common.Rect{}, panes+"\n"+p.notes.View(p.Pane == pgNotes), p.infoRow())
}

func (p *playground) titleBar() string {
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
// rectangle.
func (p *playground) editorView(focused bool) string {
	st := p.ctx.Styles
	w, h := p.layout.Editor.W, p.layout.Editor.H
	title := "editor"
	if p.req != nil {
		title = "editor · " + p.req.What()
	}
	lines := []string{pane.Title(st, title, focused, w)}
	if p.req == nil {
		lines = append(lines, st.Message.Render(" Nothing to edit yet."))
		return common.PadLines(lines, w, h)
	}
	lines = append(lines, p.editor.View(w, focused)...)
	return common.PadLines(lines, w, h)
}

// resultView draws the result pane, its title saying when the text is being
// recomputed.
func (p *playground) resultView(focused bool) string {
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
func (p *playground) infoRow() string {
	st := p.ctx.Styles
	w := p.ctx.Width
	if p.Capturing() {
		pos := " line " + pane.Itoa(p.editor.Line()+1) + ", column " + pane.Itoa(p.editor.Column()+1)
		return common.Fit(st.Info.Render(pos)+st.Muted.Render("  · esc leaves · tab to the result · ctrl+o other view"), w)
	}
	return pane.CrumbRow(st, p.result, w)
}

// KeyMaps implements Screen.
func (p *playground) KeyMaps() []common.NamedKeyMap {
	k := p.ctx.Keys
	return []common.NamedKeyMap{{Title: "playground", KeyMap: k.Play}, {Title: "result and notes", KeyMap: k.JSON}}
}

// Status implements Screen: what is edited and what the library says.
func (p *playground) Status() string {
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
		parts = append(parts, p.res.summary)
	}
	parts = append(parts, "line "+pane.Itoa(p.editor.Line()+1)+"/"+pane.Itoa(p.editor.LineCount()))
	return strings.Join(parts, " │ ")
}
