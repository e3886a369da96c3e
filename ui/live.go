package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
)

// liveRunner connects the live servers in commands and owns what those
// commands started: every session made and not yet closed, and the commands
// still waiting on a server. Connecting, listing and waiting for a server
// happen off the frame, so no frame waits for a server; their answers come
// back as messages the root takes in (takeLive). close ends them all, and no
// server process outlives the inspector: a connection that succeeds after
// close is closed at once.
type liveRunner struct {
	lv   *common.Live
	opts live.ConnectOptions

	ctx    context.Context
	cancel context.CancelFunc
	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
	conns  map[*live.Conn]bool
}

func newLiveRunner(lv *common.Live, opts live.ConnectOptions) *liveRunner {
	ctx, cancel := context.WithCancel(context.Background())
	return &liveRunner{lv: lv, opts: opts, ctx: ctx, cancel: cancel, conns: map[*live.Conn]bool{}}
}

// The messages of the runner's commands; gen is the server's connection they
// are about (LiveServer.Gen): one about an older connection is dropped.
type (
	liveConnectedMsg struct {
		server, gen int
		conn        *live.Conn
		err         error
	}
	liveListChangedMsg struct{ server, gen int }
	liveListedMsg      struct {
		server, gen int
		list        *live.ToolList
		err         error
	}
	liveEndedMsg  struct{ server, gen int }
	liveTickMsg   struct{}
	liveClosedMsg struct{}
)

// run runs f as a command the runner waits for on close; nil when the
// runner is closed.
func (r *liveRunner) run(f func() tea.Msg) tea.Cmd {
	return func() tea.Msg {
		r.mu.Lock()
		if r.closed {
			r.mu.Unlock()
			return nil
		}
		r.wg.Add(1)
		r.mu.Unlock()
		defer r.wg.Done()
		return f()
	}
}

// keep records a connection made, or closes it when the runner is closed.
func (r *liveRunner) keep(c *live.Conn) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return false
	}
	r.conns[c] = true
	return true
}

// drop closes a connection in a command (Close waits for the process to
// end).
func (r *liveRunner) drop(c *live.Conn) tea.Cmd {
	if c == nil {
		return nil
	}
	r.mu.Lock()
	delete(r.conns, c)
	r.mu.Unlock()
	return func() tea.Msg {
		c.Close()
		return liveClosedMsg{}
	}
}

// close cancels every connection and wait, waits for the commands, and
// closes every session. It is safe to call more than once.
func (r *liveRunner) close() {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	r.cancel()
	r.wg.Wait()
	r.mu.Lock()
	conns := r.conns
	r.conns = map[*live.Conn]bool{}
	r.mu.Unlock()
	var wg sync.WaitGroup
	for c := range conns {
		wg.Go(func() { c.Close() })
	}
	wg.Wait()
}

// start connects every server, and ticks while one connects.
func (r *liveRunner) start() tea.Cmd {
	cmds := []tea.Cmd{r.tick()}
	for i := range r.lv.Servers {
		cmds = append(cmds, r.connect(i))
	}
	return tea.Batch(cmds...)
}

// connect connects server i under its current Gen.
func (r *liveRunner) connect(i int) tea.Cmd {
	ls := r.lv.Servers[i]
	spec, gen, opts := ls.Spec, ls.Gen, r.opts
	opts.Trace = r.lv.Trace
	return r.run(func() tea.Msg {
		c, err := live.Connect(r.ctx, spec, opts)
		if err == nil && !r.keep(c) {
			c.Close()
			return nil
		}
		return liveConnectedMsg{server: i, gen: gen, conn: c, err: err}
	})
}

// wait waits for server i's list to change or its session to end.
func (r *liveRunner) wait(i, gen int, c *live.Conn) tea.Cmd {
	return r.run(func() tea.Msg {
		select {
		case <-c.Changed():
			return liveListChangedMsg{server: i, gen: gen}
		case <-c.Done():
			return liveEndedMsg{server: i, gen: gen}
		case <-r.ctx.Done():
			return nil
		}
	})
}

