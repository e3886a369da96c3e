package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
	"github.com/strictscope/strictscope/ui/pane"
	"github.com/strictscope/strictscope/ui/replay"
	"github.com/strictscope/strictscope/ui/tools"
)

// shownTurns are the turns (indices into replayFiles' list order) the replay
// screen's list shows.
func shownTurns(s *replay.Screen) []int {
	out := make([]int, 0, len(s.List().Visible))
	for _, ri := range s.List().Visible {
		out = append(out, s.List().Rows[ri].Tool)
	}
	return out
}

// shownPlace is the selected turn's place among the turns the list shows,
// or -1.
func shownPlace(s *replay.Screen) int {
	if r := s.List().Current(); r != nil {
		for i, ri := range s.List().Visible {
			if s.List().Rows[ri].Tool == r.Tool {
				return i
			}
		}
	}
	return -1
}

// shownAt is the turn the replay screen's panes show.
func shownAt(s *replay.Screen) replay.TurnAt { at, _ := s.Shown(); return at }

// shownStage is the stage the replay screen's panes show.
func shownStage(s *replay.Screen) int { _, stage := s.Shown(); return stage }

// selectedTurn is the turn the list selects, or -1.
func selectedTurn(s *replay.Screen) int {
	if r := s.List().Current(); r != nil {
		return r.Tool
	}
	return -1
}

// TestReplayFilterMatches checks what / matches on the replay screen: the
// row's text (label, file, badges), the calls' tool names and the call ids,
// rejected calls included, whatever the case.
func TestReplayFilterMatches(t *testing.T) {
	cases := []struct {
		typed string
		want  []int
	}{
		{"", []int{turnTwoTurns1, turnTwoTurns2, turnMedia, turnStream, turnWrapper, turnInvalid}},
		{"forecast", []int{turnTwoTurns1, turnMedia, turnInvalid}},             // a tool name
		{"call_tree", []int{turnStream}},                                       // a call id
		{"raw_query", []int{turnTwoTurns2}},                                    // a rejected call's tool
		{"call_parallel", []int{turnWrapper}},                                  // a rejected call's id
		{"REJECTED", []int{turnTwoTurns2, turnStream, turnWrapper}},            // a badge, in upper case
		{"session_two", []int{turnTwoTurns1, turnTwoTurns2}},                   // the file
		{"stream ·", []int{turnStream}},                                        // the label as drawn
		{"  invalid_args  ", []int{turnInvalid}},                               // spaces around are trimmed
		{"Files__Read_Media", []int{turnTwoTurns1, turnMedia}},                 // any case
		{"session_two_turns.json 3 calls", nil},                                // never across two lines
		{"6 calls", []int{turnMedia}},                                          // the second line
		{"1 call · 1 rejected · 1 unanswered", []int{turnStream, turnWrapper}}, // the whole second line
		{"zzz", nil},
	}
	for _, c := range cases {
		h := newHarness(t, Options{}, replayFiles(t), 100, 30).keys("2", "/").typing(c.typed)
		s := replayOf(h)
		if got := shownTurns(s); !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("/%q shows turns %v, want %v", c.typed, got, c.want)
		}
	}
}

