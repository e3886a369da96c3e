package ui

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/testserver"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/replay"
)

// testServerBin is the MCP test server's command, built once per test binary
// into a folder removed when the tests end.
var testServerBin = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "ui-mcptestserver")
	if err != nil {
		return "", err
	}
	buildDirs = append(buildDirs, dir)
	return testserver.BuildCommand(dir)
})

var buildDirs []string

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range buildDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// liveTestServer is a --server spec of the test server with args.
func liveTestServer(t *testing.T, name string, args ...string) live.Server {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs an MCP server process")
	}
	bin, err := testServerBin()
	if err != nil {
		t.Fatal(err)
	}
	return live.Server{Name: name, Transport: live.Stdio, Command: bin, Args: args}
}

// driver runs a root model as Bubble Tea does, commands in goroutines and
// their messages back through Update, on the test's goroutine; the test
// waits for what it expects with until.
type driver struct {
	t    *testing.T
	m    *model
	msgs chan tea.Msg
}

func newDriver(t *testing.T, opts Options) *driver {
	t.Helper()
	d := &driver{t: t, m: newModel(opts, &common.Loaded{}), msgs: make(chan tea.Msg, 256)}
	t.Cleanup(func() {
		if d.m.live != nil {
			d.m.live.close()
		}
	})
	d.send(tea.WindowSizeMsg{Width: 160, Height: 50})
	d.exec(d.m.Init())
	return d
}

func (d *driver) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		if msg != nil {
			d.msgs <- msg
		}
	}()
}

func (d *driver) send(msg tea.Msg) {
	if batch, ok := msg.(tea.BatchMsg); ok {
		for _, c := range batch {
			d.exec(c)
		}
		return
	}
	_, cmd := d.m.Update(msg)
	d.exec(cmd)
}

func (d *driver) key(names ...string) {
	for _, n := range names {
		d.send(keyPress(n))
	}
}

// until feeds messages to the model until cond holds, or fails the test
// after a while, naming what it waited for.
func (d *driver) until(what string, cond func() bool) {
	d.t.Helper()
	deadline := time.After(30 * time.Second)
	for !cond() {
		select {
		case msg := <-d.msgs:
			d.send(msg)
		case <-deadline:
			d.t.Fatalf("never: %s\nscreen:\n%s", what, d.screen())
		}
	}
}

func (d *driver) screen() string { return ansi.Strip(d.m.Render()) }

func (d *driver) server(i int) *common.LiveServer { return d.m.live.lv.Servers[i] }

// gone reports whether no process has the pid.
func gone(pid int) bool { return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) }

// waitGone fails unless pid ends within a few seconds.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	for range 500 {
		if gone(pid) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("server process %d is still running", pid)
}

// TestLiveFirstFrameBeforeAnyServerAnswers: the inspector draws its first
// frame, each server connecting…, while a server that never answers
// initialize is still being waited for.
func TestLiveFirstFrameBeforeAnyServerAnswers(t *testing.T) {
	spec := liveTestServer(t, "mute", "--hang-on-initialize")
	d := newDriver(t, Options{Servers: []live.Server{spec}, Timeout: time.Minute})
	if s := d.screen(); !strings.Contains(s, "mute") || !strings.Contains(s, "connecting…") {
		t.Fatalf("the first frame does not show the server connecting:\n%s", s)
	}
	if d.server(0).State != common.LiveConnecting {
		t.Fatalf("state %v before any answer", d.server(0).State)
	}
}

// TestLiveServersConnectReconnectAndEnd: a real server process connects and
// its tools are a group; R connects it again (the first process ends);
// a change of its list is noted with what changed; a server that crashes is
// failed with its stderr, the others keep working; and when the inspector
// ends no server process is left.
func TestLiveServersConnectReconnectAndEnd(t *testing.T) {
	good := liveTestServer(t, "good", "--stderr-lines", "3")
	crash := liveTestServer(t, "crashy", "--crash-mid-call")
	d := newDriver(t, Options{Servers: []live.Server{good, crash}, Timeout: 20 * time.Second})
	d.until("both servers ready", func() bool {
		return d.server(0).State == common.LiveReady && d.server(1).State == common.LiveReady
	})
	n := len(testserver.Schemas()) - 1 // added_later is listed once change_list adds it
	if s := d.screen(); !strings.Contains(s, "good") || !strings.Contains(s, "crashy") {
		t.Errorf("the servers are not groups:\n%s", s)
	}
	if got := len(d.server(0).Tools.Tools); got != n {
		t.Fatalf("%d tools listed, want %d", got, n)
	}
	d.until("stderr in the log", func() bool {
		for _, e := range d.server(0).Log {
			if e.Kind == live.LogStderr {
				return true
			}
		}
		return false
	})

	// R on the first group's header connects it again: a new process, the
	// old one ended.
	first := d.server(0).Conn.Pid()
	d.send(common.ReconnectRequest{Server: 0})
	if d.server(0).State != common.LiveConnecting {
		t.Fatalf("R left the server %v", d.server(0).State)
	}
	d.until("reconnected", func() bool { return d.server(0).State == common.LiveReady })
	if d.server(0).Gen != 1 || d.server(0).Conn.Pid() == first {
		t.Errorf("after R: gen %d, pid %d (was %d)", d.server(0).Gen, d.server(0).Conn.Pid(), first)
	}
	waitGone(t, first)

	// The list changes: the note says what was added.
	if _, err := d.server(0).Conn.CallTool(context.Background(), "change_list", nil, live.CallOptions{}); err != nil {
		t.Fatal(err)
	}
	d.until("the list change noted", func() bool { return len(d.server(0).Changes) > 0 })
	if note := d.server(0).Changes[0]; !strings.Contains(note, "1 added ("+testserver.AddedLaterTool+")") {
		t.Errorf("the change note is %q", note)
	}
	if got := len(d.server(0).Tools.Tools); got != n+1 {
		t.Errorf("after the change: %d tools, want %d", got, n+1)
	}

	// The second server crashes mid-call: failed, with why; the first is
	// still ready.
	crashPid := d.server(1).Conn.Pid()
	go d.server(1).Conn.CallTool(context.Background(), "text", []byte(`{"message":"x"}`), live.CallOptions{})
	d.until("the crashed server failed", func() bool { return d.server(1).State == common.LiveFailed })
	if d.server(1).Err == nil || d.server(0).State != common.LiveReady {
		t.Errorf("after the crash: err %v, first server %v", d.server(1).Err, d.server(0).State)
	}
	waitGone(t, crashPid)

	last := d.server(0).Conn.Pid()
	d.m.live.close()
	waitGone(t, last)
}

