package live

import "time"

// LogKind is where a line of a server's log came from.
type LogKind uint8

// The kinds of log line.
const (
	LogStderr   LogKind = iota // a line the server wrote on stderr (stdio servers)
	LogSent                    // a JSON-RPC message strictscope sent (ConnectOptions.Trace)
	LogReceived                // a JSON-RPC message the server sent (ConnectOptions.Trace)
)

// A LogEntry is one line of a server's log, sanitized for a terminal.
type LogEntry struct {
	Time time.Time
	Kind LogKind
	Text string
}
