package replay

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// Update implements common.Screen.
func (s *Screen) Update(msg tea.Msg) tea.Cmd {
	if cmd, ok := s.lp.Update(msg, func(_, lines int) { s.notes.Scroll(lines) }); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(msg)
	case replayedMsg:
		return s.replayDone(msg)
	case common.LiveTurnMsg:
		s.liveTurn(msg)
	case writeMsg:
		return s.write(msg)
	case writtenMsg:
		return s.written(msg)
	}
	return nil
}

// toggled replays after an option changed. Options seen before are drawn at
// once from the cache; others are replayed off the frame by a command (on a
// turn of hundreds of calls that takes longer than a frame), the current
// stage staying on screen until the traces arrive (replayedMsg).
func (s *Screen) toggled(what string) tea.Cmd {
	if _, ok := s.eng.cached(s.off.Want); ok {
		s.opts, s.off.Pending = s.off.Want, ""
		s.replayed()
		return common.ShowInfo(what + ": replayed")
	}
	return s.off.Ask(what, s.replayCmd)
}

// replayedMsg brings the traces replayed for opts off the frame, with the
// stage that was shown drawn from them.
type replayedMsg struct {
	Opts   Options
	Traces []*sessions.Trace
	key    stageKey
	view   *stageView
	eng    *engine // the engine it was asked of: one made since drops it
}

func (s *Screen) replayCmd(o Options) tea.Cmd {
	eng := s.eng
	key := s.shown
	key.Opts = o
	return func() tea.Msg {
		traces := eng.replay(o)
		msg := replayedMsg{Opts: o, Traces: traces, key: key, eng: eng}
		if key.File >= 0 && key.File < len(traces) && key.Turn < len(traces[key.File].Turns) {
			msg.view = buildStage(&traces[key.File].Turns[key.Turn], key.Stage, key.width)
		}
		return msg
	}
}

// replayDone takes in traces replayed off the frame, and shows them when their
// options are still the ones asked for.
func (s *Screen) replayDone(msg replayedMsg) tea.Cmd {
	if msg.eng != s.eng {
		return nil // a live turn came since: liveTurn replayed again
	}
	if _, ok := s.eng.cached(msg.Opts); !ok {
		s.eng.cache.Put(msg.Opts, msg.Traces)
		if msg.view != nil {
			s.views[msg.key] = msg.view
		}
	}
	what, ok := s.off.Arrived(msg.Opts, s.opts)
	if !ok {
		return nil
	}
	s.opts = s.off.Want
	s.replayed()
	return common.ShowInfo(what + ": replayed")
}

func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	if s.lp.Capturing() {
		return s.lp.FilterKey(k)
	}
	rk := &s.ctx.Keys.Replay
	switch {
	case key.Matches(k, rk.Filter):
		return s.lp.StartFilter()
	case key.Matches(k, rk.PrevStage):
		return s.step(-1)
	case key.Matches(k, rk.NextStage):
		return s.step(1)
	case key.Matches(k, rk.PrevTurn):
		return s.stepTurn(-1)
	case key.Matches(k, rk.NextTurn):
		return s.stepTurn(1)
	case key.Matches(k, rk.Structured):
		s.off.Want.Structured = common.Cycle(s.resolved(s.off.Want).Structured, adapter.StructuredAuto, adapter.StructuredPrefer,
			adapter.StructuredAppend, adapter.StructuredIgnore)
		return s.toggled("structured " + string(s.off.Want.Structured))
	case key.Matches(k, rk.ErrorPrefix):
		s.off.Want.NoErrorPrefix = !s.off.Want.NoErrorPrefix
		return s.toggled(common.OnOff("error prefix", !s.off.Want.NoErrorPrefix))
	case key.Matches(k, rk.Goto):
		return s.lp.GotoPrompt()
	case key.Matches(k, rk.Next):
		return s.lp.NextMark(1)
	case key.Matches(k, rk.Prev):
		return s.lp.NextMark(-1)
	case key.Matches(k, rk.Copy):
		if s.lp.Pane == notesPane {
			return pane.CopyCmd(s.notes.Text(), "the notes")
		}
		return s.lp.CopyPane()
	case key.Matches(k, rk.Edit):
		return s.edit()
	case key.Matches(k, rk.API):
		return s.toggleAPI()
	case key.Matches(k, rk.Write):
		return s.writePrompt()
	}
	switch s.lp.Pane {
	case turnsPane:
		s.lp.ListKey(k)
	case notesPane:
		jk := s.ctx.Keys.ReplayJSON()
		s.notes.Key(k, &jk)
	default:
		s.lp.JSONKey(k)
	}
	return nil
}

// step moves to the previous or next stage of the turn; it stops at either end.
func (s *Screen) step(d int) tea.Cmd {
	n := s.StageCount()
	_, _, t := s.current()
	switch {
	case n == 0:
		return common.ShowInfo("this turn has no stages")
	case s.stage+d < 0:
		return common.ShowInfo("the first stage of " + common.Safe(t.Label))
	case s.stage+d >= n:
		return common.ShowInfo("the last stage of " + common.Safe(t.Label) + "; ] goes to the next turn")
	}
	s.stage += d
	s.show()
	return nil
}

// stepTurn moves to the previous or next turn, at its first stage: over the
// headers of the files, into a folded file's turns.
func (s *Screen) stepTurn(d int) tea.Cmd {
	if !s.lp.List.StepRow(d) {
		if d < 0 {
			return common.ShowInfo("the first turn")
		}
		return common.ShowInfo("the last turn")
	}
	s.stage = 0
	s.show()
	return nil
}

// selectedTurn shows the turn the list now selects, from its first stage when
// it is another turn than before.
func (s *Screen) selectedTurn(before *pane.Row) {
	if now := s.lp.List.Current(); now == nil || before == nil || now.Tool != before.Tool {
		s.stage = 0
	}
	s.show()
}

// edit opens the focused call's arguments in the playground: the call of a
// call stage, the call under the cursor in the list of calls, else the turn's
// first call.
func (s *Screen) edit() tea.Cmd {
	_, _, t := s.current()
	if t == nil || len(t.Calls) == 0 {
		return common.ShowError("no call to edit in this turn (a rejected call has no tool to check against)")
	}
	ci := 0
	if s.stage < len(t.Stages) {
		st := &t.Stages[s.stage]
		if st.Call >= 0 {
			ci = st.Call
		} else if p := s.lp.Panes[1].CursorPath(); st.Kind == sessions.StageCalls && s.lp.Pane == outputPane &&
			len(p) >= 2 && p[0].Kind == adapter.KeyStep && p[0].Key == "calls" &&
			p[1].Kind == adapter.IndexStep && int(p[1].Index) < len(t.Calls) {
			ci = int(p[1].Index) // the call under the cursor in the list of calls
		}
	}
	c := &t.Calls[ci]
	text, levels := pane.EditableText(c.Decoded)
	return common.EditCmd(common.EditRequest{Kind: common.EditArguments, Name: c.Name, CallID: c.CallID,
		Text: text, Levels: levels, Sent: c.Sent})
}
