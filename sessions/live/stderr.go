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
// each capped at StderrLineBytes. The line being written (no newline yet) is
// kept too, and shown as the last line. It is safe for concurrent use.
type stderrRing struct {
	mu      sync.Mutex
	lines   []string  // a ring of up to StderrLines complete lines
	next    int       // where the next complete line goes once the ring is full
	partial []byte    // the line being written, at most StderrLineBytes
	cut     bool      // partial went over the cap
	last    time.Time // when Write was last called
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
	r.partial, r.cut = r.partial[:0], false
	if len(r.lines) < StderrLines {
		r.lines = append(r.lines, line)
		return
	}
	r.lines[r.next] = line
	r.next = (r.next + 1) % StderrLines
}

// Lines returns the kept lines, oldest first, each sanitized for a terminal
// (termsafe.Sanitize): a server's stderr is untrusted text. A line still being
// written comes last.
func (r *stderrRing) Lines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.lines)+1)
	for i := range r.lines {
		out = append(out, termsafe.Sanitize(r.lines[(r.next+i)%len(r.lines)]))
	}
	if len(r.partial) > 0 || r.cut {
		line := string(r.partial)
		if r.cut {
			line += "…"
		}
		out = append(out, termsafe.Sanitize(line))
	}
	return out
}

// Tail returns the last n of Lines (all of them when there are fewer).
func (r *stderrRing) Tail(n int) []string {
	lines := r.Lines()
	return lines[max(len(lines)-n, 0):]
}
