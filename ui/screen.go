package ui

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
)

// A Screen is one full-window view of the inspector: the tools screen, the
// replay screen, the playground. The root model owns the window, the focus, the
// global keys, prompts, help and the status line; a screen draws the rest and
// gets only the keys and mouse events that are its own while it is shown, and
// every other message (its commands' answers) whether shown or not.
//
// To add a screen: implement Screen (see stubScreen in the tests) and append it to
// the screens in newModel; the keys 1–9 then switch between screens, each with
// its own focus. A screen opens the playground with editCmd, and the playground
// goes back with a showScreenMsg.
type Screen interface {
	// Name is the screen's name in the title bar and status line.
	Name() string
	// Panes names the focusable panes in tab order.
	Panes() []string
	// Resize lays the screen out in the window (the context holds the size); the
	// screen draws every row but the last, which is the status line.
	Resize()
	// Restyle is called when the styles change (background, NO_COLOR).
	Restyle()
	// Capturing says whether the pane with focus takes every key (a text input),
	// so that global keys such as q reach it as text.
	Capturing(focus int) bool
	// Update handles a key, mouse event or other message for the screen. Keys come
	// only when no prompt is open and the global keys did not take them. It
	// returns the focus, which it may move.
	Update(msg tea.Msg, focus int) (int, tea.Cmd)
	// PaneAt says which pane is drawn at cell (x, y), for the mouse.
	PaneAt(x, y int) (int, bool)
	// View draws the screen: Height-1 rows of Width cells.
	View(focus int) string
	// KeyMaps are the screen's bindings for help, the focused pane's first.
	KeyMaps(focus int) []NamedKeyMap
	// Status is the screen's part of the status line: mode, file, counts.
	Status(focus int) string
}

// NamedKeyMap is a group of bindings with a title, for the help view.
type NamedKeyMap struct {
	Title string
	help.KeyMap
}

// statusMsg shows a message in the status line until the next key.
type statusMsg struct {
	text string
	err  bool
}

func statusCmd(text string, err bool) tea.Cmd {
	return func() tea.Msg { return statusMsg{text: text, err: err} }
}

// promptMsg asks the root model to open a one-line prompt in the status line.
// On enter the root model sends submit(value) back as a message.
type promptMsg struct {
	label  string
	value  string
	submit func(string) tea.Msg
}

func promptCmd(label, value string, submit func(string) tea.Msg) tea.Cmd {
	return func() tea.Msg { return promptMsg{label: label, value: value, submit: submit} }
}
