package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
)

// harness drives a root model the way Bubble Tea would, without a terminal:
// messages go to Update and the commands it returns run at once, their messages
// fed back in.
type harness struct {
	tb   testing.TB
	m    *model
	quit bool
	msgs []tea.Msg // every message a command produced, in order
}

func newHarness(tb testing.TB, opts Options, loaded *common.Loaded, w, h int) *harness {
	tb.Helper()
	if loaded == nil {
		loaded = testExamples(tb)
	}
	hs := &harness{tb: tb, m: newModel(opts, loaded)}
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs
}

// send feeds messages to the model.
func (h *harness) send(msgs ...tea.Msg) *harness {
	for _, msg := range msgs {
		_, cmd := h.m.Update(msg)
		h.run(cmd, 0)
	}
	return h
}

// keys presses keys by name: "j", "N", "tab", "shift+tab", "ctrl+c", "enter", ….
func (h *harness) keys(names ...string) *harness {
	for _, n := range names {
		h.send(keyPress(n))
	}
	return h
}

// typing types text into whatever has the keys.
func (h *harness) typing(text string) *harness {
	for _, r := range text {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return h
}

func (h *harness) run(cmd tea.Cmd, depth int) {
	if cmd == nil || depth > 8 {
		return
	}
	msg := cmd()
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c, depth+1)
		}
	case tea.QuitMsg:
		h.quit = true
		h.msgs = append(h.msgs, msg)
	default:
		h.msgs = append(h.msgs, msg)
		_, next := h.m.Update(msg)
		h.run(next, depth+1)
	}
}

// screen is the frame as plain text.
func (h *harness) screen() string { return ansi.Strip(h.m.Render()) }

var namedKeys = map[string]tea.KeyPressMsg{
	"tab":       {Code: tea.KeyTab},
	"shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
	"enter":     {Code: tea.KeyEnter},
	"esc":       {Code: tea.KeyEscape},
	"up":        {Code: tea.KeyUp},
	"down":      {Code: tea.KeyDown},
	"left":      {Code: tea.KeyLeft},
	"right":     {Code: tea.KeyRight},
	"pgdown":    {Code: tea.KeyPgDown},
	"pgup":      {Code: tea.KeyPgUp},
	"home":      {Code: tea.KeyHome},
	"end":       {Code: tea.KeyEnd},
	"backspace": {Code: tea.KeyBackspace},
	"space":     {Code: tea.KeySpace, Text: " "},
	"ctrl+c":    {Code: 'c', Mod: tea.ModCtrl},
	"ctrl+d":    {Code: 'd', Mod: tea.ModCtrl},
	"ctrl+u":    {Code: 'u', Mod: tea.ModCtrl},
	"ctrl+o":    {Code: 'o', Mod: tea.ModCtrl},
	"ctrl+r":    {Code: 'r', Mod: tea.ModCtrl},
}

func keyPress(name string) tea.KeyPressMsg {
	if k, ok := namedKeys[name]; ok {
		return k
	}
	r := []rune(name)
	if len(r) != 1 {
		panic("unknown key " + name)
	}
	return tea.KeyPressMsg{Code: r[0], Text: name}
}

// testExamples is uitest.Examples loaded, as the built-in examples are.
func testExamples(tb testing.TB) *common.Loaded {
	tb.Helper()
	l := &common.Loaded{Examples: true}
	uitest.AddAll(l.AddBytes, uitest.Examples(tb))
	return l
}
