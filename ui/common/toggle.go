package common

import (
	"slices"

	tea "charm.land/bubbletea/v2"
)

// OffFrame follows the toggles of a screen whose answers the library computes
// off the frame (the tools screen's modes, the replay screen's options): the
// value asked for, ahead of the one shown while the answer is computed; the
// values whose commands are running; and what was toggled last, for the status
// line once its answer is in. A screen holds it next to the value it shows.
type OffFrame[K comparable] struct {
	Want     K // the value asked for
	inflight map[K]bool
	Pending  string // what was toggled last, until its answer is shown
}

func NewOffFrame[K comparable](start K) OffFrame[K] {
	return OffFrame[K]{Want: start, inflight: map[K]bool{}}
}

// Ask asks for the answer for want, what having been toggled: the command
// compute returns, unless one for want is running already.
func (o *OffFrame[K]) Ask(what string, compute func(K) tea.Cmd) tea.Cmd {
	o.Pending = what
	if o.inflight[o.Want] {
		return nil
	}
	o.inflight[o.Want] = true
	return compute(o.Want)
}

// Arrived takes note of the answer for k; it is to be shown when k is still
// what is asked for and not what is shown. It then returns what was toggled.
func (o *OffFrame[K]) Arrived(k, shown K) (string, bool) {
	delete(o.inflight, k)
	if k != o.Want || shown == o.Want {
		return "", false
	}
	what := o.Pending
	o.Pending = ""
	return what, true
}

// Cycle returns the value after v in order, wrapping round: a toggle that
// goes through more than two values. The zero value (unset) stands for the
// first, and a value not in order goes back to the first.
func Cycle[T comparable](v T, order ...T) T {
	var unset T
	if v == unset {
		v = order[0]
	}
	i := slices.Index(order, v)
	if i < 0 {
		return order[0]
	}
	return order[(i+1)%len(order)]
}
