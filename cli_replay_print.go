package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions"
)

// replayPrinter prints a replay a turn at a time, as the turns are made, so
// that a long recording's replay is never held whole: each turn's JSON, or its
// text, goes to stdout at once (the text's heading, which counts the turns and
// says where the tools came from, before the first). What goes to stderr is
// kept, small, and said at the end in this order: the recording's warnings,
// the API the outputs are rendered for when --api asked for the other, and with
// --json where the tools came from and each turn's warnings (the text forms
// print those in the turns).
type replayPrinter struct {
	e                      *env
	name                   string
	json, stages, apiGiven bool
	out                    *bufio.Writer
	turns, printed         int // the turns the replay makes, and those printed
	apiWarning             string
	turnWarnings           []string
}

func newReplayPrinter(e *env, name string, turns int, json, stages, apiGiven bool) *replayPrinter {
	p := &replayPrinter{e: e, name: name, turns: turns, json: json, stages: stages, apiGiven: apiGiven,
		out: bufio.NewWriterSize(e.stdout, 64<<10)}
	if json {
		p.out.WriteString("{\"turns\": [")
	}
	return p
}

// heading starts the text forms.
func (p *replayPrinter) heading(tr *sessions.Trace) {
	fmt.Fprintf(p.out, "%s: %s, tools: %s\n", termsafe.Sanitize(tr.Name), words.Count(p.turns, "turn", "turns"), tr.ToolsFrom)
}

// turn prints one turn of the replay whose trace is tr.
func (p *replayPrinter) turn(tr *sessions.Trace, turn sessions.TurnTrace) {
	if p.apiGiven && p.apiWarning == "" && turn.API != "" && turn.OutputAPI != turn.API {
		p.apiWarning = turn.Label + ": " + otherAPIText(turn.API, turn.OutputAPI, "its outputs are")
	}
	if !p.json && p.printed == 0 {
		p.heading(tr)
	}
	switch {
	case p.json:
		for _, w := range turn.Warnings {
			p.turnWarnings = append(p.turnWarnings, turn.Label+": "+w)
		}
		if p.printed > 0 {
			p.out.WriteByte(',')
		}
		p.out.WriteString("\n")
		p.out.Write(termsafe.JSON(adapter.MarshalIndent(turn.Value(p.stages))))
	case p.stages:
		writeTurnStages(p.out, turn)
	default:
		writeTurnSummary(p.out, turn)
	}
	p.printed++
}

// finish says the warnings and ends the output; tr is the replay's trace,
// whose turns were given to turn.
func (p *replayPrinter) finish(tr *sessions.Trace) error {
	for _, w := range tr.Warnings {
		warn(p.e, p.name+": "+w)
	}
	if p.apiWarning != "" {
		warn(p.e, p.name+": "+p.apiWarning)
	}
	switch {
	case p.json:
		warnToolsFrom(p.e, p.name, tr.ToolsFrom)
		for _, w := range p.turnWarnings {
			warn(p.e, p.name+": "+w)
		}
		p.out.WriteString("]}\n")
	case p.printed == 0:
		p.heading(tr)
	case !p.stages:
		p.out.WriteString("\n(--stages shows every stage with its notes)\n")
	}
	return p.out.Flush()
}

// writeTurnStages writes a turn for a reader: each stage with its notes.
func writeTurnStages(sb *bufio.Writer, turn sessions.TurnTrace) {
	sb.WriteString(turnHeading(turn))
	sb.WriteByte('\n')
	for _, w := range turn.Warnings {
		fmt.Fprintf(sb, "  warning: %s\n", termsafe.Sanitize(w))
	}
	if turn.Err != nil && len(turn.Stages) == 0 {
		fmt.Fprintf(sb, "  %s\n", termsafe.Sanitize(turn.Err.Error()))
	}
	for _, st := range turn.Stages {
		fmt.Fprintf(sb, "  %-10s %s\n", st.Kind, termsafe.Sanitize(st.Title))
		for _, n := range st.Notes {
			fmt.Fprintf(sb, "             %s\n", termsafe.Sanitize(n))
		}
		if st.Kind == sessions.StageOutput || st.Kind == sessions.StageArguments {
			if st.Output.Kind() != adapter.Null {
				fmt.Fprintf(sb, "             %s\n", termsafe.Sanitize(termsafe.Shorten(st.Output.String(), 160)))
			}
		}
	}
}

// writeTurnSummary writes a turn in short: one line for every call the model
// made, in its order (what was stripped, what validation found, and the output
// or why there is none), and the size of the next input. --stages gives every
// stage instead (writeTurnStages).
func writeTurnSummary(sb *bufio.Writer, turn sessions.TurnTrace) {
	sb.WriteString(turnHeading(turn))
	x := turn.Extracted
	if x != nil {
		fmt.Fprintf(sb, ": %s, %d rejected", words.Count(len(x.Calls), "call", "calls"), len(x.Rejected))
		if len(x.Ignored) > 0 {
			fmt.Fprintf(sb, ", %s ignored", words.Count(len(x.Ignored), "item", "items"))
		}
	}
	sb.WriteByte('\n')
	for _, w := range turn.Warnings {
		fmt.Fprintf(sb, "  warning: %s\n", termsafe.Sanitize(w))
	}
	if x == nil {
		if turn.Err != nil {
			fmt.Fprintf(sb, "  %s\n", termsafe.Sanitize(turn.Err.Error()))
		}
		return
	}
	for _, k := range x.Order {
		if k < 0 {
			r := x.Rejected[-1-k]
			fmt.Fprintf(sb, "  %s %s: rejected: %s\n", callIDText(r.CallID), termsafe.Sanitize(r.Name), termsafe.Sanitize(termsafe.Shorten(r.Reason, 160)))
			continue
		}
		c := turn.Calls[k]
		parts := []string{}
		if len(c.Stripped) > 0 {
			paths := make([]string, len(c.Stripped))
			for i, p := range c.Stripped {
				paths[i] = p.String()
			}
			parts = append(parts, "stripped "+strings.Join(paths, " "))
		}
		parts = append(parts, validityText(c), outputText(turn, k, c.CallID))
		fmt.Fprintf(sb, "  %s %s: %s\n", callIDText(c.CallID), termsafe.Sanitize(c.Name), termsafe.Sanitize(strings.Join(parts, "; ")))
	}
	fmt.Fprintf(sb, "  next input: %s\n", words.Count(len(turn.NextInput), "item", "items"))
}
