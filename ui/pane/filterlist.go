package pane

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/internal/words"
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

// Flags are statuses of a row that the list's status filter keeps (List.SetOnly).
// The screen gives each bit its meaning: on the tools screen no strict form,
// hidden characters, a truncated description, a renamed tool.
type Flags uint16

// Row is one row of a List: on the tools screen a tool (tool ≥ 0)
// or a file (file ≥ 0), on the replay screen a turn (tool is its index).
type Row struct {
	Tool, File int
	Group      int    // index into List.Groups; 0 when the list has none
	Name       string // sanitized
	// Long is the row's name away from its header, for copying: a tool's
	// exposed name, a turn with its file's name. Name when empty.
	Long   string
	Server string // sanitized; drawn when the list has no headers
	Badges []Badge
	Flags  Flags  // what the status filter matches
	Search string // what the filter matches, lower case
}

// Group is a source the list's rows come from (a server's tool list, the
// files, a recording's turns), drawn as a header of two rows above them: its
// name and detail, then its counts. Its rows fold under it.
type Group struct {
	Name   string  // sanitized
	Detail string  // after the name: "25 tools"
	Counts []Badge // the header's second row
}

// entry is one entry of the list as drawn: a row, or a group's header (row <
// 0) with the number of its rows the filters keep.
type entry struct {
	group, row, kept int
}

// List is the list in the left pane of the tools screen (every tool with its
// badges under its server's header, then the files that are not tool lists
// under theirs) and of the replay screen (the turns under their file's
// header). A dumb component: the screen calls its methods, and passes it the
// keys while the Filter has them (filterKey); both lists filter alike.
//
// Its rules:
//
//   - Filters. A row shows while its search text contains the text of the
//     filter (/), trimmed and lower-cased (the Search text is lower case, so
//     case is ignored), and it has one of the flags of the status filter (SetOnly)
//     (0 keeps every row). What a row's search text and flags hold is set
//     where the row is built (searchText, turnSearch).
//   - Groups. Rows come in the order of their groups, and each group is drawn
//     as a header above its rows; a list of one group draws no header. A
//     header takes a row's two lines and is selected like a row; Current is
//     then nil and CurrentGroup says which group it is. A header shows while
//     its group has a row the filters keep (every header shows while no
//     filter is on).
//   - Folding. Enter or space on a header folds or unfolds its group; z folds
//     every group, or unfolds them all when all are folded. When the groups
//     are first given, those whose header would be drawn past the first
//     screenful of the smallest window (StartScreenful entries, every group
//     open) start folded, whatever the window's size. While a filter is on, folding is kept apart:
//     every group with a match opens whenever the filters change, so each
//     match can be seen, and the groups fold again as they were when the
//     filters are cleared.
//   - Counts. The title counts the rows that are tools or turns (Tool ≥ 0)
//     the filters keep, of all of them: not headers, nor files.
type List struct {
	ctx     *common.Context
	Title   string // the title row's word: "tools", or "turns" on the replay screen
	Rows    []Row
	Groups  []Group
	Visible []int // indices into rows that pass the filters
	sel     int   // index into the entries drawn
	offset  int   // first entry drawn
	Header  []string
	Filter  textinput.Model
	only    Flags // the status filter: 0 keeps every row
	Editing bool  // the filter input has the keys
	// AlwaysGroup draws a header even over a single group (a live server's
	// header says how it is).
	AlwaysGroup   bool
	width, height int

	entries []entry
	folded  []bool // by group, while no filter is on
	// filterFolded is the folding while a filter is on, for the filters in
	// filterOn; every group opens when they change.
	filterFolded []bool
	filterOn     string
}

const RowHeight = 2

func NewList(ctx *common.Context) *List {
	ti := textinput.New()
	ti.Prompt = "/"
	ti.Placeholder = "filter"
	common.StyleInput(&ti, ctx.Styles)
	return &List{ctx: ctx, Filter: ti, Title: "tools"}
}

// Restyle takes the context's new styles.
func (l *List) Restyle() { common.StyleInput(&l.Filter, l.ctx.Styles) }

// Cursor is the selected entry's index among the entries drawn, headers
// included.
func (l *List) Cursor() int { return l.sel }

// SetSize sizes the list to w×h cells.
func (l *List) SetSize(w, h int) {
	l.width, l.height = w, h
	l.Filter.SetWidth(max(w-4, 1))
	l.Clamp()
}

