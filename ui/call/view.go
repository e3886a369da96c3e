package call

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// labelW is the width of the labels of the approval view and the call view
// ("server", "tool", …).
const labelW = 13

// View implements Screen.
func (s *Screen) View() string {
	if s.layout.TooSmall {
		return ""
	}
	var body string
	switch s.stage {
	case Idle:
		lines := []string{""}
		for _, l := range common.WrapText("No call is open. Press c on a tool of a live server (on the tools screen) to call it from here.", s.layout.Body.W-2) {
			lines = append(lines, s.ctx.Styles.Message.Render(" "+l))
		}
		body = common.PadLines(lines, s.layout.Body.W, s.layout.Body.H)
	case Editing:
		body = s.editingView()
	case Approving:
		body = common.PadLines(s.approvalLines(), s.layout.Body.W, s.layout.Body.H)
	default:
		body = common.PadLines(s.callLines(), s.layout.Body.W, s.layout.Body.H)
	}
	return common.Frame(s.titleBar(), nil, common.Rect{}, body, s.infoRow())
}

func (s *Screen) titleBar() string {
	st := s.ctx.Styles
	left := st.TitleBar.Render("call")
	if s.req != nil {
		left += st.TitleBar.Render(" │ ") + st.Mode.Render(s.who()) + st.TitleBar.Render(" │ ") + st.Mode.Render(s.stageName())
	}
	return common.TitleRow(st, s.ctx.Width, left)
}

// who names the open call: its tool's name on the server, and the server.
func (s *Screen) who() string { return common.Safe(s.req.Tool.Name) + " on " + s.srv }

// stageName says where the call is, for the title bar.
func (s *Screen) stageName() string {
	switch s.stage {
	case Editing:
		return "arguments"
	case Approving:
		return "approval"
	case Running:
		return "running"
	case Ended:
		return "ended"
	}
	return ""
}

// editingView is the editor beside the input schema, and the notes under
// both: Body.H rows of Body.W cells.
func (s *Screen) editingView() string {
	st := s.ctx.Styles
	l := s.layout
	title := "arguments"
	if s.stale {
		title += " · waiting for a pause…"
	}
	left := append([]string{pane.Title(st, title, s.focus.Pane == editorPane, l.Editor.W)}, s.editor.View(s.focus.Pane == editorPane)...)
	right := strings.Split(s.schema.View(s.focus.Pane == schemaPane), "\n")
	rule := st.Separator.Render("│")
	var b strings.Builder
	for i, row := range left {
		b.WriteString(row)
		b.WriteString(rule)
		if i < len(right) {
			b.WriteString(right[i])
		}
		b.WriteByte('\n')
	}
	b.WriteString(s.notes.View(s.focus.Pane == notesPane))
	return b.String()
}

// field is a row of the approval view or the call view: a label and text.
func (s *Screen) field(label, text string) string {
	return s.ctx.Styles.Muted.Render(" "+padRight(label, labelW-1)) + text
}

