package main

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/internal/words"
)

var checkCommand = command{
	name:    "check",
	summary: "say which tools would go strict, and why not",
	usage:   "strictscope check [--json|--format text|json|markdown|github] [--fail-on hidden,truncated,renamed] [--baseline FILE] [--no-prefix] [--no-default-descriptions] [--server NAME=COMMAND|URL …] [--config FILE [--only NAME …]] [NAME=]FILE...",
	run:     runCheck,
}

// runCheck converts every tool and reports per tool; exit 1 when any tool would not
// go strict.
func runCheck(e *env, args []string) (int, error) {
	fs := newFlags(e, "check")
	asJSON := fs.json(helpJSONReport)
	format := fs.String("format", "text", helpCheckFormat)
	var failOn stringList
	fs.Var(&failOn, "fail-on", helpFailOn)
	baseline := fs.String("baseline", "", helpBaseline)
	noPrefix := fs.noPrefix()
	noDefaults := fs.noDefaults()
	var lf liveFlags
	lf.register(fs)
	files, err := fs.parse(args)
	if err != nil {
		return exitBad, err
	}
	if *asJSON {
		if fs.given("format") && *format != "json" {
			return exitBad, usagef("strictscope check: --json is --format json, and --format says %s", termsafe.Quote(*format))
		}
		*format = "json"
	}
	switch *format {
	case "text", "json", "markdown", "github":
	default:
		return exitBad, usagef("strictscope check: --format must be text, json, markdown or github, not %s", termsafe.Quote(*format))
	}
	fails, err := parseFailOn(failOn)
	if err != nil {
		return exitBad, err
	}
	if len(files) == 0 && !lf.given() {
		return exitBad, usagef("strictscope check: name at least one tool list ([NAME=]FILE) or live server (--server, --config)")
	}
	servers, err := allServers(e, files, &lf, "check")
	if err != nil {
		return exitBad, err
	}
	// The report Tools makes in auto mode holds each conversion, its error, and
	// the hidden characters removed from what would be sent: the strict schema,
	// or the schema as written when the tool falls back.
	names := adapter.NameOptions{NoPrefix: *noPrefix}
	toolsOpts := adapter.ToolsOptions{API: adapter.Chat, Strict: adapter.StrictAuto, NoDefaultDescriptions: *noDefaults}
	_, rep := adapter.Tools(adapter.NewToolSet(servers, names), toolsOpts)
	rows := rep.Outcomes
	var regs []regression
	if fs.given("baseline") {
		base, order, err := loadBaseline(e, *baseline, names, toolsOpts)
		if err != nil {
			return exitBad, err
		}
		now, _ := outcomeTools(rows)
		regs = regressions(base, order, now)
	}
	failed := 0
	code := exitOK
	for _, o := range rows {
		if o.ConversionErr != nil {
			failed++
		}
		if o.ConversionErr != nil || fails.hidden && o.Removed.Count > 0 || fails.truncated && o.Truncated || fails.renamed && o.Entry.Renamed {
			code = exitFinding
		}
	}
	if len(regs) > 0 {
		code = exitFinding
	}
	switch *format {
	case "markdown":
		_, err := fmt.Fprint(e.stdout, checkMarkdown(rows, failed)+regressionsMarkdown(regs, fs.given("baseline")))
		return code, err
	case "github":
		_, err := fmt.Fprint(e.stdout, checkGitHub(rows)+regressionsGitHub(regs))
		return code, err
	}
	if *format == "json" {
		items := make([]adapter.Value, len(rows))
		for i, r := range rows {
			mems := []adapter.Member{
				adapter.MemberOf("name", str(r.Entry.Exposed)),
				adapter.MemberOf("server", str(r.Entry.Server)),
				adapter.MemberOf("tool", str(r.Entry.Tool.Name)),
				adapter.MemberOf("strict", adapter.BoolValue(r.ConversionErr == nil)),
			}
			if r.ConversionErr == nil {
				mems = append(mems, adapter.MemberOf("null_paths", r.Conversion.NullPaths.Value()))
			} else {
				mems = append(mems, adapter.MemberOf("error", r.ConversionErr.Value()))
			}
			// A conversion that crossed a limit still ran to the end, and its
			// dropped keywords are known; one stopped by an error dropped nothing
			// that will be sent.
			dropped := adapter.ArrayValue()
			if r.Conversion != nil {
				dropped = r.Conversion.Dropped.Value()
			}
			mems = append(mems, adapter.MemberOf("dropped", dropped))
			if n := checkNotes(r); n.Len() > 0 {
				mems = append(mems, adapter.MemberOf("notes", n))
			}
			items[i] = adapter.ObjectValue(mems...)
		}
		mems := []adapter.Member{
			adapter.MemberOf("api", str(string(adapter.Chat))),
			adapter.MemberOf("tools", adapter.ArrayValue(items...)),
		}
		if fs.given("baseline") {
			rv := make([]adapter.Value, len(regs))
			for i, r := range regs {
				rv[i] = r.value()
			}
			mems = append(mems, adapter.MemberOf("regressions", adapter.ArrayValue(rv...)))
		}
		return code, writeJSON(e.stdout, adapter.ObjectValue(mems...))
	}
	var sb strings.Builder
	width := 0
	for _, r := range rows {
		width = max(width, len(r.Entry.Exposed))
	}
	for _, r := range rows {
		name := fmt.Sprintf("%-*s", width, termsafe.Sanitize(r.Entry.Exposed))
		if r.ConversionErr != nil {
			fmt.Fprintf(&sb, "%s  not strict  %s at %s: %s\n", name, termsafe.Sanitize(r.ConversionErr.Keyword), termsafe.Sanitize(r.ConversionErr.Path.String()), termsafe.Sanitize(r.ConversionErr.Message))
			continue
		}
		fmt.Fprintf(&sb, "%s  strict      %s", name, words.Count(r.Conversion.NullPaths.Len(), "null path", "null paths"))
		if r.Conversion.NullPaths.Len() > 0 {
			parts := make([]string, r.Conversion.NullPaths.Len())
			for i, p := range r.Conversion.NullPaths.All() {
				parts[i] = termsafe.Sanitize(p.String())
			}
			fmt.Fprintf(&sb, " %s", strings.Join(parts, " "))
		}
		if r.Conversion.Dropped.Len() > 0 {
			parts := make([]string, r.Conversion.Dropped.Len())
			for i, d := range r.Conversion.Dropped.All() {
				parts[i] = termsafe.Sanitize(d.Keyword) + " at " + termsafe.Sanitize(d.Path.String())
			}
			fmt.Fprintf(&sb, "; dropped %s", strings.Join(parts, ", "))
		}
		sb.WriteByte('\n')
	}
	for _, r := range rows {
		name := termsafe.Sanitize(r.Entry.Exposed)
		if rem := r.Removed; rem.Count > 0 {
			fmt.Fprintf(&sb, "%s: %s removed from the description and schema", name, words.Count(rem.Count, "hidden character", "hidden characters"))
			if rem.Tags != "" {
				fmt.Fprintf(&sb, "; tag characters spell %s", termsafe.Quote(termsafe.Shorten(rem.Tags, maxTagsShown)))
				if len(rem.Tags) > maxTagsShown {
					fmt.Fprintf(&sb, " (%s in all; --json has the whole text)", words.Count(len(rem.Tags), "character", "characters"))
				}
			}
			sb.WriteByte('\n')
		}
		if r.Truncated {
			clean, _ := adapter.CleanText(r.Entry.Tool.Description)
			responses := "; the Responses API takes it whole"
			if _, cut := adapter.CapDescription(clean, adapter.Responses, adapter.ResponsesDescriptionCap); cut {
				responses = fmt.Sprintf(", and to %d bytes for the Responses API", adapter.ResponsesDescriptionCap)
			}
			fmt.Fprintf(&sb, "%s: the description (%s) is cut to %d characters for the Chat Completions API%s\n",
				name, words.Count(utf8.RuneCountInString(clean), "character", "characters"), adapter.ChatDescriptionCap, responses)
		}
		if r.Entry.Renamed {
			fmt.Fprintf(&sb, "%s: renamed from %s\n", name, termsafe.Quote(r.Entry.Plain))
		}
	}
	fmt.Fprintf(&sb, "%s: %d strict, %d not strict\n", words.Count(len(rows), "tool", "tools"), len(rows)-failed, failed)
	if fs.given("baseline") {
		fmt.Fprintf(&sb, "%s since the baseline\n", words.Count(len(regs), "regression", "regressions"))
		for _, r := range regs {
			sb.WriteString("  " + r.text() + "\n")
		}
	}
	_, err = fmt.Fprint(e.stdout, sb.String())
	return code, err
}

// maxTagsShown is how much of the text hidden tag characters spell the text report
// quotes (they are ASCII, so bytes are characters); --json carries all of it.
const maxTagsShown = 300

// checkNotes are a tool's notes in check --json: the tools report's
// (docs/strict-mode.md#the-report; "truncated" is for the Chat Completions API, which
// check renders for) without "dropped", which the entry has already.
func checkNotes(r *adapter.ToolOutcome) adapter.Value {
	var mems []adapter.Member
	for _, m := range r.Notes().Members() {
		if m.Key() != "dropped" {
			mems = append(mems, m)
		}
	}
	return adapter.ObjectValue(mems...)
}
