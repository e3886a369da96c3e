package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/keys"
)

// badge is one mark of a row: strict, fallback (with the keyword), excluded,
// hidden characters found, description truncated, a file's state.
type badge struct {
	text  string
	style func(*common.Context) lipgloss.Style
}

// The badges' styles, read from the context when a row is drawn, so that rows
// follow a change of styles.
func badgeStrict(c *common.Context) lipgloss.Style    { return c.Styles.BadgeStrict }
func badgeFallback(c *common.Context) lipgloss.Style  { return c.Styles.BadgeFallback }
func badgeExcluded(c *common.Context) lipgloss.Style  { return c.Styles.BadgeExcluded }
func badgeNonStrict(c *common.Context) lipgloss.Style { return c.Styles.BadgeNonStrict }
func badgeHidden(c *common.Context) lipgloss.Style    { return c.Styles.BadgeHidden }
func badgeTruncated(c *common.Context) lipgloss.Style { return c.Styles.BadgeTruncated }
func badgeError(c *common.Context) lipgloss.Style     { return c.Styles.BadgeError }
func badgeReplay(c *common.Context) lipgloss.Style    { return c.Styles.BadgeReplay }

// listRow is one row of a filterList: on the tools screen a tool (tool ≥ 0)
// or a file (file ≥ 0), on the replay screen a turn (tool is its index).
type listRow struct {
	tool, file int
	name       string // sanitized
	server     string // sanitized
	badges     []badge
	search     string // what the filter matches, lower case
}

// filterList is the list in the left pane of the tools screen (every tool under
// its exposed name with its badges, then the files that are not tool lists)
// and of the replay screen (its turns). It filters with /: a row shows while
// its search text contains the filter's text, trimmed and lower-cased (the
// search text is lower case, so case is ignored); what a row's search text
// holds is set where the row is built (searchText, turnSearch). A dumb
// component: the screen calls its methods, and passes it the keys while the
// filter has them (filterKey); both lists filter alike.
type filterList struct {
	ctx     *common.Context
	title   string // the title row's word: "tools", or "turns" on the replay screen
	rows    []listRow
	visible []int // indices into rows that pass the filter
	sel     int   // index into visible
	offset  int   // first visible item
	header  []string
	filter  textinput.Model
	editing bool // the filter input has the keys
	w, h    int
}

const rowHeight = 2

func newFilterList(ctx *common.Context) *filterList {
	ti := textinput.New()
	ti.Prompt = "/"
	ti.Placeholder = "filter"
	common.StyleInput(&ti, ctx.Styles)
	return &filterList{ctx: ctx, filter: ti, title: "tools"}
}

// restyle takes the context's new styles.
func (l *filterList) restyle() { common.StyleInput(&l.filter, l.ctx.Styles) }

func (l *filterList) setSize(w, h int) {
	l.w, l.h = w, h
	l.filter.SetWidth(max(w-4, 1))
	l.clamp()
}

// setRows replaces the rows, keeping the selection on the same tool or file.
func (l *filterList) setRows(rows []listRow, header []string) {
	cur := l.current()
	l.rows, l.header = rows, header
	l.applyFilter()
	if cur != nil {
		l.selectWhere(func(r *listRow) bool { return r.tool == cur.tool && r.file == cur.file })
	}
}

func (l *filterList) current() *listRow {
	if l.sel < 0 || l.sel >= len(l.visible) {
		return nil
	}
	r := l.rows[l.visible[l.sel]]
	return &r
}

// placeText is the selected row's place for a status line, counted among all
// rows whatever the filter shows: "3/11" (the list's title says how many show;
// 0 when no row is selected).
func (l *filterList) placeText() string {
	n := 0
	if l.sel >= 0 && l.sel < len(l.visible) {
		n = l.visible[l.sel] + 1
	}
	return fmt.Sprintf("%d/%d", n, len(l.rows))
}

func (l *filterList) selectWhere(f func(*listRow) bool) {
	for i, ri := range l.visible {
		if f(&l.rows[ri]) {
			l.sel = i
			l.clamp()
			return
		}
	}
}

// applyFilter keeps the rows the filter matches, and the selection on the same
// row when it still shows (else on the first).
func (l *filterList) applyFilter() {
	prev := -1
	if l.sel >= 0 && l.sel < len(l.visible) {
		prev = l.visible[l.sel]
	}
	q := strings.ToLower(strings.TrimSpace(l.filter.Value()))
	l.visible = l.visible[:0]
	l.sel = 0
	for i, r := range l.rows {
		if q == "" || strings.Contains(r.search, q) {
			if i == prev {
				l.sel = len(l.visible)
			}
			l.visible = append(l.visible, i)
		}
	}
	l.clamp()
}

// headerRows is how many rows the title, the counts and the filter take.
func (l *filterList) headerRows() int {
	n := 1 + len(l.header)
	if l.editing || l.filter.Value() != "" {
		n++
	}
	return n
}

func (l *filterList) pageItems() int { return max((l.h-l.headerRows())/rowHeight, 1) }

func (l *filterList) clamp() {
	n := len(l.visible)
	l.sel = min(max(l.sel, 0), max(n-1, 0))
	page := l.pageItems()
	if l.sel < l.offset {
		l.offset = l.sel
	}
	if l.sel >= l.offset+page {
		l.offset = l.sel - page + 1
	}
	l.offset = max(min(l.offset, max(n-page, 0)), 0)
}

func (l *filterList) move(d int) { l.sel += d; l.clamp() }

