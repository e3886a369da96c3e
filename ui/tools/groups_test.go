package tools

import (
	"fmt"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
	"github.com/strictscope/strictscope/ui/pane"
)

// manyServers is uitest.ManyServers loaded: 73 tool lists, about 2,000 tools.
func manyServers(tb testing.TB) *common.Loaded {
	tb.Helper()
	l := &common.Loaded{}
	uitest.AddAll(l.AddBytes, uitest.ManyServers(tb))
	return l
}

// press and frame are uitest's, for this screen.
func press(s *Screen, names ...string) { uitest.Press(s, names...) }

func frame(s *Screen) string { return uitest.Frame(s) }

// TestStatusFilterCycles checks f's cycle and what each step keeps, on the
// generated load: every row kept has the status, every tool with the status
// is kept, and the status line says which filter is on and what it keeps.
func TestStatusFilterCycles(t *testing.T) {
	s := newScreen(t, manyServers(t), 120, 40)
	keep := map[string]func(o *adapter.ToolOutcome) bool{
		"all": func(*adapter.ToolOutcome) bool { return true },
		"needs attention": func(o *adapter.ToolOutcome) bool {
			return o.ConversionErr != nil || o.Removed.Count > 0 || o.Truncated || o.Entry.Renamed
		},
		"no strict form":    func(o *adapter.ToolOutcome) bool { return o.ConversionErr != nil },
		"hidden characters": func(o *adapter.ToolOutcome) bool { return o.Removed.Count > 0 },
		"truncated":         func(o *adapter.ToolOutcome) bool { return o.Truncated },
		"renamed":           func(o *adapter.ToolOutcome) bool { return o.Entry.Renamed },
	}
	for i, name := range []string{"all", "needs attention", "no strict form", "hidden characters", "truncated", "renamed", "all"} {
		if i > 0 {
			press(s, "f")
		}
		want := 0
		for _, o := range s.Report().Outcomes {
			if keep[name](o) {
				want++
			}
		}
		kept, all := s.List().Counted()
		if kept != want || all != len(s.Report().Outcomes) {
			t.Errorf("%s: %d of %d tools kept, want %d of %d", name, kept, all, want, len(s.Report().Outcomes))
		}
		if name != "all" && (want == 0 || want == all) {
			t.Errorf("%s: the generated load should have some tools of this status and some without (%d of %d)", name, want, all)
		}
		for _, ri := range s.List().Visible {
			if r := s.List().Rows[ri]; r.Tool >= 0 && !keep[name](s.Report().Outcomes[r.Tool]) {
				t.Errorf("%s keeps %s", name, r.Long)
			}
		}
		status := s.Status()
		if name == "all" {
			if strings.Contains(status, "filter:") {
				t.Errorf("no filter on, yet the status line says %q", status)
			}
			continue
		}
		if text := fmt.Sprintf("filter: %s · %s of 1,", name, fmt.Sprint(want)); !strings.Contains(status, text) {
			t.Errorf("%s: the status line says %q, want %q…", name, status, text)
		}
	}
}

// TestGroupsFoldAndCount checks on the generated load that each server has
// one group whose header counts its tools, that groups past the first
// screenful start folded, and that enter, space and z fold and unfold.
func TestGroupsFoldAndCount(t *testing.T) {
	many := manyServers(t)
	s := newScreen(t, many, 80, 24)
	checkGroups(t, s, many, uitest.ScaleServers)
	l := s.List()
	if !foldedPastScreenful(l) {
		t.Errorf("the groups past the first screenful are not folded")
	}
	press(s, "home")
	if _, ok := l.CurrentGroup(); !ok {
		t.Fatal("home does not select the first header")
	}
	press(s, "enter")
	if r := l.Current(); r != nil || strings.Contains(frame(s), "tool_0_0") {
		t.Errorf("enter on the first header does not fold it:\n%s", frame(s))
	}
	press(s, "space")
	if !strings.Contains(frame(s), "tool_0_0") {
		t.Errorf("space on a folded header does not unfold it:\n%s", frame(s))
	}
	press(s, "z")
	if kept, _ := l.Counted(); kept == 0 || strings.Contains(frame(s), "tool_0_0") {
		t.Errorf("z does not fold every group:\n%s", frame(s))
	}
	press(s, "z", "end")
	if r := l.Current(); r == nil || r.Group != uitest.ScaleServers-1 {
		t.Errorf("z twice does not unfold every group: end selects %+v", r)
	}
}

