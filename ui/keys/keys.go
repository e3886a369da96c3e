// Package keys holds the inspector's key bindings, grouped by where they act:
// everywhere, on the tools screen, in the tool list, in a JSON pane, on the
// replay screen, on the servers screen, in the playground and its editor, on
// the call screen and in its editor, in a prompt.
// Every group implements help.KeyMap, so the help view is generated from the
// bindings and never written by hand.
package keys

import "charm.land/bubbles/v2/key"

// Global keys act on every screen.
type Global struct {
	Quit     key.Binding
	Help     key.Binding
	Focus    key.Binding
	FocusBck key.Binding
	// Screen switches to screen 1–9; the root model disables it while there is
	// only one screen.
	Screen key.Binding
}

// Tools are the tools screen's keys: toggles and moves that act whatever pane
// has focus.
type Tools struct {
	API      key.Binding
	Strict   key.Binding
	Prefix   key.Binding
	Defaults key.Binding
	Tool     key.Binding
	Report   key.Binding
	Filter   key.Binding
	// Status cycles the status filter: all, needs attention, no strict
	// form, hidden characters, truncated, renamed.
	Status key.Binding
	Goto   key.Binding
	Next   key.Binding
	Prev   key.Binding
	Copy   key.Binding
	Write  key.Binding
	Edit   key.Binding
	// Call and Reconnect act on a live server's tool or group; they are
	// enabled only when the inspector has live servers.
	Call      key.Binding
	Reconnect key.Binding
}

// Replay are the replay screen's keys: the stepper, the toggles that re-run
// the replay, and the moves that act whatever pane has focus. ← and → step
// through the stages, so a JSON pane there scrolls sideways with h and l only
// (ReplayJSON), and enter alone opens a turn from the list (ReplayList).
type Replay struct {
	PrevStage   key.Binding
	NextStage   key.Binding
	PrevTurn    key.Binding
	NextTurn    key.Binding
	Structured  key.Binding
	ErrorPrefix key.Binding
	// API renders the outputs for the other API.
	API key.Binding
	// Write writes the live session (enabled with live servers).
	Write key.Binding
	// Filter gives the turn list's filter the keys, as Tools.Filter does the
	// tool list's.
	Filter      key.Binding
	Goto        key.Binding
	Next        key.Binding
	Prev        key.Binding
	Copy        key.Binding
	Edit        key.Binding
	ScrollLeft  key.Binding
	ScrollRight key.Binding
}

// Servers are the servers screen's keys: they act whatever pane has focus.
// The list moves with ServersList, the details and the log scroll with
// ServersPager.
type Servers struct {
	// Reconnect asks the root model to connect the selected server again.
	Reconnect key.Binding
	// Filter gives the log's filter the keys: the log keeps the lines that
	// hold its text, whatever the case.
	Filter key.Binding
	// Kinds cycles the kinds of line the log shows: all, stderr, traffic.
	Kinds key.Binding
	// Clear empties the log's filter.
	Clear key.Binding
	Copy  key.Binding
}

// Pager scrolls a pane of text that wraps at the pane's width, so it has no
// sideways moves: the servers screen's details and log.
type Pager struct {
	Up, Down         key.Binding
	PgUp, PgDown     key.Binding
	HalfUp, HalfDown key.Binding
	Top, Bottom      key.Binding
}

// Playground are the playground's keys. The editor takes every other key as
// text, but for tab and shift+tab, which move the focus as everywhere.
type Playground struct {
	Leave key.Binding
	View  key.Binding
	Reset key.Binding
}

// Call are the call screen's keys. Its editor takes every other key as text,
// as the playground's does, but enter asks for the approval view there, so a
// line is broken with CallEditor's Newline. In the approval view Send calls
// the tool and every other key goes back to the editor.
type Call struct {
	Review key.Binding
	Send   key.Binding
	Leave  key.Binding
	Reset  key.Binding
}