// SetRows replaces the rows and the groups, keeping the selection on the same
// tool, file or header, and the folding when the groups are as many.
func (l *List) SetRows(rows []Row, groups []Group) {
	cur, g, onHeader := l.Current(), 0, false
	if cur == nil {
		g, onHeader = l.CurrentGroup()
	}
	l.Rows, l.Groups = rows, groups
	if len(l.folded) != len(groups) {
		l.folded = make([]bool, len(groups))
		l.filterFolded = make([]bool, len(groups))
		l.startFolds()
	}
	l.applyFilter()
	switch {
	case cur != nil:
		l.selectWhere(func(e entry) bool {
			return e.row >= 0 && l.Rows[e.row].Tool == cur.Tool && l.Rows[e.row].File == cur.File
		})
	case onHeader:
		l.selectWhere(func(e entry) bool { return e.row < 0 && e.group == g })
	default: // nothing was selected: the first row, past its header
		l.selectWhere(func(e entry) bool { return e.row >= 0 })
	}
}

// Grouped says whether the list draws its groups' headers: it has two or
// more, or one and AlwaysGroup.
func (l *List) Grouped() bool {
	return len(l.Groups) > 1 || (l.AlwaysGroup && len(l.Groups) == 1)
}

// Current is the selected row; nil when none is, or a header is.
func (l *List) Current() *Row {
	if l.sel < 0 || l.sel >= len(l.entries) || l.entries[l.sel].row < 0 {
		return nil
	}
	r := l.Rows[l.entries[l.sel].row]
	return &r
}

// CurrentGroup is the group whose header is selected, if one is.
func (l *List) CurrentGroup() (int, bool) {
	if l.sel < 0 || l.sel >= len(l.entries) || l.entries[l.sel].row >= 0 {
		return 0, false
	}
	return l.entries[l.sel].group, true
}

// Counted is how many rows are tools or turns (Tool ≥ 0): kept is those the
// filters keep, all every one.
func (l *List) Counted() (kept, all int) {
	for _, ri := range l.Visible {
		if l.Rows[ri].Tool >= 0 {
			kept++
		}
	}
	for i := range l.Rows {
		if l.Rows[i].Tool >= 0 {
			all++
		}
	}
	return kept, all
}

// Filtering says whether a filter is on: text to match, or a status filter.
func (l *List) Filtering() bool {
	return strings.TrimSpace(l.Filter.Value()) != "" || l.only != 0
}

// PlaceText is the selected row's place for a status line, counted among all
// rows that are tools or turns whatever the filters show: "3/11" (the list's
// title says how many show; 0 when no such row is selected).
func (l *List) PlaceText() string {
	n, all := 0, 0
	sel := -1
	if r := l.Current(); r != nil && r.Tool >= 0 {
		sel = l.entries[l.sel].row
	}
	for i := range l.Rows {
		if l.Rows[i].Tool >= 0 {
			all++
			if i == sel {
				n = all
			}
		}
	}
	return words.Number(n) + "/" + words.Number(all)
}

func (l *List) selectWhere(f func(entry) bool) bool {
	for i, e := range l.entries {
		if f(e) {
			l.sel = i
			l.Clamp()
			return true
		}
	}
	return false
}

// SelectRow selects row i of Rows, unfolding its group; it says whether the
// row passes the filters.
func (l *List) SelectRow(i int) bool {
	if i < 0 || i >= len(l.Rows) {
		return false
	}
	if g := l.Rows[i].Group; l.Grouped() && g < len(l.Groups) {
		l.folds()[g] = false
		l.build()
	}
	return l.selectWhere(func(e entry) bool { return e.row == i })
}

// StepRow selects the row d rows after the selected one among those the
// filters keep, headers skipped and a folded group unfolded; from a header,
// its group's first row counts as the one after it. It says whether there
// was such a row.
func (l *List) StepRow(d int) bool {
	if len(l.Visible) == 0 || l.sel < 0 || l.sel >= len(l.entries) {
		return false
	}
	e := l.entries[l.sel]
	pos := len(l.Visible)
	for i, ri := range l.Visible {
		if ri == e.row || (e.row < 0 && l.Rows[ri].Group >= e.group) {
			pos = i
			break
		}
	}
	switch {
	case e.row < 0 && d > 0:
		pos += d - 1
	case e.row < 0:
		pos += d
	default:
		pos += d
	}
	if pos < 0 || pos >= len(l.Visible) {
		return false
	}
	return l.SelectRow(l.Visible[pos])
}

// applyFilter keeps the rows the filters match, and the selection on the same
// row when it still shows; else on its group's header when the row is folded
// away or a header was selected; else on the first row.
func (l *List) applyFilter() {
	prevRow, prevGroup := -1, -1
	if l.sel >= 0 && l.sel < len(l.entries) {
		prevRow, prevGroup = l.entries[l.sel].row, l.entries[l.sel].group
	}
	q := strings.ToLower(strings.TrimSpace(l.Filter.Value()))
	l.Visible = l.Visible[:0]
	for i, r := range l.Rows {
		if (q == "" || strings.Contains(r.Search, q)) && (l.only == 0 || r.Flags&l.only != 0) {
			l.Visible = append(l.Visible, i)
		}
	}
	if on := fmt.Sprintf("%d\x00%s", l.only, q); on != l.filterOn {
		l.filterOn = on
		clear(l.filterFolded) // the filters changed: every group with a match opens
	}
	l.build()
	l.sel = 0
	header := func(e entry) bool { return e.row < 0 && e.group == prevGroup }
	switch {
	case prevRow >= 0 && l.selectWhere(func(e entry) bool { return e.row == prevRow }):
	case l.Grouped() && prevGroup >= 0 && prevGroup < len(l.Groups) && (prevRow < 0 || l.folds()[prevGroup]) && l.selectWhere(header):
	default:
		l.selectWhere(func(e entry) bool { return e.row >= 0 })
	}
	l.Clamp()
}

