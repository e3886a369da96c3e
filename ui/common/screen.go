package common

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
)

// A Screen is one full-window view of the inspector: the tools screen, the
// replay screen, the playground. The root model owns the window, the global
// keys, prompts, help and the status line; a screen owns its panes and which
// of them has focus, draws the rest of the window, and gets only the keys and
// mouse events that are its own while it is shown, the answers to the prompts
// it opened, and every other message (its commands' answers) whether shown or
// not.
//
// To add a screen: implement Screen (see stubScreen in the tests) and append it to
// the screens in newModel; the keys 1–9 then switch between screens. A screen
// opens the playground with editCmd, and the playground goes back with a
// showScreenMsg.
type Screen interface {
	// Name is the screen's name in the title bar and status line.
	Name() string
	// Resize lays the screen out in the window (the context holds the size); the
	// screen draws every row but the last, which is the status line.
	Resize()
	// Restyle is called when the styles change (background, NO_COLOR).
	Restyle()
	// Capturing says whether the pane with focus takes every key (a text input),
	// so that global keys such as q reach it as text.
	Capturing() bool
	// MoveFocus moves the focus d panes along the tab order, wrapping round.
	MoveFocus(d int)
	// Update handles a key, mouse event or other message for the screen. Keys come
	// only when no prompt is open and the global keys did not take them; a
	// click focuses the pane under it.
	Update(msg tea.Msg) tea.Cmd
	// View draws the screen: Height-1 rows of Width cells.
	View() string
	// KeyMaps are the screen's bindings for help, the focused pane's first.
	KeyMaps() []NamedKeyMap
	// Status is the screen's part of the status line: mode, file, counts.
	Status() string
}

// NamedKeyMap is a group of bindings with a title, for the help view.
type NamedKeyMap struct {
	Title string
	help.KeyMap
}

// Focus is which of a screen's panes has the keys: an index into its panes in
// tab order. A screen (or the ListPair it is built on) holds it.
type Focus struct {
	Pane  int // the pane with focus
	count int // how many panes the screen has
}

// NewFocus is the focus of a screen of count panes, on the first.
func NewFocus(count int) Focus { return Focus{count: count} }

// MoveFocus moves the focus d panes along the tab order, wrapping round.
func (f *Focus) MoveFocus(d int) {
	f.Pane = ((f.Pane+d)%f.count + f.count) % f.count
}

// StatusKind is how the status line shows a message: as information, or as
// an error.
type StatusKind uint8

const (
	StatusInfo  StatusKind = iota // what happened: a toggle, a copy, a file written
	StatusError                   // what could not be done, and why
)

// StatusMsg shows a message in the status line until the next key.
type StatusMsg struct {
	Text string
	Kind StatusKind
}

// ShowInfo shows text in the status line as information.
func ShowInfo(text string) tea.Cmd {
	return func() tea.Msg { return StatusMsg{Text: text, Kind: StatusInfo} }
}

// ShowError shows text in the status line as an error.
func ShowError(text string) tea.Cmd {
	return func() tea.Msg { return StatusMsg{Text: text, Kind: StatusError} }
}

// PromptMsg asks the root model to open a one-line prompt in the status line.
// On enter the root model gives submit(value) to the screen that asked.
type PromptMsg struct {
	Label  string
	Value  string
	Submit func(string) tea.Msg
}

func PromptCmd(label, value string, submit func(string) tea.Msg) tea.Cmd {
	return func() tea.Msg { return PromptMsg{Label: label, Value: value, Submit: submit} }
}

// ShowScreenMsg asks the root model to show screen Screen (an index into its
// screens).
type ShowScreenMsg struct{ Screen int }
