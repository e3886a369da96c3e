// Package adapter is the strictscope library: pure functions over JSON values that
// carry MCP tools to OpenAI function calling and the model's calls back, for the
// Chat Completions and the Responses API. It does no I/O and keeps no state; the
// inspector and the command line draw what it returns and never re-derive a rule.
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
// # JSON
//
// The library works on its own JSON [Value], which keeps what a map loses: object
// members stay in the order they were written, and numbers keep their exact text
// (1e400, 12345678901234567890, 1.0). Order matters: OpenAI generates arguments in
// schema property order. Keys the converter adds go after the existing ones
// (properties, required, additionalProperties, then a new description); existing
// keys keep their place; required is the one list that is sorted. JSON written
// inside strings (a default in a description, structuredContent as text) is
// compact, without HTML escaping, non-ASCII literal. [MarshalIndent], which the
// command line prints with, breaks arrays and objects into lines down to
// [MaxIndentDepth] levels and writes what is nested deeper compact on its line:
// arguments come from the model and schemas from servers, and the text must
// grow with a value's size, not with the square of its depth. Values are built
// with [StringValue], [ArrayValue], [ObjectValue] and [MemberOf]; they are
// immutable, so every result may share parts of its input.
//
// [Decode] reads input files: invalid JSON, invalid UTF-8, an unpaired surrogate
// escape, a duplicate key inside one object and nesting deeper than 10,000 levels
// are a [*SyntaxError] with the byte offset, line, column and JSON pointer; a
// leading byte-order mark is skipped. It accepts exactly the texts jsontext accepts
// (RFC 8259, duplicate names rejected), and the problem and its position in an
// error are the ones jsontext finds. Text the model wrote (arguments) is judged by
// [ToolCalls] instead: there a byte-order mark is not skipped.
//
// # Tool lists and names
//
// [ParseToolList] accepts a tools/list result {"tools":[…]}, a JSON-RPC response
// whose result is one, and a bare array of tools. A tool needs a non-empty string
// name; a missing inputSchema reads as {"type":"object"} with a warning. A list of
// OpenAI tools (every tool {"type":"function",…} with parameters or a function
// object, none with inputSchema) is refused with a message that says so. A name
// listed more than once in one list is a warning with the count: MCP tool names
// are unique within a server.
//
// [NewToolSet] exposes every tool as SERVER__TOOL (TOOL without prefix), every code
// point outside [A-Za-z0-9_-] replaced by "_". A name over 64 characters keeps its
// first 55, then "_", then the first 8 hex digits of SHA-256 of SERVER + "\x00" +
// TOOL. Tools that collide take, in input order, the first free name among BASE,
// BASE_2, BASE_3, … (the base shortened to keep 64). Names resolve back only by
// exact, case-sensitive match.
//
// # Descriptions
//
// [CleanText] removes hidden characters from tool descriptions and from every
// description and title at a schema position of a schema sent (never inside enum,
// const, default, examples or unknown keywords; property names are never touched):
// C0 controls but tab, LF and CR; U+007F–U+009F; U+00AD; U+061C; U+180E;
// U+200B–U+200F; U+202A–U+202E; U+2060–U+2064; U+2066–U+2069; U+FEFF;
// U+FFF9–U+FFFB; tag characters U+E0000–U+E007F; U+E0100–U+E01EF. It reports how
// many it removed and the ASCII text the tag characters spelled: hidden
// instructions in tool descriptions are a known attack on MCP clients. Tool
// descriptions are then capped ([CapDescription]): 1024 code points for Chat (the
// API rejects longer ones), 4096 bytes for Responses; a longer one keeps its first
// 1023 code points or its longest prefix of at most 4093 bytes, then "…". A
// description exactly at the cap is not cut, and nothing is trimmed. An empty
// description is omitted. [Sanitize] is for the other direction: it makes untrusted
// text safe and visible on a terminal (⟨U+200B⟩).
//
// # Strict schema
//
// [StrictSchema] rewrites a JSON Schema into the subset OpenAI accepts with
// "strict": true, and returns the schema, the instance paths it made nullable (null
// paths), the keywords it dropped (with schema paths), and the hidden characters it
// removed; or a [*StrictError] with the schema path, the keyword (or limit) and what
// to change. The null paths come as a [PathList] and the dropped keywords as a
// [DroppedList]: paths that share a prefix share its storage there, and each
// [Path] is built when it is asked for, so a schema with thousands of optional
// properties costs a step per null path, not a copy of every path.
//
// The root is checked first: it must not be an anyOf, its type must be the string
// "object", and it must not be a $ref. A root that declares no property becomes
// {"type":"object","properties":{},"required":[],"additionalProperties":false}; an
// explicit root additionalProperties other than false still fails.
//
// Then every node, in document order, by these steps:
//
//  1. A node that is not a JSON object fails (type).
//  2. An unsupported keyword fails, the first in the node's key order: allOf not
//     oneOf if then else dependentRequired dependentSchemas dependencies
//     patternProperties unevaluatedProperties unevaluatedItems propertyNames
//     prefixItems contains minContains maxContains $dynamicRef $recursiveRef, and
//     items given as an array.
//  3. A $ref must be "#", "#/$defs/NAME" or "#/definitions/NAME" (only ~1 and ~0
//     are decoded) and resolve. OpenAI rejects $ref siblings, so siblings that are
//     dropped anyway go, description and title move onto a wrapper
//     {"anyOf":[{"$ref":R}],"description":…}, and any other sibling fails ($ref).
//  4. Type names must be valid (a string or a non-empty list, kept as written); a
//     node needs one of type, enum, const, anyOf, $ref; a kept keyword of the wrong
//     JSON kind fails with that keyword (a draft-04 boolean exclusiveMinimum too);
//     a description or title that is not a string is dropped; required entries
//     that are not strings or not properties are ignored.
//  5. An object (type has "object") needs additionalProperties absent or false; a
//     nested object with no properties and no additionalProperties false is a
//     free-form map and fails. Every object gets additionalProperties false and
//     required listing every property, sorted; one with no properties gets
//     "properties": {}. properties, required and additionalProperties on a node
//     without "object" in its type, and items without "array", are dropped.
//  6. An array (type has "array") without items fails.
//  7. An optional property (not in the input's required) becomes nullable, unless
//     it already accepts null (each of its type, enum, const, anyOf and $ref that
//     is present accepts it; a $ref when its target does, a cycle does not), in
//     which case its path is not a null path: the server accepts null there. A
//     property with const, or anyOf with type or enum, is wrapped; one with type
//     gets "null" added to the type (and null appended to its enum); an enum alone
//     gets null appended; an anyOf alone gets a {"type":"null"} branch; a $ref is
//     wrapped. To wrap S is to write {"anyOf":[S,{"type":"null"}]}, moving S's
//     description and title onto the wrapper.
//  8. Kept are type properties required additionalProperties items enum const
//     anyOf $ref description title pattern minLength maxLength multipleOf minimum
//     maximum exclusiveMinimum exclusiveMaximum minItems maxItems, format when one
//     of date-time time date duration email hostname ipv4 ipv6 uuid, and the root's
//     $defs and definitions; everything else is dropped and listed. A pattern with
//     look-around ((?=, (?!, (?<=, (?<! outside classes and escapes) is dropped:
//     newer models reject it.
//  9. A property's default is dropped and written into its description as
//     "Default: <compact JSON>." (after a space when the cleaned description is not
//     empty; onto the wrapper for a wrapped property); a default elsewhere is
//     dropped without text. StrictOptions.NoDefaultDescriptions turns the text off.
//
// Only definitions reachable from the root through $refs at kept positions are
// converted, at the place of the root's $defs key; each unreachable one is listed
// as dropped ({"path":["$defs",NAME],"keyword":"$defs"}, or definitions), and a
// $defs left with none is left out. Null paths through a $ref are expanded at every
// place it is used. A $ref cycle fails when any definition reachable from the
// cycle makes a property nullable (the paths would be unbounded), at the first $ref
// in document order whose target is already being expanded. A schema whose $refs
// would expand to more than [MaxNullPaths] null paths fails with keyword $ref.
//
// Limits are checked last, in the document order of the output: the first one
// crossed fails, at the output path of the node holding what crossed it:
// max_properties (5000 in all), max_depth (10 levels of object nesting; the root
// is level 1, arrays add none, a definition counts from its own root), max_chars
// (120,000 code points of property names, definition names, enum and const
// values; a non-string value counts its JSON text), max_enum_values (1000 across
// the schema, counting the nulls step 7 appends), max_enum_chars (an enum of
// strings with more than 250 values adding up to more than 15,000 code points).
// An appended null counts as a
// value but never as characters, and never stops an enum from being one of
// strings. When only a limit fails, the result is returned with the error, so that
// the path can be shown in it; it must not be sent as strict.
//
// The first failure in this order is reported: node steps in document order, then
// the cycle rule, then limits. Null paths are listed once each, in the order of a
// pre-order walk with $refs expanded where used. In JSON a null path is an array of
// property names with null for "every element": ["tags", null, "k"]. Branches of
// an anyOf share their instance path, so a null path found in one branch is also
// stripped where another branch would have accepted the null.
//
// [CheckStrict] is the same rules seen from the output side, written
// independently: every result of StrictSchema passes it, and it lists every way a
// hand-written schema breaks them.
//
// Where the contract is silent the converter chooses, and keeps to it: a definition
// used twice counts once toward the limits (the output holds it once); items given
// as an array fails even on a node that is not an array; properties or required of
// the wrong kind on a node that is not an object are dropped, not failed; an empty
// enum and repeated type names are kept as written; "#/$defs/" with an empty name
// is not a local $ref; of several $ref cycles, the first whose cycle makes
// properties nullable is reported.
//
// # Stripping nulls
//
// [StripNulls] walks each null path through the arguments (an "every element" step
// walks every element) and removes a member whose value is exactly null; anything
// else is left alone, and paths that do not fit are ignored. [StripNullsWithDefaults]
// puts the property's default from the original schema back in the null's place.
//
// # Tools, calls and outputs
//
// [Tools] renders the tools request parameter for either API, keys in the order
// OpenAI documents, "strict" always sent. With [StrictAuto] a tool that does not
// convert goes with its original schema and "strict": false (a fallback); with
// [StrictOn] it is left out (excluded); with [StrictOff] every tool goes as written.
// A schema sent as written still has its description and title strings cleaned.
// The [ToolsReport] holds every tool's outcome, and its Value is the report
// (docs/strict-mode.md#the-report): null_paths, fallbacks, excluded and notes
// (truncated, removed, dropped, renamed).
//
// [ToolCalls] reads the calls of a Chat completion, a Chat message, a Responses
// response, or a list of either API's call items, resolves each name exactly among
// the tools that were sent, decodes the arguments ("" reads as {}) and strips the
// nulls at the tool's null paths. An unknown name, missing arguments, arguments
// that are not a JSON object, and the multi_tool_use.parallel (or parallel) wrapper
// some models emit are rejected with an output in the item's API shape whose text
// starts with the error prefix. A Chat entry without a "function" object, or a
// Responses item without a "type", is no call item at all: the response is an
// error, not a rejection. A zero CallsOptions has no error prefix;
// [DefaultCallsOptions] has "Error: ".
//
// Package [github.com/strictscope/strictscope/adapter/validate] checks the stripped
// arguments against the tool's original schema, in the draft its $schema names,
// format not asserted, patterns in RE2. It is a package of its own because the
// JSON Schema engine it uses builds the meta-schemas of five drafts when a program
// starts, about 370 KB the garbage collector then reads at every cycle: a program
// that only converts schemas does not link it, and its conversions spend less time
// collecting garbage.
//
// [ToolOutput] renders an MCP result as the item answering a call: a CallToolResult,
// a client error {"error":"message"}, or a JSON-RPC response to tools/call. A capture
// of a response (result or error beside other members such as id or metadata, and
// none of content, structuredContent and isError) reads like the response. A
// JSON-RPC error is a client error whose text is "JSON-RPC error CODE: MESSAGE" (CODE
// as written), or MESSAGE alone when the code is absent or not a number; the library
// writes a JSON-RPC error that way wherever it shows one. What OpenAI would reject
// is reported in the output's notes and sent all the same: an output over
// [MaxOutputChars] characters, and an image or PDF sent as media whose data is over
// [MaxMediaBytes] (20 MiB, counted in decoded bytes: 20,971,520), with its block
// and its size.
package adapter
