package main

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/internal/words"
)

// failOn is what, besides a tool with no strict form, makes check exit 1.
type failOn struct{ hidden, truncated, renamed bool }

// parseFailOn reads --fail-on: comma-separated, repeatable; hidden, truncated
// and renamed.
func parseFailOn(list []string) (failOn, error) {
	var f failOn
	for _, arg := range list {
		for _, w := range strings.Split(arg, ",") {
			switch strings.TrimSpace(w) {
			case "hidden":
				f.hidden = true
			case "truncated":
				f.truncated = true
			case "renamed":
				f.renamed = true
			default:
				return f, usagef("strictscope check: --fail-on takes hidden, truncated and renamed, not %s", termsafe.Quote(w))
			}
		}
	}
	return f, nil
}

// checkFindings are the findings of one tool beside its strict form, in words:
// hidden characters, a cut description, a new name.
func checkFindings(r *adapter.ToolOutcome) []string {
	var out []string
	if rem := r.Removed; rem.Count > 0 {
		s := words.Count(rem.Count, "hidden character", "hidden characters") + " removed"
		if rem.Tags != "" {
			s += "; tag characters spell " + termsafe.Quote(termsafe.Shorten(rem.Tags, maxTagsShown))
		}
		out = append(out, s)
	}
	if r.Truncated {
		out = append(out, fmt.Sprintf("description cut to %d characters for the Chat Completions API", adapter.ChatDescriptionCap))
	}
	if r.Entry.Renamed {
		out = append(out, "renamed from "+termsafe.Quote(r.Entry.Plain))
	}
	return out
}

// workflowCommand is one GitHub Actions workflow command, its title and
// message made safe for a terminal and escaped as workflow commands ask.
func workflowCommand(level, title, msg string) string {
	data := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	prop := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
	return fmt.Sprintf("::%s title=%s::%s\n", level, prop.Replace(termsafe.Sanitize(title)), data.Replace(termsafe.Sanitize(msg)))
}

// markdownCell makes text safe for a terminal and for a Markdown table's cell.
func markdownCell(s string) string {
	return strings.NewReplacer("|", `\|`, "`", "'", "<", "&lt;", ">", "&gt;").Replace(termsafe.Sanitize(s))
}

// checkMarkdown is check's report as a Markdown table, fit for a CI job's
// summary: one row per tool, then the totals.
func checkMarkdown(rows []*adapter.ToolOutcome, failed int) string {
	cell := markdownCell
	var sb strings.Builder
	sb.WriteString("## strictscope check\n\n| tool | server | strict mode | null paths or why not | findings |\n|---|---|---|---|---|\n")
	for _, r := range rows {
		strict, detail := "✅ strict", ""
		if r.ConversionErr != nil {
			strict = "❌ no strict form"
			detail = fmt.Sprintf("`%s` at `%s`: %s", cell(r.ConversionErr.Keyword), cell(r.ConversionErr.Path.String()), cell(r.ConversionErr.Message))
		} else {
			parts := make([]string, 0, r.Conversion.NullPaths.Len())
			for _, p := range r.Conversion.NullPaths.All() {
				parts = append(parts, "`"+cell(p.String())+"`")
			}
			detail = words.Count(len(parts), "null path", "null paths")
			if len(parts) > 0 {
				detail += ": " + strings.Join(parts, " ")
			}
		}
		findings := checkFindings(r)
		for i, f := range findings {
			findings[i] = cell(f)
		}
		fmt.Fprintf(&sb, "| `%s` | %s | %s | %s | %s |\n", cell(r.Entry.Exposed), cell(r.Entry.Server), strict, detail, strings.Join(findings, "; "))
	}
	fmt.Fprintf(&sb, "\n**%s: %d strict, %d with no strict form**\n", words.Count(len(rows), "tool", "tools"), len(rows)-failed, failed)
	return sb.String()
}

// checkGitHub is check's report as GitHub Actions workflow commands, one a
// finding: an error for a tool with no strict form, a warning for hidden
// characters, a cut description and a new name. Their text is escaped as the
// workflow commands ask (%, CR and LF; and : and , in properties), after it is
// made safe for a terminal.
func checkGitHub(rows []*adapter.ToolOutcome) string {
	var sb strings.Builder
	emit := func(level, title, msg string) { sb.WriteString(workflowCommand(level, title, msg)) }
	for _, r := range rows {
		name := r.Entry.Exposed
		if e := r.ConversionErr; e != nil {
			emit("error", "no strict form: "+name, fmt.Sprintf("%s (server %s): %s at %s: %s", name, r.Entry.Server, e.Keyword, e.Path.String(), e.Message))
		}
		if rem := r.Removed; rem.Count > 0 {
			msg := fmt.Sprintf("%s: %s removed from the description and schema", name, words.Count(rem.Count, "hidden character", "hidden characters"))
			if rem.Tags != "" {
				msg += "; tag characters spell " + termsafe.Quote(termsafe.Shorten(rem.Tags, maxTagsShown))
			}
			emit("warning", "hidden characters: "+name, msg)
		}
		if r.Truncated {
			emit("warning", "truncated description: "+name, fmt.Sprintf("%s: the description is cut to %d characters for the Chat Completions API", name, adapter.ChatDescriptionCap))
		}
		if r.Entry.Renamed {
			emit("warning", "renamed tool: "+name, fmt.Sprintf("%s: renamed from %s", name, termsafe.Quote(r.Entry.Plain)))
		}
	}
	return sb.String()
}
