package tools

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/keys"
	"github.com/strictscope/strictscope/ui/pane"
)

// The panes of the tools screen, in tab order.
const (
	paneList = pane.ListPane + iota
	paneLeft
	paneRight
)

// Screen shows every tool as the model would see it: the list on the left,
// the original schema and the strict schema (or the rendered tool, or the whole
// report) side by side on the right, each highlight taken from adapter's answer.
type Screen struct {
	ctx    *common.Context
	loaded *common.Loaded
	// lv is the live servers (nil without); each is a group after the
	// files' servers, and lists are the tool lists the engine has of them.
	lv    *common.Live
	lists []*live.ToolList
	eng   *engine
	modes Modes // the modes the panes show
	// off holds the modes asked for (want), ahead of modes while the
	// library computes them.
	off  common.OffFrame[Modes]
	view viewMode
	cur  *computed
	// lp is the tool list beside the schema as written and its strict
	// form (or the tool, or the report).
	lp     pane.ListPair
	layout pane.Layout
	banner common.Banner
	shown  shownKey // what the panes show now
	only   int      // the status filter: an index into statusFilters
}

// shownKey identifies what the panes show, to keep the cursors when only the
// modes change.
type shownKey struct {
	tool, file int
	group      int // a group's header: its index, else -1
	view       viewMode
	Modes      Modes
}

// New is the tools screen over the tool lists and session files of loaded
// and the live servers of lv (nil for none), drawn in ctx, under modes until
// the toggles change them.
func New(ctx *common.Context, loaded *common.Loaded, lv *common.Live, modes Modes) *Screen {
	s := &Screen{ctx: ctx, loaded: loaded, lv: lv, lists: liveLists(lv), eng: newEngine(servers(loaded, lv)), modes: modes,
		off: common.NewOffFrame(modes), shown: shownKey{tool: -1, file: -1, group: -1},
		lp: pane.NewListPair(ctx, 3, func(k *keys.KeyMap) keys.List { return k.List }, "the tool list",
			func(k *keys.KeyMap) keys.JSON { return k.JSON }, true, "no null path or error in this pane")}
	s.lp.Selected = func(*pane.Row) { s.show() }
	// A live server's header shows its state, even when it is the only group.
	s.lp.List.AlwaysGroup = lv != nil && len(lv.Servers) > 0
	s.recompute()
	return s
}

// Name implements common.Screen.
func (s *Screen) Name() string { return "tools" }

// Capturing implements common.Screen: the list's filter input takes every key
// while it has them.
func (s *Screen) Capturing() bool { return s.lp.Capturing() }

// MoveFocus implements common.Screen.
func (s *Screen) MoveFocus(d int) { s.lp.MoveFocus(d) }

// Restyle implements common.Screen.
func (s *Screen) Restyle() {
	s.lp.List.Restyle()
	s.Resize()
}

// recompute asks the library again for the current modes and redraws from its
// answer, keeping the selection and the cursors' places.
func (s *Screen) recompute() {
	s.cur = s.eng.get(s.modes)
	s.lp.List.SetRows(s.listRows(s.cur))
	s.show()
}

// show puts the selected row's contents in the panes.
func (s *Screen) show() {
	row := s.lp.List.Current()
	key := shownKey{tool: -1, file: -1, group: -1, view: s.view, Modes: s.modes}
	g, onHeader := s.lp.List.CurrentGroup()
	switch {
	case row != nil:
		key.tool, key.file = row.Tool, row.File
	case onHeader:
		key.group = g
	}
	same := key.tool == s.shown.tool && key.file == s.shown.file && key.group == s.shown.group
	if key == s.shown {
		return
	}
	// The same tool under other modes: the cursor stays where it was in the
	// schema, unless it was on the schema's first line.
	var keep *pane.Content
	keepLine, keepRow, keepPane := 0, 0, -1
	if same {
		for i, p := range s.lp.Panes {
			if rel, ok := p.SchemaPath(); ok && p.LineCount() > 0 && (len(rel) > 0 || p.Content.Doc.Closes(p.Cursor)) {
				keep, keepLine, keepRow, keepPane = p.Content, p.Cursor, p.Row(), i
				break
			}
		}
	}
	s.shown = key
	var pc *[2]*pane.Content
	switch {
	case onHeader:
		if _, ls := s.liveServer(g); ls != nil {
			pc = liveContents(ls, s.ctx.Now())
			break
		}
		pc = s.groupContents(g)
	case row == nil:
		msg := s.lp.List.EmptyMessage("No tools.")
		pc = &[2]*pane.Content{{Title: "original", Message: msg}, {Title: "strict", Message: msg}}
	case row.File >= 0:
		pc = fileContents(&s.loaded.Files[row.File], s.ctx.ScreenKey("replay"))
	default:
		pc = s.toolContents(s.cur, row.Tool, s.view)
	}
	s.Resize()
	s.lp.Panes[0].SetContent(pc[0])
	s.lp.Panes[1].SetContent(pc[1])
	switch {
	case keepPane >= 0:
		s.lp.Panes[keepPane].Follow(keep, keepLine, keepRow)
		s.lp.Sync(keepPane)
	case pc[1].Start > 0 && pc[0].Start == 0:
		s.lp.Sync(1) // a limit error: the failing node is in the strict schema
	default:
		s.lp.Sync(0)
	}
}