func padRight(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// wrapped is text wrapped under a label, at most maxRows rows (the last cut
// with …), each row drawn in style.
func (s *Screen) wrapped(label, text string, style lipgloss.Style, maxRows int) []string {
	w := max(s.layout.Body.W-labelW-1, 10)
	rows := common.WrapText(text, w)
	if len(rows) == 0 {
		rows = []string{""}
	}
	if len(rows) > maxRows {
		rows = rows[:maxRows]
		rows[maxRows-1] = ansi.Truncate(rows[maxRows-1], w-1, "") + "…"
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		if i == 0 {
			out[i] = s.field(label, style.Render(r))
		} else {
			out[i] = s.field("", style.Render(r))
		}
	}
	return out
}

// jsonRows is JSON text made safe (hidden characters as \u escapes, which
// mean the same) and broken into rows of the body's width under a label, at
// most maxRows; when it does not fit, the last row says how long it is. Only
// the start of a long text is read.
func (s *Screen) jsonRows(label string, text []byte, maxRows int) []string {
	st := s.ctx.Styles
	w := max(s.layout.Body.W-labelW-1, 10)
	maxRows = max(maxRows, 1)
	src, cut := text, false
	if limit := (maxRows + 1) * w * utf8.UTFMax; len(src) > limit {
		for limit > 0 && !utf8.RuneStart(src[limit]) {
			limit--
		}
		src, cut = src[:limit], true
	}
	var rows []string
	for rest := common.Safe(string(termsafe.JSON(src))); rest != "" && len(rows) <= maxRows; {
		row := ansi.Truncate(rest, w, "")
		if row == "" { // a character wider than the row
			_, n := utf8.DecodeRuneInString(rest)
			row = rest[:n]
		}
		rows = append(rows, row)
		rest = rest[len(row):]
	}
	if len(rows) == 0 {
		rows = []string{""}
	}
	styled := make([]string, 0, len(rows))
	for _, r := range rows {
		styled = append(styled, st.JSONString.Render(r))
	}
	if len(rows) > maxRows || cut {
		// The last row shown ends saying how long the whole text is.
		more := " … " + words.Count(len(text), "byte", "bytes") + " in all"
		last := rows[min(len(rows), maxRows)-1]
		last = ansi.Truncate(last, max(w-ansi.StringWidth(more), 1), "")
		styled = append(styled[:min(len(styled), maxRows)-1], st.JSONString.Render(last)+st.Muted.Render(more))
	}
	out := make([]string, len(styled))
	for i, r := range styled {
		if i == 0 {
			out[i] = s.field(label, r)
		} else {
			out[i] = s.field("", r)
		}
	}
	return out
}

// serverRows are the server of the open call and how it is reached, and
// its state when it is not ready (a call cannot be sent then).
func (s *Screen) serverRows() []string {
	st := s.ctx.Styles
	ls := s.server()
	rows := s.wrapped("server", s.srv+" · "+ls.Spec.Describe(), st.Info, 2)
	if ls.State != common.LiveReady {
		rows = append(rows, s.field("", st.BadgeError.Render("not ready: "+ls.State.String())))
	}
	return rows
}

// approvalLines is the approval view: what will be sent, where, and what the
// tool says of itself; whether the arguments are valid and whether the tool
// is destructive always show, at the bottom. The tool's title, description
// and the notes on its annotations give way first when the rows run out,
// then the arguments (down to one row).
func (s *Screen) approvalLines() []string {
	st := s.ctx.Styles
	h := s.layout.Body.H
	// The rows over the arguments, in items: an optional item gives way
	// whole.
	type item struct {
		rows     []string
		optional bool
	}
	var top []item
	add := func(optional bool, rows ...string) { top = append(top, item{rows, optional}) }
	add(false, st.HelpTitle.Render(" Send this call?"), "")
	add(false, s.serverRows()...)
	tool := common.Safe(s.req.Tool.Name)
	if s.req.Exposed != "" && s.req.Exposed != s.req.Tool.Name {
		tool += st.Muted.Render(" (exposed as " + common.Safe(s.req.Exposed) + ")")
	}
	add(false, s.field("tool", st.ListName.Render(tool)))
	if s.ann.Title != "" {
		add(true, s.field("title", st.Info.Render(s.ann.Title)))
	}
	if d := strings.TrimSpace(s.req.Tool.Description); d != "" {
		add(true, s.wrapped("description", strings.Join(strings.Fields(common.Safe(d)), " "), st.Info, max(min(3, h/8), 1))...)
	}
	var badges []string
	for _, b := range s.ann.Badges() {
		badges = append(badges, b.Style(s.ctx).Render(b.Text))
	}
	add(false, s.field("annotations", strings.Join(badges, st.Muted.Render(" · "))))
	for _, n := range s.ann.Notes {
		add(true, s.wrapped("", n, st.BannerWarn, 2)...)
	}
	add(true, s.field("", st.Muted.Render("hints the server gives of the tool, not guarantees")))

	var bottom []string
	c := s.check
	switch {
	case len(c.Errors) > 0:
		bottom = append(bottom, s.wrapped("validation", "INVALID: "+c.Summary+" against the tool's input schema; y sends them all the same, as call --force does", st.BannerError, 2)...)
		for i, e := range c.Errors {
			if i == 2 && len(c.Errors) > 3 {
				bottom = append(bottom, s.field("", st.Muted.Render(fmt.Sprintf("… and %d more (in the editor's notes)", len(c.Errors)-2))))
				break
			}
			bottom = append(bottom, s.wrapped("", "• "+common.Safe(e.Error()), st.BannerError, 1)...)
		}
	case c.Unchecked != "":
		bottom = append(bottom, s.wrapped("validation", "not checked: "+c.Unchecked, st.BannerWarn, 2)...)
	default:
		bottom = append(bottom, s.field("validation", st.BadgeStrict.Render("valid against the tool's input schema")))
	}
	if s.ann.IsDestructive() {
		why := "the server says so"
		if !s.ann.Destructive.given {
			why = "by default: the server does not say otherwise"
		}
		bottom = append(bottom, "")
		bottom = append(bottom, s.wrapped("", "This tool may destroy or overwrite data ("+why+").", st.BannerError, 2)...)
	}

	about := "the exact JSON to send, " + words.Count(len(s.sending), "byte", "bytes")
	if len(termsafe.JSON(s.sending)) != len(s.sending) {
		about += " (hidden characters shown as \\u escapes)"
	}
	aboutRows := s.wrapped("", about+":", st.Muted, 2)
	// Optional items give way (the last first) until the arguments have
	// the rows they want, with a blank row before and after them.
	count := func() int {
		n := 0
		for _, it := range top {
			n += len(it.rows)
		}
		return n
	}
	// The arguments want all their rows, or a quarter of the view when
	// they are longer.
	want := min(len(s.jsonRows("arguments", s.sending, h)), max(h/4, 1))
	for i := len(top) - 1; i >= 0 && count()+1+len(aboutRows)+want+1+len(bottom) > h; i-- {
		if top[i].optional {
			top = append(top[:i], top[i+1:]...)
		}
	}
	room := h - count() - 1 - len(aboutRows) - 1 - len(bottom)
	args := s.jsonRows("arguments", s.sending, max(room, 1))

	lines := make([]string, 0, h)
	for _, it := range top {
		lines = append(lines, it.rows...)
	}
	lines = append(append(lines, ""), aboutRows...)
	lines = append(lines, args...)
	lines = append(lines, "")
	if pad := h - len(lines) - len(bottom); pad > 0 {
		lines = append(lines, make([]string, pad)...)
	}
	if cut := len(lines) + len(bottom) - h; cut > 0 {
		lines = lines[:max(len(lines)-cut, 0)] // the bottom shows whatever else does not
	}
	return append(lines, bottom...)
}

// callLines is the view of the running or ended call.
func (s *Screen) callLines() []string {
	st := s.ctx.Styles
	c := s.call
	h := s.layout.Body.H
	var lines []string
	if c.done {
		head, bad := s.outcome()
		style := st.HelpTitle
		if bad {
			style = st.BannerError
		}
		lines = append(lines, style.Render(" "+s.who()+": "+head), "")
	} else {
		lines = append(lines, st.HelpTitle.Render(" Calling "+s.who()+"…"), "")
	}
	lines = append(lines, s.serverRows()...)
	lines = append(lines, s.jsonRows("arguments", c.args, 2)...)
	lines = append(lines, "")
	lines = append(lines, s.progressRows()...)
	lines = append(lines, "")
	switch {
	case !c.done && c.cancelled:
		lines = append(lines, st.BannerWarn.Render(" cancelling: notifications/cancelled goes to the server…"))
	case c.done:
		lines = append(lines, s.endRows(max(h-len(lines), 1))...)
	}
	return lines
}

// progressRows are the progress bar, the server's message and the elapsed
// time.
func (s *Screen) progressRows() []string {
	st := s.ctx.Styles
	c := s.call
	elapsed := seconds(c.elapsed)
	if c.notified == 0 {
		what := "no progress notification from the server yet"
		if c.done {
			what = "the server sent no progress notification"
		}
		return []string{s.field("progress", st.Muted.Render(what)), s.field("elapsed", st.Info.Render(elapsed))}
	}
	p := c.progress
	var bar string
	if p.Total > 0 {
		barW := min(max(s.layout.Body.W/4, 10), 40)
		frac := min(max(p.Progress/p.Total, 0), 1)
		filled := int(frac * float64(barW))
		bar = st.StageCount.Render(strings.Repeat("█", filled)) + st.Muted.Render(strings.Repeat("░", barW-filled)) +
			" " + st.Info.Render(fmt.Sprintf("%g/%g", p.Progress, p.Total))
	} else {
		bar = st.Info.Render(fmt.Sprintf("%g", p.Progress)) + st.Muted.Render(" (the server gives no total)")
	}
	rows := []string{s.field("progress", bar)}
	if p.Message != "" {
		rows = append(rows, s.wrapped("", common.Safe(p.Message), st.Info, 1)...)
	}
	return append(rows, s.field("elapsed", st.Info.Render(elapsed)+st.Muted.Render(" · "+words.Count(c.notified, "progress notification", "progress notifications"))))
}

// seconds is d as the screens show a call's time: 1.3s.
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + "s" }

