package tools

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// servers are the servers the screen shows: the tool lists' and session
// files', then each live server's last tool list (none while it has not
// listed), in the order given.
func servers(loaded *common.Loaded, lv *common.Live) []adapter.Server {
	if lv == nil {
		return loaded.Servers
	}
	out := slices.Clip(loaded.Servers)
	for _, ls := range lv.Servers {
		out = append(out, ls.Server())
	}
	return out
}

// liveLists are the live servers' tool lists the engine is built from.
func liveLists(lv *common.Live) []*live.ToolList {
	if lv == nil {
		return nil
	}
	out := make([]*live.ToolList, len(lv.Servers))
	for i, ls := range lv.Servers {
		out[i] = ls.Tools
	}
	return out
}

// liveServer is the live server of group g, or nil when g is a file's.
func (s *Screen) liveServer(g int) (int, *common.LiveServer) {
	i := g - len(s.loaded.Servers)
	if s.lv == nil || i < 0 || i >= len(s.lv.Servers) {
		return -1, nil
	}
	return i, s.lv.Servers[i]
}

// liveChanged takes in a change of a live server: a new tool list asks the
// library again for every tool (answers of the old lists are dropped, and so
// are those still being computed off the frame); any other change redraws
// the server's header.
func (s *Screen) liveChanged() {
	if lists := liveLists(s.lv); !slices.Equal(lists, s.lists) {
		s.lists = lists
		s.eng = newEngine(servers(s.loaded, s.lv))
		s.off = common.NewOffFrame(s.modes)
		s.shown = shownKey{tool: -1, file: -1, group: -1}
		s.recompute()
		return
	}
	s.lp.List.SetRows(s.listRows(s.cur))
	s.shown = shownKey{tool: -1, file: -1, group: -1}
	s.show()
}

// liveGroup is the header of live server ls: its state as the detail (how
// long it has been connecting, its tool count, or that it failed and why),
// the last change of its list, and a failure as a badge.
func liveGroup(g *pane.Group, ls *common.LiveServer, now time.Time) {
	switch ls.State {
	case common.LiveConnecting:
		g.Detail = "connecting… " + common.Elapsed(now.Sub(ls.Since))
		if ls.Tools != nil {
			g.Detail += " · " + words.Count(len(ls.Tools.Tools), "tool", "tools") + " listed before"
		}
	case common.LiveFailed:
		g.Detail = "failed: " + common.Safe(common.FirstLine(ls.Err))
		g.Counts = append([]pane.Badge{{Text: "failed", Style: pane.BadgeError}}, g.Counts...)
	default:
		if ls.Conn != nil && ls.Conn.Stale() {
			g.Detail += " · list changed"
		}
	}
	if n := len(ls.Changes); n > 0 && ls.State != common.LiveFailed {
		g.Detail += " · " + common.Safe(ls.Changes[n-1])
	}
}

// liveContents are the panes of a live server's header: how it is reached
// and where it is, and its stderr's last lines (the servers screen shows the
// whole log).
func liveContents(ls *common.LiveServer, now time.Time) *[2]*pane.Content {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", common.Safe(ls.Spec.Name), common.Safe(ls.Spec.Describe()))
	switch ls.State {
	case common.LiveConnecting:
		fmt.Fprintf(&b, "Connecting for %s.", common.Elapsed(now.Sub(ls.Since)))
	case common.LiveFailed:
		fmt.Fprintf(&b, "Failed: %s\nR connects again.", common.SafeLines(ls.Err.Error()))
	default:
		n := 0
		if ls.Tools != nil {
			n = len(ls.Tools.Tools)
		}
		fmt.Fprintf(&b, "Connected: %s.", words.Count(n, "tool", "tools"))
		if ls.Info.ServerInfo != nil {
			fmt.Fprintf(&b, " %s %s, protocol %s.", common.Safe(ls.Info.ServerInfo.Name), common.Safe(ls.Info.ServerInfo.Version), common.Safe(ls.Info.ProtocolVersion))
		}
		b.WriteString("\nc on a tool calls it; R connects again.")
	}
	for _, c := range ls.Changes {
		b.WriteString("\n" + common.Safe(c))
	}
	var tail []string
	for _, e := range ls.Log {
		if e.Kind == live.LogStderr {
			tail = append(tail, common.Safe(e.Text))
		}
	}
	logMsg := "Nothing on stderr."
	if len(tail) > 0 {
		tail = tail[max(len(tail)-live.StderrTail, 0):]
		logMsg = "The last lines of its stderr (the servers screen has the whole log):\n" + strings.Join(tail, "\n")
	}
	return &[2]*pane.Content{{Title: "server", Message: b.String()}, {Title: "stderr", Message: logMsg}}
}

// call asks for the call screen on the selected tool, when it is a live
// server's and the server is ready.
func (s *Screen) call() tea.Cmd {
	row := s.lp.List.Current()
	if row == nil || row.Tool < 0 {
		return common.ShowError("select a live server's tool to call it")
	}
	i, ls := s.liveServer(s.eng.serverOf[row.Tool])
	if ls == nil {
		return common.ShowError("only a live server's tool can be called (--server, --config)")
	}
	if ls.State != common.LiveReady {
		return common.ShowError("server " + common.Safe(ls.Spec.Name) + " is " + ls.State.String() + ": R connects again")
	}
	o := s.cur.Report.Outcomes[row.Tool]
	req := common.CallRequest{Server: i, Tool: o.Entry.Tool, Exposed: o.Entry.Exposed}
	return func() tea.Msg { return req }
}

// reconnect asks for the selected tool's or header's live server to be
// connected again.
func (s *Screen) reconnect() tea.Cmd {
	g := -1
	if row := s.lp.List.Current(); row != nil && row.Tool >= 0 {
		g = s.eng.serverOf[row.Tool]
	} else if hg, ok := s.lp.List.CurrentGroup(); ok {
		g = hg
	}
	i, ls := s.liveServer(g)
	if ls == nil {
		return common.ShowError("select a live server (its header or a tool of it) to connect again")
	}
	return func() tea.Msg { return common.ReconnectRequest{Server: i} }
}
