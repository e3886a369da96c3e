package main

import (
	"flag"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// The help text of the flags several commands share, one place for each, so
// that `strictscope CMD --help` says the same of a flag everywhere. A backquoted
// word names the flag's value in the help (package flag's convention).
const (
	helpAPI              = "the `API` the tools are sent to and the outputs rendered for: chat or responses"
	helpStrict           = "the strict `MODE`: auto (strict where the schema converts, else the schema as written with strict false), true (leave out tools that do not convert), false (no tool strict)"
	helpNoPrefix         = "expose each tool as TOOL instead of SERVER__TOOL"
	helpNoDefaults       = "do not write a dropped default into its property's description (\"Default: 10.\")"
	helpDescriptionCap   = "cap tool descriptions at `N` (code points for chat, default 1024; bytes for responses, default 4096)"
	helpTools            = "an MCP tool list, `[NAME=]FILE`; repeat for several servers (without it, the tools come from the recorded requests)"
	helpApplyDefaults    = "where a null was stripped, put the property's default from the original schema back in its place"
	helpErrorPrefix      = "the `TEXT` that starts an error output (a rejected call, or a result with isError)"
	helpStructured       = "how a result's structuredContent is used, `MODE`: auto (when there is no content), prefer (instead of the content), append (after it), ignore"
	helpMaxInput         = "the largest whole-document input read, `SIZE` in bytes or with K, M or G (streamed recordings have none as a whole: each line, SSE event, HAR entry or cassette interaction is held to it)"
	helpJSONReport       = "print the report as JSON instead of text"
	helpJSONOnlyForm     = "print JSON (the only form this command prints; accepted for scripts that pass it to every command)"
	helpReplayAPI        = "the `API` the tools are sent to and the outputs rendered for: chat or responses (default: the session's; for a recording, each response's own)"
	helpReplayStrict     = "the strict `MODE`, auto, true or false (default: the session's, else auto)"
	helpReplayStages     = "show every stage of every turn: with --json, a \"stages\" list per turn; as text, each stage with its notes instead of one line per call"
	helpReplaySave       = "also write the replay as a strictscope session `FILE` that replays the same (never overwrites a file)"
	helpCallID           = "the `ID` of the call the output answers (required)"
	helpOutputAPI        = "the `API` the output is rendered for: chat or responses (required)"
	helpExplainAPI       = "the `API` the tools were sent to, for --tools: chat or responses (default chat)"
	helpCallsAPI         = "the `API` rejected outputs are rendered for: chat or responses (default: each response's own)"
	helpReplayJSON       = "print the trace as JSON: per turn its calls, rejected outputs, outputs and next input"
	helpExplainJSON      = "print the explanations as JSON"
	helpExplainTools     = "an MCP tool list the error is about, `[NAME=]FILE`; repeat for several servers (names the tool, and says what strictscope does with it)"
	helpCheckNoPrefix    = helpNoPrefix
	helpCheckFormat      = "the report's `FORMAT`: text, json (as --json), markdown (a table for a CI job's summary) or github (one GitHub Actions workflow command per finding)"
	helpFailOn           = "also exit 1 on these findings, `LIST` of hidden, truncated and renamed (comma-separated, or repeat the flag); a tool with no strict form always does"
	helpBaseline         = "compare with an earlier snapshot, `FILE`: a check --json report, or a tool list ([NAME=]FILE, as list --out writes); a regression (a tool removed or renamed, a tool that lost its strict form, a new null path) exits 1"
	helpServer           = "a live MCP server, `NAME=COMMAND` (stdio: the command split as a shell splits words, run without a shell) or NAME=URL (http or https: Streamable HTTP, else SSE); repeat for several"
	helpConfig           = "an MCP client configuration `FILE` (Claude Desktop, Cursor, Windsurf and Cline \"mcpServers\", VS Code \"servers\"): every server in it, or those --only names"
	helpOnly             = "with --config, the server `NAME` to use; repeat for several"
	helpHeader           = "an HTTP header, `'NAME: VALUE'`, sent with every request to the --server URLs; repeat for several"
	helpTimeout          = "how long each live server may take to connect and list its tools, `DURATION` (30s, 2m)"
	helpCallAPI          = "the `API` the output is rendered for: chat or responses"
	helpCallCallID       = "the `ID` of the call the output answers (default \"call_1\")"
	helpCallTimeout      = "how long the server may take to connect and list its tools, `DURATION` (30s, 2m); the call itself is given as long again, and is cancelled when that passes"
	helpForce            = "send the arguments even when they do not match the tool's input schema (the errors become notes)"
	helpInspectorAPI     = "the `API` the inspector starts on: chat or responses"
	helpInspectorStrict  = "the strict `MODE` the inspector starts on: auto, true or false"
	helpTrace            = "keep the JSON-RPC messages to and from each live server in its log (the servers screen)"
	helpInspectorTimeout = "how long each live server may take to connect and list its tools, and each call, `DURATION` (30s, 2m)"
)

// flags is a command's flag set. The flags several commands share are declared
// by its methods, each in one place with one name, default and help text; every
// command has --max-input.
type flags struct {
	*flag.FlagSet
	cmd string // the command, as errors name it
}

func newFlags(e *env, cmd string) flags {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	inputFlag(fs, e)
	return flags{fs, cmd}
}

// parse parses args (see parseFlags) and returns the positional arguments.
func (f flags) parse(args []string) ([]string, error) { return parseFlags(f.cmd, f.FlagSet, args) }

// given reports whether the flag was given on the command line.
func (f flags) given(name string) bool {
	found := false
	f.Visit(func(fl *flag.Flag) { found = found || fl.Name == name })
	return found
}

func (f flags) noPrefix() *bool      { return f.Bool("no-prefix", false, helpNoPrefix) }
func (f flags) noDefaults() *bool    { return f.Bool("no-default-descriptions", false, helpNoDefaults) }
func (f flags) applyDefaults() *bool { return f.Bool("apply-defaults", false, helpApplyDefaults) }
func (f flags) json(help string) *bool {
	return f.Bool("json", false, help)
}
func (f flags) errorPrefix() *string {
	return f.String("error-prefix", adapter.DefaultErrorPrefix, helpErrorPrefix)
}

// api declares --api with its default ("": none) and what it means to the command.
func (f flags) api(def, help string) *string { return f.String("api", def, help) }

// strict declares --strict with its default ("": none) and help.
func (f flags) strict(def, help string) *string { return f.String("strict", def, help) }

// tools declares the repeatable --tools [NAME=]FILE.
func (f flags) tools(help string) *stringList {
	var l stringList
	f.Var(&l, "tools", help)
	return &l
}

// structured declares --structured; the function it returns reads the mode
// once the flags are parsed.
func (f flags) structured() func() (adapter.StructuredMode, error) {
	s := f.String("structured", "auto", helpStructured)
	return func() (adapter.StructuredMode, error) {
		mode, ok := adapter.ParseStructuredMode(*s)
		if !ok {
			return mode, usagef("strictscope %s: --structured must be auto, prefer, append or ignore, not %s", f.cmd, termsafe.Quote(*s))
		}
		return mode, nil
	}
}
