package call

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/testserver"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
)

// driver runs a screen as Bubble Tea does: each command in a goroutine of its
// own, its message given back to Update on the test's goroutine. It keeps
// the messages meant for the root model.
type driver struct {
	t      *testing.T
	s      *Screen
	msgs   chan tea.Msg
	stop   chan struct{}
	done   []common.CallDoneMsg
	status []common.StatusMsg
	shown  []int // the screens ShowScreenMsg asked for
}

func newDriver(t *testing.T, s *Screen) *driver {
	d := &driver{t: t, s: s, msgs: make(chan tea.Msg), stop: make(chan struct{})}
	t.Cleanup(func() { close(d.stop) })
	return d
}

// run runs cmd in a goroutine; its message waits for the test to take it.
func (d *driver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		select {
		case d.msgs <- msg:
		case <-d.stop:
		}
	}()
}

// handle gives a command's message to the screen, or keeps it when it is
// the root's.
func (d *driver) handle(msg tea.Msg) {
	switch m := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range m {
			d.run(c)
		}
	case common.CallDoneMsg:
		d.done = append(d.done, m)
	case common.StatusMsg:
		d.status = append(d.status, m)
	case common.ShowScreenMsg:
		d.shown = append(d.shown, m.Screen)
	default:
		d.run(d.s.Update(msg))
	}
}

// send gives the screen a message (a key) as the root model does.
func (d *driver) send(msg tea.Msg) { d.handle(msg) }

// until takes messages until cond holds, for at most 10 s.
func (d *driver) until(what string, cond func() bool) {
	d.t.Helper()
	deadline := time.NewTimer(10 * time.Second)
	defer deadline.Stop()
	for !cond() {
		select {
		case m := <-d.msgs:
			d.handle(m)
		case <-deadline.C:
			d.t.Fatalf("no %s within 10 s; the screen:\n%s", what, ansi.Strip(d.s.View()))
		}
	}
}

// settle takes the messages that come within dur.
func (d *driver) settle(dur time.Duration) {
	end := time.After(dur)
	for {
		select {
		case m := <-d.msgs:
			d.handle(m)
		case <-end:
			return
		}
	}
}

