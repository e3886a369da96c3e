package replay

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// TestReplayMissingResultNotesStaySeparate: a stage with no value shows its
// notes in the output pane one a line, each a bullet that wraps under its own
// text, as the notes pane does; never run together into one sentence.
func TestReplayMissingResultNotesStaySeparate(t *testing.T) {
	notes := []string{"missing: the recording holds no MCP results",
		`the client answered it in the next request with: {"call_id":"call_1","output":"Potato City"}`}
	for _, k := range []sessions.StageKind{sessions.StageResult, sessions.StageOutput} {
		tr := &sessions.TurnTrace{Stages: []sessions.Stage{{Kind: k, Call: -1, Notes: notes}}}
		v := buildStage(tr, 0, 40)
		p := pane.NewJSON(common.NewContext(false))
		p.SetSize(42, 12)
		p.SetContent(v.Panes[1])
		rows := strings.Split(ansi.Strip(p.View(false)), "\n")[1:]
		var starts []int
		for i, r := range rows {
			r = strings.TrimRight(r, " ")
			switch {
			case strings.HasPrefix(r, " • "):
				starts = append(starts, i)
			case r != "" && i > 0 && !strings.HasPrefix(r, "   "):
				t.Errorf("%s: row %d %q is neither a note's first row nor under a note's text", k, i, r)
			}
		}
		if len(starts) != 2 || !strings.HasPrefix(rows[starts[0]], " • missing:") || !strings.HasPrefix(rows[starts[1]], " • the client answered") {
			t.Errorf("%s: the notes are not one bullet each:\n%s", k, strings.Join(rows, "\n"))
		}
		if strings.Contains(strings.Join(strings.Fields(strings.Join(rows, " ")), " "), "results the client") {
			t.Errorf("%s: the two notes run into one sentence:\n%s", k, strings.Join(rows, "\n"))
		}
	}
	// No note: the heading alone, as a sentence.
	if got := notesMessage("No result", nil); got != "No result." {
		t.Errorf("notesMessage without notes = %q", got)
	}
}