// Editor are the playground editor's keys; every other key with text types
// it. They are a text editor's usual keys (and emacs's), as the bubbles
// textarea had them, with shift for a selection, and undo.
type Editor struct {
	Left, Right          key.Binding
	WordLeft, WordRight  key.Binding
	Up, Down             key.Binding
	LineStart, LineEnd   key.Binding
	PgUp, PgDown         key.Binding
	Begin, End           key.Binding
	Newline              key.Binding
	Backspace, Delete    key.Binding
	DeleteWordLeft       key.Binding
	DeleteWordRight      key.Binding
	DeleteToStart        key.Binding
	DeleteToEnd          key.Binding
	UpperWord, LowerWord key.Binding
	CapitalWord          key.Binding
	SelectLeft           key.Binding
	SelectRight          key.Binding
	SelectWordLeft       key.Binding
	SelectWordRight      key.Binding
	SelectUp, SelectDown key.Binding
	SelectLineStart      key.Binding
	SelectLineEnd        key.Binding
	SelectAll            key.Binding
	Copy, Cut            key.Binding
	Undo, Redo           key.Binding
}

// List moves in the tool list.
type List struct {
	Up     key.Binding
	Down   key.Binding
	PgUp   key.Binding
	PgDown key.Binding
	Top    key.Binding
	Bottom key.Binding
	Open   key.Binding
	Clear  key.Binding
	// Fold folds or unfolds the group of the selected header; Open does
	// too on a header.
	Fold key.Binding
	// FoldAll folds every group, or unfolds them all when all are folded.
	FoldAll key.Binding
}

// JSON moves in a JSON pane.
type JSON struct {
	Up       key.Binding
	Down     key.Binding
	PgUp     key.Binding
	PgDown   key.Binding
	HalfUp   key.Binding
	HalfDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Left     key.Binding
	Right    key.Binding
}

// Prompt answers a prompt.
type Prompt struct {
	Accept key.Binding
	Cancel key.Binding
}

// KeyMap is every group.
type KeyMap struct {
	Global  Global
	Tools   Tools
	List    List
	JSON    JSON
	Replay  Replay
	Servers Servers
	Play    Playground
	Call    Call
	Edit    Editor
	Prompt  Prompt
}