// relist reads server i's tool list again.
func (r *liveRunner) relist(i, gen int, c *live.Conn) tea.Cmd {
	return r.run(func() tea.Msg {
		l, err := c.ListTools(r.ctx)
		return liveListedMsg{server: i, gen: gen, list: l, err: err}
	})
}

// liveTick is how often the live servers' logs and running clocks are
// redrawn.
const liveTick = time.Second

func (r *liveRunner) tick() tea.Cmd {
	return tea.Tick(liveTick, func(time.Time) tea.Msg { return liveTickMsg{} })
}

// takeLive takes in a message of the runner, changes the live servers
// accordingly, and tells every screen what changed. ok is false for a
// message that is not the runner's.
func (m *model) takeLive(msg tea.Msg) (tea.Cmd, bool) {
	r := m.live
	if r == nil {
		return nil, false
	}
	now := m.ctx.Now()
	var cmds []tea.Cmd
	changed := func(i int) { cmds = append(cmds, m.handle(common.LiveChangedMsg{Server: i}, -1)) }
	switch msg := msg.(type) {
	case liveConnectedMsg:
		ls := r.lv.Servers[msg.server]
		if msg.gen != ls.Gen {
			return r.drop(msg.conn), true
		}
		ls.Since = now
		if msg.err != nil {
			ls.State, ls.Conn, ls.Err = common.LiveFailed, nil, msg.err
			var le *live.Error
			if errors.As(msg.err, &le) {
				ls.Log = le.Log
			}
			changed(msg.server)
			return tea.Batch(cmds...), true
		}
		before := ls.Tools
		ls.State, ls.Conn, ls.Err = common.LiveReady, msg.conn, nil
		ls.Info, ls.Tools, ls.Log = msg.conn.Info(), msg.conn.Tools(), msg.conn.Log()
		if before != nil {
			cmds = append(cmds, m.listChanged(ls, before, "after reconnecting"))
		}
		cmds = append(cmds, r.wait(msg.server, ls.Gen, msg.conn))
		changed(msg.server)
	case liveListChangedMsg:
		ls := r.lv.Servers[msg.server]
		if msg.gen != ls.Gen || ls.Conn == nil {
			return nil, true
		}
		cmds = append(cmds, r.relist(msg.server, ls.Gen, ls.Conn))
		changed(msg.server) // stale until listed
	case liveListedMsg:
		ls := r.lv.Servers[msg.server]
		if msg.gen != ls.Gen || ls.Conn == nil {
			return nil, true
		}
		if msg.err != nil {
			cmds = append(cmds, common.ShowError("server "+common.Safe(ls.Spec.Name)+": its list changed but could not be read again: "+common.Safe(common.FirstLine(msg.err))))
		} else {
			before := ls.Tools
			ls.Tools = msg.list
			cmds = append(cmds, m.listChanged(ls, before, ""))
		}
		ls.Log = ls.Conn.Log()
		cmds = append(cmds, r.wait(msg.server, ls.Gen, ls.Conn))
		changed(msg.server)
	case liveEndedMsg:
		ls := r.lv.Servers[msg.server]
		if msg.gen != ls.Gen || ls.Conn == nil {
			return nil, true
		}
		c := ls.Conn
		ls.State, ls.Conn, ls.Since, ls.Log = common.LiveFailed, nil, now, c.Log()
		ls.Err = c.Err()
		if ls.Err == nil {
			ls.Err = &live.Error{Server: ls.Spec.Name, Op: "session", Err: errors.New("the session ended")}
		}
		cmds = append(cmds, r.drop(c), common.ShowError("server "+common.Safe(ls.Spec.Name)+" failed: "+common.Safe(common.FirstLine(ls.Err))))
		changed(msg.server)
	case liveTickMsg:
		for i, ls := range r.lv.Servers {
			switch {
			case ls.State == common.LiveConnecting:
				changed(i)
			case ls.Conn != nil:
				if l := ls.Conn.Log(); len(l) != len(ls.Log) || (len(l) > 0 && l[len(l)-1] != ls.Log[len(ls.Log)-1]) {
					ls.Log = l
					changed(i)
				}
			}
		}
		cmds = append(cmds, r.tick())
	case common.ReconnectRequest:
		if msg.Server < 0 || msg.Server >= len(r.lv.Servers) {
			return nil, true
		}
		ls := r.lv.Servers[msg.Server]
		old := ls.Conn
		ls.Gen++
		ls.State, ls.Conn, ls.Err, ls.Since = common.LiveConnecting, nil, nil, now
		cmds = append(cmds, r.drop(old), r.connect(msg.Server),
			common.ShowInfo("connecting to "+common.Safe(ls.Spec.Name)+" again"))
		changed(msg.Server)
	case liveClosedMsg:
	default:
		return nil, false
	}
	return tea.Batch(cmds...), true
}

