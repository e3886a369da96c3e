package pane

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

// Badge is one mark of a row: strict, fallback (with the keyword), excluded,
// hidden characters found, description truncated, a file's state.
type Badge struct {
	Text  string
	Style func(*common.Context) lipgloss.Style
}

// The badges' styles, read from the context when a row is drawn, so that rows
// Follow a change of styles.
func BadgeStrict(c *common.Context) lipgloss.Style    { return c.Styles.BadgeStrict }
func BadgeFallback(c *common.Context) lipgloss.Style  { return c.Styles.BadgeFallback }
func BadgeExcluded(c *common.Context) lipgloss.Style  { return c.Styles.BadgeExcluded }
func BadgeNonStrict(c *common.Context) lipgloss.Style { return c.Styles.BadgeNonStrict }
func BadgeHidden(c *common.Context) lipgloss.Style    { return c.Styles.BadgeHidden }
func BadgeTruncated(c *common.Context) lipgloss.Style { return c.Styles.BadgeTruncated }
func BadgeError(c *common.Context) lipgloss.Style     { return c.Styles.BadgeError }
func BadgeReplay(c *common.Context) lipgloss.Style    { return c.Styles.BadgeReplay }

// Row is one row of a List: on the tools screen a tool (tool ≥ 0)
// or a file (file ≥ 0), on the replay screen a turn (tool is its index).
type Row struct {
	Tool, File int
	Name       string // sanitized
	Server     string // sanitized
	Badges     []Badge
	Search     string // what the filter matches, lower case
}

// List is the list in the left pane of the tools screen (every tool under
// its exposed name with its badges, then the files that are not tool lists)
// and of the replay screen (its turns). It filters with /: a row shows while
// its search text contains the filter's text, trimmed and lower-cased (the
// Search text is lower case, so case is ignored); what a row's search text
// holds is set where the row is built (searchText, turnSearch). A dumb
// component: the screen calls its methods, and passes it the keys while the
// Filter has them (filterKey); both lists filter alike.
type List struct {
	Ctx     *common.Context
	Title   string // the title row's word: "tools", or "turns" on the replay screen
	Rows    []Row
	Visible []int // indices into rows that pass the filter
	Sel     int   // index into visible
	Offset  int   // first visible item
	Header  []string
	Filter  textinput.Model
	Editing bool // the filter input has the keys
	W, H    int
}

const RowHeight = 2

func NewList(ctx *common.Context) *List {
	ti := textinput.New()
	ti.Prompt = "/"
	ti.Placeholder = "filter"
	common.StyleInput(&ti, ctx.Styles)
	return &List{Ctx: ctx, Filter: ti, Title: "tools"}
}

// Restyle takes the context's new styles.
func (l *List) Restyle() { common.StyleInput(&l.Filter, l.Ctx.Styles) }

func (l *List) SetSize(w, h int) {
	l.W, l.H = w, h
	l.Filter.SetWidth(max(w-4, 1))
	l.Clamp()
}

// SetRows replaces the rows, keeping the selection on the same tool or file.
func (l *List) SetRows(rows []Row, header []string) {
	cur := l.Current()
	l.Rows, l.Header = rows, header
	l.applyFilter()
	if cur != nil {
		l.selectWhere(func(r *Row) bool { return r.Tool == cur.Tool && r.File == cur.File })
	}
}

func (l *List) Current() *Row {
	if l.Sel < 0 || l.Sel >= len(l.Visible) {
		return nil
	}
	r := l.Rows[l.Visible[l.Sel]]
	return &r
}

// PlaceText is the selected row's place for a status line, counted among all
// Rows whatever the filter shows: "3/11" (the list's title says how many show;
// 0 when no row is selected).
func (l *List) PlaceText() string {
	n := 0
	if l.Sel >= 0 && l.Sel < len(l.Visible) {
		n = l.Visible[l.Sel] + 1
	}
	return fmt.Sprintf("%d/%d", n, len(l.Rows))
}

func (l *List) selectWhere(f func(*Row) bool) {
	for i, ri := range l.Visible {
		if f(&l.Rows[ri]) {
			l.Sel = i
			l.Clamp()
			return
		}
	}
}

// applyFilter keeps the rows the filter matches, and the selection on the same
// Row when it still shows (else on the first).
func (l *List) applyFilter() {
	prev := -1
	if l.Sel >= 0 && l.Sel < len(l.Visible) {
		prev = l.Visible[l.Sel]
	}
	q := strings.ToLower(strings.TrimSpace(l.Filter.Value()))
	l.Visible = l.Visible[:0]
	l.Sel = 0
	for i, r := range l.Rows {
		if q == "" || strings.Contains(r.Search, q) {
			if i == prev {
				l.Sel = len(l.Visible)
			}
			l.Visible = append(l.Visible, i)
		}
	}
	l.Clamp()
}

// HeaderRows is how many rows the title, the counts and the filter take.
func (l *List) HeaderRows() int {
	n := 1 + len(l.Header)
	if l.Editing || l.Filter.Value() != "" {
		n++
	}
	return n
}

func (l *List) pageItems() int { return max((l.H-l.HeaderRows())/RowHeight, 1) }

func (l *List) Clamp() {
	n := len(l.Visible)
	l.Sel = min(max(l.Sel, 0), max(n-1, 0))
	page := l.pageItems()
	if l.Sel < l.Offset {
		l.Offset = l.Sel
	}
	if l.Sel >= l.Offset+page {
		l.Offset = l.Sel - page + 1
	}
	l.Offset = max(min(l.Offset, max(n-page, 0)), 0)
}

func (l *List) Move(d int) { l.Sel += d; l.Clamp() }

