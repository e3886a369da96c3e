package keys

import (
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
)

// every returns the bindings of a key map's full help.
func every(k help.KeyMap) []key.Binding {
	var out []key.Binding
	for _, col := range k.FullHelp() {
		out = append(out, col...)
	}
	return out
}

func TestEveryBindingHasHelp(t *testing.T) {
	km := Default()
	for name, group := range map[string]help.KeyMap{"global": km.Global, "tools": km.Tools, "list": km.List, "json": km.JSON, "prompt": km.Prompt,
		"replay": km.Replay, "replay json": km.ReplayJSON(), "replay list": km.ReplayList(), "playground": km.Play, "editor": km.Edit,
		"servers": km.Servers, "servers list": km.ServersList(), "servers pager": km.ServersPager(),
		"call": km.Call, "call editor": km.CallEditor()} {
		if len(group.ShortHelp()) == 0 {
			t.Errorf("%s: no short help", name)
		}
		for _, b := range every(group) {
			if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
				t.Errorf("%s: binding %v lacks keys or help", name, b.Keys())
			}
		}
	}
}

// TestNoKeyActsTwice checks that the keys live at the same time (global, the
// screen's, and one pane's) never overlap.
func TestNoKeyActsTwice(t *testing.T) {
	km := Default()
	type live struct {
		screen, pane string
		s, p         help.KeyMap
	}
	for _, l := range []live{
		{"tools", "list", km.Tools, km.List},
		{"tools", "json", km.Tools, km.JSON},
		{"replay", "list", km.Replay, km.ReplayList()},
		{"replay", "json", km.Replay, km.ReplayJSON()},
		{"playground", "json", km.Play, km.JSON},
		{"playground", "editor", km.Play, km.Edit},
		{"servers", "list", km.Servers, km.ServersList()},
		{"servers", "pager", km.Servers, km.ServersPager()},
	} {
		seen := map[string]string{}
		for gname, g := range map[string]help.KeyMap{"global": km.Global, l.screen: l.s, l.screen + " " + l.pane: l.p} {
			for _, b := range every(g) {
				if !b.Enabled() {
					continue // a disabled binding matches no key
				}
				for _, k := range b.Keys() {
					if other, ok := seen[k]; ok {
						t.Errorf("key %q is bound in %s and %s", k, other, gname)
					}
					seen[k] = gname
				}
			}
		}
	}
}

func TestFullHelpListsEveryField(t *testing.T) {
	km := Default()
	counts := map[string][2]int{
		"tools":      {len(every(km.Tools)), 14},
		"replay":     {len(every(km.Replay)), 12},
		"servers":    {len(every(km.Servers)), 5},
		"pager":      {len(every(km.ServersPager())), 8},
		"playground": {len(every(km.Play)), 3},
		"list":       {len(every(km.List)), 10},
		"json":       {len(every(km.JSON)), 10},
	}
	for name, c := range counts {
		if c[0] != c[1] {
			t.Errorf("%s: full help lists %d bindings of %d", name, c[0], c[1])
		}
	}
}

// TestReplayPanesScrollWithoutArrows checks that on the replay screen the
// arrows that step through stages are not also bound in its panes.
func TestReplayPanesScrollWithoutArrows(t *testing.T) {
	km := Default()
	for _, b := range append(every(km.ReplayJSON()), every(km.ReplayList())...) {
		for _, k := range b.Keys() {
			if k == "left" || k == "right" {
				t.Errorf("%q is bound in a replay pane (%s)", k, b.Help().Desc)
			}
		}
	}
	if got := km.ReplayJSON().Left.Keys(); len(got) != 1 || got[0] != "h" {
		t.Errorf("the replay JSON pane scrolls left with %v, want h", got)
	}
}
