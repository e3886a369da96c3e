package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

var checkCommand = command{
	name:    "check",
	summary: "say which tools would go strict, and why not",
	usage:   "strictscope check [--json] [--no-prefix] [--no-default-descriptions] [NAME=]FILE...",
	run:     runCheck,
}

// runCheck converts every tool and reports per tool; exit 1 when any tool would not
// go strict.
func runCheck(e *env, args []string) (int, error) {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	noPrefix := fs.Bool("no-prefix", false, "expose tools as TOOL instead of SERVER__TOOL")
	noDefaults := fs.Bool("no-default-descriptions", false, "do not write dropped defaults into descriptions")
	files, err := parseFlags("check", fs, args)
	if err != nil {
		return exitBad, err
	}
	if len(files) == 0 {
		return exitBad, usagef("strictscope check: name at least one tool list ([NAME=]FILE)")
	}
	servers, err := loadServers(e, files)
	if err != nil {
		return exitBad, err
	}
	// The report Tools makes in auto mode holds each conversion, its error, and
	// the hidden characters removed from what would be sent: the strict schema,
	// or the schema as written when the tool falls back.
	_, rep := adapter.Tools(adapter.NewToolSet(servers, adapter.NameOptions{NoPrefix: *noPrefix}),
		adapter.ToolsOptions{API: adapter.Chat, Strict: adapter.StrictAuto, NoDefaultDescriptions: *noDefaults})
	type row struct {
		entry *adapter.Entry
		res   *adapter.StrictResult
		err   *adapter.StrictError
		rem   adapter.Removed
	}
	rows := make([]row, len(rep.Outcomes))
	failed := 0
	for i, o := range rep.Outcomes {
		rows[i] = row{entry: o.Entry, res: o.Conversion, err: o.ConversionErr, rem: o.Removed}
		if o.ConversionErr != nil {
			failed++
		}
	}
	code := exitOK
	if failed > 0 {
		code = exitFinding
	}
	if *asJSON {
		items := make([]adapter.Value, len(rows))
		for i, r := range rows {
			mems := []adapter.Member{
				adapter.MemberOf("name", str(r.entry.Exposed)),
				adapter.MemberOf("server", str(r.entry.Server)),
				adapter.MemberOf("tool", str(r.entry.Tool.Name)),
				adapter.MemberOf("strict", adapter.BoolValue(r.err == nil)),
			}
			if r.err == nil {
				mems = append(mems, adapter.MemberOf("null_paths", r.res.NullPaths.Value()))
			} else {
				mems = append(mems, adapter.MemberOf("error", r.err.Value()))
			}
			// A conversion that crossed a limit still ran to the end, and its
			// dropped keywords are known; one stopped by an error dropped nothing
			// that will be sent.
			dropped := adapter.ArrayValue()
			if r.res != nil {
				dropped = r.res.Dropped.Value()
			}
			mems = append(mems, adapter.MemberOf("dropped", dropped))
			items[i] = adapter.ObjectValue(mems...)
		}
		return code, writeJSON(e.stdout, adapter.ObjectValue(adapter.MemberOf("tools", adapter.ArrayValue(items...))))
	}
	var sb strings.Builder
	width := 0
	for _, r := range rows {
		width = max(width, len(r.entry.Exposed))
	}
	for _, r := range rows {
		name := fmt.Sprintf("%-*s", width, adapter.Sanitize(r.entry.Exposed))
		if r.err != nil {
			fmt.Fprintf(&sb, "%s  not strict  %s at %s: %s\n", name, adapter.Sanitize(r.err.Keyword), adapter.Sanitize(r.err.Path.String()), adapter.Sanitize(r.err.Message))
			continue
		}
		fmt.Fprintf(&sb, "%s  strict      %s", name, plural(r.res.NullPaths.Len(), "null path", "null paths"))
		if r.res.NullPaths.Len() > 0 {
			parts := make([]string, r.res.NullPaths.Len())
			for i, p := range r.res.NullPaths.All() {
				parts[i] = adapter.Sanitize(p.String())
			}
			fmt.Fprintf(&sb, " %s", strings.Join(parts, " "))
		}
		if r.res.Dropped.Len() > 0 {
			parts := make([]string, r.res.Dropped.Len())
			for i, d := range r.res.Dropped.All() {
				parts[i] = adapter.Sanitize(d.Keyword) + " at " + adapter.Sanitize(d.Path.String())
			}
			fmt.Fprintf(&sb, "; dropped %s", strings.Join(parts, ", "))
		}
		sb.WriteByte('\n')
	}
	for _, r := range rows {
		if rem := r.rem; rem.Count > 0 {
			fmt.Fprintf(&sb, "%s: %s removed from the description and schema", adapter.Sanitize(r.entry.Exposed), plural(rem.Count, "hidden character", "hidden characters"))
			if rem.Tags != "" {
				fmt.Fprintf(&sb, "; tag characters spell %s", adapter.QuoteForMessage(rem.Tags))
			}
			sb.WriteByte('\n')
		}
	}
	fmt.Fprintf(&sb, "%s: %d strict, %d not strict\n", plural(len(rows), "tool", "tools"), len(rows)-failed, failed)
	_, err = fmt.Fprint(e.stdout, sb.String())
	return code, err
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