func TestReplayFilterKeys(t *testing.T) {
	all := []int{turnTwoTurns1, turnTwoTurns2, turnMedia, turnStream, turnWrapper, turnInvalid}
	h := newHarness(t, Options{}, replayFiles(t), 100, 30).keys("2")
	s := replayOf(h)

	// / gives the filter the keys from any pane, and typing narrows the list.
	h.keys("tab", "/")
	if replayOf(h).Focused() != pane.ListPane || !s.List().Editing || !s.Capturing() {
		t.Fatalf("/ from the input pane: focus %d, editing %v", replayOf(h).Focused(), s.List().Editing)
	}
	h.typing("fore")
	if got := shownTurns(s); !slices.Equal(got, []int{turnTwoTurns1, turnMedia, turnInvalid}) {
		t.Fatalf("/fore shows %v", got)
	}
	if !strings.Contains(h.screen(), "turns 3/6") || !strings.Contains(h.screen(), "/fore") {
		t.Errorf("the list title or the filter line is missing:\n%s", h.screen())
	}

	// enter keeps the filter and gives the keys back to the list: j moves.
	h.keys("enter")
	if s.List().Editing || s.List().Filter.Value() != "fore" || len(s.List().Visible) != 3 {
		t.Fatalf("enter: editing %v, filter %q, %d shown", s.List().Editing, s.List().Filter.Value(), len(s.List().Visible))
	}
	h.keys("j", "j") // over the media file's header
	if selectedTurn(s) != turnMedia || s.List().Filter.Value() != "fore" {
		t.Errorf("j after enter: turn %d, filter %q", selectedTurn(s), s.List().Filter.Value())
	}
	// The status line names the turn by its number among all the turns, as
	// the list's title counts them.
	if !strings.Contains(h.screen(), "│ turn 3/6 │") {
		t.Errorf("the status line does not name the turn among all the turns:\n%s", h.screen())
	}
	// ] and [ move among the turns shown.
	h.keys("]")
	if selectedTurn(s) != turnInvalid {
		t.Errorf("] under the filter went to turn %d, want %d", selectedTurn(s), turnInvalid)
	}
	h.keys("[")

	// esc in the list clears the kept filter; the turn stays selected.
	h.keys("esc")
	if s.List().Filter.Value() != "" || !slices.Equal(shownTurns(s), all) || selectedTurn(s) != turnMedia {
		t.Errorf("esc in the list: filter %q, shown %v, turn %d", s.List().Filter.Value(), shownTurns(s), selectedTurn(s))
	}

	// esc while typing clears the filter and gives the keys back.
	h.keys("/").typing("call_tree")
	if selectedTurn(s) != turnStream {
		t.Fatalf("/call_tree selects turn %d", selectedTurn(s))
	}
	h.keys("esc")
	if s.List().Editing || s.List().Filter.Value() != "" || !slices.Equal(shownTurns(s), all) || selectedTurn(s) != turnStream {
		t.Errorf("esc while typing: editing %v, filter %q, shown %v, turn %d",
			s.List().Editing, s.List().Filter.Value(), shownTurns(s), selectedTurn(s))
	}
	if strings.Contains(h.screen(), "/call_tree") || strings.Contains(h.screen(), "/filter") {
		t.Errorf("the filter line is still drawn after esc:\n%s", h.screen())
	}
}

// TestReplayFilterKeepsTheCursor checks the cursor rule: the selected turn
// stays selected while the filter shows it, else the first turn shown is; the
// stage stays with its turn, and the panes follow the selection.
func TestReplayFilterKeepsTheCursor(t *testing.T) {
	h := newHarness(t, Options{}, replayFiles(t), 100, 30).keys("2", "j", "j", "j", "right", "right") // over the media file's header
	s := replayOf(h)
	if selectedTurn(s) != turnMedia || s.Stage() != 2 {
		t.Fatalf("setup: turn %d stage %d", selectedTurn(s), s.Stage())
	}
	h.keys("/").typing("forecast")
	if selectedTurn(s) != turnMedia || shownPlace(s) != 1 || s.Stage() != 2 {
		t.Errorf("the media turn still matches, yet the list selects turn %d (row %d, stage %d)", selectedTurn(s), shownPlace(s), s.Stage())
	}
	if e, _, _ := s.Current(); shownAt(s) != e || shownStage(s) != 2 {
		t.Errorf("the panes show %+v stage %d, not the selected turn", shownAt(s), shownStage(s))
	}

	// ↑ and ↓ move while the filter has the keys.
	h.keys("down")
	if selectedTurn(s) != turnInvalid || s.Stage() != 0 || s.List().Filter.Value() != "forecast" {
		t.Errorf("↓ while typing: turn %d stage %d filter %q", selectedTurn(s), s.Stage(), s.List().Filter.Value())
	}
	h.keys("up")

	// The media turn no longer matches: the first turn shown is selected, at
	// its first stage, and the panes show it.
	h.keys("backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace", "backspace").
		typing("set_alert")
	if selectedTurn(s) != turnTwoTurns2 || shownPlace(s) != 0 || s.Stage() != 0 {
		t.Fatalf("/set_alert: turn %d row %d stage %d, want turn %d at its first stage", selectedTurn(s), shownPlace(s), s.Stage(), turnTwoTurns2)
	}
	e, _, _ := s.Current()
	if shownAt(s) != e || shownStage(s) != 0 {
		t.Errorf("the panes show %+v stage %d, not turn 2 of session_two_turns", shownAt(s), shownStage(s))
	}
	if !strings.Contains(h.screen(), "resp_fixture_2") {
		t.Errorf("the input pane does not show the second turn's response:\n%s", h.screen())
	}

	// Nothing matches: the panes say so, and the status line too.
	h.typing("zzz")
	if len(s.List().Visible) != 0 || s.List().Current() != nil {
		t.Fatalf("/set_alertzzz shows %v", shownTurns(s))
	}
	scr := h.screen()
	for _, want := range []string{"Nothing matches the filter.", "no turn matches the filter", "turns 0/6", "no stage"} {
		if !strings.Contains(scr, want) {
			t.Errorf("nothing matches, yet the screen lacks %q:\n%s", want, scr)
		}
	}
	// The stepper and the moves say there is nothing to step through.
	h.keys("enter", "right", "]")
	if s.Stage() != 0 || s.List().Current() != nil {
		t.Errorf("moves with nothing shown: stage %d", s.Stage())
	}
	// esc brings every turn back, the first selected.
	h.keys("esc")
	if selectedTurn(s) != turnTwoTurns1 || len(s.List().Visible) != 6 {
		t.Errorf("esc after nothing matched: turn %d, %d shown", selectedTurn(s), len(s.List().Visible))
	}
}

