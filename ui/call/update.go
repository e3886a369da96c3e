package call

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// Update implements Screen.
func (s *Screen) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case checkTickMsg:
		if msg.gen == s.gen && s.stale && s.stage == Editing {
			// A large text: ask the library off the frame.
			text, schema, v, gen := s.editor.Value(), s.req.Tool.InputSchema, s.validator, s.gen
			return func() tea.Msg { return checkedMsg{gen: gen, check: checkText(text, schema, v)} }
		}
	case checkedMsg:
		if msg.gen == s.gen && s.stale {
			s.stale = false
			s.setCheck(msg.check)
		}
	case progressMsg:
		if c := s.call; c != nil && c.id == msg.id && !c.done {
			c.progress, c.notified = msg.progress, msg.count
			return c.box.wait(c.id)
		}
	case clockMsg:
		if c := s.call; c != nil && c.id == msg.id && !c.done {
			c.elapsed = s.ctx.Now().Sub(c.start)
			return tick(c.id)
		}
	case endedMsg:
		if c := s.call; c != nil && c.id == msg.id && !c.done {
			return s.ended(c, msg)
		}
	case tea.KeyPressMsg:
		return s.key(msg)
	case tea.PasteMsg:
		if s.stage == Editing && s.Capturing() {
			cmd := s.editor.InsertString(pane.EditorText(msg.Content))
			return tea.Batch(cmd, s.edited())
		}
	case tea.MouseClickMsg:
		if s.stage != Editing {
			return nil
		}
		if p, ok := s.paneAt(msg.Mouse().X, msg.Mouse().Y); ok {
			s.focus.Pane = p
			if p == editorPane {
				s.editor.Focus()
				// The editor's rows start under its title row.
				s.editor.Click(msg.Mouse().X-s.layout.Editor.X, msg.Mouse().Y-s.layout.Editor.Y-1)
			} else {
				s.editor.Blur()
			}
		}
	case tea.MouseWheelMsg:
		d, ok := pane.WheelDelta(msg.Mouse())
		if !ok || s.stage != Editing {
			return nil
		}
		switch p, _ := s.paneAt(msg.Mouse().X, msg.Mouse().Y); p {
		case editorPane:
			s.editor.Scroll(d)
		case schemaPane:
			s.schema.Scroll(d)
		case notesPane:
			s.notes.Scroll(d)
		}
	}
	return nil
}

// paneAt says which pane of the editing view is drawn at cell (x, y).
func (s *Screen) paneAt(x, y int) (int, bool) {
	l := s.layout
	return common.Hit(x, y, l.Editor, l.Schema, l.Notes)
}

// key handles a key for the stage the screen is at.
func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	ck := &s.ctx.Keys.Call
	switch s.stage {
	case Idle:
		if key.Matches(k, ck.Leave) {
			return s.leave()
		}
	case Editing:
		return s.editKey(k)
	case Approving:
		if key.Matches(k, ck.Send) {
			return s.send()
		}
		// Any other key goes back to the editor, and does nothing else.
		s.stage, s.sending = Editing, nil
		s.focus.Pane = editorPane
		s.editor.Focus()
		return common.ShowInfo("not sent: back to the arguments")
	case Running:
		if key.Matches(k, ck.Leave) && !s.call.cancelled {
			s.call.cancelled = true
			s.call.cancel()
			return common.ShowInfo("cancelling the call: notifications/cancelled goes to the server")
		}
	case Ended:
		switch {
		case key.Matches(k, ck.Leave):
			return s.leave()
		case key.Matches(k, ck.Review):
			s.stage = Editing
			s.focus.Pane = editorPane
			return s.editor.Focus()
		}
	}
	return nil
}

// leave goes back to the screen the call screen was opened from.
func (s *Screen) leave() tea.Cmd {
	s.editor.Blur()
	back := s.back
	return func() tea.Msg { return common.ShowScreenMsg{Screen: back} }
}

// editKey handles a key of the editing view.
func (s *Screen) editKey(k tea.KeyPressMsg) tea.Cmd {
	ck := &s.ctx.Keys.Call
	g := &s.ctx.Keys.Global
	switch {
	case key.Matches(k, ck.Leave):
		return s.leave()
	case key.Matches(k, ck.Review):
		return s.review()
	case key.Matches(k, ck.Reset):
		s.editor.ReplaceAll(s.opened)
		return tea.Batch(s.edited(), common.ShowInfo("back to the prefilled arguments (ctrl+z takes it back)"))
	case s.focus.Pane == editorPane && key.Matches(k, g.Focus):
		s.MoveFocus(1)
		return nil
	case s.focus.Pane == editorPane && key.Matches(k, g.FocusBck):
		s.MoveFocus(-1)
		return nil
	}
	switch s.focus.Pane {
	case editorPane:
		s.editor.Focus()
		if key.Matches(k, s.ctx.Keys.CallEditor().Newline) {
			cmd := s.editor.InsertString("\n")
			return tea.Batch(cmd, s.edited())
		}
		if t := pane.EditorText(k.Text); k.Text != "" && t != k.Text {
			cmd := s.editor.InsertString(t) // a character the terminal must not get raw
			return tea.Batch(cmd, s.edited())
		}
		cmd := s.editor.Update(k)
		return tea.Batch(cmd, s.edited())
	case notesPane:
		s.notes.Key(k, &s.ctx.Keys.JSON)
	default:
		s.schema.Key(k, &s.ctx.Keys.JSON)
	}
	return nil
}

// review shows the approval view for the editor's text, validated now; text
// that cannot be sent (it does not parse, or is not an object) stays in the
// editor, and the status line says why.
func (s *Screen) review() tea.Cmd {
	if s.stale || s.editor.Rev() != s.lastRev {
		s.validate()
	}
	c := s.check
	if !c.Sendable {
		return common.ShowError("cannot be sent: " + c.Summary + " (tools/call takes a JSON object)")
	}
	s.sending = adapter.AppendCompact(nil, c.Args)
	s.stage = Approving
	s.editor.Blur()
	return nil
}

// send makes the call the approval view shows, when its server is ready;
// otherwise nothing is sent and the status line says why.
func (s *Screen) send() tea.Cmd {
	ls := s.server()
	if ls.State != common.LiveReady {
		return common.ShowError(fmt.Sprintf("not sent: server %s is %s", s.srv, ls.State))
	}
	conn, ok := s.dial(ls)
	if !ok {
		return common.ShowError(fmt.Sprintf("not sent: server %s has no session", s.srv))
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.calls++
	c := &call{id: s.calls, server: s.req.Server, tool: s.req.Tool.Name, exposed: s.req.Exposed,
		args: s.sending, start: s.ctx.Now(), cancel: cancel, box: newProgressBox()}
	s.call, s.stage, s.sending = c, Running, nil
	return tea.Batch(start(ctx, conn, c, s.ctx.Now), c.box.wait(c.id), tick(c.id))
}

// ended records the end of call c and sends it as a common.CallDoneMsg.
func (s *Screen) ended(c *call, m endedMsg) tea.Cmd {
	c.done, c.result, c.err, c.elapsed = true, m.result, m.err, m.elapsed
	if m.result != nil && m.result.RPCError == nil {
		c.resultLines = resultLines(m.result.Raw)
	}
	c.cancel() // the call's context is no longer needed
	s.stage = Ended
	done := common.CallDoneMsg{Server: c.server, Tool: c.tool, Exposed: c.exposed, Arguments: c.args,
		Result: m.result, Err: m.err, Elapsed: m.elapsed}
	return func() tea.Msg { return done }
}
