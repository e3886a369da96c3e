// Package styles holds the inspector's one Styles struct. It is built from a
// palette for a dark or a light terminal background, or without any colour when
// NO_COLOR asks for that; components use its fields and never name a colour.
//
// Without colour every highlight keeps a text attribute (bold, reverse,
// underline, faint), so the cursor line, null paths, errors and dropped keywords
// stay visible.
package styles

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
)

// Styles is every style the inspector draws with.
type Styles struct {
	Dark    bool // built for a dark background
	NoColor bool // built without colours
	Plain   bool // built without colours or attributes

	// The frame.
	Title       lipgloss.Style // the application name in the title bar
	TitleBar    lipgloss.Style // the rest of the title bar
	Mode        lipgloss.Style // a mode in the title bar (chat, strict auto, …)
	ModeOff     lipgloss.Style // a mode that is off (no prefix, …)
	Separator   lipgloss.Style // the rule between panes
	PaneTitle   lipgloss.Style // a pane's title row
	PaneFocused lipgloss.Style // the focused pane's title row
	Status      lipgloss.Style // the status line
	StatusMsg   lipgloss.Style // a message in the status line
	StatusErr   lipgloss.Style // an error in the status line
	Info        lipgloss.Style // the info row under the panes
	Crumb       lipgloss.Style // a step of the breadcrumb
	CrumbSep    lipgloss.Style // the separator between steps
	Note        lipgloss.Style // an explanation next to the breadcrumb
	Muted       lipgloss.Style // secondary text
	Prompt      lipgloss.Style // a prompt's label
	BannerError lipgloss.Style // a schema that does not convert
	BannerWarn  lipgloss.Style // hidden text found, a file that failed
	Message     lipgloss.Style // a message in place of a pane's content
	Help        help.Styles
	HelpTitle   lipgloss.Style

	// The tool list.
	ListHeader   lipgloss.Style
	ListName     lipgloss.Style
	ListServer   lipgloss.Style
	ListSelected lipgloss.Style // the selected row when the list has focus
	ListCurrent  lipgloss.Style // the selected row when it has not
	ListFile     lipgloss.Style // a row that names a file, not a tool
	ListGroup    lipgloss.Style // a group's header: the source its rows come from
	Filter       lipgloss.Style

	// Badges.
	BadgeStrict    lipgloss.Style
	BadgeFallback  lipgloss.Style
	BadgeExcluded  lipgloss.Style
	BadgeNonStrict lipgloss.Style
	BadgeHidden    lipgloss.Style
	BadgeTruncated lipgloss.Style
	BadgeError     lipgloss.Style
	BadgeReplay    lipgloss.Style

	// JSON tokens.
	JSONKey     lipgloss.Style
	JSONString  lipgloss.Style
	JSONNumber  lipgloss.Style
	JSONConst   lipgloss.Style // true, false, null
	JSONPunct   lipgloss.Style
	JSONVisible lipgloss.Style // an invisible character drawn visibly: ⟨U+200B⟩

	// JSON lines. A line style gives the background and attributes a line
	// carries; token styles inherit it.
	LineCursor  lipgloss.Style // the cursor line of the focused pane
	LineCursorB lipgloss.Style // the cursor line of a pane without focus
	LineNull    lipgloss.Style // a null path
	LineError   lipgloss.Style // the node a conversion failed at
	LineDropped lipgloss.Style // a keyword the conversion dropped (replaces token colours)
	LineCall    lipgloss.Style // a function call item the library found in a response
	GutterNull  lipgloss.Style
	GutterError lipgloss.Style
	GutterDrop  lipgloss.Style
	GutterCall  lipgloss.Style

	// The replay screen and the playground.
	StageCount lipgloss.Style // "3/21" in the stepper row
	StageTitle lipgloss.Style // the stage's title in the stepper row
	NoteBullet lipgloss.Style // the bullet before a stage note
	Stale      lipgloss.Style // a result that is being recomputed
}