// outcome is how the call ended, in a few words, and whether that is bad
// (an error of any kind).
func (s *Screen) outcome() (string, bool) {
	c := s.call
	t := seconds(c.elapsed)
	switch {
	case c.err != nil && errors.Is(c.err, live.ErrCancelled):
		return "cancelled after " + t, true
	case c.err != nil:
		return "failed after " + t, true
	case c.result != nil && c.result.RPCError != nil:
		return "a JSON-RPC error after " + t, true
	case c.result != nil && isError(c.result.Raw):
		return "done in " + t + ", the tool reports an error (isError)", true
	}
	return "done in " + t, false
}

// isError says whether a CallToolResult says "isError": true.
func isError(raw []byte) bool {
	v, err := adapter.Decode(raw)
	if err != nil {
		return false
	}
	e, _ := v.Get("isError")
	return e.Bool()
}

// endRows are the result, the JSON-RPC error or the error the call ended
// with, at most maxRows rows.
func (s *Screen) endRows(maxRows int) []string {
	st := s.ctx.Styles
	c := s.call
	switch {
	case c.err != nil:
		return s.wrapped("error", common.Safe(c.err.Error()), st.BannerError, maxRows)
	case c.result == nil:
		return nil
	case c.result.RPCError != nil:
		e := c.result.RPCError
		return s.wrapped("error", fmt.Sprintf("JSON-RPC error %d: %s", e.Code, common.Safe(e.Message)), st.BannerError, maxRows)
	}
	if c.resultLines == nil {
		return s.jsonRows("result", c.result.Raw, maxRows)
	}
	w := max(s.layout.Body.W-labelW-1, 10)
	rows := c.resultLines[:min(len(c.resultLines), maxRows)]
	out := make([]string, 0, len(rows))
	for i, r := range rows {
		text := st.JSONString.Render(ansi.Truncate(r, w, "…"))
		if i == maxRows-1 && len(c.resultLines) > maxRows {
			text = st.Muted.Render(fmt.Sprintf("… %s more", words.Count(len(c.resultLines)-maxRows+1, "line", "lines")))
		}
		label := ""
		if i == 0 {
			label = "result"
		}
		out = append(out, s.field(label, text))
	}
	return out
}