// folds is the folding in force: the one kept while a filter is on, or the
// one without.
func (l *List) folds() []bool {
	if l.Filtering() {
		return l.filterFolded
	}
	return l.folded
}

// build lists the entries drawn: every visible row when the list has no
// headers; else each group's header (while no filter is on, or while the
// filters keep one of its rows), then its visible rows unless it is folded.
func (l *List) build() {
	l.entries = l.entries[:0]
	if !l.Grouped() {
		for _, ri := range l.Visible {
			l.entries = append(l.entries, entry{group: l.Rows[ri].Group, row: ri})
		}
		return
	}
	folded, filtering := l.folds(), l.Filtering()
	vi := 0
	for g := range l.Groups {
		h := len(l.entries)
		l.entries = append(l.entries, entry{group: g, row: -1})
		for vi < len(l.Visible) && l.Rows[l.Visible[vi]].Group == g {
			if !folded[g] {
				l.entries = append(l.entries, entry{group: g, row: l.Visible[vi]})
			}
			l.entries[h].kept++
			vi++
		}
		if filtering && l.entries[h].kept == 0 {
			l.entries = l.entries[:h]
		}
	}
}

// StartScreenful is how many entries the list of the smallest window
// (common.MinWidth×common.MinHeight) holds under its title: the rows left
// when the title bar, the info row, the status line and the list's title
// are drawn, two rows an entry. Groups past it start folded (startFolds); it
// does not depend on the window's size, so a resize changes no folding.
const StartScreenful = (common.MinHeight - 4) / RowHeight

// startFolds folds the groups whose header would be drawn past the first
// StartScreenful entries were every group open.
func (l *List) startFolds() {
	n, ri := 0, 0 // entries so far, and the next row
	for g := range l.Groups {
		l.folded[g] = n >= StartScreenful
		n++ // the header
		for ri < len(l.Rows) && l.Rows[ri].Group == g {
			ri++
			n++
		}
	}
}

// Folded says whether group g is folded, in the folding in force.
func (l *List) Folded(g int) bool {
	f := l.folds()
	return g >= 0 && g < len(f) && f[g]
}

// ToggleFold folds or unfolds group g; the selection goes to its header.
func (l *List) ToggleFold(g int) {
	if g < 0 || g >= len(l.Groups) {
		return
	}
	f := l.folds()
	f[g] = !f[g]
	l.build()
	l.selectWhere(func(e entry) bool { return e.row < 0 && e.group == g })
}

// FoldAll folds every group, or unfolds them all when all are folded. The
// selection stays on its row when it still shows, else goes to its group's
// header.
func (l *List) FoldAll() {
	f := l.folds()
	all := true
	for _, v := range f {
		all = all && v
	}
	for g := range f {
		f[g] = !all
	}
	l.applyFilter()
}

// HeaderRows is how many rows the title, the counts and the filter take.
func (l *List) HeaderRows() int {
	n := 1 + len(l.Header)
	if l.Editing || l.Filter.Value() != "" {
		n++
	}
	return n
}

func (l *List) pageItems() int { return max((l.height-l.HeaderRows())/RowHeight, 1) }

func (l *List) Clamp() {
	n := len(l.entries)
	l.sel = min(max(l.sel, 0), max(n-1, 0))
	if l.height <= 0 {
		return // not sized yet: the first size places the page
	}
	page := l.pageItems()
	if l.sel < l.offset {
		l.offset = l.sel
	}
	if l.sel >= l.offset+page {
		l.offset = l.sel - page + 1
	}
	l.offset = max(min(l.offset, max(n-page, 0)), 0)
}

func (l *List) Move(d int) { l.sel += d; l.Clamp() }

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
		l.Move(-len(l.entries))
	case key.Matches(k, lk.Bottom):
		l.Move(len(l.entries))
	default:
		return false
	}
	return true
}

