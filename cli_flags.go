package main

// The help text of the flags several commands share, one place for each, so
// that `strictscope CMD --help` says the same of a flag everywhere. A backquoted
// word names the flag's value in the help (package flag's convention).
const (
	helpAPI             = "the `API` the tools are sent to and the outputs rendered for: chat or responses"
	helpStrict          = "the strict `MODE`: auto (strict where the schema converts, else the schema as written with strict false), true (leave out tools that do not convert), false (no tool strict)"
	helpNoPrefix        = "expose each tool as TOOL instead of SERVER__TOOL"
	helpNoDefaults      = "do not write a dropped default into its property's description (\"Default: 10.\")"
	helpDescriptionCap  = "cap tool descriptions at `N` (code points for chat, default 1024; bytes for responses, default 4096)"
	helpTools           = "an MCP tool list, `[NAME=]FILE`; repeat for several servers (without it, the tools come from the recorded requests)"
	helpApplyDefaults   = "where a null was stripped, put the property's default from the original schema back in its place"
	helpErrorPrefix     = "the `TEXT` that starts an error output (a rejected call, or a result with isError)"
	helpStructured      = "how a result's structuredContent is used, `MODE`: auto (when there is no content), prefer (instead of the content), append (after it), ignore"
	helpMaxInput        = "the largest whole-document input read, `SIZE` in bytes or with K, M or G (streamed recordings have none as a whole: each HAR or cassette entry is held to it)"
	helpJSONReport      = "print the report as JSON instead of text"
	helpJSONOnlyForm    = "print JSON (the only form this command prints; accepted for scripts that pass it to every command)"
	helpReplayAPI       = "the `API` the tools are sent to and the outputs rendered for: chat or responses (default: the session's; for a recording, each response's own)"
	helpReplayStrict    = "the strict `MODE`, auto, true or false (default: the session's, else auto)"
	helpReplayStages    = "show every stage of every turn: with --json, a \"stages\" list per turn; as text, each stage with its notes instead of one line per call"
	helpReplaySave      = "also write the replay as a strictscope session `FILE` that replays the same (never overwrites a file)"
	helpCallID          = "the `ID` of the call the output answers (required)"
	helpOutputAPI       = "the `API` the output is rendered for: chat or responses (required)"
	helpExplainAPI      = "the `API` the tools were sent to, for --tools: chat or responses (default chat)"
	helpCallsAPI        = "the `API` rejected outputs are rendered for: chat or responses (default: each response's own)"
	helpReplayJSON      = "print the trace as JSON: per turn its calls, rejected outputs, outputs and next input"
	helpExplainJSON     = "print the explanations as JSON"
	helpCheckNoPrefix   = helpNoPrefix
	helpInspectorAPI    = "the `API` the inspector starts on: chat or responses"
	helpInspectorStrict = "the strict `MODE` the inspector starts on: auto, true or false"
)
