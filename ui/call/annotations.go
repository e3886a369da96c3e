package call

import (
	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// hint is one of a tool's boolean annotations: the value the server gave,
// or MCP's default for it when it gave none.
type hint struct {
	value bool
	given bool // the server gave a boolean; false: MCP's default applies
}

// Annotations are a tool's annotations as the approval view shows them,
// read by the MCP specification's rules (ToolAnnotations): hints from the
// server, not guarantees.
//
//   - readOnlyHint (default false): the tool does not change its
//     environment.
//   - destructiveHint (default true) and idempotentHint (default false) mean
//     something only when the tool is not read-only: a tool that says
//     nothing is destructive by default.
//   - openWorldHint (default true): the tool reaches entities outside a
//     closed domain (the web, say).
//
// A hint that is not a boolean is read as absent (MCP's default applies),
// and a note says so.
type Annotations struct {
	Title                                        string // the tool's title, sanitized ("" when none)
	ReadOnly, Destructive, Idempotent, OpenWorld hint
	Notes                                        []string // sanitized
}

// readAnnotations reads tool's annotations: tool.Annotations, or the
// "annotations" of the tool as listed.
func readAnnotations(tool adapter.Tool) Annotations {
	ann := tool.Annotations
	if ann.Kind() != adapter.Object {
		ann, _ = tool.Raw.Get("annotations")
	}
	a := Annotations{
		ReadOnly:    hint{value: false},
		Destructive: hint{value: true},
		Idempotent:  hint{value: false},
		OpenWorld:   hint{value: true},
	}
	title := tool.Title
	if t, ok := ann.Get("title"); ok && t.Kind() == adapter.String && title == "" {
		title = t.Str()
	}
	a.Title = common.Safe(title)
	for _, h := range []struct {
		name string
		to   *hint
	}{{"readOnlyHint", &a.ReadOnly}, {"destructiveHint", &a.Destructive}, {"idempotentHint", &a.Idempotent}, {"openWorldHint", &a.OpenWorld}} {
		v, ok := ann.Get(h.name)
		switch {
		case !ok:
		case v.Kind() == adapter.Bool:
			*h.to = hint{value: v.Bool(), given: true}
		default:
			a.Notes = append(a.Notes, h.name+" is "+termsafe.Shorten(common.Safe(string(adapter.AppendCompact(nil, v))), 40)+", not a boolean: read as absent, so MCP's default applies")
		}
	}
	return a
}

// Badges are the annotations as badges, in the order read-only, destructive,
// idempotent, open-world; a value MCP's default gave says "(by default)". A
// destructive tool's badge has the warning colour.
func (a Annotations) Badges() []pane.Badge {
	var out []pane.Badge
	add := func(text string, h hint, style func(*common.Context) lipgloss.Style) {
		if !h.given {
			text += " (by default)"
		}
		out = append(out, pane.Badge{Text: text, Style: style})
	}
	if a.ReadOnly.value {
		add("read-only", a.ReadOnly, pane.BadgeStrict)
	} else {
		if a.Destructive.value {
			add("destructive", a.Destructive, pane.BadgeError)
		} else {
			add("not destructive", a.Destructive, pane.BadgeStrict)
		}
		if a.Idempotent.value {
			add("idempotent", a.Idempotent, pane.BadgeStrict)
		}
	}
	if a.OpenWorld.value {
		add("open-world", a.OpenWorld, pane.BadgeFallback)
	} else {
		add("closed-world", a.OpenWorld, pane.BadgeStrict)
	}
	return out
}

// IsDestructive says whether the tool may destroy what it changes: it is not
// read-only and does not say it is not destructive (MCP's default).
func (a Annotations) IsDestructive() bool { return !a.ReadOnly.value && a.Destructive.value }
