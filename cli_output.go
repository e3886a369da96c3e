package main

import (
	"errors"
	"flag"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
)

var outputCommand = command{
	name:    "output",
	summary: "render an MCP tool result as the output item answering a call",
	usage:   "strictscope output --api chat|responses --call-id ID [--error-prefix S] [--structured auto|prefer|append|ignore] [RESULT|-]",
	run:     runOutput,
}

func runOutput(e *env, args []string) (int, error) {
	fs := flag.NewFlagSet("output", flag.ContinueOnError)
	inputFlag(fs, e)
	apiFlag := fs.String("api", "", helpOutputAPI)
	callID := fs.String("call-id", "", helpCallID)
	prefix := fs.String("error-prefix", adapter.DefaultErrorPrefix, helpErrorPrefix)
	structured := fs.String("structured", "auto", helpStructured)
	pos, err := parseFlags("output", fs, args)
	if err != nil {
		return exitBad, err
	}
	api, err := parseAPI("output", *apiFlag)
	if err != nil {
		return exitBad, err
	}
	if !flagSet(fs, "call-id") {
		return exitBad, usagef("strictscope output: --call-id is required")
	}
	mode, ok := adapter.ParseStructuredMode(*structured)
	if !ok {
		return exitBad, usagef("strictscope output: --structured must be auto, prefer, append or ignore, not %s", adapter.QuoteForMessage(*structured))
	}
	name, result, err := readJSONArg(e, "output", "result", pos)
	if err != nil {
		return exitBad, err
	}
	out, err := adapter.ToolOutput(*callID, result, adapter.OutputOptions{API: api, ErrorPrefix: *prefix, Structured: mode})
	if err != nil {
		var oe *adapter.OutputError
		if errors.As(err, &oe) {
			return exitBad, &sessions.LoadError{File: name, Where: oe.Path.Pointer(), Msg: oe.Msg, Err: err}
		}
		return exitBad, &sessions.LoadError{File: name, Msg: err.Error(), Err: err}
	}
	for _, n := range out.Notes {
		warn(e, name+": "+n)
	}
	return exitOK, writeJSON(e.stdout, out.Item)
}

// flagSet reports whether a flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}