// checkGroups checks the list's groups: n groups, one per server in order,
// whose header says its tools and whose counts add up to them, and every tool
// in its server's group.
func checkGroups(t *testing.T, s *Screen, loaded *common.Loaded, n int) {
	t.Helper()
	l := s.List()
	if len(l.Groups) != n {
		t.Fatalf("%d groups, want one per tool list: %d", len(l.Groups), n)
	}
	sum := 0
	for g, srv := range loaded.Servers {
		if l.Groups[g].Name != common.Safe(srv.Name) || !strings.HasPrefix(l.Groups[g].Detail, words.Count(len(srv.Tools), "tool", "tools")) {
			t.Errorf("group %d is %q (%s), want server %q with %d tools", g, l.Groups[g].Name, l.Groups[g].Detail, srv.Name, len(srv.Tools))
		}
		var strict, non int
		for _, b := range l.Groups[g].Counts {
			var k int
			var what string
			fmt.Sscanf(b.Text, "%d %s", &k, &what)
			switch what {
			case "strict":
				strict = k
			case "non-strict":
				non = k
			}
		}
		noForm := 0
		for _, r := range l.Rows {
			if r.Group == g && r.Tool >= 0 && s.Report().Outcomes[r.Tool].Status != adapter.StatusStrict {
				noForm++
			}
		}
		if strict+non+noForm != len(srv.Tools) && s.Modes().Strict == adapter.StrictAuto {
			t.Errorf("group %s: %d strict and %d not strict, of %d tools", srv.Name, strict, noForm, len(srv.Tools))
		}
		sum += len(srv.Tools)
	}
	tools := 0
	for _, r := range l.Rows {
		if r.Tool >= 0 {
			tools++
			if want := s.Report().Outcomes[r.Tool].Entry.Server; common.Safe(want) != l.Groups[r.Group].Name {
				t.Errorf("%s is in group %s, not its server's", r.Long, l.Groups[r.Group].Name)
			}
		}
	}
	if tools != sum || tools != len(s.Report().Outcomes) {
		t.Errorf("%d tool rows, %d tools in the servers, %d in the report", tools, sum, len(s.Report().Outcomes))
	}
}

// foldedPastScreenful says whether the groups are folded as they start: those
// whose header would come past pane.StartScreenful entries, every group open.
func foldedPastScreenful(l *pane.List) bool {
	n, ri := 0, 0
	for g := range l.Groups {
		want := n >= pane.StartScreenful
		if l.Folded(g) != want {
			return false
		}
		n++
		for ri < len(l.Rows) && l.Rows[ri].Group == g {
			ri++
			n++
		}
	}
	return true
}

// TestCorpusGroups opens every tool list of the corpus at once, when it is
// there: one group per list, counts that add up to the tools, and the groups
// past the first screenful folded (TestCorpusGroupsFrame in package ui checks
// the frame).
func TestCorpusGroups(t *testing.T) {
	loaded := common.Load(uitest.CorpusFiles(t))
	lists := 0
	for _, f := range loaded.Files {
		if f.Kind == common.FileToolList {
			lists++
		}
	}
	s := newScreen(t, loaded, 160, 50)
	groups := len(loaded.Servers)
	if len(s.List().Rows) > len(s.Report().Outcomes) {
		groups++ // the files group
	}
	if len(loaded.Servers) != lists {
		t.Errorf("%d servers of %d tool lists", len(loaded.Servers), lists)
	}
	if len(s.List().Groups) != groups {
		t.Fatalf("%d groups, want %d", len(s.List().Groups), groups)
	}
	checkGroups(t, s, loaded, groups)
	if !foldedPastScreenful(s.List()) {
		t.Error("the groups past the first screenful are not folded")
	}
}