// resultLines is a result as the ended view shows it: indented, each line
// made safe; nil when it is not JSON the adapter reads.
func resultLines(raw []byte) []string {
	v, err := adapter.Decode(raw)
	if err != nil {
		return nil
	}
	text := strings.TrimRight(string(adapter.MarshalIndent(v)), "\n")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = common.Safe(string(termsafe.JSON([]byte(l))))
	}
	return lines
}

// infoRow is the editor's cursor and the keys that act, or the breadcrumb of
// the schema pane.
func (s *Screen) infoRow() string {
	st := s.ctx.Styles
	w := s.ctx.Width
	var text string
	switch s.stage {
	case Idle:
		text = st.Muted.Render(" esc goes back")
	case Editing:
		if s.focus.Pane == schemaPane {
			return pane.CrumbRow(st, s.schema, w)
		}
		pos := " line " + strconv.Itoa(s.editor.Line()+1) + ", column " + strconv.Itoa(s.editor.Column()+1)
		text = st.Info.Render(pos) + st.Muted.Render("  · enter reviews the call · alt+enter new line · esc leaves")
	case Approving:
		text = st.Prompt.Render(" y sends the call to "+s.srv) + st.Muted.Render(" · any other key goes back to the editor")
	case Running:
		text = st.Prompt.Render(" esc cancels the call") + st.Muted.Render(" (notifications/cancelled)")
		if s.call.cancelled {
			text = st.Muted.Render(" cancelling…")
		}
	case Ended:
		text = st.Prompt.Render(" enter edits the arguments again") + st.Muted.Render(" · esc goes back")
	}
	return common.Fit(text, w)
}

// KeyMaps implements Screen.
func (s *Screen) KeyMaps() []common.NamedKeyMap {
	k := s.ctx.Keys
	if s.stage != Editing {
		return []common.NamedKeyMap{{Title: "call", KeyMap: k.Call}}
	}
	return []common.NamedKeyMap{{Title: "call", KeyMap: k.Call}, {Title: "editor", KeyMap: k.CallEditor()},
		{Title: "schema and notes", KeyMap: k.JSON}}
}

// Status implements Screen: the open call and where it is.
func (s *Screen) Status() string {
	if s.req == nil {
		return "no call open"
	}
	parts := []string{"call · " + s.who()}
	switch s.stage {
	case Editing:
		if s.stale {
			parts = append(parts, "waiting for a pause in typing")
		} else {
			parts = append(parts, s.check.Summary)
		}
		parts = append(parts, "line "+strconv.Itoa(s.editor.Line()+1)+"/"+strconv.Itoa(s.editor.LineCount()))
	case Approving:
		parts = append(parts, "approve? y sends, any other key goes back")
	case Running:
		if s.call.cancelled {
			parts = append(parts, "cancelling "+seconds(s.call.elapsed))
		} else {
			parts = append(parts, "running "+seconds(s.call.elapsed))
		}
	case Ended:
		head, _ := s.outcome()
		parts = append(parts, head)
	}
	return strings.Join(parts, " │ ")
}
