package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
)

// replayGotoMsg asks to move a replay pane's cursor to a JSON pointer.
type replayGotoMsg struct {
	pane    int
	pointer string
}

// Update implements Screen.
func (s *replayScreen) Update(msg tea.Msg, focus int) (int, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(msg, focus)
	case tea.MouseClickMsg:
		s.click(msg.Mouse(), focus)
	case tea.MouseWheelMsg:
		s.wheel(msg.Mouse())
	case replayGotoMsg:
		return focus, s.gotoPointer(msg)
	case replayedMsg:
		return focus, s.replayDone(msg)
	}
	return focus, nil
}

// toggled replays after an option changed. Options seen before are drawn at
// once from the cache; others are replayed off the frame by a command (on a
// turn of hundreds of calls that takes longer than a frame), the current
// stage staying on screen until the traces arrive (replayedMsg).
func (s *replayScreen) toggled(what string) tea.Cmd {
	if _, ok := s.eng.cached(s.want); ok {
		s.opts, s.pending = s.want, ""
		s.replayed()
		return statusCmd(what+": replayed", false)
	}
	s.pending = what
	if s.inflight[s.want] {
		return nil
	}
	s.inflight[s.want] = true
	return s.replayCmd(s.want)
}

// replayedMsg brings the traces replayed for opts off the frame, with the
// stage that was shown drawn from them.
type replayedMsg struct {
	opts   replayOptions
	traces []*sessions.Trace
	key    stageKey
	view   *stageView
}

func (s *replayScreen) replayCmd(o replayOptions) tea.Cmd {
	eng := s.eng
	key := s.shown
	key.opts = o
	return func() tea.Msg {
		traces := eng.replay(o)
		msg := replayedMsg{opts: o, traces: traces, key: key}
		if key.file >= 0 && key.file < len(traces) && key.turn < len(traces[key.file].Turns) {
			msg.view = buildStage(&traces[key.file].Turns[key.turn], key.stage, key.width)
		}
		return msg
	}
}

// replayDone takes in traces replayed off the frame, and shows them when their
// options are still the ones asked for.
func (s *replayScreen) replayDone(msg replayedMsg) tea.Cmd {
	delete(s.inflight, msg.opts)
	if _, ok := s.eng.cached(msg.opts); !ok {
		s.eng.cache[msg.opts] = msg.traces
		if msg.view != nil {
			s.views[msg.key] = msg.view
		}
	}
	if msg.opts != s.want || s.opts == s.want {
		return nil
	}
	s.opts = s.want
	s.replayed()
	what := s.pending
	s.pending = ""
	return statusCmd(what+": replayed", false)
}

// replayJSONFocus is the JSON pane keys that act on a pane go to: the focused
// one, or the input when the list or the notes have focus.
func replayJSONFocus(focus int) int {
	if focus == rpOutput {
		return 1
	}
	return 0
}

func (s *replayScreen) key(k tea.KeyPressMsg, focus int) (int, tea.Cmd) {
	rk := &s.ctx.Keys.Replay
	switch {
	case key.Matches(k, rk.PrevStage):
		return focus, s.step(-1)
	case key.Matches(k, rk.NextStage):
		return focus, s.step(1)
	case key.Matches(k, rk.PrevTurn):
		return focus, s.turn(-1)
	case key.Matches(k, rk.NextTurn):
		return focus, s.turn(1)
	case key.Matches(k, rk.Structured):
		s.want.Structured = nextStructured(s.want.Structured)
		return focus, s.toggled("structured " + string(s.want.Structured))
	case key.Matches(k, rk.ErrorPrefix):
		s.want.NoErrorPrefix = !s.want.NoErrorPrefix
		return focus, s.toggled(onOff("error prefix", !s.want.NoErrorPrefix))
	case key.Matches(k, rk.Goto):
		p := replayJSONFocus(focus)
		cur := s.panes[p].cursorPath().Pointer()
		return focus, promptCmd("go to JSON pointer:", cur, func(v string) tea.Msg { return replayGotoMsg{pane: p, pointer: v} })
	case key.Matches(k, rk.Next), key.Matches(k, rk.Prev):
		dir := 1
		if key.Matches(k, rk.Prev) {
			dir = -1
		}
		p := replayJSONFocus(focus)
		if !s.panes[p].next(dir) {
			return focus, statusCmd("no mark in this pane", false)
		}
		s.sync(p)
		return focus, nil
	case key.Matches(k, rk.Copy):
		return focus, s.copyPane(focus)
	case key.Matches(k, rk.Edit):
		return focus, s.edit(focus)
	}
	switch focus {
	case rpList:
		return s.listKey(k, focus)
	case rpNotes:
		s.notesKey(k)
		return focus, nil
	}
	s.jsonKey(k, replayJSONFocus(focus))
	return focus, nil
}