// foldKey folds for a key of lk that folds (Fold or Open on a header,
// FoldAll), and says whether k was one.
func (l *List) foldKey(k tea.KeyPressMsg, lk *keys.List) bool {
	if !l.Grouped() {
		return false
	}
	switch g, onHeader := l.CurrentGroup(); {
	case onHeader && (key.Matches(k, lk.Fold) || key.Matches(k, lk.Open)):
		l.ToggleFold(g)
	case key.Matches(k, lk.FoldAll):
		l.FoldAll()
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
		l.sel = i
		l.Clamp()
	}
	return ok
}

// Click selects the row drawn at row y of the pane (its title row is 0), as
// a click there does, and says whether there is one.
func (l *List) Click(y int) bool { return l.click(y) }

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
// takes them back, ↑ and ↓ move the selection among the rows (over the
// headers: typing picks among matches), and every other key edits the
// text, the rows being filtered again at once. Both lists filter through it;
// the screen shows the selection afterwards.
func (l *List) FilterKey(k tea.KeyPressMsg, lk *keys.List) tea.Cmd {
	switch {
	case key.Matches(k, lk.Clear):
		l.stopFilter(true)
	case k.String() == "enter":
		l.stopFilter(false)
	case k.String() == "up":
		l.StepRow(-1)
	case k.String() == "down":
		l.StepRow(1)
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

// SetOnly sets the status filter: a row shows while it has one of the flags
// only (0 keeps every row).
func (l *List) SetOnly(only Flags) {
	l.only = only
	l.applyFilter()
}

// rowAt returns the index of the entry drawn at row y of the pane.
func (l *List) rowAt(y int) (int, bool) {
	y -= l.HeaderRows()
	if y < 0 {
		return 0, false
	}
	i := l.offset + y/RowHeight
	return i, i < len(l.entries)
}

// Text lists the visible rows, one a line, each by its long name and its
// server (for the clipboard).
func (l *List) Text() string {
	var b strings.Builder
	for _, ri := range l.Visible {
		r := l.Rows[ri]
		if r.Long != "" {
			b.WriteString(r.Long)
		} else {
			b.WriteString(r.Name)
		}
		if r.Server != "" {
			b.WriteString("\t" + r.Server)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (l *List) View(focused bool) string {
	st := l.ctx.Styles
	lines := make([]string, 0, l.height)
	kept, all := l.Counted()
	lines = append(lines, Title(st, l.Title+" "+words.Number(kept)+"/"+words.Number(all), focused, l.width))
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
	for i := l.offset; i < len(l.entries) && i < l.offset+page; i++ {
		var line1, line2 string
		if e := l.entries[i]; e.row < 0 {
			line1, line2 = l.renderHeader(e)
		} else {
			line1, line2 = l.renderRow(&l.Rows[e.row])
		}
		if i == l.sel {
			rs := st.ListCurrent
			Marker := "  "
			if focused {
				rs = st.ListSelected
				Marker = "▸ "
			}
			lines = append(lines, rs.Render(common.Fit(Marker+line1, l.width)), rs.Render(common.Fit("  "+line2, l.width)))
			continue
		}
		lines = append(lines, common.Fit("  "+line1, l.width), common.Fit("  "+line2, l.width))
	}
	if len(l.entries) == 0 {
		lines = append(lines, st.Muted.Render(common.Fit("  nothing matches", l.width)))
	}
	return common.PadLines(lines, l.width, l.height)
}

// renderHeader draws a group's header: ▾ (open) or ▹ (folded), its name and
// detail, and how many of its rows the filters keep while one is on; then its
// counts.
func (l *List) renderHeader(e entry) (string, string) {
	st := l.ctx.Styles
	g := &l.Groups[e.group]
	mark := "▾ "
	if l.folds()[e.group] {
		mark = "▹ "
	}
	line1 := st.ListGroup.Render(mark + g.Name)
	detail := g.Detail
	if l.Filtering() {
		detail = fmt.Sprintf("%d of %s", e.kept, detail)
	}
	if detail != "" {
		line1 += st.Muted.Render(" · " + detail)
	}
	parts := make([]string, 0, len(g.Counts))
	for _, b := range g.Counts {
		parts = append(parts, b.Style(l.ctx).Render(b.Text))
	}
	return line1, "  " + strings.Join(parts, st.Muted.Render(" · "))
}

// renderRow draws a row's two lines: the name, then the badges and the server.
func (l *List) renderRow(r *Row) (string, string) {
	st := l.ctx.Styles
	name := st.ListName.Render(r.Name)
	if r.File >= 0 {
		name = st.ListFile.Render(common.TruncLeft(r.Name, l.width-2)) // a path: its end says most
	}
	parts := make([]string, 0, len(r.Badges)+1)
	for _, b := range r.Badges {
		parts = append(parts, b.Style(l.ctx).Render(b.Text))
	}
	if r.Server != "" && !l.Grouped() { // last: the badges matter more when the pane is narrow
		parts = append(parts, st.ListServer.Render(r.Server))
	}
	return name, strings.Join(parts, st.Muted.Render(" · "))
}
