package ui

import tea "charm.land/bubbletea/v2"

// offFrame follows the toggles of a screen whose answers the library computes
// off the frame (the tools screen's modes, the replay screen's options): the
// value asked for, ahead of the one shown while the answer is computed; the
// values whose commands are running; and what was toggled last, for the status
// line once its answer is in. A screen embeds it next to the value it shows.
type offFrame[K comparable] struct {
	want     K
	inflight map[K]bool
	pending  string
}

func newOffFrame[K comparable](start K) offFrame[K] {
	return offFrame[K]{want: start, inflight: map[K]bool{}}
}

// ask asks for the answer for want, what having been toggled: the command
// compute returns, unless one for want is running already.
func (o *offFrame[K]) ask(what string, compute func(K) tea.Cmd) tea.Cmd {
	o.pending = what
	if o.inflight[o.want] {
		return nil
	}
	o.inflight[o.want] = true
	return compute(o.want)
}

// arrived takes note of the answer for k; it is to be shown when k is still
// what is asked for and not what is shown. It then returns what was toggled.
func (o *offFrame[K]) arrived(k, shown K) (string, bool) {
	delete(o.inflight, k)
	if k != o.want || shown == o.want {
		return "", false
	}
	what := o.pending
	o.pending = ""
	return what, true
}