// TestReplayFilterTakesEveryKey checks that while the filter has the keys,
// keys bound elsewhere (q, the screen numbers, the replay screen's toggles and
// moves, help, tab) are typed into it.
func TestReplayFilterTakesEveryKey(t *testing.T) {
	h := newHarness(t, Options{}, replayFiles(t), 100, 30).keys("2", "/")
	s := replayOf(h)
	opts := s.Options()
	h.typing("q1m[x]e?gnNy/")
	if h.quit {
		t.Fatal("q quit while the filter had the keys")
	}
	if got := s.List().Filter.Value(); got != "q1m[x]e?gnNy/" {
		t.Errorf("the filter holds %q", got)
	}
	if h.m.active != 1 || h.m.help || s.Options() != opts || s.Asked() != opts || h.m.prompt.open || replayOf(h).Focused() != pane.ListPane {
		t.Errorf("a key typed into the filter acted: screen %d, help %v, options %v, prompt %v, focus %d",
			h.m.active, h.m.help, s.Options(), h.m.prompt.open, replayOf(h).Focused())
	}
	h.keys("tab")
	if replayOf(h).Focused() != pane.ListPane {
		t.Errorf("tab left the filter (focus %d)", replayOf(h).Focused())
	}
	if h.keys("ctrl+c"); !h.quit {
		t.Error("ctrl+c does not quit from the filter")
	}

	cases := []struct {
		name string
		keys []string
		quit bool
	}{
		{"q types into the filter", []string{"2", "/", "q"}, false},
		{"q after enter", []string{"2", "/", "x", "enter", "q"}, true},
		{"q after esc", []string{"2", "/", "x", "esc", "q"}, true},
	}
	for _, c := range cases {
		h := newHarness(t, Options{}, replayFiles(t), 80, 24).keys(c.keys...)
		if h.quit != c.quit {
			t.Errorf("%s: quit = %v, want %v", c.name, h.quit, c.quit)
		}
	}
}

// TestReplayFilterHostileText types a hostile tool name into the filter on a
// recording whose names and call ids carry escape sequences: the filter
// matches their visible forms, and no frame holds a raw control character.
func TestReplayFilterHostileText(t *testing.T) {
	for _, row := range replayOf(hostileReplay(t, Options{})).List().Rows {
		if strings.ContainsAny(row.Search, "\x1b\x07\u009b") {
			t.Errorf("a row's search text holds raw controls: %q", row.Search)
		}
	}
	cases := []struct {
		typed   string
		matches bool
	}{
		{"evil\x1b]52;c;aGk=\x07tool\x1b[2J", false}, // the raw name: the input drops the controls
		{"evil⟨U+001B⟩]52;c;aGk=⟨U+0007⟩tool", true}, // its visible form
		{"⟨u+001b⟩[31mred⟨u+009b⟩2j", true},          // the rejected call's name, any case
		{"call⟨U+001B⟩[6n", true},                    // a call id
		{"\u009b2J", true},                           // the input drops the C1 control; "2j" is in the name
		{"evil", true},
	}
	for _, v := range []struct {
		name  string
		opts  Options
		plain bool // no styling at all
	}{{"plain", Options{}, true}, {"colour", Options{}, false}, {"no-colour", Options{NoColor: true}, false}} {
		for _, c := range cases {
			h := hostileReplay(t, v.opts)
			if v.plain {
				h.send(tea.ColorProfileMsg{Profile: colorprofile.NoTTY})
			}
			h.keys("2", "/").typing(c.typed)
			s := replayOf(h)
			if got := len(s.List().Visible) == 1; got != c.matches {
				t.Errorf("/%q: matches %v, want %v (filter %q)", c.typed, got, c.matches, s.List().Filter.Value())
			}
			frames := map[string]string{"typing": h.m.Render()}
			h.keys("enter")
			frames["kept"] = h.m.Render()
			h.keys("tab", "tab", "n")
			frames["output"] = h.m.Render()
			h.keys("?")
			frames["help"] = h.m.Render()
			for name, f := range frames {
				what := fmt.Sprintf("%s /%q %s", v.name, c.typed, name)
				if v.plain && strings.Contains(f, "\x1b") {
					t.Errorf("%s: a frame without styling holds ESC", what)
				}
				checkNoControls(t, what, sgr.ReplaceAllString(f, ""))
			}
		}
	}
}

