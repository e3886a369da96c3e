package replay

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/keys"
	"github.com/strictscope/strictscope/ui/pane"
)

// The panes of the replay screen, in tab order.
const (
	turnsPane = pane.ListPane + iota
	inputPane
	outputPane
	notesPane
)

// replayEntry is one row of the replay screen's list: a turn of a file.
type replayEntry struct {
	File int // index into the engine's files
	Turn int
}

// stageKey identifies a drawn stage: the options, the turn, the stage and the
// width text wraps at.
type stageKey struct {
	Opts       Options
	File, Turn int
	Stage      int
	width      int
	header     int // a file's header selected: its index + 1, else 0
}

// Screen steps through the trace of each turn of the recordings and
// session files: the list of turns on the left, the stage's input and output
// side by side, its notes under them. Every mark comes from the trace the
// library returned; the toggles replay again (cached per option set).
type Screen struct {
	ctx    *common.Context
	loaded *common.Loaded
	lv     *common.Live // the live servers, whose calls are a session here; nil without
	eng    *engine
	opts   Options // the options the panes show
	// off holds the options asked for (want), ahead of opts while
	// replaying.
	off     common.OffFrame[Options]
	traces  []*sessions.Trace
	entries []replayEntry
	stage   int
	// lp is the turn list beside the stage's input and output.
	lp     pane.ListPair
	notes  *pane.Notes
	layout layout
	banner common.Banner
	views  map[stageKey]*stageView
	shown  stageKey
}

// New is the replay screen over the recordings and session files of loaded
// (the live session among them when lv is not nil), drawn in ctx; start are
// the inspector's starting modes, which a session file's saved options
// override where no flag set them.
func New(ctx *common.Context, loaded *common.Loaded, lv *common.Live, start sessions.ReplayOptions) *Screen {
	eng := newEngine(loaded, start)
	opts := eng.startOptions()
	s := &Screen{ctx: ctx, loaded: loaded, lv: lv, eng: eng,
		opts: opts, off: common.NewOffFrame(opts),
		notes: pane.NewNotes(ctx), views: map[stageKey]*stageView{}, shown: stageKey{File: -1},
		lp: pane.NewListPair(ctx, 4, (*keys.KeyMap).ReplayList, "the turns",
			(*keys.KeyMap).ReplayJSON, false, "no mark in this pane")}
	s.lp.List.Title = "turns"
	s.lp.Selected = s.selectedTurn
	s.setEntries()
	s.setRows()
	s.show()
	return s
}

// setEntries replays for the current options and lists every turn of every
// file.
func (s *Screen) setEntries() {
	s.traces = s.eng.Traces(s.opts)
	s.entries = s.entries[:0]
	for k, tr := range s.traces {
		for t := range tr.Turns {
			s.entries = append(s.entries, replayEntry{File: k, Turn: t})
		}
	}
}

// Replayable says whether any loaded file replays.
func Replayable(l *common.Loaded) bool {
	for _, f := range l.Files {
		if f.Rec != nil || f.Session != nil {
			return true
		}
	}
	return false
}

// Name implements common.Screen.
func (s *Screen) Name() string { return "replay" }

// Capturing implements common.Screen: the list's filter input takes every key
// while it has them.
func (s *Screen) Capturing() bool { return s.lp.Capturing() }

// MoveFocus implements common.Screen.
func (s *Screen) MoveFocus(d int) { s.lp.MoveFocus(d) }

// Restyle implements common.Screen.
func (s *Screen) Restyle() {
	s.lp.List.Restyle()
	s.setRows()
	s.Resize()
}