// Resize implements common.Screen.
func (s *Screen) Resize() {
	s.setBanner()
	s.layout = pane.ComputeLayout(s.ctx.Width, s.ctx.Height, len(s.banner.Lines))
	if s.layout.TooSmall {
		s.lp.SetRects()
		return
	}
	// The counts wrap at the list's width, and how many rows they take sets
	// how many tools a page shows: the list is sized, then given them.
	s.lp.List.SetSize(s.layout.List.W, s.layout.List.H)
	s.lp.List.Header = s.headerLines(s.layout.List.W - 1)
	s.lp.SetRects(s.layout.List, s.layout.Left, s.layout.Right)
}

// headerLines are the list's counts, wrapped to w cells.
func (s *Screen) headerLines(w int) []string {
	st := s.ctx.Styles
	c := s.cur.counts
	type chip struct {
		n    int
		text string
		st   lipgloss.Style
	}
	tools := words.Number(c.Tools) + " tools"
	if c.Tools == 1 {
		tools = "1 tool"
	}
	chips := []chip{{c.Tools, tools, st.ListHeader}}
	switch s.modes.Strict {
	case adapter.StrictOn:
		chips = append(chips, chip{c.strict, words.Number(c.strict) + " strict", st.BadgeStrict},
			chip{c.excluded, words.Number(c.excluded) + " excluded", st.BadgeExcluded})
	case adapter.StrictOff:
		chips = append(chips, chip{c.nonStrict, words.Number(c.nonStrict) + " non-strict", st.BadgeNonStrict})
	default:
		chips = append(chips, chip{c.strict, words.Number(c.strict) + " strict", st.BadgeStrict},
			chip{c.fallback, words.Number(c.fallback) + " fallback", st.BadgeFallback})
	}
	chips = append(chips, chip{c.hidden, words.Number(c.hidden) + " hidden", st.BadgeHidden},
		chip{c.truncated, words.Number(c.truncated) + " truncated", st.BadgeTruncated})
	if n := s.loaded.Failed(); n > 0 {
		chips = append(chips, chip{n, words.Number(n) + " not loaded", st.BadgeError})
	}
	var lines []string
	var line strings.Builder
	lw := 0
	for _, ch := range chips {
		cw := lipgloss.Width(ch.text)
		if lw > 0 && lw+3+cw > w {
			lines = append(lines, line.String())
			line.Reset()
			lw = 0
		}
		if lw > 0 {
			line.WriteString(st.Muted.Render(" · "))
			lw += 3
		}
		line.WriteString(ch.st.Render(ch.text))
		lw += cw
	}
	if lw > 0 {
		lines = append(lines, line.String())
	}
	return lines
}

// setBanner says what is wrong with the selected row above the panes: the
// conversion's error, hidden text, a cut description, a file that failed.
func (s *Screen) setBanner() {
	s.banner.Reset(s.ctx.Width)
	row := s.lp.List.Current()
	if row == nil {
		return
	}
	st := s.ctx.Styles
	add := s.banner.Add
	if row.File >= 0 {
		f := &s.loaded.Files[row.File]
		if f.Err != nil {
			add(st.BannerError, "✗ "+fileError(f), 2)
		}
		return
	}
	o := s.cur.Report.Outcomes[row.Tool]
	if e := o.ConversionErr; e != nil {
		what := "no strict form"
		if isLimitError(o) {
			what = "crosses a strict-mode limit"
		}
		add(st.BannerError, fmt.Sprintf("✗ %s at %s · %s: %s", what, common.Safe(common.PointerOrRoot(e.Path)), common.Safe(e.Keyword), common.Safe(e.Message)), 2)
	}
	if r := o.Removed; r.Count > 0 {
		text := fmt.Sprintf("! %s removed from the description and schema", words.Count(r.Count, "hidden character", "hidden characters"))
		if r.Tags != "" {
			text += "; tag characters spell: " + termsafe.Quote(r.Tags)
		}
		add(st.BannerWarn, text, 2)
	}
	if o.Truncated {
		unit := "characters"
		if s.modes.API == adapter.Responses {
			unit = "bytes"
		}
		add(st.BannerWarn, fmt.Sprintf("! description cut to the %s cap of %d %s", s.modes.API,
			adapter.DefaultDescriptionCap(s.modes.API), unit), 1)
	}
}
