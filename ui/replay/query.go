package replay

import (
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/pane"
)

// The replay screen's query API: what a test of the whole inspector may
// observe of the screen. It reads and never changes anything; the screen
// changes only through Update.

// TurnAt names a turn: its file (an index into Traces) and its index among
// the file's turns.
type TurnAt struct{ File, Turn int }

// Options are the options the panes show (the toggles asked for may be
// ahead of them while the files replay again).
func (s *Screen) Options() Options { return s.opts }

// Traces are the traces of the files that replay, under Options, one per
// file in Files' order.
func (s *Screen) Traces() []*sessions.Trace { return s.traces }

// Turns are every turn of the list, in the order of its rows: a row's Tool
// is its index here.
func (s *Screen) Turns() []TurnAt {
	out := make([]TurnAt, len(s.entries))
	for i, e := range s.entries {
		out[i] = TurnAt(e)
	}
	return out
}

// Current is the turn the list selects, its file's trace and the turn's
// trace; the traces are nil when the list selects none.
func (s *Screen) Current() (TurnAt, *sessions.Trace, *sessions.TurnTrace) {
	e, tr, turn := s.current()
	if e == nil {
		return TurnAt{File: -1, Turn: -1}, nil, nil
	}
	return TurnAt(*e), tr, turn
}

// Stage is the stepper's stage in the selected turn, from 0 (StageCount
// stages in all).
func (s *Screen) Stage() int { return s.stage }

// Shown is the turn and the stage the panes show; File is -1 before any.
func (s *Screen) Shown() (TurnAt, int) {
	return TurnAt{File: s.shown.File, Turn: s.shown.Turn}, s.shown.Stage
}

// Asked are the options the toggles ask for: Options once the files have
// replayed under them.
func (s *Screen) Asked() Options { return s.off.Want }

// Focused is the pane with focus, in tab order: the list (pane.ListPane), the
// stage's input, its output, the notes.
func (s *Screen) Focused() int { return s.lp.Pane }

// List is the turn list, to read: its rows, groups, filter and selection.
// Only the screen's Update changes it.
func (s *Screen) List() *pane.List { return s.lp.List }

// Panes are the stage's input and output panes, to read: what they show,
// their marks, notes and cursors. Only the screen's Update changes them.
func (s *Screen) Panes() [2]*pane.JSON { return s.lp.Panes }