// A colour names one colour of the palette.
type colour uint8

const (
	none colour = iota // no colour
	fg
	muted
	faint
	accent
	border
	key
	str
	num
	konst
	punct
	green
	yellow
	red
	magenta
	cyan
	cursorBg
	cursorBgBlur
	selectedBg
	nullBg
	errorBg
	barBg
	callBg
	colours // how many
)

// palette is the colours of one background, by name.
type palette [colours]color.Color

func newPalette(dark bool) palette {
	// Each colour on a light and on a dark background.
	hex := [colours][2]string{
		fg:           {"#24292F", "#D4D4D8"},
		muted:        {"#6E7781", "#8B8F98"},
		faint:        {"#A0A7B0", "#5C606A"},
		accent:       {"#0969DA", "#7AA2F7"},
		border:       {"#D0D7DE", "#3B3F4A"},
		key:          {"#0550AE", "#7DCFFF"},
		str:          {"#116329", "#9ECE6A"},
		num:          {"#953800", "#FF9E64"},
		konst:        {"#8250DF", "#BB9AF7"},
		punct:        {"#57606A", "#A9B1D6"},
		green:        {"#1A7F37", "#73DACA"},
		yellow:       {"#9A6700", "#E0AF68"},
		red:          {"#CF222E", "#F7768E"},
		magenta:      {"#A626A4", "#D484F2"},
		cyan:         {"#0E7490", "#7DCFFF"},
		cursorBg:     {"#DDF4FF", "#2F3549"},
		cursorBgBlur: {"#EEF2F6", "#24283B"},
		selectedBg:   {"#DDF4FF", "#2F3549"},
		nullBg:       {"#E6F6EA", "#1E3A2F"},
		errorBg:      {"#FFE4E6", "#4A1F27"},
		barBg:        {"#EAEEF2", "#1F2330"},
		callBg:       {"#EEF0FF", "#262A45"},
	}
	ld := lipgloss.LightDark(dark)
	var p palette
	for c := fg; c < colours; c++ {
		p[c] = ld(lipgloss.Color(hex[c][0]), lipgloss.Color(hex[c][1]))
	}
	return p
}

// attrs are text attributes; dim is what terminals call faint.
type attrs uint8

const (
	bold attrs = 1 << iota
	dim
	italic
	underline
	reverse
)

func (a attrs) style() lipgloss.Style {
	s := lipgloss.NewStyle()
	if a&bold != 0 {
		s = s.Bold(true)
	}
	if a&dim != 0 {
		s = s.Faint(true)
	}
	if a&italic != 0 {
		s = s.Italic(true)
	}
	if a&underline != 0 {
		s = s.Underline(true)
	}
	if a&reverse != 0 {
		s = s.Reverse(true)
	}
	return s
}

// look is how one style draws: with colours, its foreground, background and
// attributes; without colours, its attributes alone (mono), which keep every
// highlight visible. A row of looks reads: the style, fg, bg, attrs, mono.
type look struct {
	style  *lipgloss.Style
	fg, bg colour
	attrs  attrs
	mono   attrs
}

