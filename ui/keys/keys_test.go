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
	for name, group := range map[string]help.KeyMap{"global": km.Global, "tools": km.Tools, "list": km.List, "json": km.JSON, "prompt": km.Prompt} {
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
	for name, pane := range map[string]help.KeyMap{"list": km.List, "json": km.JSON} {
		seen := map[string]string{}
		for gname, g := range map[string]help.KeyMap{"global": km.Global, "tools": km.Tools, name: pane} {
			for _, b := range every(g) {
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
		"tools": {len(every(km.Tools)), 12},
		"list":  {len(every(km.List)), 8},
		"json":  {len(every(km.JSON)), 10},
	}
	for name, c := range counts {
		if c[0] != c[1] {
			t.Errorf("%s: full help lists %d bindings of %d", name, c[0], c[1])
		}
	}
}
