// Package live owns the live MCP servers strictscope connects to (SPEC §12). For
// now it says how they are named and configured: a [Server] is one server's spec,
// read from a --server argument ([ParseServerFlag], with [ParseHeaderFlag] for
// --header) or from the MCP client configuration files users already have
// ([LoadConfig]). [Connect] begins a session with one ([Conn]) and lists its
// tools from the bytes it sent.
//
// # Servers on the command line
//
// --server NAME=COMMAND starts COMMAND and speaks to it over stdio; --server
// NAME=URL (http:// or https://, in any case) speaks HTTP to URL, Streamable HTTP
// first and the legacy HTTP+SSE transport when the server answers the first POST
// with 400, 404 or 405 ([HTTPAuto]). The argument is split at its first "=". NAME
// follows the rule of a NAME=FILE tool list (docs/tool-lists.md#server-names): any
// text but the empty one; it prefixes the server's exposed tool names. COMMAND is
// split into words as a POSIX shell splits the words of a simple command
// ([SplitCommand]: quotes and backslashes, no expansions, no globbing, no
// operators) and run without a shell. An empty NAME or COMMAND, an unterminated
// quote, and a URL without a host are errors that say so without quoting the
// command or URL, which may hold a token.
//
// # Configuration files
//
// LoadConfig reads one JSON document (held to the input cap, decoded by
// adapter.Decode: a byte-order mark is skipped; invalid JSON, duplicate keys and
// comments are errors naming the line and column) of one of two shapes:
//
//   - {"mcpServers": {NAME: SERVER, …}}: Claude Desktop, Cursor, Windsurf, Cline
//     (and Claude Code's .mcp.json).
//   - {"servers": {NAME: SERVER, …}, "inputs": […]}: VS Code's mcp.json. "inputs"
//     may be there (an array); using one of them, ${input:ID}, is an error.
//
// A file with both, or neither, is an error (a tool list given to --config says
// so). Servers come in the order the file has them. A SERVER is an object with:
//
//   - "command" (a string): a stdio server, with "args" (an array of strings),
//     "env" (an object: a string or number value sets a variable, null removes
//     it from the environment the server inherits), "envFile" (a file of
//     variables, below) and "cwd" (its working directory). A relative envFile or
//     cwd is relative to the configuration file's folder.
//   - or "url" (Windsurf's "serverUrl" too): an HTTP server, with "headers" (an
//     object of strings). The URL must be http or https and name a host.
//   - "type" (Cline's older "transportType" when there is no "type"): "stdio",
//     "http", "streamable-http" ("streamableHttp") or "sse". Without it, a URL
//     asks for Streamable HTTP then SSE ([HTTPAuto]). "sse" is SSE only;
//     "streamable-http" is Streamable HTTP only, and so is "http" in an
//     mcpServers file (Claude Code's meaning); in VS Code's servers, "http" falls
//     back to SSE as VS Code does. A type that disagrees with command or url is an
//     error.
//   - "disabled": true skips the server, with a warning; --only NAME picks it all
//     the same, with a warning that it does.
//
// Other members (autoApprove, alwaysAllow, timeout, …) are ignored; a member of
// the other kind of server (args on an HTTP server, headers on a stdio one) is
// ignored with a warning. Both command and url, neither, a member of the wrong
// JSON kind, an empty command, a bad URL, and a header name that is not an HTTP
// token are errors.
//
// envFile holds one KEY=VALUE a line, as dotenv files do: blank lines and #
// comments are skipped, "export " is allowed, a value may be single-quoted (as it
// is) or double-quoted (\n, \\ and \" escapes), and an unquoted value ends before
// " #". Its variables come first and env's after them, so env wins over envFile.
//
// only, when not empty, picks servers by name, in file order still; a name the
// file does not have is an error listing the names it has. Servers not picked are
// not read at all, so a broken one does not stop the others. A file left with no
// server to use (none there, or all disabled) is an error.
//
// # Variables
//
// Every string of a used server is expanded (command, args, env values, cwd,
// envFile, url, header values; not names, and not an envFile's contents):
//
//   - ${env:NAME} and ${NAME} (NAME a shell variable name) are the variable from
//     the environment. One that is not set expands to "", as VS Code expands it,
//     with a warning naming the server and the member.
//   - ${NAME:-DEFAULT} (Claude Code's form) is DEFAULT when NAME is not set or
//     empty.
//   - ${input:ID}, VS Code's predefined variables (${workspaceFolder},
//     ${userHome}, …) and any other ${…} (${config:…}, ${command:…}, ${/}) are
//     errors naming the variable, the server and the member: strictscope is not VS
//     Code and cannot know them. A "${" without its "}" is an error too.
//   - A $ without a brace is kept as it is.
//
// # Connecting
//
// Connect goes through the official SDK's transports and client session:
// its command transport for stdio (the server in a process group of its own,
// its stderr kept in a ring of the last 1,000 lines), Streamable HTTP and the
// legacy SSE client transports, the headers on every request; the protocol
// version is negotiated by the SDK, and what the server said of itself is kept
// ([Info]). The SDK decodes inputSchema into maps, which loses member order and
// number text, so every message is seen as it goes by, below the SDK's
// decoding: over stdio and SSE (and the tests' transports) the SDK's
// Connection is wrapped; over Streamable HTTP the http.RoundTripper the SDK's
// client is given reads each POST's message and the messages of each answer
// (a JSON body, or the events of a stream) as the SDK reads them, because a
// wrapped Streamable HTTP Connection would hide from the SDK the method it
// uses to open the standalone GET stream (server messages, list_changed among
// them, come on it) and to send the negotiated MCP-Protocol-Version. The
// Result of every tools/list response is copied as sent, and the tools are read
// from those bytes (adapter.Decode, then adapter.ParseToolList on
// {"tools":[…]} joined from the pages in order). A listing follows nextCursor
// to the end; a repeated cursor or more than [MaxPages] pages is an error.
// notifications/tools/list_changed, over any transport, marks the list stale
// ([Conn.Changed], ConnectOptions.OnListChanged); [Conn.ListTools] reads it
// again. Connecting and the first listing are bounded by the timeout (30 s
// unless told); the connection itself is not: the SSE transport's event stream
// is made on a context of its own, so that it outlives Connect. [Conn.Close]
// ends the session and, for a stdio server, every process of its group (stdin
// closed, SIGTERM, SIGKILL). Errors are [*Error]: the server's name, what
// failed, its stderr's last lines and its log; a server that writes what is
// not JSON-RPC is [ErrNotJSONRPC].
//
// # The log
//
// [Conn.Log] is a server's log, for the inspector's servers screen: the lines
// of its stderr (stdio servers; the last [StderrLines], each at most
// [StderrLineBytes], its Time when its first bytes were written) and, when
// ConnectOptions.Trace is set, every JSON-RPC message sent and received on
// the connection (the last [TraceMessages], sent and received in one ring:
// 1,000 stderr lines and 1,000 messages at most in all), merged in time order.
// A message is one line: its JSON text without the whitespace between tokens,
// cut at [TraceMessageBytes] (on a character boundary) with "… (N bytes)", N
// its size as it went over the wire. Every entry is sanitized for a terminal
// (termsafe.Sanitize). Without Trace nothing of the traffic is kept or
// encoded. Log may be called from any goroutine while the server writes, and
// an *Error keeps the log as it was when the error was made (Error.Log), so
// that a server that failed can show why.
//
// # The end of a session
//
// [Conn.Done] is closed once the session ended, for any reason: the server
// exited, crashed or closed its stdout, wrote what is not JSON-RPC, the HTTP
// session ended or its stream broke (a server that ends the standalone GET
// stream ends the session: the SDK is not asked to reconnect it), or Close.
// [Conn.Err] then says why, as an *Error of Op "session" with the stderr tail
// and the log ("the server exited (exit status 3)"), or nil when Close ended
// it. Close must still be called: it ends what is left of a stdio server's
// process group.
//
// A stdio server ends with strictscope even when strictscope cannot call
// Close. On Linux and FreeBSD the server process gets SIGKILL when strictscope
// dies (a parent-death signal), which covers a panic in a goroutine other
// than main's (no defer runs) and a SIGKILL. It covers the server process
// only: the processes it started are orphaned, their stdin ends, and one that
// ignores that end keeps running. On Linux the signal follows the thread that
// started the server, which Go ends only under runtime.LockOSThread. Elsewhere
// (macOS, the other BSDs, Windows) a server outlives a strictscope that died
// until it notices that its stdin ended.
//
// # Calling
//
// [Conn.CallTool] sends a tools/call with the arguments' JSON text as it is
// and a progress token of its own, and returns the answer as the server sent
// it: the Result's bytes (the capture keeps them by request id, as it keeps
// tools/list pages: the SDK would decode numbers into float64), or the
// JSON-RPC error ([CallResult.ClientError] writes it as a client error for
// adapter.ToolOutput). The server's notifications/progress about the call go
// to CallOptions.OnProgress. A call is bounded by its timeout (the Conn's
// unless told); when that passes or its context is cancelled, the SDK sends
// notifications/cancelled, and CallTool returns once the capture saw it
// written (an error wrapping [ErrCancelled] for a cancelled context). A server
// that ends mid-call is an *Error with its stderr's last lines.
//
// # Messages
//
// Errors are *sessions.LoadError: "FILE: POINTER: server "NAME": what is wrong",
// POINTER the JSON pointer of the member (/mcpServers/git/args/2). Warnings have
// the same form. Neither ever holds the value of an env variable or a header, nor
// the text a variable was in, which may be a secret; everything is sanitized for a
// terminal.
package live