// TestLiveCallBecomesAReplayTurn: c on a live tool opens the call screen
// prefilled from its schema; enter shows the approval view, y sends it, and
// the result is a turn of the live session on the replay screen, replayed
// to the call with the output rendered from the server's result.
func TestLiveCallBecomesAReplayTurn(t *testing.T) {
	d := newDriver(t, Options{Servers: []live.Server{liveTestServer(t, "ts")}, Timeout: 20 * time.Second})
	d.until("ready", func() bool { return d.server(0).State == common.LiveReady })
	var tool adapter.Tool
	for _, tl := range d.server(0).Tools.Tools {
		if tl.Name == "text" {
			tool = tl
		}
	}
	d.send(common.CallRequest{Server: 0, Tool: tool, Exposed: "ts__text"})
	if name := d.m.screen().Name(); name != "call" {
		t.Fatalf("a call request shows the %s screen", name)
	}
	if s := d.screen(); !strings.Contains(s, `"message": ""`) {
		t.Errorf("the editor is not prefilled with the required message:\n%s", s)
	}
	d.key("enter")
	if s := d.screen(); !strings.Contains(s, `{"message":""}`) {
		t.Errorf("the approval view does not show the JSON to send:\n%s", s)
	}
	if n := len(d.m.live.lv.Session.Turns); n != 0 {
		t.Fatalf("%d turns before y", n)
	}
	d.key("y")
	d.until("the call's turn", func() bool { return len(d.m.live.lv.Session.Turns) == 1 })
	if name := d.m.screen().Name(); name != "replay" {
		t.Errorf("after the call the %s screen shows, want replay", name)
	}
	tr := sessions.ReplaySession("live", d.m.live.lv.Session, sessions.ReplayOptions{})
	if turn := tr.Turns[0]; len(turn.Calls) != 1 || turn.Calls[0].Name != "ts__text" || len(turn.Outputs) != 1 {
		t.Fatalf("the turn replays to %+v", turn)
	}
	if s := d.screen(); !strings.Contains(s, common.LiveSessionName) {
		t.Errorf("the replay screen does not show the live session:\n%s", s)
	}
}

// TestScreenNames: the screens' names the context holds before the screens
// are made (for the keys that reach them) are the screens made, with and
// without live servers and files to replay.
func TestScreenNames(t *testing.T) {
	for _, tc := range []struct {
		opts   Options
		loaded *common.Loaded
	}{
		{Options{}, testExamples(t)},
		{Options{}, &common.Loaded{}},
		{Options{Servers: []live.Server{{Name: "a", Transport: live.Stdio, Command: "a"}}}, &common.Loaded{}},
		{Options{Servers: []live.Server{{Name: "a", Transport: live.Stdio, Command: "a"}}}, testExamples(t)},
	} {
		want := screenNames(len(tc.opts.Servers) > 0, replay.Replayable(tc.loaded))
		m := newModel(tc.opts, tc.loaded)
		if !slices.Equal(m.ctx.Screens, want) {
			t.Errorf("screens %v, screenNames %v", m.ctx.Screens, want)
		}
	}
}

// BenchmarkLiveFirstFrame: the inspector's first frame on four live servers
// that never answer initialize, their connections already started: it is
// drawn without waiting for any (goal: one frame, 16 ms).
func BenchmarkLiveFirstFrame(b *testing.B) {
	bin, err := testServerBin()
	if err != nil {
		b.Fatal(err)
	}
	var specs []live.Server
	for _, name := range []string{"a", "b", "c", "d"} {
		specs = append(specs, live.Server{Name: name, Transport: live.Stdio, Command: bin, Args: []string{"--hang-on-initialize"}})
	}
	var total time.Duration
	for b.Loop() {
		start := time.Now()
		m := newModel(Options{Servers: specs, Timeout: time.Minute}, &common.Loaded{})
		for _, c := range m.live.start()().(tea.BatchMsg) {
			go c()
		}
		m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
		if !strings.Contains(ansi.Strip(m.Render()), "connecting…") {
			b.Fatal("the first frame does not show the servers connecting")
		}
		total += time.Since(start)
		b.StopTimer()
		m.live.close()
		b.StartTimer()
	}
	ms := float64(total.Microseconds()) / 1000 / float64(b.N)
	b.ReportMetric(ms, "ms/first-frame")
	b.ReportMetric(ms/16, "goal-ratio")
}