func bind(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// Default returns the inspector's bindings.
func Default() *KeyMap {
	return &KeyMap{
		Global: Global{
			Quit:     bind("q", "quit", "q", "ctrl+c"),
			Help:     bind("?", "help", "?"),
			Focus:    bind("tab", "next pane", "tab"),
			FocusBck: bind("shift+tab", "previous pane", "shift+tab"),
			Screen:   bind("1-9", "switch screen", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		},
		Tools: Tools{
			API:       bind("a", "api: chat/responses", "a"),
			Strict:    bind("s", "strict: auto/true/false", "s"),
			Prefix:    bind("p", "server prefix on/off", "p"),
			Defaults:  bind("d", "defaults in descriptions", "d"),
			Tool:      bind("t", "rendered tool / strict schema", "t"),
			Report:    bind("r", "whole report", "r"),
			Filter:    bind("/", "filter tools", "/"),
			Status:    bind("f", "filter by status (cycles)", "f"),
			Goto:      bind("g", "go to JSON pointer", "g"),
			Next:      bind("n", "next null path or error", "n"),
			Prev:      bind("N", "previous null path or error", "N"),
			Copy:      bind("y", "copy pane (OSC 52)", "y"),
			Write:     bind("w", "write rendered tools", "w"),
			Edit:      bind("e", "edit the schema (playground)", "e"),
			Call:      bind("c", "call the tool (live server)", "c"),
			Reconnect: bind("R", "reconnect the live server", "R"),
		},
		Replay: Replay{
			PrevStage:   bind("←", "previous stage", "left"),
			NextStage:   bind("→", "next stage", "right"),
			PrevTurn:    bind("[", "previous turn", "["),
			NextTurn:    bind("]", "next turn", "]"),
			Structured:  bind("m", "structured: auto/prefer/append/ignore", "m"),
			ErrorPrefix: bind("x", "error prefix on/off", "x"),
			API:         bind("a", "outputs: chat/responses", "a"),
			Write:       bind("w", "write the live session", "w"),
			Filter:      bind("/", "filter turns", "/"),
			Goto:        bind("g", "go to JSON pointer", "g"),
			Next:        bind("n", "next mark", "n"),
			Prev:        bind("N", "previous mark", "N"),
			Copy:        bind("y", "copy pane (OSC 52)", "y"),
			Edit:        bind("e", "edit the call's arguments (playground)", "e"),
			ScrollLeft:  bind("h", "scroll left", "h"),
			ScrollRight: bind("l", "scroll right", "l"),
		},
		Servers: Servers{
			Reconnect: bind("R", "reconnect the server", "R"),
			Filter:    bind("/", "filter the log", "/"),
			Kinds:     bind("t", "log lines: all/stderr/traffic", "t"),
			Clear:     bind("esc", "clear the log's filter", "esc"),
			Copy:      bind("y", "copy pane (OSC 52)", "y"),
		},
		Play: Playground{
			Leave: bind("esc", "leave the playground", "esc"),
			View:  bind("ctrl+o", "other view of the result", "ctrl+o"),
			Reset: bind("ctrl+r", "back to the text as opened", "ctrl+r"),
		},
		Call: Call{
			Review: bind("enter", "review the call, then y sends it", "enter"),
			Send:   bind("y", "send the call (approval view)", "y"),
			Leave:  bind("esc", "leave, or cancel the running call", "esc"),
			Reset:  bind("ctrl+r", "back to the prefilled arguments", "ctrl+r"),
		},
		Edit: Editor{
			Left:            bind("←", "character left", "left", "ctrl+b"),
			Right:           bind("→", "character right", "right", "ctrl+f"),
			WordLeft:        bind("alt+←", "word left", "alt+left", "ctrl+left", "alt+b"),
			WordRight:       bind("alt+→", "word right", "alt+right", "ctrl+right", "alt+f"),
			Up:              bind("↑", "line up", "up", "ctrl+p"),
			Down:            bind("↓", "line down", "down", "ctrl+n"),
			LineStart:       bind("home", "line start", "home", "ctrl+a"),
			LineEnd:         bind("end", "line end", "end", "ctrl+e"),
			PgUp:            bind("pgup", "page up", "pgup"),
			PgDown:          bind("pgdn", "page down", "pgdown"),
			Begin:           bind("ctrl+home", "text start", "ctrl+home", "alt+<"),
			End:             bind("ctrl+end", "text end", "ctrl+end", "alt+>"),
			Newline:         bind("enter", "new line", "enter", "ctrl+m"),
			Backspace:       bind("backspace", "delete left", "backspace", "ctrl+h"),
			Delete:          bind("delete", "delete right", "delete", "ctrl+d"),
			DeleteWordLeft:  bind("alt+backspace", "delete word left", "alt+backspace", "ctrl+w", "ctrl+backspace"),
			DeleteWordRight: bind("alt+delete", "delete word right", "alt+delete", "alt+d", "ctrl+delete"),
			DeleteToStart:   bind("ctrl+u", "delete to line start", "ctrl+u"),
			DeleteToEnd:     bind("ctrl+k", "delete to line end", "ctrl+k"),
			UpperWord:       bind("alt+u", "uppercase word", "alt+u"),
			LowerWord:       bind("alt+l", "lowercase word", "alt+l"),
			CapitalWord:     bind("alt+c", "capitalize word", "alt+c"),
			SelectLeft:      bind("shift+←", "select left", "shift+left"),
			SelectRight:     bind("shift+→", "select right", "shift+right"),
			SelectWordLeft:  bind("alt+shift+←", "select word left", "alt+shift+left", "ctrl+shift+left", "alt+shift+b"),
			SelectWordRight: bind("alt+shift+→", "select word right", "alt+shift+right", "ctrl+shift+right", "alt+shift+f"),
			SelectUp:        bind("shift+↑", "select line up", "shift+up"),
			SelectDown:      bind("shift+↓", "select line down", "shift+down"),
			SelectLineStart: bind("shift+home", "select to line start", "shift+home"),
			SelectLineEnd:   bind("shift+end", "select to line end", "shift+end"),
			SelectAll:       bind("ctrl+g", "select all", "ctrl+g"),
			Copy:            bind("ctrl+shift+c", "copy selection (OSC 52)", "ctrl+shift+c"),
			Cut:             bind("ctrl+x", "cut selection (OSC 52)", "ctrl+x"),
			Undo:            bind("ctrl+z", "undo", "ctrl+z"),
			Redo:            bind("ctrl+y", "redo", "ctrl+y", "ctrl+shift+z"),
		},
		List: List{
			Up:      bind("↑/k", "up", "up", "k"),
			Down:    bind("↓/j", "down", "down", "j"),
			PgUp:    bind("pgup", "page up", "pgup", "ctrl+b"),
			PgDown:  bind("pgdn", "page down", "pgdown", "ctrl+f"),
			Top:     bind("home", "first", "home"),
			Bottom:  bind("end/G", "last", "end", "G"),
			Open:    bind("enter", "to the schema", "enter", "right", "l"),
			Clear:   bind("esc", "clear filter", "esc"),
			Fold:    bind("enter/space", "fold/unfold a group", "space"),
			FoldAll: bind("z", "fold/unfold all groups", "z"),
		},
		JSON: JSON{
			Up:       bind("↑/k", "up", "up", "k"),
			Down:     bind("↓/j", "down", "down", "j"),
			PgUp:     bind("pgup", "page up", "pgup", "ctrl+b"),
			PgDown:   bind("pgdn", "page down", "pgdown", "ctrl+f", "space"),
			HalfUp:   bind("ctrl+u", "half page up", "ctrl+u"),
			HalfDown: bind("ctrl+d", "half page down", "ctrl+d"),
			Top:      bind("home", "top", "home"),
			Bottom:   bind("end/G", "bottom", "end", "G"),
			Left:     bind("←/h", "scroll left", "left", "h"),
			Right:    bind("→/l", "scroll right", "right", "l"),
		},
		Prompt: Prompt{
			Accept: bind("enter", "accept", "enter"),
			Cancel: bind("esc", "cancel", "esc"),
		},
	}
}

// ShortHelp implements help.KeyMap.
func (g Global) ShortHelp() []key.Binding { return []key.Binding{g.Help, g.Focus, g.Quit} }

// FullHelp implements help.KeyMap.
func (g Global) FullHelp() [][]key.Binding {
	return [][]key.Binding{{g.Help, g.Focus, g.FocusBck, g.Screen, g.Quit}}
}

// ShortHelp implements help.KeyMap.
func (t Tools) ShortHelp() []key.Binding {
	return []key.Binding{t.API, t.Strict, t.Tool, t.Report, t.Filter, t.Status, t.Goto, t.Next}
}

// FullHelp implements help.KeyMap.
func (t Tools) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{t.API, t.Strict, t.Prefix, t.Defaults, t.Tool, t.Report},
		{t.Filter, t.Status, t.Goto, t.Next, t.Prev, t.Copy, t.Write, t.Edit},
	}
}

