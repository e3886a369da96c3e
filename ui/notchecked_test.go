package ui

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// notCheckedSession is a Responses session whose one call nests a 10-way anyOf
// six levels deep: validation's work bound, so its arguments are
// not checked. It is answered.
func notCheckedSession() []byte {
	var branches []string
	for i := range 10 {
		branches = append(branches, fmt.Sprintf(`{"type":"object","properties":{"kind":{"const":"k%d"},"c":{"$ref":"#/$defs/n"}},"required":["kind"]}`, i))
	}
	schema := `{"type":"object","properties":{"c":{"$ref":"#/$defs/n"}},"$defs":{"n":{"anyOf":[` + strings.Join(branches, ",") + `]}}}`
	args := `{"c":` + strings.Repeat(`{"kind":"k1","c":`, 5) + `{"kind":"k10"}` + strings.Repeat(`}`, 6)
	return []byte(`{"strictscope_session":1,"api":"responses","options":{"strict":"auto","prefix":false},
		"servers":[{"name":"s","tools":[{"name":"find","inputSchema":` + schema + `}]}],
		"turns":[{"response":{"output":[{"type":"function_call","call_id":"deep","name":"find","arguments":` + strconv.Quote(args) + `}]},
		"results":{"deep":{"content":[{"type":"text","text":"ok"}]}}}]}`)
}

// TestReplayNotCheckedIsANote: a call whose arguments were not checked is
// shown as a note, never as an error: the validated stage marks nothing and
// notes why, the turn counts no invalid call, the calls stage says it was not
// checked, and the playground says "not checked" with no error mark.
func TestReplayNotCheckedIsANote(t *testing.T) {
	l := &common.Loaded{}
	l.AddBytes("s", "notChecked.json", notCheckedSession())
	h := newHarness(t, Options{}, l, 160, 40)
	toStage(h, 0, stageOf(t, h, 0, sessions.StageValidated, 0))
	s := replayOf(h)
	for i, p := range s.Panes() {
		for l, k := range p.Content.Marks {
			if k == pane.MarkError {
				t.Errorf("pane %d: line %d is marked as an error", i, l)
			}
		}
	}
	scr := h.screen()
	if !strings.Contains(scr, "not checked: checking these arguments would take too long") || !strings.Contains(scr, "0 invalid") {
		t.Errorf("the validated stage does not note it, or counts it invalid:\n%s", scr)
	}
	reStage(h, 0, stageOf(t, h, 0, sessions.StageCalls, -1))
	var notes []string
	for _, n := range s.Panes()[1].Content.Notes {
		notes = append(notes, n.Text)
	}
	if all := strings.Join(notes, "\n"); !strings.Contains(all, "arguments not checked") || strings.Contains(all, "validation error") {
		t.Errorf("the calls stage says %q", all)
	}
	for l, k := range s.Panes()[1].Content.Marks {
		if k == pane.MarkError {
			t.Errorf("calls stage: line %d is marked as an error", l)
		}
	}

	reStage(h, 0, stageOf(t, h, 0, sessions.StageValidated, 0)).keys("e")
	p := playOf(h)
	if h.m.active != 2 || p == nil {
		t.Fatalf("e on the validated stage does not open the playground (screen %d)", h.m.active)
	}
	if !strings.Contains(p.Answer().Summary, "not checked") || !strings.Contains(strings.Join(p.Answer().Notes, "\n"), "Not checked against the tool's original schema: checking these arguments would take too long") {
		t.Errorf("playground: summary %q, notes %q", p.Answer().Summary, p.Answer().Notes)
	}
	for l, k := range p.ResultContent().Marks {
		if k == pane.MarkError {
			t.Errorf("playground: line %d is marked as an error", l)
		}
	}
}
