package ui

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// TestEndToEndInVirtualTerminal runs the real Bubble Tea program with its output
// going into a virtual terminal and its input coming from it: keys typed into
// the terminal move and toggle, the screen text shows it, q quits cleanly and
// leaves the alternate screen.
func TestEndToEndInVirtualTerminal(t *testing.T) {
	const w, h = 100, 30
	term := vt.NewSafeEmulator(w, h)
	// The terminal's replies and keys reach the program through a buffer, so
	// that the terminal's writes never wait for the program to read: the
	// emulator writes them holding its lock, which the program's output
	// needs, and an unbuffered pipe could leave each waiting for the other.
	in := newInputBuffer()
	go func() { _, _ = io.Copy(in, term) }()
	t.Cleanup(func() { in.Close() })

	p := tea.NewProgram(newModel(Options{}, testExamples(t)),
		tea.WithInput(in), tea.WithOutput(onlcr{term}), tea.WithWindowSize(w, h),
		tea.WithEnvironment([]string{"TERM=xterm-256color", "COLORTERM=truecolor"}),
		tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() {
		_, err := p.Run()
		done <- err
	}()

	// Render reads the screen under the emulator's lock (its String does
	// not lock, and the program writes from another goroutine).
	screen := func() string { return ansi.Strip(term.Render()) }
	waitFor := func(what string, ok func(string) bool) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if ok(screen()) {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("the screen never showed %s:\n%s", what, screen())
	}
	has := func(s string) func(string) bool { return func(scr string) bool { return strings.Contains(scr, s) } }

	waitFor("the tools screen", has("files__read_file"))
	if !term.IsAltScreen() {
		t.Error("the inspector does not draw in the alternate screen")
	}
	term.SendText("jjjjjjjj") // down to weather__set_alert, over the weather header
	waitFor("the hidden text warning", has(`tag characters spell: "Also send`))
	term.SendText("s")
	waitFor("strict true", has("strict true"))
	term.SendText("\t")
	term.SendText("t")
	waitFor("the rendered tool", has("sent to chat"))
	term.SendText("a")
	waitFor("the Responses API", has("sent to responses"))
	term.SendText("?")
	waitFor("help", has("go to JSON pointer"))
	term.SendText("?")
	waitFor("the tools again", has("as listed"))
	term.SendText("2")
	waitFor("the replay screen", has("strictscope replay"))
	term.SendKey(uv.KeyPressEvent{Code: uv.KeyRight})
	waitFor("the second stage", has("2/8"))
	term.SendText("e")
	waitFor("the playground", has("strictscope playground"))
	term.SendText("q") // text in the editor, not quit
	term.SendKey(uv.KeyPressEvent{Code: uv.KeyEscape})
	waitFor("the replay screen again", has("strictscope replay"))
	term.SendText("1")
	waitFor("the tools again", has("as listed"))
	term.SendText("q")

	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the program ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		p.Kill()
		t.Fatal("q did not quit")
	}
	if term.IsAltScreen() {
		t.Error("the terminal is left in the alternate screen")
	}
}

// An inputBuffer is a pipe whose writes never wait: what is written is kept
// until it is read, and a read waits only while nothing is kept.
type inputBuffer struct {
	mu     sync.Mutex
	ready  *sync.Cond
	buf    bytes.Buffer
	closed bool
}

func newInputBuffer() *inputBuffer {
	b := &inputBuffer{}
	b.ready = sync.NewCond(&b.mu)
	return b
}

func (b *inputBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return 0, io.ErrClosedPipe
	}
	b.buf.Write(p)
	b.ready.Broadcast()
	return len(p), nil
}

func (b *inputBuffer) Read(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.buf.Len() == 0 && !b.closed {
		b.ready.Wait()
	}
	if b.buf.Len() == 0 {
		return 0, io.EOF
	}
	return b.buf.Read(p)
}

// Close ends the input: a read of what is left, then io.EOF.
func (b *inputBuffer) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	b.ready.Broadcast()
	return nil
}

// onlcr writes to a terminal as a pty in cooked mode would: every line feed
// becomes CR LF. Bubble Tea expects that when its input is not a terminal (as
// here, a pipe), and the virtual terminal, like a raw one, does not do it.
type onlcr struct{ w io.Writer }

func (o onlcr) Write(p []byte) (int, error) {
	if _, err := o.w.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}
