package main

import (
	"errors"

	"github.com/strictscope/strictscope/adapter"
)

var strictCommand = command{
	name:    "strict",
	summary: "convert one JSON Schema to OpenAI's strict mode",
	usage:   "strictscope strict [--json] [--no-default-descriptions] [FILE|-]",
	run:     runStrict,
}

// runStrict prints {"ok":true,"schema","null_paths","dropped"}, or
// {"ok":false,"error":{…}} with exit 1 when the schema has no strict form.
func runStrict(e *env, args []string) (int, error) {
	fs := newFlags(e, "strict")
	noDefaults := fs.noDefaults()
	fs.json(helpJSONOnlyForm)
	pos, err := fs.parse(args)
	if err != nil {
		return exitBad, err
	}
	_, schema, err := readJSONArg(e, "strict", "schema", pos)
	if err != nil {
		return exitBad, err
	}
	res, err := adapter.StrictSchema(schema, adapter.StrictOptions{NoDefaultDescriptions: *noDefaults})
	if err != nil {
		var se *adapter.StrictError
		errors.As(err, &se)
		out := adapter.ObjectValue(adapter.MemberOf("ok", adapter.BoolValue(false)), adapter.MemberOf("error", se.Value()))
		return exitFinding, writeJSON(e.stdout, out)
	}
	return exitOK, writeJSON(e.stdout, res.Value())
}
