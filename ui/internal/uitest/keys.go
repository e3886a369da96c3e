package uitest

import (
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// A Screen is what the key helpers drive: a screen of the inspector, as the
// root model sees it.
type Screen interface {
	Update(tea.Msg) tea.Cmd
	View() string
	Status() string
}

// keyNames are the keys Press knows by name; any other name is its text.
var keyNames = map[string]tea.KeyPressMsg{
	"enter": {Code: tea.KeyEnter},
	"space": {Code: tea.KeySpace, Text: " "},
	"home":  {Code: tea.KeyHome},
	"end":   {Code: tea.KeyEnd},
	"left":  {Code: tea.KeyLeft},
	"right": {Code: tea.KeyRight},
}

// Press gives the screen keys by name ("f", "enter", "right", …) as the root
// model does while no prompt is open, and feeds the messages of the commands
// it returns back to it.
func Press(s Screen, names ...string) {
	for _, n := range names {
		k, ok := keyNames[n]
		if !ok {
			k = tea.KeyPressMsg{Code: []rune(n)[0], Text: n}
		}
		run(s, s.Update(k), 0)
	}
}

func run(s Screen, cmd tea.Cmd, depth int) {
	if cmd == nil || depth > 8 {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			run(s, c, depth+1)
		}
	default:
		run(s, s.Update(msg), depth+1)
	}
}

// Frame is what the screen draws and its part of the status line, as plain
// text: what the root model's frame holds of it.
func Frame(s Screen) string { return ansi.Strip(s.View()) + "\n" + s.Status() }