// listChanged notes what changed from before to ls's tool list now, when
// anything did, and says so in the status line.
func (m *model) listChanged(ls *common.LiveServer, before *live.ToolList, when string) tea.Cmd {
	note := listChanges(before, ls.Tools)
	if note == "" {
		if when != "" {
			return nil
		}
		note = "no tool added, removed or changed"
	}
	note = "list changed: " + note
	if when != "" {
		note += " (" + when + ")"
	}
	ls.Changes = append(ls.Changes, note)
	return common.ShowInfo("server " + common.Safe(ls.Spec.Name) + ": " + note)
}

// listChanges says which tools were added, removed and changed (the tool as
// listed is not the same) from before to after, by name: "1 added (x), 2
// changed (y, z)"; "" when none was.
func listChanges(before, after *live.ToolList) string {
	old := map[string]adapter.Value{}
	var oldOrder []string
	if before != nil {
		for _, t := range before.Tools {
			old[t.Name] = t.Raw
			oldOrder = append(oldOrder, t.Name)
		}
	}
	var added, changed, removed []string
	now := map[string]bool{}
	if after != nil {
		for _, t := range after.Tools {
			now[t.Name] = true
			raw, ok := old[t.Name]
			switch {
			case !ok:
				added = append(added, t.Name)
			case !adapter.Equal(raw, t.Raw):
				changed = append(changed, t.Name)
			}
		}
	}
	for _, name := range oldOrder {
		if !now[name] {
			removed = append(removed, name)
		}
	}
	var parts []string
	for _, p := range []struct {
		what  string
		names []string
	}{{"added", added}, {"removed", removed}, {"changed", changed}} {
		if len(p.names) == 0 {
			continue
		}
		shown := p.names
		more := ""
		if len(shown) > 3 {
			shown, more = shown[:3], fmt.Sprintf(", %d more", len(p.names)-3)
		}
		parts = append(parts, fmt.Sprintf("%s %s (%s%s)", words.Number(len(p.names)), p.what, strings.Join(shown, ", "), more))
	}
	return strings.Join(parts, ", ")
}

// callDone adds a call made from the call screen to the live session, and
// shows it on the replay screen.
func (m *model) callDone(d common.CallDoneMsg) tea.Cmd {
	lv := m.live.lv
	lv.Session = lv.WithCall(d)
	for i := range m.loaded.Files {
		if m.loaded.Files[i].Live {
			m.loaded.Files[i].Session = lv.Session
			m.loaded.Files[i].Detail = words.Count(len(lv.Session.Turns), "turn", "turns")
		}
	}
	turn := len(lv.Session.Turns) - 1
	cmd := m.handle(common.LiveTurnMsg{Turn: turn}, -1)
	for i, s := range m.screens {
		if s.Name() == "replay" {
			m.active = i
		}
	}
	return cmd
}
