package common

import (
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// TestCycleGoesRound checks the toggles that go through more than two values:
// s on the tools screen, m on the replay screen; unset counts as the first
// value, and a value the toggle does not know goes back to the first.
func TestCycleGoesRound(t *testing.T) {
	strict := []adapter.StrictMode{adapter.StrictAuto, adapter.StrictOn, adapter.StrictOff}
	for from, want := range map[adapter.StrictMode]adapter.StrictMode{
		"": adapter.StrictOn, adapter.StrictAuto: adapter.StrictOn, adapter.StrictOn: adapter.StrictOff,
		adapter.StrictOff: adapter.StrictAuto, "bogus": adapter.StrictAuto,
	} {
		if got := Cycle(from, strict...); got != want {
			t.Errorf("strict %q: %q, want %q", from, got, want)
		}
	}
	structured := []adapter.StructuredMode{adapter.StructuredAuto, adapter.StructuredPrefer,
		adapter.StructuredAppend, adapter.StructuredIgnore}
	for from, want := range map[adapter.StructuredMode]adapter.StructuredMode{
		"": adapter.StructuredPrefer, adapter.StructuredAuto: adapter.StructuredPrefer,
		adapter.StructuredPrefer: adapter.StructuredAppend, adapter.StructuredAppend: adapter.StructuredIgnore,
		adapter.StructuredIgnore: adapter.StructuredAuto, "bogus": adapter.StructuredAuto,
	} {
		if got := Cycle(from, structured...); got != want {
			t.Errorf("structured %q: %q, want %q", from, got, want)
		}
	}
}
