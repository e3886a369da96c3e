package common

import (
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// EditKind is what the playground edits.
type EditKind uint8

const (
	EditSchema    EditKind = iota // a tool's input schema
	EditArguments                 // a call's arguments
)

// EditRequest asks the root model to open the playground on a text. It is the
// message EditCmd sends.
type EditRequest struct {
	Kind       EditKind
	Name       string // the tool's exposed name
	CallID     string // the call's id (arguments)
	Text       string // the JSON to edit
	NoDefaults bool   // schema: defaults are left out of descriptions
	Sent       *adapter.SentTool
	Levels     int // > 0: only this many levels are broken into lines (pane.EditableText)
}

// EditCmd asks the root model to open the playground on r.
func EditCmd(r EditRequest) tea.Cmd { return func() tea.Msg { return r } }

// What names what is edited, for the title bar.
func (r *EditRequest) What() string {
	if r.Kind == EditSchema {
		return "input schema of " + Safe(r.Name)
	}
	return "arguments of " + CallWho(r.Name, r.CallID)
}

// CallWho names a call for the screens: its tool's name, and its call id
// quoted, or that it has none.
func CallWho(name, id string) string {
	if id == "" {
		return Safe(name) + " (no call id)"
	}
	return Safe(name) + " (" + termsafe.Quote(id) + ")"
}