// step moves to the previous or next stage of the turn; it stops at either end.
func (s *replayScreen) step(d int) tea.Cmd {
	n := s.stageCount()
	_, _, t := s.current()
	switch {
	case n == 0:
		return statusCmd("this turn has no stages", false)
	case s.stage+d < 0:
		return statusCmd("the first stage of "+safe(t.Label), false)
	case s.stage+d >= n:
		return statusCmd("the last stage of "+safe(t.Label)+"; ] goes to the next turn", false)
	}
	s.stage += d
	s.show()
	return nil
}

// turn moves to the previous or next turn, at its first stage.
func (s *replayScreen) turn(d int) tea.Cmd {
	before := s.list.sel
	s.list.move(d)
	if s.list.sel == before {
		if d < 0 {
			return statusCmd("the first turn", false)
		}
		return statusCmd("the last turn", false)
	}
	s.stage = 0
	s.show()
	return nil
}

// selected shows the turn the list now selects, from its first stage when it
// is another turn than before.
func (s *replayScreen) selected(before *listRow) {
	if now := s.list.current(); now == nil || before == nil || now.tool != before.tool {
		s.stage = 0
	}
	s.show()
}

func (s *replayScreen) listKey(k tea.KeyPressMsg, focus int) (int, tea.Cmd) {
	lk := s.ctx.Keys.ReplayList()
	page := s.list.pageItems()
	before := s.list.current()
	switch {
	case key.Matches(k, lk.Up):
		s.list.move(-1)
	case key.Matches(k, lk.Down):
		s.list.move(1)
	case key.Matches(k, lk.PgUp):
		s.list.move(-page)
	case key.Matches(k, lk.PgDown):
		s.list.move(page)
	case key.Matches(k, lk.Top):
		s.list.move(-len(s.list.visible))
	case key.Matches(k, lk.Bottom):
		s.list.move(len(s.list.visible))
	case key.Matches(k, lk.Open):
		return rpInput, nil
	default:
		return focus, nil
	}
	s.selected(before)
	return focus, nil
}

func (s *replayScreen) notesKey(k tea.KeyPressMsg) {
	jk := s.ctx.Keys.ReplayJSON()
	n := s.notes
	switch {
	case key.Matches(k, jk.Up):
		n.scroll(-1)
	case key.Matches(k, jk.Down):
		n.scroll(1)
	case key.Matches(k, jk.PgUp), key.Matches(k, jk.HalfUp):
		n.scroll(-max(n.h-1, 1))
	case key.Matches(k, jk.PgDown), key.Matches(k, jk.HalfDown):
		n.scroll(max(n.h-1, 1))
	case key.Matches(k, jk.Top):
		n.scroll(-len(n.lines))
	case key.Matches(k, jk.Bottom):
		n.scroll(len(n.lines))
	}
}

func (s *replayScreen) jsonKey(k tea.KeyPressMsg, i int) {
	jk := s.ctx.Keys.ReplayJSON()
	p := s.panes[i]
	switch {
	case key.Matches(k, jk.Up):
		p.move(-1)
	case key.Matches(k, jk.Down):
		p.move(1)
	case key.Matches(k, jk.PgUp):
		p.move(-p.h)
	case key.Matches(k, jk.PgDown):
		p.move(p.h)
	case key.Matches(k, jk.HalfUp):
		p.move(-p.h / 2)
	case key.Matches(k, jk.HalfDown):
		p.move(p.h / 2)
	case key.Matches(k, jk.Top):
		p.move(-p.lineCount())
	case key.Matches(k, jk.Bottom):
		p.move(p.lineCount())
	case key.Matches(k, jk.Left):
		p.hscroll(-8)
		return
	case key.Matches(k, jk.Right):
		p.hscroll(8)
		return
	default:
		return
	}
	s.sync(i)
}

