package live

import (
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// LogKind is where a line of a server's log came from.
type LogKind uint8

// The kinds of log line.
const (
	LogStderr   LogKind = iota // a line the server wrote on stderr (stdio servers)
	LogSent                    // a JSON-RPC message strictscope sent (ConnectOptions.Trace)
	LogReceived                // a JSON-RPC message the server sent (ConnectOptions.Trace)
)

// String names the kind: "stderr", "sent" or "received".
func (k LogKind) String() string {
	switch k {
	case LogStderr:
		return "stderr"
	case LogSent:
		return "sent"
	case LogReceived:
		return "received"
	}
	return "LogKind(" + strconv.Itoa(int(k)) + ")"
}

// A LogEntry is one line of a server's log, sanitized for a terminal.
type LogEntry struct {
	Time time.Time
	Kind LogKind
	Text string
}

// TraceMessages is how many JSON-RPC messages a traced connection keeps
// (ConnectOptions.Trace): the last ones, sent and received together, older
// ones dropped as new ones come. Stderr has a ring of its own (StderrLines).
const TraceMessages = 1000

// TraceMessageBytes caps the text of one traced message: a longer message is
// cut at the cap (on a character boundary) and ends with "… (N bytes)", N its
// size as it went over the wire.
const TraceMessageBytes = 4096

// A traceRing keeps the last TraceMessages JSON-RPC messages of a connection
// as log entries. It is safe for concurrent use.
type traceRing struct {
	mu      sync.Mutex
	entries []LogEntry // a ring of up to TraceMessages entries
	next    int        // where the next entry goes once the ring is full
}

// add keeps msg, the JSON text of one message, as an entry of kind k, its
// time now.
func (r *traceRing) add(k LogKind, msg []byte) {
	e := LogEntry{Time: time.Now(), Kind: k, Text: traceText(msg)}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.entries) < TraceMessages {
		r.entries = append(r.entries, e)
		return
	}
	r.entries[r.next] = e
	r.next = (r.next + 1) % TraceMessages
}

// list returns the kept entries, oldest first.
func (r *traceRing) list() []LogEntry {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]LogEntry, 0, len(r.entries))
	for i := range r.entries {
		out = append(out, r.entries[(r.next+i)%len(r.entries)])
	}
	return out
}

// traceText is msg, valid JSON text, on one line for a log: the whitespace
// between its tokens dropped, cut at TraceMessageBytes with a note of its
// size, sanitized for a terminal. Only the part kept is read, so a large
// message costs no more than a small one.
func traceText(msg []byte) string {
	out := make([]byte, 0, min(len(msg), TraceMessageBytes))
	inString, escaped, cut := false, false, false
	for _, b := range msg {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
			}
		case b == ' ' || b == '\t' || b == '\n' || b == '\r':
			continue
		case b == '"':
			inString = true
		}
		if len(out) == TraceMessageBytes {
			cut = true
			break
		}
		out = append(out, b)
	}
	if cut {
		out = out[:fullRunes(out)]
		out = append(out, "… ("+strconv.Itoa(len(msg))+" bytes)"...)
	}
	return termsafe.Sanitize(string(out))
}

// fullRunes is the length of b without the last character when the cut
// took only its first bytes.
func fullRunes(b []byte) int {
	for i := len(b) - 1; i >= max(len(b)-utf8.UTFMax, 0); i-- {
		if utf8.RuneStart(b[i]) {
			if utf8.FullRune(b[i:]) {
				return len(b)
			}
			return i
		}
	}
	return len(b)
}

// mergeLog merges two logs, each oldest first, into one in time order (an
// entry of a before one of b at the same time).
func mergeLog(a, b []LogEntry) []LogEntry {
	out := make([]LogEntry, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if b[0].Time.Before(a[0].Time) {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}
