package servers

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// logKinds is which lines of a log the kind filter keeps (t cycles them).
type logKinds uint8

const (
	allKinds    logKinds = iota // every line
	stderrOnly                  // the lines the server wrote on stderr
	trafficOnly                 // the JSON-RPC messages, sent and received (--trace)
)

func (k logKinds) String() string {
	switch k {
	case stderrOnly:
		return "stderr"
	case trafficOnly:
		return "traffic"
	}
	return "all"
}

// keeps says whether a line of kind lk passes the filter.
func (k logKinds) keeps(lk live.LogKind) bool {
	switch k {
	case stderrOnly:
		return lk == live.LogStderr
	case trafficOnly:
		return lk == live.LogSent || lk == live.LogReceived
	}
	return true
}

// kindMark is the mark of a line between its time and its text: → a message
// sent, ← a message received, nothing for a line of stderr.
func kindMark(k live.LogKind) string {
	switch k {
	case live.LogSent:
		return "→"
	case live.LogReceived:
		return "←"
	}
	return " "
}

// logPos is a place in the log as drawn: a line the filters keep (an index
// into visible), and a row of it as wrapped.
type logPos struct{ line, row int }

func (a logPos) before(b logPos) bool { return a.line < b.line || a.line == b.line && a.row < b.row }

// wideTime is the pane width from which the time column shows milliseconds.
const wideTime = 100

// logView is the selected server's log: a time column, the kind's mark and
// the line, wrapped at the pane's width, the newest at the bottom. A dumb
// component: the screen calls its methods.
//
// Its rules:
//
//   - Filters. A line shows while its text holds the filter's text (/),
//     trimmed, whatever the case, and its kind passes the kind filter (t: all,
//     stderr, traffic). The text matched is the line's sanitized text, as
//     drawn. Esc while the filter is typed empties its text; esc after that
//     (enter kept the filter) clears both filters.
//   - Scrolling. The pane scrolls by rows of the wrapped lines, as a pager
//     does. It follows the end (the newest line stays on the bottom row as
//     lines come) while its bottom row is the log's last; scrolling up stops
//     that and G, end or scrolling down to the end starts it again. A
//     changed filter follows the end. While it does not follow, new lines
//     leave the view where it is, on the same line even when the oldest
//     lines were dropped from the log's front.
//   - Work. Lines are wrapped when drawn or passed over, and the wraps are
//     kept until the lines, the filters or the width change, so a frame
//     costs the rows it draws, not the size of the log.
type logView struct {
	ctx     *common.Context
	entries []live.LogEntry // the server's log, read only
	kinds   logKinds
	filter  textinput.Model
	editing bool   // the filter input has the keys
	query   string // the filter's text in force, trimmed
	visible []int  // indices into entries the filters keep
	width   int
	height  int // the pane's rows, its title row included
	top     logPos
	follow  bool
	wraps   map[int][]string // by index into visible: the line's text as wrapped
	wrapW   int              // the width wraps holds lines wrapped at
	empty   string           // what the pane says when the log has no line
}

func newLogView(ctx *common.Context) *logView {
	ti := textinput.New()
	ti.Prompt = "/"
	ti.Placeholder = "filter the log"
	common.StyleInput(&ti, ctx.Styles)
	return &logView{ctx: ctx, filter: ti, follow: true, wraps: map[int][]string{}}
}

// Restyle takes the context's new styles.
func (v *logView) Restyle() { common.StyleInput(&v.filter, v.ctx.Styles) }

// SetSize sizes the pane to w×h cells, its title row included.
func (v *logView) SetSize(w, h int) {
	v.width, v.height = max(w, 0), max(h, 0)
	v.filter.SetWidth(max(w-4, 1))
	v.settle()
}

// filterRow says whether the filter takes a row under the title: while it
// is edited or holds text.
func (v *logView) filterRow() bool { return v.editing || v.filter.Value() != "" }

// rows is how many rows the lines have: the pane's, less the title and the
// filter.
func (v *logView) rows() int {
	n := v.height - 1
	if v.filterRow() {
		n--
	}
	return max(n, 0)
}