// ReplayJSON is the JSON pane keys on the replay screen: ← and → step
// through stages there, so the pane scrolls sideways with h and l.
func (k *KeyMap) ReplayJSON() JSON {
	j := k.JSON
	j.Left, j.Right = k.Replay.ScrollLeft, k.Replay.ScrollRight
	return j
}

// ReplayList is the list keys on the replay screen: → steps to the next
// stage there, so only enter opens the turn; esc clears the filter, as in the
// tool list.
func (k *KeyMap) ReplayList() List {
	l := k.List
	l.Open = bind("enter", "to the stage", "enter")
	return l
}

// ShortHelp implements help.KeyMap.
func (r Replay) ShortHelp() []key.Binding {
	return []key.Binding{r.PrevStage, r.NextStage, r.PrevTurn, r.NextTurn, r.Structured, r.ErrorPrefix, r.Filter, r.Edit}
}

// FullHelp implements help.KeyMap.
func (r Replay) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{r.PrevStage, r.NextStage, r.PrevTurn, r.NextTurn, r.Structured, r.ErrorPrefix},
		{r.Filter, r.Goto, r.Next, r.Prev, r.Copy, r.Edit},
	}
}

// ServersList is the list keys on the servers screen: its list has no
// groups and no filter of its own (/ filters the log, esc clears that), g
// goes to the first server too, and enter opens the selected server's log.
func (k *KeyMap) ServersList() List {
	l := k.List
	l.Top = bind("home/g", "first", "home", "g")
	l.Open = bind("enter", "to the log", "enter", "right", "l")
	l.Clear.SetEnabled(false)
	l.Fold.SetEnabled(false)
	l.FoldAll.SetEnabled(false)
	return l
}