func (s *replayScreen) click(m tea.Mouse, focus int) {
	switch focus {
	case rpList:
		before := s.list.current()
		if i, ok := s.list.rowAt(m.Y - s.layout.List.Y); ok {
			s.list.sel = i
			s.list.clamp()
			s.selected(before)
		}
	case rpInput, rpOutput:
		i := focus - rpInput
		r := s.layout.Left
		if i == 1 {
			r = s.layout.Right
		}
		if l, ok := s.panes[i].lineAt(m.Y - r.Y - 1); ok {
			s.panes[i].setCursor(l, -1)
			s.sync(i)
		}
	}
}

func (s *replayScreen) wheel(m tea.Mouse) {
	d := wheelStep
	switch m.Button {
	case tea.MouseWheelUp:
		d = -wheelStep
	case tea.MouseWheelDown:
	default:
		return
	}
	pane, ok := s.PaneAt(m.X, m.Y)
	if !ok {
		return
	}
	switch pane {
	case rpList:
		before := s.list.current()
		s.list.move(d / wheelStep)
		s.selected(before)
	case rpNotes:
		s.notes.scroll(d)
	default:
		i := pane - rpInput
		s.panes[i].scroll(d)
		s.sync(i)
	}
}

// PaneAt implements Screen.
func (s *replayScreen) PaneAt(x, y int) (int, bool) {
	l := s.layout
	switch {
	case l.TooSmall:
		return 0, false
	case l.List.Contains(x, y):
		return rpList, true
	case l.Left.Contains(x, y):
		return rpInput, true
	case l.Right.Contains(x, y):
		return rpOutput, true
	case l.Notes.Contains(x, y):
		return rpNotes, true
	}
	return 0, false
}

func (s *replayScreen) gotoPointer(m replayGotoMsg) tea.Cmd {
	p := s.panes[m.pane]
	if p.lineCount() == 0 {
		return statusCmd("this pane shows no JSON", true)
	}
	path, ok := adapter.ParsePointer(m.pointer, p.c.doc.value)
	if !ok {
		return statusCmd("not a JSON pointer: "+adapter.QuoteForMessage(m.pointer)+" (write /a/0/b)", true)
	}
	if !p.jump(path) {
		return statusCmd("nothing at "+adapter.QuoteForMessage(m.pointer)+" in "+p.c.title, true)
	}
	s.sync(m.pane)
	return nil
}

// copyPane copies the focused pane through OSC 52.
func (s *replayScreen) copyPane(focus int) tea.Cmd {
	var text, what string
	switch focus {
	case rpList:
		text, what = s.list.text(), "the turns"
	case rpNotes:
		text, what = s.notes.text(), "the notes"
	default:
		p := s.panes[replayJSONFocus(focus)]
		text = p.text()
		if p.c != nil {
			what = p.c.title
		}
	}
	if text == "" {
		return statusCmd("nothing to copy here", true)
	}
	return tea.Batch(tea.SetClipboard(text),
		statusCmd(fmt.Sprintf("copied %s (%d bytes) to the clipboard through OSC 52", what, len(text)), false))
}

// edit opens the focused call's arguments in the playground: the call of a
// call stage, the call under the cursor in the list of calls, else the turn's
// first call.
func (s *replayScreen) edit(focus int) tea.Cmd {
	_, _, t := s.current()
	if t == nil || len(t.Calls) == 0 {
		return statusCmd("no call to edit in this turn (a rejected call has no tool to check against)", true)
	}
	ci := 0
	if s.stage < len(t.Stages) {
		st := &t.Stages[s.stage]
		if st.Call >= 0 {
			ci = st.Call
		} else if p := s.panes[1].cursorPath(); st.Kind == sessions.StageCalls && focus == rpOutput &&
			len(p) >= 2 && p[0].Kind == adapter.KeyStep && p[0].Key == "calls" &&
			p[1].Kind == adapter.IndexStep && p[1].Index < len(t.Calls) {
			ci = p[1].Index // the call under the cursor in the list of calls
		}
	}
	c := &t.Calls[ci]
	return editCmd(editRequest{kind: editArguments, name: c.Name, callID: c.CallID,
		text: string(adapter.MarshalIndent(c.Decoded)), sent: c.Sent})
}
