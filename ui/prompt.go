package ui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/ui/common"
)

// prompt is the one-line question the root model shows in the status line: a
// JSON pointer to go to, a file name to write, whether to overwrite.
type prompt struct {
	open   bool
	label  string
	input  textinput.Model
	submit func(string) tea.Msg
	asker  int // the screen that opened it, which gets the answer
}

func newPrompt(ctx *common.Context) prompt {
	p := prompt{input: textinput.New()}
	p.input.Prompt = ""
	common.StyleInput(&p.input, ctx.Styles)
	return p
}

// start opens the prompt m asks for on behalf of screen asker.
func (p *prompt) start(ctx *common.Context, m common.PromptMsg, asker int) tea.Cmd {
	p.open, p.label, p.submit, p.asker = true, m.Label, m.Submit, asker
	common.StyleInput(&p.input, ctx.Styles)
	p.resize(ctx)
	p.input.SetValue(m.Value)
	p.input.CursorEnd()
	return p.input.Focus()
}

// promptHint is drawn after an open prompt.
const promptHint = " enter accept · esc cancel "

// resize fits the input between the label and the hint.
func (p *prompt) resize(ctx *common.Context) {
	p.input.SetWidth(max(ctx.Width-lipgloss.Width(p.label)-lipgloss.Width(promptHint)-4, 4))
}

// update handles a key or a paste while the prompt is open. On enter it
// closes and returns the answer (submit's message for the value) and the
// screen that asked for it; otherwise the answer is nil.
func (p *prompt) update(ctx *common.Context, msg tea.Msg) (answer tea.Msg, asker int, cmd tea.Cmd) {
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
	p.input, cmd = p.input.Update(common.InputMsg(msg))
	return nil, 0, cmd
}

func (p *prompt) close() {
	p.open = false
	p.input.Blur()
}

func (p *prompt) view(ctx *common.Context) string {
	return ctx.Styles.Prompt.Render(p.label+" ") + p.input.View()
}