// connectTestServer connects to the project's test server over the SDK's
// in-memory transports, as a live server of the inspector, ready; log
// receives the server's log lines (one per tools/call it receives).
func connectTestServer(t *testing.T, log *testserver.Log) *common.Live {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	srv := testserver.New(testserver.Options{Stderr: log})
	ss, err := srv.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	spec := live.Server{Name: "test", Transport: live.Stdio, Command: "mcptestserver"}
	c, err := live.Connect(context.Background(), spec, live.ConnectOptions{Transport: ct, Grace: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &common.Live{Servers: []*common.LiveServer{{Spec: spec, State: common.LiveReady, Conn: c, Tools: c.Tools(), Info: c.Info()}}}
}

// liveTool is the tool name of the live server's list.
func liveTool(t *testing.T, lv *common.Live, name string) adapter.Tool {
	t.Helper()
	for _, tl := range lv.Servers[0].Tools.Tools {
		if tl.Name == name {
			return tl
		}
	}
	t.Fatalf("the test server lists no tool %q", name)
	return adapter.Tool{}
}

// openLive is a call screen of 100×30 on the live server lv, open on tool.
func openLive(t *testing.T, lv *common.Live, tool string) (*Screen, *driver) {
	t.Helper()
	ctx := common.NewContext(false)
	ctx.Width, ctx.Height = 100, 30
	s := New(ctx, lv)
	s.Resize()
	d := newDriver(t, s)
	d.run(s.Open(common.CallRequest{Server: 0, Tool: liveTool(t, lv, tool), Exposed: "test__" + tool}, 2))
	return s, d
}

// typeText types text into the screen, a key a character.
func (d *driver) typeText(text string) {
	for _, r := range text {
		d.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// calls counts the tools/calls the test server received.
func calls(log *testserver.Log) int { return strings.Count(log.String(), "call ") }

// Open → edit → enter → y calls the test server's slow tool over a real
// session: the progress bar follows its notifications, and the call's end
// comes as a CallDoneMsg with the exact arguments sent and the result.
func TestCallLive(t *testing.T) {
	var log testserver.Log
	lv := connectTestServer(t, &log)
	s, d := openLive(t, lv, "slow")
	// slow requires nothing: the editor opens on {}.
	if s.Stage() != Editing || s.Text() != "{}" || !s.Check().Valid() {
		t.Fatalf("opened at %v on %q (valid %v)", s.Stage(), s.Text(), s.Check().Valid())
	}
	d.send(tea.KeyPressMsg{Code: tea.KeyRight})
	d.typeText(`"steps": 4, "delay_ms": 60`)
	if s.Text() != `{"steps": 4, "delay_ms": 60}` || !s.Check().Valid() {
		t.Fatalf("edited to %q: %v", s.Text(), s.Check().Notes)
	}
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	if s.Stage() != Approving || string(s.Sending()) != `{"steps":4,"delay_ms":60}` {
		t.Fatalf("enter: at %v, sending %s", s.Stage(), s.Sending())
	}
	if !strings.Contains(ansi.Strip(s.View()), `{"steps":4,"delay_ms":60}`) {
		t.Errorf("the approval view does not show the JSON to send:\n%s", ansi.Strip(s.View()))
	}
	if calls(&log) != 0 {
		t.Fatal("a call was made before y")
	}
	d.send(tea.KeyPressMsg{Code: 'y', Text: "y"})
	if s.Stage() != Running {
		t.Fatalf("y: at %v", s.Stage())
	}
	d.until("progress", func() bool { return s.call.notified > 0 })
	if v := ansi.Strip(s.View()); !strings.Contains(v, "█") || !strings.Contains(v, "/4") || !strings.Contains(v, " of 4") {
		t.Errorf("no progress bar:\n%s", v)
	}
	d.until("the call's end", func() bool { return len(d.done) > 0 })
	m := d.done[0]
	if m.Server != 0 || m.Tool != "slow" || m.Exposed != "test__slow" || string(m.Arguments) != `{"steps":4,"delay_ms":60}` {
		t.Errorf("CallDoneMsg %+v", m)
	}
	if m.Err != nil || m.Result == nil || !bytes.Contains(m.Result.Raw, []byte("done after 4 steps")) {
		t.Fatalf("result %v, error %v", m.Result, m.Err)
	}
	if m.Elapsed < 4*60*time.Millisecond {
		t.Errorf("elapsed %v, under the 240 ms the tool sleeps", m.Elapsed)
	}
	if s.Stage() != Ended || !strings.Contains(ansi.Strip(s.View()), "done after 4 steps") {
		t.Errorf("the ended view:\n%s", ansi.Strip(s.View()))
	}
	if n := calls(&log); n != 1 {
		t.Errorf("%d calls, want 1:\n%s", n, log.String())
	}
	// enter edits again, esc goes back to the screen it came from.
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	if s.Stage() != Editing || s.Text() != `{"steps": 4, "delay_ms": 60}` {
		t.Errorf("enter after the end: at %v, %q", s.Stage(), s.Text())
	}
	d.send(tea.KeyPressMsg{Code: tea.KeyEscape})
	d.until("a screen to show", func() bool { return len(d.shown) > 0 })
	if len(d.shown) != 1 || d.shown[0] != 2 {
		t.Errorf("esc asked for screens %v, want [2]", d.shown)
	}
}

// In the approval view any key but y goes back to the editor and sends
// nothing; y with the server not ready sends nothing either, and says why.
func TestCallOnlyY(t *testing.T) {
	var log testserver.Log
	lv := connectTestServer(t, &log)
	s, d := openLive(t, lv, "text")
	for _, k := range []tea.KeyPressMsg{
		{Code: 'n', Text: "n"}, {Code: 'Y', Text: "Y", Mod: tea.ModShift}, {Code: tea.KeyEnter}, {Code: tea.KeyEscape},
		{Code: ' ', Text: " "}, {Code: 'q', Text: "q"}, {Code: tea.KeyTab}, {Code: '1', Text: "1"},
		{Code: 'y', Mod: tea.ModCtrl}, {Code: 'y', Mod: tea.ModAlt}, {Code: '?', Text: "?"},
	} {
		d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
		if s.Stage() != Approving {
			t.Fatalf("enter did not show the approval view: %v", s.Stage())
		}
		d.send(k)
		if s.Stage() != Editing {
			t.Errorf("%s: at %v, not back in the editor", k, s.Stage())
		}
		if !s.editor.Focused() {
			t.Errorf("%s: the editor does not have the keys", k)
		}
	}
	// Neither a paste nor a click in the approval view sends.
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	d.send(tea.PasteMsg{Content: "y"})
	d.send(tea.MouseClickMsg{X: 3, Y: 3, Button: tea.MouseLeft})
	if s.Stage() != Approving {
		t.Errorf("a paste or a click left the approval view: %v", s.Stage())
	}
	// A server that is not ready: y is refused.
	lv.Servers[0].State = common.LiveFailed
	d.send(tea.KeyPressMsg{Code: 'y', Text: "y"})
	var refused *common.StatusMsg
	d.until("an error in the status line", func() bool {
		for i := range d.status {
			if d.status[i].Kind == common.StatusError {
				refused = &d.status[i]
			}
		}
		return refused != nil
	})
	if s.Stage() != Approving || !strings.Contains(refused.Text, "not sent: server test is failed") {
		t.Errorf("y to a failed server: at %v, status %+v", s.Stage(), refused)
	}
	d.settle(200 * time.Millisecond)
	if n := calls(&log); n != 0 || len(d.done) != 0 {
		t.Errorf("%d calls made, %d ended, without y to a ready server:\n%s", n, len(d.done), log.String())
	}
	// y to the server ready again sends exactly one call.
	lv.Servers[0].State = common.LiveReady
	d.send(tea.KeyPressMsg{Code: 'y', Text: "y"})
	d.until("the call's end", func() bool { return len(d.done) > 0 })
	if n := calls(&log); n != 1 || d.done[0].Err != nil {
		t.Errorf("%d calls, error %v", n, d.done[0].Err)
	}
}

// Esc while the call runs cancels it: the server sees its context end
// (notifications/cancelled), the screen says it was cancelled, and the end
// comes as a CallDoneMsg with an error wrapping live.ErrCancelled.
func TestCallCancel(t *testing.T) {
	var log testserver.Log
	lv := connectTestServer(t, &log)
	s, d := openLive(t, lv, "slow")
	d.send(tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl}) // back to {}, and in it:
	d.send(tea.KeyPressMsg{Code: tea.KeyRight})
	d.typeText(`"steps": 1000, "delay_ms": 20`)
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	d.send(tea.KeyPressMsg{Code: 'y', Text: "y"})
	d.until("progress", func() bool { return s.call != nil && s.call.notified > 0 })
	d.send(tea.KeyPressMsg{Code: tea.KeyEscape})
	if !strings.Contains(ansi.Strip(s.View()), "cancelling") {
		t.Errorf("the screen does not say it is cancelling:\n%s", ansi.Strip(s.View()))
	}
	d.until("the call's end", func() bool { return len(d.done) > 0 })
	if err := d.done[0].Err; !errors.Is(err, live.ErrCancelled) || d.done[0].Result != nil {
		t.Fatalf("a cancelled call ended with %v, %v", d.done[0].Result, err)
	}
	if v := ansi.Strip(s.View()); !strings.Contains(v, "cancelled after") {
		t.Errorf("the screen does not say the call was cancelled:\n%s", v)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(log.String(), "slow: cancelled after") {
		if time.Now().After(deadline) {
			t.Fatalf("the server did not see the cancel:\n%s", log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(d.shown) != 0 {
		t.Errorf("esc while running left the screen: %v", d.shown)
	}
}
