// Package sessions is where strictscope's data comes from: MCP tool-list files,
// recordings of OpenAI traffic in every common format, strictscope session files,
// and the replay engine that turns one turn into a step-by-step trace. It sits between package adapter (pure functions over JSON values, which it
// feeds) and the UI and command line (which draw what it returns).
//
// The recording loader is [Detect], [LoadRecording], [LoadRecordingFile] and
// [LoadResponse] (one response as a session turn holds it). Every JSON value it
// returns is an [adapter.Value], so member order and number text are kept exactly as
// recorded (docs/json.md#member-order, docs/json.md#numbers).
//
// # Detection
//
// Content decides first, the file name only where content does not: a gzip file is
// what it holds once decompressed (LangChain keeps its vcrpy cassettes as .yaml.gz;
// LoadRecordingFile decompresses streams as it reads them); a file starting with
// "httprr trace v1" is an httprr trace; a file starting with '{' or '[' is JSON (one
// document), else JSONL when its first whole line is an object (a Chat chunk, a
// Responses event or a request/response pair); a file whose first lines are SSE
// fields (data:, event:, id:, retry:, or ':' comments) is an SSE stream; a file that
// looks like YAML (or is named .yaml/.yml) is read as a cassette. Detect also works
// on a file's beginning only: a JSON document cut short is classified by what it
// holds so far. Besides the recording formats it answers "session" for strictscope
// session files ("strictscope_session" key), "tool-list" for MCP tool lists
// ({"tools":[…]}, a JSON-RPC result holding one, a bare array of tools;
// docs/tool-lists.md#accepted-shapes) and "unknown" for anything else. LoadRecording
// refuses session files and tool lists with an error that says what they are.
//
// # What a recording becomes
//
// A [Recording] is a list of [Exchange]s in file order. Each exchange has what a turn
// needs of the request body (see "What an exchange keeps"; JSON null when none was
// recorded or it is not JSON, the latter a warning), the response as one whole JSON
// value, the HTTP status when recorded, and whether the response was reassembled
// from a stream. Its API is read from the response's shape (choices → chat, output →
// responses), else from the URL (a path ending in /chat/completions or /responses),
// else from the whole request (messages → chat, input or instructions → responses);
// "" when none tells.
//
// An entry that fails (a binary body, a HAR entry without content, a line that is not
// JSON) becomes a file-level warning naming it ("interaction 2: response body is
// binary: …") while the other entries load. A file where no entry loads is a
// [*LoadError] naming the first failure. An entry larger than the input cap is no
// such failure: it fails the file (see "Size"). Every message passes through
// termsafe.Sanitize: text from a file never reaches a terminal raw;
// [Recording.AllWarnings] gives every warning as one line "FILE: ENTRY: MESSAGE".
// Warnings are capped at 100 per recording or exchange; the rest are counted.
//
// # Formats and the rules chosen
//
// chat-completion, chat-message, responses-response, output-list, error-body: a plain
// JSON document of one of the response shapes
// (docs/calls-and-outputs.md#response-shapes), or an error body {"error":{…}}; one
// exchange labelled "response". A collection of quoted errors
// {"errors":[{"body":{"error":…},"http_status":400,"api":"chat"}, {"message_only":…}]}
// gives one exchange per entry ("entry N"); an entry that quotes only the message
// becomes {"error":{"message":…}} (with its param and code when given) and a warning.
//
// chat-sse, chat-jsonl: a Chat Completions stream ("data:" chunks and "data: [DONE]";
// or the chunks one JSON a line) is reassembled into one chat.completion object
// {id, object, created, model, choices:[{index, message:{role, content, refusal,
// tool_calls}, finish_reason}], usage, service_tier, system_fingerprint} (the last
// three only when streamed). Usage-only chunks (choices: []) give the usage;
// obfuscation and logprobs are dropped. Tool-call fragments are merged by index: id,
// type and name are set once, arguments appended; a fragment whose id differs from
// the id of the call at its index starts a new call there, with a warning (Ollama
// gives every parallel call index 0); a fragment without an index continues the
// last call unless it brings a new id. content and refusal deltas are
// appended; a message whose text adds up to nothing has null there. The last non-null
// finish_reason is kept. An SSE stream without [DONE] is loaded as far as it goes with
// the warning "stream ends before [DONE]: loaded as far as it goes" (a JSONL chunk
// list, which has no [DONE], only when a choice has no finish_reason).
//
// responses-sse, responses-jsonl: a Responses stream (event:/data: lines, with or
// without sequence_number; or the events one JSON a line; or a JSON array of them) is
// reassembled into one response object. response.created gives the object,
// output_item.added starts each item (by output_index, else item_id),
// function_call_arguments.delta appends to its arguments, the .done events set them
// whole; output_item.done replaces the item and response.completed (or .incomplete,
// .failed) replaces the response: the final items win. A name missing there (real
// streams omit it in function_call_arguments.done) is taken from the added item. A
// completed event with an empty output keeps the items streamed before it, with a
// warning. A stream cut off before its final event loads as far as it goes: the
// items so far, arguments as streamed, with a warning. A response.created for
// another response after a final event, or any other response event after it,
// starts the next response of a stream that holds several: they read as one response whose output holds every response's
// items in order (the last one's other fields), with a warning.
//
// In every stream a line ends at LF, CRLF or a lone CR (SSE's three line ends). An
// event that is not valid JSON is skipped with a warning naming its line (a
// recording may be cut or damaged mid-stream; the events around it still load); data split over several "data:" lines is joined, and read one event a line
// when the joined text is not one JSON value (recorders that drop the blank lines).
// An error event ({"error":…} or type "error") is a warning, and the response when
// nothing else came.
//
// vcrpy-yaml: vcrpy cassettes (interactions[].request{method, uri, body, headers},
// response{status{code, message}, headers, body{string}}), their pydantic-ai variant
// (parsed_body holds the decoded JSON and wins over body), the old top-level list
// layout, parallel requests/responses lists, Ruby VCR's http_interactions, and JSON
// cassettes of the same shapes. go-vcr-yaml: go-vcr cassettes, version 1 and 2 (go-vcr
// v1 to v4: request{body, form, headers, url, method, proto…}, response{body, headers,
// status "200 OK", code, duration, proto…}). YAML becomes JSON keeping key order;
// scalars by their resolved tag (numbers keep their text when it is valid JSON:
// "1.0" stays 1.0; 0x1F or 1_000 are written in decimal; .inf stays a string);
// a duplicate key is an error with its line; merge keys are applied; aliases are
// expanded within a size bound. Bodies may be strings or !!binary; a body that starts
// with the gzip magic bytes is gunzipped whatever the headers say (recorders keep the
// Content-Encoding header with a decoded body, or the reverse), deflate is undone when
// the header says so, and a body that is then not UTF-8 text (or is br/zstd) fails
// its interaction: "response body is binary: …". A body that is SSE text is
// reassembled like a stream file. A cassette is one YAML document: a file that
// goes on after it (a second "---" document, or text after its "..." end) loads
// the first document, with the warning "the file goes on after its first YAML
// document: only the first document is read"; an empty document after it ("---"
// then nothing but comments) is no more. JSON has no such case: text after a
// JSON document is an error.
//
// har: HAR 1.2 from browsers, mitmproxy and Polly.JS. log.entries[].request.postData.
// text is the request, response.content.text the response (base64 when encoding says
// so; Polly.JS's JSON arrays of base64 or hex chunks and its older _isBinary hex are
// read too). Entries whose URL is not an OpenAI endpoint and whose body is not a Chat
// or Responses response are skipped, with one warning counting them. An OpenAI entry
// without content fails: "entry 3: response has no content (content.text is missing;
// was the HAR saved without content?)". Invalid UTF-8, or nesting past 10,000 levels,
// in the HAR's JSON text (an entry's included) is an input error of the file, as for
// any JSON file (docs/json.md#input-errors); in an entry's body (content.text, once
// base64 is undone) it fails that entry only, as any body that is no response does:
// "entry 2: response body is not valid JSON (… nesting deeper than 10000 levels)".
// Both hold read one entry at a time and whole.
//
// httprr: Go httprr traces ("httprr trace v1", then per exchange "<request bytes>
// <response bytes>" and the raw HTTP request and response, read with net/http, so
// chunked bodies are undone; gzip bodies are gunzipped). A length line that cannot be
// read or runs past the end of the file ends the trace there, with a warning.
//
// jsonl-pairs: one {"request":…,"response":…} object a line, or one such object as a
// whole file (OpenAPI examples, whose request_curl gives the URL and the request body
// of its -d argument). request is the request body, or an HTTP record {url, method,
// headers, body}; response is the response body (a JSON value, or SSE/JSON text as a
// string), or an HTTP record {status, headers, body}. Labels are "line N"; a JSON
// array of pairs gives "exchange N", and one object as a whole file "response".
//
// # Tools inferred from a request
//
// A recording replayed without tool lists takes its tools from each request
// ([ToolsFromRequest]). A tool is strict when it says "strict": true; a Chat tool
// that says nothing is not; a Responses tool that says nothing is strict when its
// parameters have a strict form (adapter.StrictSchema converts them), because the
// Responses API normalizes such a tool into strict mode and echoes "strict": true.
// The null paths of a tool sent strict are its properties that accept null; those
// of a Responses tool made strict by that default are its properties that accept
// null and are not required, since the normalization makes the others required
// without making them nullable.
//
// A recording replayed with tool lists takes its tools from the lists alone: the
// command line's --tools are authoritative. With ReplayOptions.KeepRequestTools
// (the inspector's rule) a request keeps its own tools for the names no list
// exposes: a name matches a list's tool when it is exactly its exposed name under
// the replay's naming options, never its name on the server alone; the calls
// resolve against the lists' tools and the request's unmatched ones, and
// TurnTrace.ToolOrigins says where each tool of the request came from
// ([ToolOrigin]).
//
// # What an exchange keeps
//
// A request body repeats the whole conversation so far: in a long chat, most of a
// recording's bytes are history that every request sends again. What reads
// Exchange.Request is ToolsFromRequest and SessionFromRecording (its "tools"), the
// replay's note of how the client answered each call (the tool answers of the next
// request), and the API's detection (done before anything is dropped). So an
// exchange keeps every member of the request as recorded, in order, except
// "messages" and "input" when they are arrays: of those it keeps the tool answers
// only (Chat messages with role "tool", Responses items of type
// "function_call_output"), which later turns may use as results. An input given as
// text stays. Within one recording, the values requests repeat are kept once: an
// array or object (the tools list, a tool answer) and a string of 64 bytes or more
// (the instructions) are shared by every exchange whose value has the same compact
// JSON text. The response is kept whole, in memory of its own. Nothing an exchange
// keeps points into the document or the request it was read from, which are
// garbage as soon as the exchange is made.
//
// # Session files
//
// A session file (docs/recordings.md#session-files, read by [ParseSession]) holds the
// API, the options the tools were sent with, MCP tool lists and the turns with their
// MCP results. [SessionFromRecording] turns a recording into one, turn for turn; a
// recording replayed without tool lists keeps each request's tools in its turn, under
// "request_tools", so that the saved session replays as the recording did (the calls
// resolve against those tools, null paths inferred from them). A session with tool
// lists ignores "request_tools". Besides "strict" and "prefix", the options may say
// how outputs were rendered ("error_prefix", "structured", "apply_defaults"), written
// only when they are not the defaults; the command line and the inspector replay a
// session with them unless a flag or a toggle says otherwise.
//
// # Checked calls
//
// [CheckCalls] validates each call's arguments against its tool's original
// schema (package validate) and gives one of four outcomes:
//
//   - valid: "valid": true, no errors;
//   - invalid: "valid": false, an error for every failing keyword, each at its
//     place in the arguments;
//   - the schema cannot be compiled: "valid": false, one error at [] that says why;
//   - not checked: checking the arguments would take too long (validate's work
//     bound; six levels of a 10-way anyOf reach it). That is not an invalid call:
//     nothing was found wrong, so "valid" stays true and "errors" empty, and the
//     call alone has "checked": false and "note": "not checked: …" (after
//     "valid"), which say so and why. A call that was checked has neither
//     member, so ordinary output is unchanged.
//
// A call that was not checked is a note wherever it is shown: the replay's
// validated stage notes it and marks nothing; nothing derived from validation
// errors (the "errors" list, error marks, counts of invalid calls) carries it,
// and nothing built for the model (rejected outputs, error outputs) does either.
//
// # The JSON trace
//
// [Trace.Value] writes a replay as replay --json prints it
// (docs/recordings.md#replay-json). A call that no output answers carries a member
// "result": "missing" when no result is recorded for its call id (every call of a
// recording, which holds no MCP results), or "invalid" when the recorded result
// cannot be rendered as an output (the turn's warnings say why). A call an output
// answers has no "result" member: the calls with one are exactly those that "outputs"
// and "next_input" leave unanswered. When the recording's next request answers such a
// call (a Chat tool message or a Responses function_call_output item with its call
// id), the item the client sent follows as "client_answer": what the agent really
// sent back.
//
// # Size
//
// LoadRecordingFile reads line-oriented files (SSE, JSONL) through a buffered line
// reader and never holds them whole: a stream's memory is what its reassembled
// response needs (the arguments and text), not the file. The common events of a large
// stream (Chat chunks with one small delta, Responses argument and text deltas) are
// read by a reused jsontext scanner straight into the reassembly, without a Value per
// event; any event it does not fully understand is decoded whole instead, and tests
// and fuzzers check that both ways give the same result. Each line, and each SSE
// event, is held to the input cap: one longer fails the file, named by the line
// where it starts, so that an endless line or event cannot take memory without
// bound. Event data that no JSON value can start is skipped without being decoded.
//
// Whole-document recordings are read one entry at a time, from a file (through the
// decompressor for gzip) and from memory alike. A JSON object is walked with
// jsontext's Decoder: a HAR's log.entries and a cassette's interactions or
// http_interactions, when they are arrays, are read one element at a time, each
// element decoded alone, made into its exchange and dropped; every other member is
// decoded as it is, making the document's skeleton, on which the shape is decided as
// for the whole document, whatever the order of the members. The Decoder accepts
// exactly the texts adapter.Decode accepts. A YAML cassette of the plain shape
// recorders write (a top-level "interactions:" line, then a block list whose items
// start with "- " at one column) is cut at its items and each item parsed alone, at
// the depth it has in the document; the rest is parsed as the skeleton. The cut is
// checked rather than trusted: an item that does not parse alone as one list item
// (a quoted scalar or flow collection cut in two), an alias in the skeleton, a
// directive, a key line that the skeleton does not show as the top-level key, line
// breaks other than LF and CRLF, and aliases expanding past the whole document's
// bound all send the document to the whole reading. So does every document that
// is not valid, or whose entries read are not those the whole reading would read (a
// session file with a log, a HAR that also has interactions): a file is then read
// again, whole, and the result, the warnings and the errors (with their line,
// column, byte and JSON pointer) are the whole reading's. Tests and fuzzers check
// that both readings give the same recording. A file that cannot be read twice (a
// pipe) is read whole once, and its document read one entry at a time from memory.
//
// A JSON document read from a file one entry at a time that stops at a syntax
// error is not read again when the whole reading would only report that error:
// the error is reported as the whole decode gives it (line, column, byte, JSON
// pointer and message), found from what the reading holds at the error (the
// objects and arrays open there, the line breaks counted so far, the decoder's
// buffer and a few bytes after it). The whole reading tries other readings of a
// file that begins with '{' and is no JSON: YAML, for a file named .yaml or
// .yml, and JSONL, when one of its first lines is a whole JSON object of a
// stream's shapes. So the file is read again whole when it is named so, or when
// its lines may be JSONL: when its first megabyte does not tell, and the error
// is on its first line, the rest of that line is read and dropped, and the
// lines after it tell. Before the error is reported, the rest of the file is
// read and dropped: the whole reading reads a file to its end before it
// decodes, and reports a read error (a gzip stream cut short) instead. A file
// larger than the cap gets the syntax error, where the whole reading would
// refuse its size: a document read as it goes is not held to the cap as a
// whole. A file of '{"log":{"entries":[' and 200 MB of NUL bytes fails at byte
// 19 in about 20 MB of memory (1 GB when it was read again).
//
// What a reading one entry at a time holds at once is held to the cap on
// documents read whole (Limits.MaxInput, --max-input; 256 MiB by default), as a
// document read whole is: an entry (a HAR entry, a cassette interaction, with
// the white space before it and, in YAML, the blank and comment lines after
// it) larger than the cap, a member of the rest of the document larger than
// the cap, or the rest of the document (all but the entries: its skeleton)
// larger than the cap all together, fails the whole file with a LoadError that
// names the entry ("entry 3", "interaction 2"), the member ("/log/pages"), or
// nothing (the skeleton as a whole), and says the cap: "h.har: entry 3: larger
// than the input cap of 10 MiB, …". The whole file fails, not the entry alone:
// its other entries would need the rest of it read past the entry, which only a
// reading of the entry's bytes can do, and a file that holds an entry larger
// than the cap is larger than the cap, which a file read whole may not be. The
// reading stops at the first read that would pass the cap, without buffering
// the rest of the entry: the decoder reads no more than the cap past the place
// a token or value starts at (a YAML line no more than the cap), so memory
// grows by a few times the cap at most (the decoder's buffer grows by doubling).
// A 300 MB body in a 300 KB gzip HAR is refused with --max-input 10M in about 40
// MB of memory, and with the default cap in about 680 MB (1.6 GB before entries
// were capped, whatever the flag said). A
// document in memory (LoadRecording) is not capped: it is held already.
// TestEntryCap and TestEntryCapStopsReading check these rules; TestStreamSyntaxError
// the errors, and the fuzz targets that both readings agree.
//
// BenchmarkLoadLargeSSE reports the speed of streams (about 100 MB/s on a 2-core
// machine); TestLargeSSEMemory checks that a 30 MB stream loads with less than 3× its
// size in heap growth (measured: about 0.2×; a 100 MB stream: about 0.1×).
// TestLargeDocumentMemory loads and replays a 36 MB HAR and a 40 MB cassette (plain
// and gzip) of 8,000 and 10,000 agent exchanges under 3× their size (measured: about
// 1.8×, most of it the replay's trace; the recording alone keeps about a third of
// them); read whole, they took 4 to 8 times their size before the replay started.
// BenchmarkLoadLargeHAR and BenchmarkLoadLargeCassette report the speed (about 60
// and 25 MB/s) and the peak heap growth of a load over the file's size, one entry at
// a time and whole.
//
// # Files
//
// The types and what reads them:
//
//   - recording.go: [Recording], [Exchange] and [Format].
//   - load.go: [LoadRecording], [LoadRecordingFile], [LoadResponse] and the
//     loader's dispatch; route.go, whether a file is read a line at a time, one
//     entry at a time or whole; detect.go, [Detect] and [DetectFile]; early.go,
//     what is refused from a file's beginning.
//   - input.go: reading files and streams within [Limits]; gzip.go, gzip and the
//     bound on what a decompressor gives.
//   - shape.go: what a decoded document is; api.go, which API an exchange is
//     for; value.go, reading members; describe.go, what a file that is no
//     recording holds, in words; errors.go, [LoadError] and warnings.
//
// The formats:
//
//   - stream.go: SSE and JSONL streams, a line at a time (linereader.go),
//     reassembled by sse_chat.go and sse_responses.go, their common events read
//     by scanner.go without a Value each.
//   - cassette.go and yaml.go: vcrpy and go-vcr cassettes; har.go: HAR;
//     httprr.go: httprr traces; jsonl.go: request/response pairs; errorlist.go:
//     collections of quoted error bodies.
//   - docstream.go: a document read one entry at a time, JSON through
//     jsonreader.go, a YAML cassette through yamlstream.go; keep.go, what an
//     exchange keeps of its request.
//
// What is done with them:
//
//   - toollist.go: MCP tool lists; infer.go: tools inferred from a request.
//   - session.go: [Session], the session file.
//   - replay.go: [ReplaySession] and [ReplayRecording]; trace.go, the [Trace]
//     they give and its JSON; calls.go, [CheckCalls]; requesttools.go, a
//     request's tools kept beside the tool lists ([ToolOrigin]).
//
// The explainer of OpenAI's error bodies is package sessions/explain.
package sessions
