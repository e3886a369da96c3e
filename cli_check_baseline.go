package main

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions"
)

// baselineTool is what check --baseline compares of one tool: its exposed
// name, whether it went strict, and its null paths (as JSON text).
type baselineTool struct {
	exposed   string
	strict    bool
	nullPaths []string
}

// baselineKey names a tool whatever its exposed name: its server and its name
// there.
type baselineKey struct{ server, tool string }

// A regression is a way a tool got worse since the baseline.
type regression struct {
	server, tool string
	kind         string // removed, lost strict form, renamed, new null path
	detail       string
}

func (r regression) value() adapter.Value {
	return adapter.ObjectValue(
		adapter.MemberOf("server", str(r.server)),
		adapter.MemberOf("tool", str(r.tool)),
		adapter.MemberOf("kind", str(r.kind)),
		adapter.MemberOf("detail", str(r.detail)),
	)
}

func (r regression) text() string {
	return fmt.Sprintf("%s/%s: %s: %s", termsafe.Sanitize(r.server), termsafe.Sanitize(r.tool), r.kind, termsafe.Sanitize(r.detail))
}

// outcomeTools is what check's rows say of each tool, for comparing.
func outcomeTools(rows []*adapter.ToolOutcome) (map[baselineKey]baselineTool, []baselineKey) {
	out := map[baselineKey]baselineTool{}
	var order []baselineKey
	for _, r := range rows {
		t := baselineTool{exposed: r.Entry.Exposed, strict: r.ConversionErr == nil}
		if t.strict {
			for _, p := range r.Conversion.NullPaths.All() {
				t.nullPaths = append(t.nullPaths, p.String())
			}
		}
		k := baselineKey{r.Entry.Server, r.Entry.Tool.Name}
		if _, seen := out[k]; !seen {
			order = append(order, k)
		}
		out[k] = t
	}
	return out, order
}

// loadBaseline reads check --baseline: a check --json report, or a tool list
// ([NAME=]FILE, as a list --out file is), converted as check converts the
// tools it is given (opts, names).
func loadBaseline(e *env, arg string, names adapter.NameOptions, opts adapter.ToolsOptions) (map[baselineKey]baselineTool, []baselineKey, error) {
	src := sessions.ParseToolSource(arg)
	data, err := e.limits.ReadDocumentFile(src.Path, true)
	if err != nil {
		return nil, nil, err
	}
	doc, err := adapter.Decode(data)
	if err != nil {
		return nil, nil, sessions.JSONFileError(src.Path, err)
	}
	if doc.Has("api") && doc.Has("tools") {
		return reportTools(src.Path, doc)
	}
	srv, warns, err := sessions.ParseToolListFile(src.Server, src.Path, data)
	if err != nil {
		return nil, nil, err
	}
	for _, w := range warns {
		warn(e, "--baseline "+w)
	}
	_, rep := adapter.Tools(adapter.NewToolSet([]adapter.Server{srv}, names), opts)
	m, order := outcomeTools(rep.Outcomes)
	return m, order, nil
}

// reportTools reads the tools of a check --json report.
func reportTools(path string, doc adapter.Value) (map[baselineKey]baselineTool, []baselineKey, error) {
	tools, _ := doc.Get("tools")
	if tools.Kind() != adapter.Array {
		return nil, nil, &sessions.LoadError{File: path, Where: "/tools", Msg: "a check --json report's \"tools\" is an array"}
	}
	out := map[baselineKey]baselineTool{}
	var order []baselineKey
	for i, it := range tools.Items() {
		get := func(k string) adapter.Value { v, _ := it.Get(k); return v }
		server, tool, name, strict := get("server"), get("tool"), get("name"), get("strict")
		if server.Kind() != adapter.String || tool.Kind() != adapter.String || name.Kind() != adapter.String || strict.Kind() != adapter.Bool {
			return nil, nil, &sessions.LoadError{File: path, Where: fmt.Sprintf("/tools/%d", i), Msg: "a tool of a check --json report has \"name\", \"server\" and \"tool\" strings and a \"strict\" boolean"}
		}
		t := baselineTool{exposed: name.Str(), strict: strict.Bool()}
		if paths, ok := it.Get("null_paths"); ok && paths.Kind() == adapter.Array {
			for _, p := range paths.Items() {
				t.nullPaths = append(t.nullPaths, string(adapter.Marshal(p)))
			}
		}
		k := baselineKey{server.Str(), tool.Str()}
		if _, seen := out[k]; !seen {
			order = append(order, k)
		}
		out[k] = t
	}
	return out, order, nil
}

// regressions are the ways the tools got worse since the baseline: a tool
// removed, a tool that lost its strict form, a changed exposed name, a null
// path that appeared (where the model must now send null). Improvements are
// none of them.
func regressions(base map[baselineKey]baselineTool, order []baselineKey, now map[baselineKey]baselineTool) []regression {
	var out []regression
	for _, k := range order {
		b := base[k]
		n, ok := now[k]
		switch {
		case !ok:
			out = append(out, regression{k.server, k.tool, "removed", "the tool " + b.exposed + " is gone"})
			continue
		case b.strict && !n.strict:
			out = append(out, regression{k.server, k.tool, "lost strict form", b.exposed + " went strict, and no longer does"})
		}
		if b.exposed != n.exposed {
			out = append(out, regression{k.server, k.tool, "renamed", "exposed as " + n.exposed + ", was " + b.exposed})
		}
		if b.strict && n.strict {
			had := map[string]bool{}
			for _, p := range b.nullPaths {
				had[p] = true
			}
			for _, p := range n.nullPaths {
				if !had[p] {
					out = append(out, regression{k.server, k.tool, "new null path", n.exposed + " at " + p})
				}
			}
		}
	}
	return out
}

// regressionsMarkdown is the regressions section of the Markdown report; ""
// without a baseline.
func regressionsMarkdown(regs []regression, baseline bool) string {
	if !baseline {
		return ""
	}
	s := fmt.Sprintf("\n### %s since the baseline\n", words.Count(len(regs), "regression", "regressions"))
	for _, r := range regs {
		s += "- " + markdownCell(r.text()) + "\n"
	}
	return s
}

// regressionsGitHub is one ::error workflow command a regression.
func regressionsGitHub(regs []regression) string {
	var sb strings.Builder
	for _, r := range regs {
		sb.WriteString(workflowCommand("error", "regression: "+r.kind+": "+r.tool, r.text()))
	}
	return sb.String()
}