// moveKey moves the selection for a key of lk that moves it (up, down, a page,
// to either end), and says whether k was one.
func (l *List) moveKey(k tea.KeyPressMsg, lk *keys.List) bool {
	page := l.pageItems()
	switch {
	case key.Matches(k, lk.Up):
		l.Move(-1)
	case key.Matches(k, lk.Down):
		l.Move(1)
	case key.Matches(k, lk.PgUp):
		l.Move(-page)
	case key.Matches(k, lk.PgDown):
		l.Move(page)
	case key.Matches(k, lk.Top):
		l.Move(-len(l.Visible))
	case key.Matches(k, lk.Bottom):
		l.Move(len(l.Visible))
	default:
		return false
	}
	return true
}

// click selects the row drawn at row y of the pane, and says whether there is
// one.
func (l *List) click(y int) bool {
	i, ok := l.rowAt(y)
	if ok {
		l.Sel = i
		l.Clamp()
	}
	return ok
}

// StartFilter gives the filter input the keys.
func (l *List) StartFilter() tea.Cmd {
	l.Editing = true
	return l.Filter.Focus()
}

// stopFilter takes the keys back; clear also empties the filter.
func (l *List) stopFilter(clear bool) {
	l.Editing = false
	l.Filter.Blur()
	if clear {
		l.Filter.SetValue("")
		l.applyFilter()
	}
}

// updateFilter passes a key or a paste to the filter input and filters again.
func (l *List) updateFilter(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	l.Filter, cmd = l.Filter.Update(common.InputMsg(msg))
	l.applyFilter()
	return cmd
}

// FilterKey handles a key while the filter input has the keys (editing): lk's
// Clear empties the filter and takes the keys back, enter keeps the filter and
// takes them back, ↑ and ↓ move the selection, and every other key edits the
// text, the rows being filtered again at once. Both lists filter through it;
// the screen shows the selection afterwards.
func (l *List) FilterKey(k tea.KeyPressMsg, lk *keys.List) tea.Cmd {
	switch {
	case key.Matches(k, lk.Clear):
		l.stopFilter(true)
	case k.String() == "enter":
		l.stopFilter(false)
	case k.String() == "up":
		l.Move(-1)
	case k.String() == "down":
		l.Move(1)
	default:
		return l.updateFilter(k)
	}
	return nil
}

// clearKey says whether k is lk's Clear, and if so empties a kept filter.
func (l *List) clearKey(k tea.KeyPressMsg, lk *keys.List) bool {
	if !key.Matches(k, lk.Clear) {
		return false
	}
	if l.Filter.Value() != "" {
		l.stopFilter(true)
	}
	return true
}

// EmptyMessage is what the panes beside the list say when no row is selected:
// none when the list has no rows, else that the filter hides them all.
func (l *List) EmptyMessage(none string) string {
	if len(l.Rows) > 0 {
		return "Nothing matches the filter."
	}
	return none
}

// rowAt returns the index into visible drawn at row y of the pane.
func (l *List) rowAt(y int) (int, bool) {
	y -= l.HeaderRows()
	if y < 0 {
		return 0, false
	}
	i := l.Offset + y/RowHeight
	return i, i < len(l.Visible)
}

// Text lists the visible rows, one a line (for the clipboard).
func (l *List) Text() string {
	var b strings.Builder
	for _, ri := range l.Visible {
		r := l.Rows[ri]
		b.WriteString(r.Name)
		if r.Server != "" {
			b.WriteString("\t" + r.Server)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (l *List) View(focused bool) string {
	st := l.Ctx.Styles
	lines := make([]string, 0, l.H)
	lines = append(lines, Title(st, fmt.Sprintf("%s %d/%d", l.Title, len(l.Visible), len(l.Rows)), focused, l.W))
	for _, h := range l.Header {
		lines = append(lines, " "+h)
	}
	if l.Editing || l.Filter.Value() != "" {
		if l.Editing {
			lines = append(lines, " "+l.Filter.View())
		} else {
			lines = append(lines, st.Filter.Render(" /"+common.Safe(l.Filter.Value())))
		}
	}
	page := l.pageItems()
	for i := l.Offset; i < len(l.Visible) && i < l.Offset+page; i++ {
		r := l.Rows[l.Visible[i]]
		line1, line2 := l.renderRow(&r)
		if i == l.Sel {
			rs := st.ListCurrent
			Marker := "  "
			if focused {
				rs = st.ListSelected
				Marker = "▸ "
			}
			lines = append(lines, rs.Render(common.Fit(Marker+line1, l.W)), rs.Render(common.Fit("  "+line2, l.W)))
			continue
		}
		lines = append(lines, common.Fit("  "+line1, l.W), common.Fit("  "+line2, l.W))
	}
	if len(l.Visible) == 0 {
		lines = append(lines, st.Muted.Render(common.Fit("  nothing matches", l.W)))
	}
	return common.PadLines(lines, l.W, l.H)
}

// renderRow draws a row's two lines: the name, then the server and badges.
func (l *List) renderRow(r *Row) (string, string) {
	st := l.Ctx.Styles
	name := st.ListName.Render(r.Name)
	if r.File >= 0 {
		name = st.ListFile.Render(common.TruncLeft(r.Name, l.W-2)) // a path: its end says most
	}
	parts := make([]string, 0, len(r.Badges)+1)
	for _, b := range r.Badges {
		parts = append(parts, b.Style(l.Ctx).Render(b.Text))
	}
	if r.Server != "" { // last: the badges matter more when the pane is narrow
		parts = append(parts, st.ListServer.Render(r.Server))
	}
	return name, strings.Join(parts, st.Muted.Render(" · "))
}