// ServersPager is the keys that scroll the servers screen's details and log:
// a JSON pane's moves, g going to the top too, without the sideways ones.
func (k *KeyMap) ServersPager() Pager {
	j := k.JSON
	return Pager{Up: j.Up, Down: j.Down, PgUp: j.PgUp, PgDown: j.PgDown, HalfUp: j.HalfUp, HalfDown: j.HalfDown,
		Top: bind("home/g", "top", "home", "g"), Bottom: j.Bottom}
}

// ShortHelp implements help.KeyMap.
func (s Servers) ShortHelp() []key.Binding { return []key.Binding{s.Reconnect, s.Filter, s.Kinds} }

// FullHelp implements help.KeyMap.
func (s Servers) FullHelp() [][]key.Binding {
	return [][]key.Binding{{s.Reconnect, s.Filter, s.Kinds, s.Clear, s.Copy}}
}

// ShortHelp implements help.KeyMap.
func (p Pager) ShortHelp() []key.Binding { return []key.Binding{p.Up, p.Down, p.Top, p.Bottom} }

// FullHelp implements help.KeyMap.
func (p Pager) FullHelp() [][]key.Binding {
	return [][]key.Binding{{p.Up, p.Down, p.PgUp, p.PgDown}, {p.HalfUp, p.HalfDown, p.Top, p.Bottom}}
}

// ShortHelp implements help.KeyMap.
func (p Playground) ShortHelp() []key.Binding { return []key.Binding{p.Leave, p.View} }

// FullHelp implements help.KeyMap.
func (p Playground) FullHelp() [][]key.Binding {
	return [][]key.Binding{{p.Leave, p.View, p.Reset}}
}

// CallEditor is the editor's keys on the call screen: enter reviews the call
// there, so a line is broken with alt+enter or ctrl+j.
func (k *KeyMap) CallEditor() Editor {
	e := k.Edit
	e.Newline = bind("alt+enter", "new line", "alt+enter", "ctrl+j")
	return e
}

// ShortHelp implements help.KeyMap.
func (c Call) ShortHelp() []key.Binding { return []key.Binding{c.Review, c.Leave} }

// FullHelp implements help.KeyMap.
func (c Call) FullHelp() [][]key.Binding {
	return [][]key.Binding{{c.Review, c.Send, c.Leave, c.Reset}}
}

// ShortHelp implements help.KeyMap.
func (e Editor) ShortHelp() []key.Binding {
	return []key.Binding{e.SelectRight, e.Undo, e.Redo, e.Copy}
}

// FullHelp implements help.KeyMap.
func (e Editor) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{e.Left, e.Right, e.WordLeft, e.WordRight, e.Up, e.Down, e.LineStart, e.LineEnd, e.PgUp, e.PgDown, e.Begin, e.End},
		{e.Newline, e.Backspace, e.Delete, e.DeleteWordLeft, e.DeleteWordRight, e.DeleteToStart, e.DeleteToEnd,
			e.UpperWord, e.LowerWord, e.CapitalWord, e.Undo, e.Redo},
		{e.SelectLeft, e.SelectRight, e.SelectWordLeft, e.SelectWordRight, e.SelectUp, e.SelectDown,
			e.SelectLineStart, e.SelectLineEnd, e.SelectAll, e.Copy, e.Cut},
	}
}

// ShortHelp implements help.KeyMap.
func (l List) ShortHelp() []key.Binding { return []key.Binding{l.Up, l.Down, l.Open} }

// FullHelp implements help.KeyMap.
func (l List) FullHelp() [][]key.Binding {
	return [][]key.Binding{{l.Up, l.Down, l.PgUp, l.PgDown, l.Top, l.Bottom}, {l.Open, l.Clear, l.Fold, l.FoldAll}}
}

// ShortHelp implements help.KeyMap.
func (j JSON) ShortHelp() []key.Binding { return []key.Binding{j.Up, j.Down, j.Left, j.Right} }

// FullHelp implements help.KeyMap.
func (j JSON) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{j.Up, j.Down, j.PgUp, j.PgDown, j.HalfUp},
		{j.HalfDown, j.Top, j.Bottom, j.Left, j.Right},
	}
}

// ShortHelp implements help.KeyMap.
func (p Prompt) ShortHelp() []key.Binding { return []key.Binding{p.Accept, p.Cancel} }

// FullHelp implements help.KeyMap.
func (p Prompt) FullHelp() [][]key.Binding { return [][]key.Binding{{p.Accept, p.Cancel}} }