// setRows lists every turn with its counts, from the current traces. With
// more than one file the turns are grouped by their file, as the tools
// screen groups tools by server: a header names the file and counts its
// turns, calls, rejected, invalid and unanswered calls, and unreplayable
// turns; under it a turn shows by its label alone. With one file there is no
// header and a turn's row names its file, as before.
func (s *Screen) setRows() {
	rows := make([]pane.Row, len(s.entries))
	grouped := len(s.traces) > 1
	sums := make([]turnCounts, len(s.traces))
	broken := make([]int, len(s.traces))
	for i, e := range s.entries {
		t := &s.traces[e.File].Turns[e.Turn]
		long := common.Safe(t.Label) + " · " + common.Safe(s.eng.fileName(e.File))
		r := pane.Row{Tool: i, File: -1, Group: e.File, Name: long}
		if grouped {
			r.Name, r.Long = common.Safe(t.Label), long
		}
		c := countTurn(t)
		sums[e.File].add(c)
		add := func(n int, text string, st func(*common.Context) lipgloss.Style) {
			if n > 0 {
				r.Badges = append(r.Badges, pane.Badge{Text: text, Style: st})
			}
		}
		if t.Err != nil {
			broken[e.File]++
			r.Badges = append(r.Badges, pane.Badge{Text: "not replayable", Style: pane.BadgeError})
		} else {
			r.Badges = append(r.Badges, pane.Badge{Text: words.Count(c.calls, "call", "calls"), Style: pane.BadgeStrict})
		}
		add(c.rejected, fmt.Sprintf("%d rejected", c.rejected), pane.BadgeExcluded)
		add(c.invalid, fmt.Sprintf("%d invalid", c.invalid), pane.BadgeFallback)
		add(c.unanswered, fmt.Sprintf("%d unanswered", c.unanswered), pane.BadgeNonStrict)
		r.Search = turnSearch(&r, long, t)
		rows[i] = r
	}
	var groups []pane.Group
	if grouped {
		groups = make([]pane.Group, len(s.traces))
		for k, tr := range s.traces {
			c := sums[k]
			badges := []pane.Badge{{Text: words.Count(c.calls, "call", "calls"), Style: pane.BadgeStrict}}
			for _, b := range []struct {
				n     int
				text  string
				style func(*common.Context) lipgloss.Style
			}{
				{c.rejected, "rejected", pane.BadgeExcluded},
				{c.invalid, "invalid", pane.BadgeFallback},
				{c.unanswered, "unanswered", pane.BadgeNonStrict},
				{broken[k], "not replayable", pane.BadgeError},
			} {
				if b.n > 0 {
					badges = append(badges, pane.Badge{Text: fmt.Sprintf("%d %s", b.n, b.text), Style: b.style})
				}
			}
			groups[k] = pane.Group{Name: common.Safe(s.eng.fileName(k)), Detail: words.Count(len(tr.Turns), "turn", "turns"), Counts: badges}
		}
	}
	s.lp.List.SetRows(rows, groups)
}

// turnSearch is what the turn list's filter (/) matches in a turn's row: the
// turn's label and its file's name (long, as the row draws them when the
// list has no headers), then its badges (the counts of calls, rejected,
// invalid and unanswered, or "not replayable"), then the exposed tool name and the call id of every call the
// model made in the turn, rejected calls included. Every piece is the
// sanitized text the screen draws, so a control character in a name is
// matched by its visible form (⟨U+001B⟩), never by the raw byte. The pieces are
// lower-cased (the filter is too, so matching ignores case) and joined by line
// feeds, which the filter input cannot hold, so a filter matches inside one
// piece and never across two.
func turnSearch(r *pane.Row, long string, t *sessions.TurnTrace) string {
	pieces := []string{long}
	bs := make([]string, len(r.Badges))
	for i, b := range r.Badges {
		bs[i] = b.Text
	}
	pieces = append(pieces, strings.Join(bs, " · "))
	for i := range t.Calls {
		pieces = append(pieces, common.Safe(t.Calls[i].Name), common.Safe(t.Calls[i].CallID))
	}
	if t.Extracted != nil {
		for i := range t.Extracted.Rejected {
			pieces = append(pieces, common.Safe(t.Extracted.Rejected[i].Name), common.Safe(t.Extracted.Rejected[i].CallID))
		}
	}
	return strings.ToLower(strings.Join(pieces, "\n"))
}

// current returns the selected turn and its trace, or nil.
func (s *Screen) current() (*replayEntry, *sessions.Trace, *sessions.TurnTrace) {
	row := s.lp.List.Current()
	if row == nil || row.Tool < 0 || row.Tool >= len(s.entries) {
		return nil, nil, nil
	}
	e := &s.entries[row.Tool]
	tr := s.traces[e.File]
	return e, tr, &tr.Turns[e.Turn]
}

// resolved is o as the selected turn was replayed with it: a structured mode left
// to each file is the selected file's.
func (s *Screen) resolved(o Options) Options {
	if e, _, _ := s.current(); e != nil {
		o.Structured = s.eng.structured(o, e.File)
	}
	return o
}

// StageCount is the number of stages of the selected turn.
func (s *Screen) StageCount() int {
	if _, _, t := s.current(); t != nil {
		return len(t.Stages)
	}
	return 0
}

// textWidth is the width text wraps at in a stage pane.
func (s *Screen) textWidth() int { w, _ := s.lp.Panes[0].Size(); return max(w-2, 1) }