// moveKey moves the selection for a key of lk that moves it (up, down, a page,
// to either end), and says whether k was one.
func (l *filterList) moveKey(k tea.KeyPressMsg, lk *keys.List) bool {
	page := l.pageItems()
	switch {
	case key.Matches(k, lk.Up):
		l.move(-1)
	case key.Matches(k, lk.Down):
		l.move(1)
	case key.Matches(k, lk.PgUp):
		l.move(-page)
	case key.Matches(k, lk.PgDown):
		l.move(page)
	case key.Matches(k, lk.Top):
		l.move(-len(l.visible))
	case key.Matches(k, lk.Bottom):
		l.move(len(l.visible))
	default:
		return false
	}
	return true
}

// click selects the row drawn at row y of the pane, and says whether there is
// one.
func (l *filterList) click(y int) bool {
	i, ok := l.rowAt(y)
	if ok {
		l.sel = i
		l.clamp()
	}
	return ok
}

// startFilter gives the filter input the keys.
func (l *filterList) startFilter() tea.Cmd {
	l.editing = true
	return l.filter.Focus()
}

// stopFilter takes the keys back; clear also empties the filter.
func (l *filterList) stopFilter(clear bool) {
	l.editing = false
	l.filter.Blur()
	if clear {
		l.filter.SetValue("")
		l.applyFilter()
	}
}

// updateFilter passes a key or a paste to the filter input and filters again.
func (l *filterList) updateFilter(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	l.filter, cmd = l.filter.Update(common.InputMsg(msg))
	l.applyFilter()
	return cmd
}

// filterKey handles a key while the filter input has the keys (editing): lk's
// Clear empties the filter and takes the keys back, enter keeps the filter and
// takes them back, ↑ and ↓ move the selection, and every other key edits the
// text, the rows being filtered again at once. Both lists filter through it;
// the screen shows the selection afterwards.
func (l *filterList) filterKey(k tea.KeyPressMsg, lk *keys.List) tea.Cmd {
	switch {
	case key.Matches(k, lk.Clear):
		l.stopFilter(true)
	case k.String() == "enter":
		l.stopFilter(false)
	case k.String() == "up":
		l.move(-1)
	case k.String() == "down":
		l.move(1)
	default:
		return l.updateFilter(k)
	}
	return nil
}

// clearKey says whether k is lk's Clear, and if so empties a kept filter.
func (l *filterList) clearKey(k tea.KeyPressMsg, lk *keys.List) bool {
	if !key.Matches(k, lk.Clear) {
		return false
	}
	if l.filter.Value() != "" {
		l.stopFilter(true)
	}
	return true
}

// emptyMessage is what the panes beside the list say when no row is selected:
// none when the list has no rows, else that the filter hides them all.
func (l *filterList) emptyMessage(none string) string {
	if len(l.rows) > 0 {
		return "Nothing matches the filter."
	}
	return none
}

// rowAt returns the index into visible drawn at row y of the pane.
func (l *filterList) rowAt(y int) (int, bool) {
	y -= l.headerRows()
	if y < 0 {
		return 0, false
	}
	i := l.offset + y/rowHeight
	return i, i < len(l.visible)
}

// text lists the visible rows, one a line (for the clipboard).
func (l *filterList) text() string {
	var b strings.Builder
	for _, ri := range l.visible {
		r := l.rows[ri]
		b.WriteString(r.name)
		if r.server != "" {
			b.WriteString("\t" + r.server)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (l *filterList) view(focused bool) string {
	st := l.ctx.Styles
	lines := make([]string, 0, l.h)
	lines = append(lines, paneTitle(st, fmt.Sprintf("%s %d/%d", l.title, len(l.visible), len(l.rows)), focused, l.w))
	for _, h := range l.header {
		lines = append(lines, " "+h)
	}
	if l.editing || l.filter.Value() != "" {
		if l.editing {
			lines = append(lines, " "+l.filter.View())
		} else {
			lines = append(lines, st.Filter.Render(" /"+common.Safe(l.filter.Value())))
		}
	}
	page := l.pageItems()
	for i := l.offset; i < len(l.visible) && i < l.offset+page; i++ {
		r := l.rows[l.visible[i]]
		line1, line2 := l.renderRow(&r)
		if i == l.sel {
			rs := st.ListCurrent
			marker := "  "
			if focused {
				rs = st.ListSelected
				marker = "▸ "
			}
			lines = append(lines, rs.Render(common.Fit(marker+line1, l.w)), rs.Render(common.Fit("  "+line2, l.w)))
			continue
		}
		lines = append(lines, common.Fit("  "+line1, l.w), common.Fit("  "+line2, l.w))
	}
	if len(l.visible) == 0 {
		lines = append(lines, st.Muted.Render(common.Fit("  nothing matches", l.w)))
	}
	return common.PadLines(lines, l.w, l.h)
}

// renderRow draws a row's two lines: the name, then the server and badges.
func (l *filterList) renderRow(r *listRow) (string, string) {
	st := l.ctx.Styles
	name := st.ListName.Render(r.name)
	if r.file >= 0 {
		name = st.ListFile.Render(common.TruncLeft(r.name, l.w-2)) // a path: its end says most
	}
	parts := make([]string, 0, len(r.badges)+1)
	for _, b := range r.badges {
		parts = append(parts, b.style(l.ctx).Render(b.text))
	}
	if r.server != "" { // last: the badges matter more when the pane is narrow
		parts = append(parts, st.ListServer.Render(r.server))
	}
	return name, strings.Join(parts, st.Muted.Render(" · "))
}
