package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
	"github.com/strictscope/strictscope/ui/pane"
	"github.com/strictscope/strictscope/ui/tools"
)

// scaleServers is how many tool lists manyServers generates.
const scaleServers = 73

// manyServers is a generated load of 73 tool lists, about 2,000 tools, as a
// user who opens every server they run would have: server names short and
// long (some whose prefix alone fills the list's width), and among the tools
// some with no strict form (a oneOf, a free-form object), some with hidden
// characters in the description, some with a description over the Chat cap,
// and some renamed (a dot or a space in the name, or a name that with its
// prefix is over 64 characters). It is the same on every run.
func manyServers(tb testing.TB) *common.Loaded {
	tb.Helper()
	stems := []string{"fs", "git", "agent-infra-mcp-server-browser", "github-mcp-server-all-toolsets", "context7",
		"cloudflare-mcp-server-workers-observability", "sql", "notion-mcp", "k8s", "playwright-mcp-server-automation"}
	l := &common.Loaded{}
	total := 0
	for s := range scaleServers {
		name := fmt.Sprintf("%s-%02d", stems[s%len(stems)], s)
		n := 1 + (s*19)%55 // 1 to 55 tools, 1,990 in all
		total += n
		var tools []string
		for t := range n {
			tools = append(tools, scaleTool(s, t))
		}
		l.AddBytes(name, name+".json", []byte(`{"tools":[`+strings.Join(tools, ",")+`]}`))
	}
	if total < 1900 || total > 2100 {
		tb.Fatalf("the generated load has %d tools, want about 2,000", total)
	}
	return l
}

// scaleTool is tool t of server s.
func scaleTool(s, t int) string {
	name := fmt.Sprintf("tool_%d_%d", s, t)
	desc := fmt.Sprintf("Does thing %d of server %d.", t, s)
	props := `"q":{"type":"string"},"limit":{"type":"integer","default":10}`
	switch k := (s*31 + t*7 + 10) % 23; k {
	case 0, 1: // no strict form
		props += `,"pick":{"oneOf":[{"type":"string"},{"type":"integer"}]}`
	case 2:
		props += `,"meta":{"type":"object"}`
	case 3: // hidden characters
		desc += "\u200b\u200b"
	case 4: // over the Chat cap of 1,024 characters
		desc += strings.Repeat(" More words about it.", 60)
	case 5: // renamed: a character a name cannot hold
		name = fmt.Sprintf("tool.%d.%d", s, t)
	case 6: // renamed: over 64 characters with its prefix
		name = fmt.Sprintf("a_rather_long_tool_name_that_describes_everything_it_does_%d", t)
	}
	return fmt.Sprintf(`{"name":%q,"description":%s,"inputSchema":{"type":"object","properties":{%s},"required":["q"]}}`,
		name, adapter.AppendQuoted(nil, desc), props)
}

func scaleScenarios() []scenario {
	many := func(t *testing.T) *common.Loaded { return manyServers(t) }
	return []scenario{
		// The first server's group is open, every other past the first
		// screenful folded.
		{name: "scale-73-servers", loaded: many},
		{name: "scale-73-servers-unfold-all", loaded: many, steps: func(h *harness) { h.keys("z", "z", "pgdown", "pgdown", "j") }},
		{name: "scale-73-servers-status-filter", loaded: many, steps: func(h *harness) { h.keys("f", "f") }},
		{name: "scale-73-servers-status-filter-text", loaded: many, steps: func(h *harness) {
			h.keys("f", "f", "/").typing("agent-infra").keys("enter")
		}},
	}
}

func groupScenarios() []scenario {
	return []scenario{
		// The examples: two servers and the files, the weather header selected.
		{name: "group-header", steps: func(h *harness) { h.keys("j", "j", "j", "j", "j") }},
		{name: "group-folded", steps: func(h *harness) { h.keys("j", "j", "j", "j", "j", "enter") }},
		{name: "group-fold-all", steps: func(h *harness) { h.keys("z") }},
		{name: "status-filter-renamed", steps: func(h *harness) { h.keys("f", "f", "f", "f", "f") }},
		{name: "status-filter-with-text", steps: func(h *harness) {
			h.keys("f", "f", "/").typing("station").keys("enter")
		}},
		{name: "status-filter-nothing", steps: func(h *harness) { h.keys("f", "f", "f", "f") }},
		// The replay screen groups the turns by file the same way: the first
		// file's header selected, then folded, then every file folded.
		{name: "replay-group-header", loaded: replayFiles, steps: func(h *harness) { h.keys("2", "k") }},
		{name: "replay-group-folded", loaded: replayFiles, steps: func(h *harness) { h.keys("2", "k", "enter") }},
		{name: "replay-group-fold-all", loaded: replayFiles, steps: func(h *harness) { h.keys("2", "z", "j", "space") }},
	}
}

// toolsOf is the tools screen of h.
func toolsOf(h *harness) *tools.Screen { return h.m.screens[0].(*tools.Screen) }

// TestStatusFilterCycles checks f's cycle and what each step keeps, on the
// generated load: every row kept has the status, every tool with the status
// is kept, and the status line says which filter is on and what it keeps.
func TestStatusFilterCycles(t *testing.T) {
	h := newHarness(t, Options{}, manyServers(t), 120, 40)
	s := toolsOf(h)
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
			h.keys("f")
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
	h := newHarness(t, Options{}, many, 80, 24)
	checkGroups(t, toolsOf(h), many, scaleServers)
	l := toolsOf(h).List()
	if !foldedPastScreenful(l) {
		t.Errorf("the groups past the first screenful are not folded")
	}
	h.keys("home")
	if _, ok := l.CurrentGroup(); !ok {
		t.Fatal("home does not select the first header")
	}
	h.keys("enter")
	if r := l.Current(); r != nil || strings.Contains(h.screen(), "tool_0_0") {
		t.Errorf("enter on the first header does not fold it:\n%s", h.screen())
	}
	h.keys("space")
	if !strings.Contains(h.screen(), "tool_0_0") {
		t.Errorf("space on a folded header does not unfold it:\n%s", h.screen())
	}
	h.keys("z")
	if kept, _ := l.Counted(); kept == 0 || strings.Contains(h.screen(), "tool_0_0") {
		t.Errorf("z does not fold every group:\n%s", h.screen())
	}
	h.keys("z", "end")
	if r := l.Current(); r == nil || r.Group != scaleServers-1 {
		t.Errorf("z twice does not unfold every group: end selects %+v", r)
	}
}

// checkGroups checks the list's groups: n groups, one per server in order,
// whose header says its tools and whose counts add up to them, and every tool
// in its server's group.
func checkGroups(t *testing.T, s *tools.Screen, loaded *common.Loaded, n int) {
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
// past the first screenful folded.
func TestCorpusGroups(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(uitest.CorpusDir(t), "mcp-tools", "*.json"))
	if len(files) == 0 {
		t.Skip("the corpus (../shared/corpus/mcp-tools) is absent")
	}
	loaded := common.Load(files)
	lists := 0
	for _, f := range loaded.Files {
		if f.Kind == common.FileToolList {
			lists++
		}
	}
	h := newHarness(t, Options{}, loaded, 160, 50)
	s := toolsOf(h)
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
	checkFrame(t, h.m.Render(), 160, 50)
}