// looks is every style of st with its look, one row a style: a style is given
// its colours and its look without colour in one place.
func (st *Styles) looks() []look {
	h := &st.Help
	return []look{
		{&st.Title, accent, barBg, bold, bold},
		{&st.TitleBar, muted, barBg, 0, 0},
		{&st.Mode, fg, barBg, bold, bold},
		{&st.ModeOff, faint, barBg, 0, dim},
		{&st.Separator, border, none, 0, 0},
		{&st.PaneTitle, muted, none, 0, 0},
		{&st.PaneFocused, accent, none, bold, bold | underline},
		{&st.Status, muted, barBg, 0, 0},
		{&st.StatusMsg, green, barBg, 0, bold},
		{&st.StatusErr, red, barBg, bold, bold | reverse},
		{&st.Info, fg, none, 0, 0},
		{&st.Crumb, key, none, 0, 0},
		{&st.CrumbSep, faint, none, 0, 0},
		{&st.Note, yellow, none, 0, bold},
		{&st.Muted, muted, none, 0, dim},
		{&st.Prompt, accent, none, bold, bold},
		{&st.BannerError, red, none, bold, bold | reverse},
		{&st.BannerWarn, yellow, none, bold, bold},
		{&st.Message, muted, none, 0, 0},
		{&h.ShortKey, accent, none, 0, bold},
		{&h.ShortDesc, muted, none, 0, 0},
		{&h.ShortSeparator, faint, none, 0, 0},
		{&h.Ellipsis, faint, none, 0, 0},
		{&h.FullKey, accent, none, 0, bold},
		{&h.FullDesc, fg, none, 0, 0},
		{&h.FullSeparator, faint, none, 0, 0},
		{&st.HelpTitle, fg, none, bold, bold | underline},

		{&st.ListHeader, muted, none, 0, 0},
		{&st.ListName, fg, none, 0, 0},
		{&st.ListServer, muted, none, 0, dim},
		{&st.ListSelected, none, selectedBg, bold, reverse},
		{&st.ListCurrent, none, cursorBgBlur, 0, underline},
		{&st.ListFile, muted, none, italic, italic},
		{&st.ListGroup, fg, none, bold, bold},
		{&st.Filter, accent, none, 0, bold},

		{&st.BadgeStrict, green, none, 0, 0},
		{&st.BadgeFallback, yellow, none, 0, bold},
		{&st.BadgeExcluded, red, none, 0, bold | underline},
		{&st.BadgeNonStrict, muted, none, 0, 0},
		{&st.BadgeHidden, magenta, none, bold, bold | reverse},
		{&st.BadgeTruncated, cyan, none, 0, underline},
		{&st.BadgeError, red, none, bold, bold | reverse},
		{&st.BadgeReplay, muted, none, 0, dim},

		{&st.JSONKey, key, none, 0, 0},
		{&st.JSONString, str, none, 0, 0},
		{&st.JSONNumber, num, none, 0, 0},
		{&st.JSONConst, konst, none, 0, 0},
		{&st.JSONPunct, punct, none, 0, 0},
		{&st.JSONVisible, magenta, none, bold, bold | underline},

		{&st.LineCursor, none, cursorBg, 0, reverse},
		{&st.LineCursorB, none, cursorBgBlur, 0, underline},
		{&st.LineNull, none, nullBg, 0, bold},
		{&st.LineError, none, errorBg, 0, bold | underline},
		{&st.LineDropped, faint, none, dim, dim},
		{&st.LineCall, none, callBg, 0, italic},
		{&st.GutterNull, green, none, bold, bold},
		{&st.GutterError, red, none, bold, bold | reverse},
		{&st.GutterDrop, faint, none, 0, dim},
		{&st.GutterCall, accent, none, bold, bold},

		{&st.StageCount, accent, none, bold, bold},
		{&st.StageTitle, fg, none, 0, 0},
		{&st.NoteBullet, yellow, none, 0, bold},
		{&st.Stale, muted, none, italic, italic},
	}
}

// Plain returns styles that draw nothing but text: no colour and no attribute,
// for output that is not a terminal (the marks in the gutter still show).
func Plain(dark bool) *Styles {
	return &Styles{Dark: dark, NoColor: true, Plain: true}
}

// New returns the styles for a dark or light background, or without colour
// (attributes only).
func New(dark, noColor bool) *Styles {
	st := &Styles{Dark: dark, NoColor: noColor}
	if noColor {
		for _, l := range st.looks() {
			*l.style = l.mono.style()
		}
		return st
	}
	p := newPalette(dark)
	for _, l := range st.looks() {
		s := l.attrs.style()
		if l.fg != none {
			s = s.Foreground(p[l.fg])
		}
		if l.bg != none {
			s = s.Background(p[l.bg])
		}
		*l.style = s
	}
	return st
}
