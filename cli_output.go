package main

import (
	"errors"

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
	fs := newFlags(e, "output")
	apiFlag := fs.api("", helpOutputAPI)
	callID := fs.String("call-id", "", helpCallID)
	prefix := fs.errorPrefix()
	structured := fs.structured()
	pos, err := fs.parse(args)
	if err != nil {
		return exitBad, err
	}
	api, err := parseAPI("output", *apiFlag)
	if err != nil {
		return exitBad, err
	}
	if !fs.given("call-id") {
		return exitBad, usagef("strictscope output: --call-id is required")
	}
	mode, err := structured()
	if err != nil {
		return exitBad, err
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