// show puts the selected stage in the panes. The cursors stay when only the
// options changed (the same stage, replayed again).
func (s *Screen) show() {
	e, _, t := s.current()
	key := stageKey{Opts: s.opts, File: -1, Stage: s.stage, width: s.textWidth()}
	g, onHeader := s.lp.List.CurrentGroup()
	switch {
	case e != nil:
		key.File, key.Turn = e.File, e.Turn
	case onHeader:
		key.header = g + 1
	}
	if key == s.shown {
		return
	}
	same := key.File == s.shown.File && key.Turn == s.shown.Turn && key.Stage == s.shown.Stage
	var keep [2][2]int
	for i, p := range s.lp.Panes {
		keep[i] = [2]int{p.Cursor, p.Offset}
	}
	s.shown = key
	var v *stageView
	switch {
	case t == nil && onHeader:
		tr := s.traces[g]
		msg := common.Safe(s.eng.fileName(g)) + ": " + words.Count(len(tr.Turns), "turn", "turns") +
			". Enter or space folds or unfolds them; ↓ selects the first."
		v = &stageView{Panes: [2]*pane.Content{{Title: "file", Message: msg}, {Title: "turns", Message: msg}}}
	case t == nil:
		msg := s.lp.List.EmptyMessage("No recording or session file is loaded.")
		v = &stageView{Panes: [2]*pane.Content{{Title: "input", Message: msg}, {Title: "output", Message: msg}}}
	default:
		if cached, ok := s.views[key]; ok {
			v = cached
		} else {
			v = buildStage(t, s.stage, key.width)
			s.views[key] = v
		}
	}
	s.Resize()
	for i, p := range s.lp.Panes {
		p.SetContent(v.Panes[i])
		if same {
			p.Cursor, p.Offset = keep[i][0], keep[i][1]
			p.Clamp()
		}
	}
	title := "notes"
	if t != nil && s.stage < len(t.Stages) {
		title = "notes · " + string(t.Stages[s.stage].Kind)
	}
	s.notes.SetNotes(title, v.notes, "No notes at this stage.")
}

// Resize implements common.Screen.
func (s *Screen) Resize() {
	s.setBanner()
	s.layout = computeLayout(s.ctx.Width, s.ctx.Height, len(s.banner.Lines))
	if s.layout.TooSmall {
		s.lp.SetRects()
		return
	}
	l := s.layout
	s.lp.SetRects(l.List, l.Left, l.Right, l.Notes)
	s.notes.SetSize(l.Notes.W, l.Notes.H)
	if s.shown.File >= 0 && s.shown.width != s.textWidth() {
		s.show() // text wraps at the new width
	}
}

// setBanner says where the tools came from when it is not a tool list or the
// session, why the turn cannot be replayed, and the warnings of the file and
// the turn.
func (s *Screen) setBanner() {
	s.banner.Reset(s.ctx.Width)
	_, tr, t := s.current()
	if tr == nil {
		return
	}
	st := s.ctx.Styles
	add := s.banner.Add
	switch tr.ToolsFrom {
	case sessions.ToolsInferred:
		add(st.BannerWarn, "! tools inferred from the request: no tool list was loaded with this recording, so the tools and their null paths are read from the tools it sent", 2)
	case sessions.ToolsUnknown:
		add(st.BannerWarn, "! no tools known: no tool list was loaded with this recording and its request holds none, so every call names an unknown tool", 2)
	}
	if line := s.toolsBanner(t); line != "" {
		add(st.BannerWarn, line, 2)
	}
	if t.Err != nil {
		add(st.BannerError, "✗ "+common.Safe(t.Err.Error()), 2)
	}
	var warns []string
	for _, w := range tr.Warnings {
		warns = append(warns, common.Safe(w))
	}
	for _, w := range t.Warnings {
		warns = append(warns, common.Safe(w))
	}
	if len(warns) > 0 {
		add(st.BannerWarn, "! "+strings.Join(warns, " · "), 2)
	}
}

// replayed asks the library again for the current options and redraws from
// its answer, keeping the turn, the stage and the cursors.
func (s *Screen) replayed() {
	s.traces = s.eng.Traces(s.opts)
	s.setRows()
	s.clampStage()
	s.show()
}

func (s *Screen) clampStage() {
	s.stage = min(max(s.stage, 0), max(s.StageCount()-1, 0))
}

// add adds the counts of o: a file's sums, for its header.
func (c *turnCounts) add(o turnCounts) {
	c.calls += o.calls
	c.rejected += o.rejected
	c.invalid += o.invalid
	c.unanswered += o.unanswered
}
