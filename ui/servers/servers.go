package servers

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// The panes of the servers screen, in tab order.
const (
	listPane = iota
	detailsPane
	logPane
	paneCount
)

// Screen is the servers screen: the live servers in a list, and for the
// selected one its details and its log. The live servers are the root
// model's: the screen reads them and draws server i again when a
// common.LiveChangedMsg says it changed.
type Screen struct {
	ctx     *common.Context
	lv      *common.Live
	focus   common.Focus
	list    *pane.List
	details textPane
	log     *logView
	layout  layout
	shown   int // the server the details and the log show; -1 for none
}

// New is the servers screen over the live servers of lv (nil when there are
// none), drawn in ctx.
func New(ctx *common.Context, lv *common.Live) *Screen {
	s := &Screen{ctx: ctx, lv: lv, focus: common.NewFocus(paneCount),
		list: pane.NewList(ctx), details: textPane{ctx: ctx}, log: newLogView(ctx), shown: -1}
	s.list.Title = "servers"
	s.setRows()
	s.show()
	return s
}

// Name implements common.Screen.
func (s *Screen) Name() string { return "servers" }

// Capturing implements common.Screen: the log's filter input takes every key
// while it has them.
func (s *Screen) Capturing() bool { return s.log.editing }

// MoveFocus implements common.Screen.
func (s *Screen) MoveFocus(d int) { s.focus.MoveFocus(d) }

// Restyle implements common.Screen.
func (s *Screen) Restyle() {
	s.list.Restyle()
	s.log.Restyle()
	s.refresh()
}

// Resize implements common.Screen.
func (s *Screen) Resize() {
	s.layout = computeLayout(s.ctx.Width, s.ctx.Height)
	l := s.layout
	if l.TooSmall {
		return
	}
	s.list.SetSize(l.List.W, l.List.H)
	s.details.SetSize(l.Details.W, l.Details.H)
	s.log.SetSize(l.Log.W, l.Log.H)
	s.refresh() // the details wrap at the new width
}

// servers is the live servers; none when lv is nil.
func (s *Screen) servers() []*common.LiveServer {
	if s.lv == nil {
		return nil
	}
	return s.lv.Servers
}

// selected is the index of the selected server; -1 when none is.
func (s *Screen) selected() int {
	if r := s.list.Current(); r != nil && r.Tool >= 0 && r.Tool < len(s.servers()) {
		return r.Tool
	}
	return -1
}

// staleBadge is the style of a server still connecting.
func staleBadge(c *common.Context) lipgloss.Style { return c.Styles.Stale }

// setRows lists every server with its state: how long it has been
// connecting, its tools or that it failed (and the tools it keeps from its
// last list), and how many changes its list has had.
func (s *Screen) setRows() {
	now := s.ctx.Now()
	rows := make([]pane.Row, len(s.servers()))
	for i, ls := range s.servers() {
		r := pane.Row{Tool: i, File: -1, Name: common.Safe(ls.Spec.Name)}
		switch ls.State {
		case common.LiveConnecting:
			r.Badges = append(r.Badges, pane.Badge{Text: stateText(ls, now), Style: staleBadge})
		case common.LiveReady:
			r.Badges = append(r.Badges, pane.Badge{Text: stateText(ls, now), Style: pane.BadgeStrict})
		default:
			r.Badges = append(r.Badges, pane.Badge{Text: "failed", Style: pane.BadgeError})
			if ls.Tools != nil {
				r.Badges = append(r.Badges, pane.Badge{Text: words.Count(len(ls.Tools.Tools), "tool", "tools") + " kept", Style: pane.BadgeNonStrict})
			}
		}
		if n := len(ls.Changes); n > 0 {
			r.Badges = append(r.Badges, pane.Badge{Text: words.Count(n, "change", "changes"), Style: pane.BadgeFallback})
		}
		r.Search = strings.ToLower(r.Name)
		rows[i] = r
	}
	s.list.SetRows(rows, nil)
}

// show puts the selected server in the details and the log: from the top
// of its details and the end of its log when it is another server than the
// one shown; else where they were.
func (s *Screen) show() {
	i := s.selected()
	reset := i != s.shown
	s.shown = i
	if i < 0 {
		msg := "No live server. Start strictscope with --server NAME=COMMAND, --server NAME=URL or --config FILE."
		s.details.SetLines("server", []string{s.ctx.Styles.Message.Render(" " + msg)}, true)
		s.log.SetEntries(nil, msg, true)
		return
	}
	ls := s.servers()[i]
	s.details.SetLines("server · "+common.Safe(ls.Spec.Name), details(s.ctx.Styles, ls, s.ctx.Now(), s.details.width), reset)
	s.log.SetEntries(ls.Log, s.emptyLog(ls), reset)
}

// refresh draws the server shown again, where its panes are.
func (s *Screen) refresh() {
	s.shown = s.selected()
	if s.shown < 0 {
		s.shown = -2 // show the message again
	}
	s.show()
}

// emptyLog is what the log says while it has no line.
func (s *Screen) emptyLog(ls *common.LiveServer) string {
	trace := s.lv != nil && s.lv.Trace
	var msg string
	switch {
	case ls.Spec.Transport != live.Stdio && trace:
		msg = "No message yet. An HTTP server's stderr is not strictscope's to read."
	case ls.Spec.Transport != live.Stdio:
		msg = "An HTTP server's stderr is not strictscope's to read."
	case ls.State == common.LiveConnecting:
		msg = "Nothing yet: the server is starting."
	default:
		msg = "The server has written nothing on stderr."
	}
	if !trace {
		msg += " Start strictscope with --trace to see the JSON-RPC messages too."
	}
	return msg
}
