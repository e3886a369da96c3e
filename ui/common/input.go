package common

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/ui/styles"
)

// StyleInput gives a text input the styles. Without styling at all (output that
// is not a terminal) it draws no cursor, which would take an attribute.
func StyleInput(ti *textinput.Model, st *styles.Styles) {
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

// InputMsg is a key or a paste for a one-line text input (a list's filter, a
// prompt) without the characters safe would draw as ⟨U+XXXX⟩: the input drops
// controls itself, but would keep and draw raw the invisible ones (bidi
// overrides, zero-width and tag characters). Line feeds and tabs become spaces,
// as the input makes them. Any other message is returned as is.
func InputMsg(msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tea.KeyPressMsg:
		m.Text = inputText(m.Text)
		return m
	case tea.PasteMsg:
		m.Content = inputText(m.Content)
		return m
	}
	return msg
}

func inputText(s string) string {
	if Safe(s) == s {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case Safe(string(r)) == string(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
