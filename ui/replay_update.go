package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
)

// Update implements Screen.
func (s *replayScreen) Update(msg tea.Msg, focus int) (int, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(msg, focus)
	case tea.PasteMsg:
		if s.Capturing(focus) {
			before := s.list.current()
			cmd := s.list.updateFilter(msg)
			s.selected(before)
			return focus, cmd
		}
	case tea.MouseClickMsg:
		s.click(msg.Mouse(), focus)
	case tea.MouseWheelMsg:
		s.wheel(msg.Mouse())
	case gotoMsg:
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
	return s.ask(what, s.replayCmd)
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
	if _, ok := s.eng.cached(msg.opts); !ok {
		s.eng.cache.put(msg.opts, msg.traces)
		if msg.view != nil {
			s.views[msg.key] = msg.view
		}
	}
	what, ok := s.arrived(msg.opts, s.opts)
	if !ok {
		return nil
	}
	s.opts = s.want
	s.replayed()
	return statusCmd(what+": replayed", false)
}

func (s *replayScreen) key(k tea.KeyPressMsg, focus int) (int, tea.Cmd) {
	if focus == rpList && s.list.editing {
		return s.filterKey(k, focus)
	}
	rk := &s.ctx.Keys.Replay
	switch {
	case key.Matches(k, rk.Filter):
		return rpList, s.list.startFilter()
	case key.Matches(k, rk.PrevStage):
		return focus, s.step(-1)
	case key.Matches(k, rk.NextStage):
		return focus, s.step(1)
	case key.Matches(k, rk.PrevTurn):
		return focus, s.turn(-1)
	case key.Matches(k, rk.NextTurn):
		return focus, s.turn(1)
	case key.Matches(k, rk.Structured):
		s.want.Structured = cycle(s.resolved(s.want).Structured, adapter.StructuredAuto, adapter.StructuredPrefer,
			adapter.StructuredAppend, adapter.StructuredIgnore)
		return focus, s.toggled("structured " + string(s.want.Structured))
	case key.Matches(k, rk.ErrorPrefix):
		s.want.NoErrorPrefix = !s.want.NoErrorPrefix
		return focus, s.toggled(onOff("error prefix", !s.want.NoErrorPrefix))
	case key.Matches(k, rk.Goto):
		return focus, s.gotoPrompt(focus)
	case key.Matches(k, rk.Next):
		return focus, s.nextMark(focus, 1)
	case key.Matches(k, rk.Prev):
		return focus, s.nextMark(focus, -1)
	case key.Matches(k, rk.Copy):
		return focus, s.copyPane(focus)
	case key.Matches(k, rk.Edit):
		return focus, s.edit(focus)
	}
	switch focus {
	case rpList:
		return s.listKey(k, focus)
	case rpNotes:
		jk := s.ctx.Keys.ReplayJSON()
		s.notes.key(k, &jk)
		return focus, nil
	}
	s.jsonKey(k, focus)
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

// filterKey passes a key to the turn list's filter while it has the keys;
// the panes follow the turn the list then selects.
func (s *replayScreen) filterKey(k tea.KeyPressMsg, focus int) (int, tea.Cmd) {
	lk := s.ctx.Keys.ReplayList()
	before := s.list.current()
	cmd := s.list.filterKey(k, &lk)
	s.selected(before)
	return focus, cmd
}

func (s *replayScreen) listKey(k tea.KeyPressMsg, focus int) (int, tea.Cmd) {
	lk := s.ctx.Keys.ReplayList()
	before := s.list.current()
	switch {
	case s.list.moveKey(k, &lk):
	case key.Matches(k, lk.Open):
		return rpInput, nil
	case s.list.clearKey(k, &lk):
	default:
		return focus, nil
	}
	s.selected(before)
	return focus, nil
}

func (s *replayScreen) click(m tea.Mouse, focus int) {
	if focus == rpList {
		before := s.list.current()
		if s.list.click(m.Y - s.layout.List.Y) {
			s.selected(before)
		}
		return
	}
	s.clickPane(focus, m.Y-s.layout.Left.Y-1)
}

func (s *replayScreen) wheel(m tea.Mouse) {
	d, ok := wheelDelta(m)
	if !ok {
		return
	}
	switch pane, ok := s.PaneAt(m.X, m.Y); {
	case !ok:
	case pane == rpList:
		before := s.list.current()
		s.list.move(d / wheelStep)
		s.selected(before)
	case pane == rpNotes:
		s.notes.scroll(d)
	default:
		s.wheelPane(pane, d)
	}
}

// PaneAt implements Screen. The rectangles are in tab order (rpList, rpInput,
// rpOutput, rpNotes).
func (s *replayScreen) PaneAt(x, y int) (int, bool) {
	l := s.layout
	return hit(x, y, l.List, l.Left, l.Right, l.Notes)
}

// copyPane copies the focused pane through OSC 52.
func (s *replayScreen) copyPane(focus int) tea.Cmd {
	switch focus {
	case rpList:
		return copyCmd(s.list.text(), "the turns")
	case rpNotes:
		return copyCmd(s.notes.text(), "the notes")
	}
	return copyCmd(s.copyText(focus))
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
			p[1].Kind == adapter.IndexStep && int(p[1].Index) < len(t.Calls) {
			ci = int(p[1].Index) // the call under the cursor in the list of calls
		}
	}
	c := &t.Calls[ci]
	text, levels := editableText(c.Decoded)
	return editCmd(editRequest{kind: editArguments, name: c.Name, callID: c.CallID,
		text: text, levels: levels, sent: c.Sent})
}
