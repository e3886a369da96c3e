package live

import (
	"bytes"
	"strings"
	"sync"
	"time"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// StderrLines is how many lines of a stdio server's stderr are kept: the last
// ones, older lines dropped as new ones come.
const StderrLines = 1000

// StderrLineBytes caps one kept line of stderr. The bytes of a longer line past
// the cap are dropped and the line ends with "…"; the next line starts after the
// next newline.
const StderrLineBytes = 4096

// A stderrRing is an io.Writer keeping the last StderrLines lines written to it,
// each capped at StderrLineBytes, with the time its first bytes were written.
// The line being written (no newline yet) is kept too, and shown as the last
// line. It is safe for concurrent use.
type stderrRing struct {
	mu        sync.Mutex
	lines     []stderrLine // a ring of up to StderrLines complete lines
	next      int          // where the next complete line goes once the ring is full
	partial   []byte       // the line being written, at most StderrLineBytes
	partialAt time.Time    // when the line being written began
	cut       bool         // partial went over the cap
	last      time.Time    // when Write was last called
}

// A stderrLine is one complete line of stderr, as written (not sanitized).
type stderrLine struct {
	at   time.Time
	text string
}

// Write takes p into the ring; it never fails.
func (r *stderrRing) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.last = time.Now()
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		chunk := p
		if i >= 0 {
			chunk = p[:i]
		}
		if len(r.partial) == 0 && !r.cut { // a new line begins
			r.partialAt = r.last
		}
		r.take(chunk)
		if i < 0 {
			break
		}
		r.endLine()
		p = p[i+1:]
	}
	return n, nil
}

// settle waits until nothing was written for quiet, and at most max: the
// stderr of a server that just went away is still being copied into the ring
// (exec copies it in a goroutine of its own), and its last lines say why.
func (r *stderrRing) settle(quiet, max time.Duration) {
	deadline := time.Now().Add(max)
	for time.Now().Before(deadline) {
		r.mu.Lock()
		idle := time.Since(r.last)
		r.mu.Unlock()
		if idle >= quiet {
			return
		}
		time.Sleep(quiet - idle)
	}
}

// take appends b to the line being written, up to the cap.
func (r *stderrRing) take(b []byte) {
	room := StderrLineBytes - len(r.partial)
	if len(b) > room {
		b = b[:max(room, 0)]
		r.cut = true
	}
	r.partial = append(r.partial, b...)
}

// endLine moves the line being written into the ring.
func (r *stderrRing) endLine() {
	line := strings.TrimSuffix(string(r.partial), "\r")
	if r.cut {
		line += "…"
	}
	l := stderrLine{at: r.partialAt, text: line}
	r.partial, r.cut = r.partial[:0], false
	if len(r.lines) < StderrLines {
		r.lines = append(r.lines, l)
		return
	}
	r.lines[r.next] = l
	r.next = (r.next + 1) % StderrLines
}

// Lines returns the kept lines, oldest first, each sanitized for a terminal
// (termsafe.Sanitize): a server's stderr is untrusted text. A line still being
// written comes last.
func (r *stderrRing) Lines() []string {
	entries := r.entries()
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.Text
	}
	return out
}

// entries returns the kept lines as log entries of kind LogStderr, oldest
// first, each sanitized, its Time when its first bytes were written. A line
// still being written comes last.
func (r *stderrRing) entries() []LogEntry {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]LogEntry, 0, len(r.lines)+1)
	for i := range r.lines {
		l := r.lines[(r.next+i)%len(r.lines)]
		out = append(out, LogEntry{Time: l.at, Kind: LogStderr, Text: termsafe.Sanitize(l.text)})
	}
	if len(r.partial) > 0 || r.cut {
		line := string(r.partial)
		if r.cut {
			line += "…"
		}
		out = append(out, LogEntry{Time: r.partialAt, Kind: LogStderr, Text: termsafe.Sanitize(line)})
	}
	return out
}

// Tail returns the last n of Lines (all of them when there are fewer).
func (r *stderrRing) Tail(n int) []string {
	lines := r.Lines()
	return lines[max(len(lines)-n, 0):]
}
