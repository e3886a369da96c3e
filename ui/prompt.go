package ui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/ui/styles"
)

// styleInput gives a text input the styles. Without styling at all (output that
// is not a terminal) it draws no cursor, which would take an attribute.
func styleInput(ti *textinput.Model, st *styles.Styles) {
	ti.SetStyles(inputStyles(st))
	ti.SetVirtualCursor(!st.Plain)
}

// inputStyles are the text inputs' styles, from the Styles. The cursor does not
// blink: a steady screen is easier to test and to read.
func inputStyles(st *styles.Styles) textinput.Styles {
	state := textinput.StyleState{Text: st.Info, Placeholder: st.Muted, Suggestion: st.Muted, Prompt: st.Prompt}
	return textinput.Styles{
		Focused: state,
		Blurred: state,
		Cursor:  textinput.CursorStyle{Color: st.Prompt.GetForeground(), Blink: false},
	}
}

// prompt is the one-line question the root model shows in the status line: a
// JSON pointer to go to, a file name to write, whether to overwrite.
type prompt struct {
	open   bool
	label  string
	input  textinput.Model
	submit func(string) tea.Msg
}

func newPrompt(ctx *Context) prompt {
	p := prompt{input: textinput.New()}
	p.input.Prompt = ""
	styleInput(&p.input, ctx.Styles)
	return p
}

func (p *prompt) start(ctx *Context, m promptMsg) tea.Cmd {
	p.open, p.label, p.submit = true, m.label, m.submit
	styleInput(&p.input, ctx.Styles)
	p.resize(ctx)
	p.input.SetValue(m.value)
	p.input.CursorEnd()
	return p.input.Focus()
}

// promptHint is drawn after an open prompt.
const promptHint = " enter accept · esc cancel "

// resize fits the input between the label and the hint.
func (p *prompt) resize(ctx *Context) {
	p.input.SetWidth(max(ctx.Width-lipgloss.Width(p.label)-lipgloss.Width(promptHint)-4, 4))
}

// update handles a key while the prompt is open.
func (p *prompt) update(ctx *Context, msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, ctx.Keys.Prompt.Accept):
			p.close()
			submit, value := p.submit, p.input.Value()
			return func() tea.Msg { return submit(value) }
		case key.Matches(k, ctx.Keys.Prompt.Cancel):
			p.close()
			return nil
		}
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(inputMsg(msg))
	return cmd
}

func (p *prompt) close() {
	p.open = false
	p.input.Blur()
}

func (p *prompt) view(ctx *Context) string {
	return ctx.Styles.Prompt.Render(p.label+" ") + p.input.View()
}
