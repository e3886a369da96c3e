package live

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// The ring keeps the last StderrLines lines, caps each at StderrLineBytes,
// joins a line written in pieces, and reads back sanitized.
func TestStderrRing(t *testing.T) {
	var r stderrRing
	for i := range StderrLines + 5 {
		fmt.Fprintf(&r, "line %d\n", i)
	}
	lines := r.Lines()
	if len(lines) != StderrLines || lines[0] != "line 5" || lines[len(lines)-1] != fmt.Sprintf("line %d", StderrLines+4) {
		t.Fatalf("%d lines, first %q, last %q", len(lines), lines[0], lines[len(lines)-1])
	}
	r.Write([]byte("par"))
	r.Write([]byte("tial\r\nlong " + strings.Repeat("x", 3*StderrLineBytes)))
	r.Write([]byte(strings.Repeat("y", 10) + "\nbell \x1b[31mred\x07\n"))
	tail := r.Tail(3)
	if tail[0] != "partial" {
		t.Errorf("joined line = %q", tail[0])
	}
	if !strings.HasSuffix(tail[1], "…") || len(tail[1]) != StderrLineBytes+len("…") || strings.Contains(tail[1], "y") {
		t.Errorf("long line: %d bytes, ends %q", len(tail[1]), tail[1][len(tail[1])-8:])
	}
	if strings.ContainsAny(tail[2], "\x1b\x07") {
		t.Errorf("not sanitized: %q", tail[2])
	}
	if len(r.Lines()) != StderrLines {
		t.Errorf("ring grew to %d", len(r.Lines()))
	}
	r.Write([]byte("no newline yet"))
	if got := r.Tail(1); got[0] != "no newline yet" {
		t.Errorf("unfinished line = %q", got)
	}
}

// settle lets in what is still being written before the tail is read, and
// returns at its maximum while writes go on.
func TestStderrSettle(t *testing.T) {
	var r stderrRing
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 5 {
			fmt.Fprintf(&r, "line %d\n", i)
			time.Sleep(10 * time.Millisecond)
		}
	}()
	time.Sleep(time.Millisecond)
	r.settle(50*time.Millisecond, 5*time.Second)
	if tail := r.Tail(1); len(tail) != 1 || tail[0] != "line 4" {
		t.Errorf("tail %q, want the last line written", tail)
	}
	<-done
	go func() {
		for range 100 {
			r.Write([]byte("x\n"))
			time.Sleep(5 * time.Millisecond)
		}
	}()
	// Writes that go on for half a second: settle returns at its maximum.
	r.settle(50*time.Millisecond, 100*time.Millisecond)
}
