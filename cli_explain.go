package main

import (
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/sessions/explain"
)

var explainCommand = command{
	name:    "explain",
	summary: "explain an OpenAI 400 about a tool schema: which tool, where, and what strictscope does about it",
	usage:   "strictscope explain [--json] [--tools [NAME=]FILE …] [--api chat|responses] [--strict auto|true|false] [--no-prefix] FILE|-",
	run:     runExplain,
}

// runExplain reads error bodies from a recording, an error body, a collection of
// them, or a pasted message (explain.ParseErrorText says which texts are one),
// and explains each. Any other text is bad input (exit 2). A response is explained when its
// "error" member is present and not null: a Responses object carries "error": null
// when the request succeeded, and that is no error.
func runExplain(e *env, args []string) (int, error) {
	fs := newFlags(e, "explain")
	asJSON := fs.json(helpExplainJSON)
	toolArgs := fs.tools(helpExplainTools)
	var tf toolFlags
	tf.register(fs, helpExplainAPI, false)
	pos, err := fs.parse(args)
	if err != nil {
		return exitBad, err
	}
	if *tf.api == "" {
		*tf.api = string(adapter.Chat)
	}
	opts, err := tf.options("explain")
	if err != nil {
		return exitBad, err
	}
	if len(pos) != 1 {
		return exitBad, usagef("strictscope explain: name one FILE holding an error (or - for stdin)")
	}
	report, err := sendTools(e, *toolArgs, nil, "explain", *tf.noPrefix, opts)
	if err != nil {
		return exitBad, err
	}
	name, data, err := readInput(e, pos[0], false)
	if err != nil {
		return exitBad, err
	}
	var exps []explain.Explanation
	if rec, lerr := sessions.LoadRecording(name, data); lerr == nil {
		for _, ex := range rec.Exchanges {
			if e, ok := ex.Response.Get("error"); !ok || e.IsNull() {
				continue
			}
			x := explain.Error(ex.Response, report)
			x.Where = ex.Label
			exps = append(exps, x)
		}
	} else if body, ok := explain.ParseErrorText(string(data)); ok {
		// A message pasted as text, or a client's print of the error.
		exps = append(exps, explain.Error(body, report))
	} else if sessions.Detect(name, data) != sessions.FormatUnknown {
		// A recording or a JSON document that does not load: its error says why.
		return exitBad, lerr
	} else {
		return exitBad, &sessions.LoadError{File: name, Msg: "holds no error body and is not an OpenAI error message: give an error body ({\"error\":{…}}), a recording holding one, or the message as OpenAI wrote it (\"Invalid schema for function '…': …\")"}
	}
	if len(exps) == 0 {
		return exitBad, &sessions.LoadError{File: name, Msg: "holds no error body ({\"error\":{…}})"}
	}
	if *asJSON {
		items := make([]adapter.Value, len(exps))
		for i, x := range exps {
			items[i] = x.Value()
		}
		return exitOK, writeJSON(e.stdout, adapter.ObjectValue(adapter.MemberOf("errors", adapter.ArrayValue(items...))))
	}
	var sb strings.Builder
	for i, x := range exps {
		if i > 0 {
			sb.WriteByte('\n')
		}
		if x.Where != "" {
			fmt.Fprintf(&sb, "%s: ", termsafe.Sanitize(x.Where))
		}
		fmt.Fprintf(&sb, "%s\n", termsafe.Sanitize(x.Message))
		var facts []string
		if x.Tool != nil {
			facts = append(facts, "tool "+termsafe.Sanitize(x.Tool.Entry.Exposed))
		} else if x.ToolName != "" {
			facts = append(facts, "function "+termsafe.Quote(x.ToolName))
		}
		if x.ToolIndex >= 0 {
			facts = append(facts, fmt.Sprintf("tools[%d]", x.ToolIndex))
		}
		if x.SchemaPath != nil {
			facts = append(facts, "schema path "+termsafe.Sanitize(x.SchemaPath.String()))
		}
		if x.Keyword != "" {
			facts = append(facts, "keyword "+termsafe.Sanitize(x.Keyword))
		}
		if len(facts) > 0 {
			fmt.Fprintf(&sb, "  %s\n", strings.Join(facts, ", "))
		}
		for _, a := range x.Advice {
			fmt.Fprintf(&sb, "  - %s\n", a)
		}
	}
	_, err = fmt.Fprint(e.stdout, sb.String())
	return exitOK, err
}