// timeFormat is the time column's layout at the pane's width.
func (v *logView) timeFormat() string {
	if v.width >= wideTime {
		return "15:04:05.000"
	}
	return "15:04:05"
}

// textWidth is the width a line's text wraps at: the pane's, less the margin,
// the time column and the mark.
func (v *logView) textWidth() int { return max(v.width-1-len(v.timeFormat())-3, 1) }

// SetEntries shows a server's log. reset (another server) starts again at
// the end, following it; else the view stays as the rules say.
func (v *logView) SetEntries(entries []live.LogEntry, empty string, reset bool) {
	var anchor *live.LogEntry
	oldTop := v.top
	if !reset && !v.follow && v.top.line < len(v.visible) {
		e := v.entries[v.visible[v.top.line]]
		anchor = &e
	}
	v.entries, v.empty = entries, empty
	if reset {
		v.follow, v.top = true, logPos{}
	}
	v.refilter()
	if anchor != nil {
		v.top = logPos{line: v.find(*anchor, oldTop.line), row: oldTop.row}
	}
	v.settle()
}

// find is the index among the visible lines of the line e, looked for from
// near (lines only move towards the front, as the oldest are dropped); near
// itself, kept in range, when it is not there.
func (v *logView) find(e live.LogEntry, near int) int {
	for i := min(near, len(v.visible)-1); i >= 0; i-- {
		if c := v.entries[v.visible[i]]; c.Time.Equal(e.Time) && c.Kind == e.Kind && c.Text == e.Text {
			return i
		}
	}
	return max(min(near, len(v.visible)-1), 0)
}

// refilter keeps the lines the filters pass, and forgets the wraps.
func (v *logView) refilter() {
	v.visible = v.visible[:0]
	for i, e := range v.entries {
		if v.kinds.keeps(e.Kind) && containsFold(e.Text, v.query) {
			v.visible = append(v.visible, i)
		}
	}
	clear(v.wraps)
}

// filtersChanged shows the lines the new filters keep, from the end.
func (v *logView) filtersChanged() {
	v.refilter()
	v.follow = true
	v.settle()
}

// CycleKinds moves the kind filter on: all, stderr, traffic.
func (v *logView) CycleKinds() logKinds {
	v.kinds = common.Cycle(v.kinds, allKinds, stderrOnly, trafficOnly)
	v.filtersChanged()
	return v.kinds
}

// StartFilter gives the filter input the keys.
func (v *logView) StartFilter() tea.Cmd {
	v.editing = true
	v.settle()
	return v.filter.Focus()
}

// ClearFilter empties the filter and takes the keys back from it.
func (v *logView) ClearFilter() {
	v.editing = false
	v.filter.Blur()
	v.filter.SetValue("")
	v.query = ""
	v.filtersChanged()
}

// ClearFilters empties the filter and shows every kind of line again.
func (v *logView) ClearFilters() {
	v.kinds = allKinds
	v.ClearFilter()
}

// Filtering says whether a filter is on: text, or a kind.
func (v *logView) Filtering() bool { return v.query != "" || v.kinds != allKinds }

// FilterKey handles a key while the filter input has the keys: esc empties
// the filter and takes the keys back, enter keeps it and takes them back,
// every other key edits the text, the lines being filtered again at once.
func (v *logView) FilterKey(k tea.KeyPressMsg, clearKey func(tea.KeyPressMsg) bool) tea.Cmd {
	switch {
	case clearKey(k):
		v.ClearFilter()
		return nil
	case k.String() == "enter":
		v.editing = false
		v.filter.Blur()
		v.settle()
		return nil
	}
	return v.Edit(k)
}

// Edit passes a key or a paste to the filter input and filters again.
func (v *logView) Edit(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	v.filter, cmd = v.filter.Update(common.InputMsg(msg))
	if q := strings.TrimSpace(v.filter.Value()); q != v.query {
		v.query = q
		v.filtersChanged()
	}
	return cmd
}

