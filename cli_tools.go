package main

import (
	"errors"
	"math"
	"strconv"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

var toolsCommand = command{
	name:    "tools",
	summary: "render MCP tool lists as OpenAI tools, with the report",
	usage:   "strictscope tools --api chat|responses [--strict auto|true|false] [--no-prefix] [--no-default-descriptions] [--description-cap N] [NAME=]FILE...",
	run:     runTools,
}

// toolFlags are the flags that say how a tool list is sent.
type toolFlags struct {
	api, strict          *string
	noPrefix, noDefaults *bool
	descriptionCap       string
	capSet               bool // --description-cap was given, even as ""
}

// register declares the flags on fs; apiHelp says what --api means to the command.
func (f *toolFlags) register(fs flags, apiHelp string, withCap bool) {
	f.api = fs.api("", apiHelp)
	f.strict = fs.strict("auto", helpStrict)
	f.noPrefix = fs.noPrefix()
	f.noDefaults = fs.noDefaults()
	if withCap {
		fs.Func("description-cap", helpDescriptionCap, func(v string) error {
			f.descriptionCap, f.capSet = v, true
			return nil
		})
	}
}

// options checks the flags and returns the tools options.
func (f *toolFlags) options(cmd string) (adapter.ToolsOptions, error) {
	api, err := parseAPI(cmd, *f.api)
	if err != nil {
		return adapter.ToolsOptions{}, err
	}
	mode, err := parseStrict(cmd, *f.strict)
	if err != nil {
		return adapter.ToolsOptions{}, err
	}
	opts := adapter.ToolsOptions{API: api, Strict: mode, NoDefaultDescriptions: *f.noDefaults}
	if f.capSet {
		n, ok := parseCap(f.descriptionCap)
		min := adapter.MinDescriptionCap(api)
		if !ok || n < min {
			return opts, usagef("strictscope %s: --description-cap must be a whole number of at least %d for %s, not %s", cmd, min, api, termsafe.Quote(f.descriptionCap))
		}
		opts.DescriptionCap = n
	}
	return opts, nil
}

// parseCap reads the N of --description-cap (docs/tool-lists.md#description-caps): a
// whole number, which must be at least the API's minimum. A given but empty N is not
// a number. A positive number too large for an int is still a valid cap, one no
// description reaches, so it reads as math.MaxInt.
func parseCap(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	if errors.Is(err, strconv.ErrRange) && n > 0 {
		return math.MaxInt, true
	}
	return n, err == nil
}

func runTools(e *env, args []string) (int, error) {
	fs := newFlags(e, "tools")
	var tf toolFlags
	tf.register(fs, helpAPI+" (required)", true)
	var lf liveFlags
	lf.register(fs)
	files, err := fs.parse(args)
	if err != nil {
		return exitBad, err
	}
	opts, err := tf.options("tools")
	if err != nil {
		return exitBad, err
	}
	if len(files) == 0 && !lf.given() {
		return exitBad, usagef("strictscope tools: name at least one tool list ([NAME=]FILE) or live server (--server, --config)")
	}
	servers, err := allServers(e, files, &lf, "tools")
	if err != nil {
		return exitBad, err
	}
	set := adapter.NewToolSet(servers, adapter.NameOptions{NoPrefix: *tf.noPrefix})
	tools, rep := adapter.Tools(set, opts)
	out := adapter.ObjectValue(
		adapter.MemberOf("tools", adapter.ArrayValue(tools...)),
		adapter.MemberOf("report", rep.Value()),
		adapter.MemberOf("names", namesValue(set)),
	)
	return exitOK, writeJSON(e.stdout, out)
}

// namesValue lists every tool of the set: {EXPOSED:{"server","tool"}}.
func namesValue(set *adapter.ToolSet) adapter.Value {
	mems := make([]adapter.Member, len(set.Entries))
	for i, en := range set.Entries {
		mems[i] = adapter.MemberOf(en.Exposed, adapter.ObjectValue(adapter.MemberOf("server", str(en.Server)), adapter.MemberOf("tool", str(en.Tool.Name))))
	}
	return adapter.ObjectValue(mems...)
}
