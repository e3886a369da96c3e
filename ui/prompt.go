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
	asker  int // the screen that opened it, which gets the answer
}

func newPrompt(ctx *Context) prompt {
	p := prompt{input: textinput.New()}
	p.input.Prompt = ""
	styleInput(&p.input, ctx.Styles)
	return p
}

// start opens the prompt m asks for on behalf of screen asker.
func (p *prompt) start(ctx *Context, m promptMsg, asker int) tea.Cmd {
	p.open, p.label, p.submit, p.asker = true, m.label, m.submit, asker
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

// update handles a key or a paste while the prompt is open. On enter it
// closes and returns the answer (submit's message for the value) and the
// screen that asked for it; otherwise the answer is nil.
func (p *prompt) update(ctx *Context, msg tea.Msg) (answer tea.Msg, asker int, cmd tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, ctx.Keys.Prompt.Accept):
			p.close()
			return p.submit(p.input.Value()), p.asker, nil
		case key.Matches(k, ctx.Keys.Prompt.Cancel):
			p.close()
			return nil, 0, nil
		}
	}
	p.input, cmd = p.input.Update(inputMsg(msg))
	return nil, 0, cmd
}

func (p *prompt) close() {
	p.open = false
	p.input.Blur()
}

func (p *prompt) view(ctx *Context) string {
	return ctx.Styles.Prompt.Render(p.label+" ") + p.input.View()
}