// wrapped is visible line i's text wrapped at the text width: one row at
// least.
func (v *logView) wrapped(i int) []string {
	if tw := v.textWidth(); tw != v.wrapW {
		clear(v.wraps)
		v.wrapW = tw
	}
	if w, ok := v.wraps[i]; ok {
		return w
	}
	// A JSON-RPC message has few spaces: it breaks after its commas too.
	w := strings.Split(ansi.Wrap(common.Safe(v.entries[v.visible[i]].Text), v.wrapW, ","), "\n")
	v.wraps[i] = w
	return w
}

// end is the place at the top of the pane when its bottom row is the log's
// last: the first line when the log fits.
func (v *logView) end() logPos {
	need := v.rows()
	for i := len(v.visible) - 1; i >= 0 && need > 0; i-- {
		h := len(v.wrapped(i))
		if h >= need {
			return logPos{line: i, row: h - need}
		}
		need -= h
	}
	return logPos{}
}

// settle keeps the top in the log: at the end while following, never past
// it; and follows again when the end shows.
func (v *logView) settle() {
	end := v.end()
	if v.follow || end.before(v.top) {
		v.top = end
	}
	if v.top.line >= len(v.visible) {
		v.top = logPos{}
	}
	v.top.row = min(v.top.row, max(len(v.wrappedOr(v.top.line))-1, 0))
	v.follow = !v.top.before(end)
}

// wrappedOr is wrapped(i), or nothing when i is not a visible line.
func (v *logView) wrappedOr(i int) []string {
	if i < 0 || i >= len(v.visible) {
		return nil
	}
	return v.wrapped(i)
}

// Move scrolls the log.
func (v *logView) Move(m move) {
	switch m.end {
	case -1:
		v.top, v.follow = logPos{}, false
	case 1:
		v.follow = true
	default:
		v.scroll(m.rows)
	}
	v.settle()
}

// scroll moves the top d rows down (up when negative), within the log.
func (v *logView) scroll(d int) {
	n := len(v.visible)
	if n == 0 {
		return
	}
	v.follow = false
	for d < 0 && (v.top.line > 0 || v.top.row > 0) {
		if v.top.row > 0 {
			step := min(v.top.row, -d)
			v.top.row -= step
			d += step
			continue
		}
		v.top.line--
		v.top.row = len(v.wrapped(v.top.line)) - 1
		d++
	}
	for d > 0 {
		h := len(v.wrapped(v.top.line))
		if v.top.row+d < h {
			v.top.row += d
			return
		}
		if v.top.line+1 >= n {
			v.top.row = h - 1
			return
		}
		d -= h - v.top.row
		v.top = logPos{line: v.top.line + 1}
	}
}

// Counts are how many lines the filters keep, and how many the log has.
func (v *logView) Counts() (kept, all int) { return len(v.visible), len(v.entries) }

// FilterText says what the filters are, for the status line: "/x", "stderr",
// "/x · traffic"; "" when none is on.
func (v *logView) FilterText() string {
	var parts []string
	if v.query != "" {
		parts = append(parts, "/"+common.Safe(v.query))
	}
	if v.kinds != allKinds {
		parts = append(parts, v.kinds.String())
	}
	return strings.Join(parts, " · ")
}

// CountText is the lines for the title and the status line: "340 lines", or
// "12 of 340 lines" while a filter is on.
func (v *logView) CountText() string {
	kept, all := v.Counts()
	if v.Filtering() {
		return words.Number(kept) + " of " + words.Number(all) + " " + words.Form(all, "line", "lines")
	}
	return words.Number(all) + " " + words.Form(all, "line", "lines")
}

// Top is the line at the top of the pane, if one is.
func (v *logView) Top() (live.LogEntry, bool) {
	if v.top.line >= len(v.visible) {
		return live.LogEntry{}, false
	}
	return v.entries[v.visible[v.top.line]], true
}

// Following says whether the pane follows the end of the log.
func (v *logView) Following() bool { return v.follow }

// Text is the lines the filters keep, one a line with its time and mark, for
// the clipboard.
func (v *logView) Text() string {
	var b strings.Builder
	for _, i := range v.visible {
		e := v.entries[i]
		b.WriteString(e.Time.Format("15:04:05.000") + " " + kindMark(e.Kind) + " " + common.Safe(e.Text) + "\n")
	}
	return b.String()
}

