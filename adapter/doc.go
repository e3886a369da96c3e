// Package adapter is the strictscope library: pure functions over JSON values that
// carry MCP tools to OpenAI function calling and the model's calls back, for the
// Chat Completions and the Responses API. It does no I/O and keeps no state; the
// inspector and the command line draw what it returns and never re-derive a rule.
//
// A round trip, from an MCP tools/list result to the outputs that answer the
// model's calls:
//
//	doc, _ := adapter.Decode(toolsListBytes)
//	tools, _, _ := adapter.ParseToolList(doc)
//	set := adapter.NewToolSet([]adapter.Server{{Name: "weather", Tools: tools}}, adapter.NameOptions{})
//	params, report := adapter.Tools(set, adapter.ToolsOptions{API: adapter.Responses})
//	// send params as "tools"; report.Value() says what was done and why
//	x, _ := adapter.ToolCalls(response, report.Sent(), adapter.DefaultCallsOptions())
//	// run each x.Calls[i] (its Arguments have the strict-mode nulls stripped),
//	// then answer with ToolOutput; x.NextInput(outputs) is the next input.
//
// The rules are written out, each with examples, in the repository's docs/
// folder; this overview names the entry points and where their rules are.
//
// # JSON
//
// The library works on its own JSON [Value], which keeps what a map loses: object
// members in the order they were written (OpenAI generates arguments in schema
// property order), and numbers as written (1e400, 1.0). Values are immutable and
// built with [StringValue], [ArrayValue], [ObjectValue] and [MemberOf], so a
// result may share parts of its input. [Decode] reads input files and reports
// every problem as a [*SyntaxError] with its byte offset, line, column and JSON
// pointer; [MarshalIndent] writes values, compact past [MaxIndentDepth] levels so
// that text grows with a value's size, not with the square of its depth. Rules:
// docs/json.md.
//
// # Tool lists, names and descriptions
//
// [ParseToolList] reads an MCP tool list (a tools/list result, a JSON-RPC
// response holding one, or a bare array) and refuses a list of OpenAI tools with a
// message that says so. [NewToolSet] gives every tool its exposed name,
// SERVER__TOOL, cleaned, held to 64 characters and made unique; names resolve
// back only by exact match. [CleanText] removes hidden characters from
// descriptions and reports what the tag characters spelled; [CapDescription]
// holds a tool description to the API's limit. Package
// [github.com/strictscope/strictscope/adapter/termsafe] is for the other
// direction: it makes untrusted text safe and visible on a terminal. Rules:
// docs/tool-lists.md.
//
// # Strict schema
//
// [StrictSchema] rewrites a JSON Schema into the subset OpenAI accepts with
// "strict": true. It returns the schema, the instance paths it made nullable (a
// [PathList] of null paths), the keywords it dropped (a [DroppedList], with
// their schema paths) and the hidden characters it removed; or a [*StrictError]
// with the schema path, the keyword or limit, and what to change. When only a
// limit fails, the result comes with the error, so that the path can be shown
// in it; it must not be sent as strict. [CheckStrict] is the same rules seen
// from the output side, written independently: every result of StrictSchema
// passes it, and it lists every way a hand-written schema breaks them. Rules,
// node by node, with the limits and which failure is reported:
// docs/strict-mode.md.
//
// # Stripping nulls
//
// Strict mode makes every property required, so the model sends null for the
// ones it would have left out. [StripNulls] removes exactly those nulls, walking
// each null path through the arguments; [StripNullsWithDefaults] puts the
// property's default from the original schema back in their place. Rules:
// docs/strict-mode.md#stripping-nulls.
//
// # Tools, calls and outputs
//
// [Tools] renders the tools request parameter for either API, "strict" always
// sent: with [StrictAuto] a tool that does not convert goes as written with
// "strict": false, with [StrictOn] it is left out, with [StrictOff] every tool
// goes as written. Its [ToolsReport] holds every tool's outcome, and its Value is
// the report (docs/strict-mode.md#the-report).
//
// [ToolCalls] reads the calls of a Chat completion or message, a Responses
// response, or a list of either API's call items; it resolves each name among
// the tools that were sent, decodes the arguments and strips the nulls at the
// tool's null paths. A call it cannot make (an unknown tool, arguments that are
// no JSON object, a parallel wrapper) is rejected with an output in the item's
// API shape that tells the model what went wrong (docs/calls-and-outputs.md).
//
// Package [github.com/strictscope/strictscope/adapter/validate] checks the
// stripped arguments against the tool's original schema. It is a package of its
// own because its JSON Schema engine builds the meta-schemas of five drafts when
// a program starts, about 370 KB the garbage collector then reads at every
// cycle: a program that only converts does not link it.
//
// [ArgumentsSkeleton] is where a person calling a tool by hand (the
// inspector's call screen) starts: an object of the input schema's required
// properties, each with its default, its first enum value or an empty value
// of its type, bounded in depth and work for any schema.
//
// [ToolOutput] renders an MCP result (a CallToolResult, a client error, or a
// JSON-RPC response to tools/call) as the item answering a call, for either API:
// text for Chat; for Responses, media blocks as input_image and input_file items.
// What OpenAI would reject (an output over [MaxOutputChars] characters, media over
// [MaxMediaBytes]) is reported in the output's notes and sent all the same
// (docs/calls-and-outputs.md#rendering-results).
package adapter