// TestFiltersTakeAPaste pastes into the filter of either list, as a terminal
// sends a paste (bracketed, one message): the text goes into the filter and
// the list is filtered by it, as if it had been typed. A line feed a copied
// name ends with does not stop it matching.
func TestFiltersTakeAPaste(t *testing.T) {
	h := newHarness(t, Options{}, nil, 100, 30).keys("/")
	h.send(tea.PasteMsg{Content: "set_alert\n"})
	s := h.m.screens[0].(*tools.Screen)
	if got := s.List().Filter.Value(); strings.TrimSpace(got) != "set_alert" {
		t.Errorf("the tool filter holds %q after a paste", got)
	}
	if r := s.List().Current(); len(s.List().Visible) != 1 || r == nil || !strings.Contains(r.Name, "set_alert") {
		t.Errorf("the pasted filter shows %d rows, want set_alert alone:\n%s", len(s.List().Visible), h.screen())
	}

	h = newHarness(t, Options{}, replayFiles(t), 100, 30).keys("2", "/")
	h.send(tea.PasteMsg{Content: "call_tree"})
	rs := replayOf(h)
	if got := rs.List().Filter.Value(); got != "call_tree" {
		t.Errorf("the turn filter holds %q after a paste", got)
	}
	if got := shownTurns(rs); !slices.Equal(got, []int{turnStream}) {
		t.Errorf("the pasted filter shows turns %v, want %v", got, []int{turnStream})
	}

	// A paste goes nowhere when no filter has the keys.
	h = newHarness(t, Options{}, nil, 100, 30)
	h.send(tea.PasteMsg{Content: "zzz"})
	if got := h.m.screens[0].(*tools.Screen).List().Filter.Value(); got != "" {
		t.Errorf("a paste with no filter open filled it with %q", got)
	}
}

// TestReplayStatusNamesTheTurnUnderAFilter: with only the second turn of a
// session shown, the status line names it turn 2 of the 2 (as the list's
// title counts turns 1/2), not turn 1 of 1.
func TestReplayStatusNamesTheTurnUnderAFilter(t *testing.T) {
	l := &common.Loaded{}
	name := "recordings/session_two_turns.json"
	l.AddBytes(sessions.ServerNameFor(name), name, uitest.Fixture(t, name))
	h := newHarness(t, Options{}, l, 120, 40).keys("2", "/").typing("call_query").keys("enter")
	s := replayOf(h)
	if r := s.List().Current(); len(s.List().Visible) != 1 || r == nil || r.Tool != 1 {
		t.Fatalf("/call_query should leave turn 2 alone:\n%s", h.screen())
	}
	scr := h.screen()
	if !strings.Contains(scr, "turns 1/2") {
		t.Errorf("the list's title does not count 1 of 2 turns:\n%s", scr)
	}
	if !strings.Contains(scr, "│ turn 2/2 │") {
		t.Errorf("the status line does not name turn 2 of 2:\n%s", scr)
	}
	// Without a filter, the same.
	h.keys("esc")
	if scr := h.screen(); !strings.Contains(scr, "│ turn 2/2 │") {
		t.Errorf("without a filter the status line should say turn 2/2:\n%s", scr)
	}
}