// View draws the title row, the filter's row when there is one, and the
// rows from the top, exactly w×h cells.
func (v *logView) View(focused bool) string {
	st := v.ctx.Styles
	out := make([]string, 0, v.height)
	out = append(out, pane.Title(st, "log · "+v.CountText(), focused, v.width))
	if v.filterRow() {
		if v.editing {
			out = append(out, " "+v.filter.View())
		} else {
			out = append(out, st.Filter.Render(" /"+common.Safe(v.filter.Value())))
		}
	}
	switch {
	case len(v.entries) == 0:
		for _, l := range common.WrapText(v.empty, max(v.width-2, 1)) {
			out = append(out, st.Message.Render(" "+l))
		}
	case len(v.visible) == 0:
		out = append(out, st.Message.Render(" Nothing matches the filter (esc clears it)."))
	default:
		layout := v.timeFormat()
		indent := strings.Repeat(" ", 1+len(layout)+3)
		rows := v.rows()
		for p := v.top; len(out) < v.height && p.line < len(v.visible) && rows > 0; p = (logPos{line: p.line + 1}) {
			e := v.entries[v.visible[p.line]]
			for r, text := range v.wrapped(p.line)[p.row:] {
				if len(out) >= v.height {
					break
				}
				if r == 0 && p.row == 0 {
					out = append(out, " "+st.Muted.Render(e.Time.Format(layout))+" "+markStyle(st, e.Kind).Render(kindMark(e.Kind))+" "+text)
				} else {
					out = append(out, indent+text)
				}
			}
		}
	}
	return common.PadLines(out, v.width, v.height)
}

// containsFold says whether s holds q (already trimmed), whatever the case of
// either; the empty q is in every s. An ASCII q is looked for without a copy
// of s, its first letter found in either case by strings.IndexByte: the log
// may hold 2,000 lines of some kilobytes, filtered again as each line comes.
func containsFold(s, q string) bool {
	if q == "" {
		return true
	}
	for i := 0; i < len(q); i++ {
		if q[i] >= utf8.RuneSelf {
			return strings.Contains(strings.ToLower(s), strings.ToLower(q))
		}
	}
	limit := len(s) - len(q) + 1 // where q may start
	if limit <= 0 {
		return false
	}
	find := func(c byte, from int) int {
		if k := strings.IndexByte(s[from:limit], c); k >= 0 {
			return from + k
		}
		return limit
	}
	lo, up := lowerASCII(q[0]), upperASCII(q[0])
	atLo, atUp := find(lo, 0), limit
	if up != lo {
		atUp = find(up, 0)
	}
	for {
		i := min(atLo, atUp)
		if i >= limit {
			return false
		}
		if equalFoldASCII(s[i+1:i+len(q)], q[1:]) {
			return true
		}
		if atLo == i {
			atLo = find(lo, i+1)
		}
		if atUp == i {
			atUp = find(up, i+1)
		}
	}
}

// equalFoldASCII says whether a is b, b being ASCII, whatever the case of
// their ASCII letters.
func equalFoldASCII(a, b string) bool {
	for i := 0; i < len(b); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// below is how many of the lines the filters keep are below the pane's
// last row, wholly or in part.
func (v *logView) below() int {
	rows := v.rows()
	if len(v.visible) == 0 || rows == 0 {
		return len(v.visible)
	}
	p := v.top
	rows -= len(v.wrapped(p.line)) - p.row
	for rows > 0 && p.line+1 < len(v.visible) {
		p.line++
		rows -= len(v.wrapped(p.line))
	}
	n := len(v.visible) - 1 - p.line
	if rows < 0 {
		n++ // the last line drawn is cut
	}
	return n
}

// Where says where the pane is in the log, for the info row: that it
// follows the end, with the newest line's time ("following · newest
// 12:00:02.000"); or how many lines are below it.
func (v *logView) Where() string {
	switch {
	case len(v.visible) == 0:
		return ""
	case v.follow:
		return "following · newest " + v.entries[v.visible[len(v.visible)-1]].Time.Format("15:04:05.000")
	}
	n := v.below()
	return words.Number(n) + " " + words.Form(n, "line", "lines") + " below · G follows the end"
}
