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

// palette is the colours of one background.
type palette struct {
	fg, muted, faint, accent, border   color.Color
	key, str, num, konst, punct        color.Color
	green, yellow, red, magenta, cyan  color.Color
	cursorBg, cursorBgBlur, selectedBg color.Color
	nullBg, errorBg, barBg, callBg     color.Color
}

func newPalette(dark bool) palette {
	ld := lipgloss.LightDark(dark)
	c := lipgloss.Color
	return palette{
		fg:           ld(c("#24292F"), c("#D4D4D8")),
		muted:        ld(c("#6E7781"), c("#8B8F98")),
		faint:        ld(c("#A0A7B0"), c("#5C606A")),
		accent:       ld(c("#0969DA"), c("#7AA2F7")),
		border:       ld(c("#D0D7DE"), c("#3B3F4A")),
		key:          ld(c("#0550AE"), c("#7DCFFF")),
		str:          ld(c("#116329"), c("#9ECE6A")),
		num:          ld(c("#953800"), c("#FF9E64")),
		konst:        ld(c("#8250DF"), c("#BB9AF7")),
		punct:        ld(c("#57606A"), c("#A9B1D6")),
		green:        ld(c("#1A7F37"), c("#73DACA")),
		yellow:       ld(c("#9A6700"), c("#E0AF68")),
		red:          ld(c("#CF222E"), c("#F7768E")),
		magenta:      ld(c("#A626A4"), c("#D484F2")),
		cyan:         ld(c("#0E7490"), c("#7DCFFF")),
		cursorBg:     ld(c("#DDF4FF"), c("#2F3549")),
		cursorBgBlur: ld(c("#EEF2F6"), c("#24283B")),
		selectedBg:   ld(c("#DDF4FF"), c("#2F3549")),
		nullBg:       ld(c("#E6F6EA"), c("#1E3A2F")),
		errorBg:      ld(c("#FFE4E6"), c("#4A1F27")),
		barBg:        ld(c("#EAEEF2"), c("#1F2330")),
		callBg:       ld(c("#EEF0FF"), c("#262A45")),
	}
}

// Plain returns styles that draw nothing but text: no colour and no attribute,
// for output that is not a terminal (the marks in the gutter still show).
func Plain(dark bool) *Styles {
	return &Styles{Dark: dark, NoColor: true, Plain: true}
}

// New returns the styles for a dark or light background, or without colour.
func New(dark, noColor bool) *Styles {
	if noColor {
		return mono(dark)
	}
	p := newPalette(dark)
	s := lipgloss.NewStyle
	st := &Styles{Dark: dark}

	st.Title = s().Bold(true).Foreground(p.accent).Background(p.barBg)
	st.TitleBar = s().Foreground(p.muted).Background(p.barBg)
	st.Mode = s().Bold(true).Foreground(p.fg).Background(p.barBg)
	st.ModeOff = s().Foreground(p.faint).Background(p.barBg)
	st.Separator = s().Foreground(p.border)
	st.PaneTitle = s().Foreground(p.muted)
	st.PaneFocused = s().Bold(true).Foreground(p.accent)
	st.Status = s().Foreground(p.muted).Background(p.barBg)
	st.StatusMsg = s().Foreground(p.green).Background(p.barBg)
	st.StatusErr = s().Bold(true).Foreground(p.red).Background(p.barBg)
	st.Info = s().Foreground(p.fg)
	st.Crumb = s().Foreground(p.key)
	st.CrumbSep = s().Foreground(p.faint)
	st.Note = s().Foreground(p.yellow)
	st.Muted = s().Foreground(p.muted)
	st.Prompt = s().Bold(true).Foreground(p.accent)
	st.BannerError = s().Foreground(p.red).Bold(true)
	st.BannerWarn = s().Foreground(p.yellow).Bold(true)
	st.Message = s().Foreground(p.muted)
	st.Help = help.Styles{
		ShortKey:       s().Foreground(p.accent),
		ShortDesc:      s().Foreground(p.muted),
		ShortSeparator: s().Foreground(p.faint),
		Ellipsis:       s().Foreground(p.faint),
		FullKey:        s().Foreground(p.accent),
		FullDesc:       s().Foreground(p.fg),
		FullSeparator:  s().Foreground(p.faint),
	}
	st.HelpTitle = s().Bold(true).Foreground(p.fg)

	st.ListHeader = s().Foreground(p.muted)
	st.ListName = s().Foreground(p.fg)
	st.ListServer = s().Foreground(p.muted)
	st.ListSelected = s().Background(p.selectedBg).Bold(true)
	st.ListCurrent = s().Background(p.cursorBgBlur)
	st.ListFile = s().Foreground(p.muted).Italic(true)
	st.Filter = s().Foreground(p.accent)

	st.BadgeStrict = s().Foreground(p.green)
	st.BadgeFallback = s().Foreground(p.yellow)
	st.BadgeExcluded = s().Foreground(p.red)
	st.BadgeNonStrict = s().Foreground(p.muted)
	st.BadgeHidden = s().Foreground(p.magenta).Bold(true)
	st.BadgeTruncated = s().Foreground(p.cyan)
	st.BadgeError = s().Foreground(p.red).Bold(true)
	st.BadgeReplay = s().Foreground(p.muted)

	st.JSONKey = s().Foreground(p.key)
	st.JSONString = s().Foreground(p.str)
	st.JSONNumber = s().Foreground(p.num)
	st.JSONConst = s().Foreground(p.konst)
	st.JSONPunct = s().Foreground(p.punct)
	st.JSONVisible = s().Foreground(p.magenta).Bold(true)

	st.LineCursor = s().Background(p.cursorBg)
	st.LineCursorB = s().Background(p.cursorBgBlur)
	st.LineNull = s().Background(p.nullBg)
	st.LineError = s().Background(p.errorBg)
	st.LineDropped = s().Foreground(p.faint).Faint(true)
	st.LineCall = s().Background(p.callBg)
	st.GutterNull = s().Foreground(p.green).Bold(true)
	st.GutterError = s().Foreground(p.red).Bold(true)
	st.GutterDrop = s().Foreground(p.faint)
	st.GutterCall = s().Foreground(p.accent).Bold(true)

	st.StageCount = s().Bold(true).Foreground(p.accent)
	st.StageTitle = s().Foreground(p.fg)
	st.NoteBullet = s().Foreground(p.yellow)
	st.Stale = s().Foreground(p.muted).Italic(true)
	return st
}

// mono is the set without colours: attributes only.
func mono(dark bool) *Styles {
	s := lipgloss.NewStyle
	b := s().Bold(true)
	st := &Styles{Dark: dark, NoColor: true}
	st.Title = b
	st.TitleBar = s()
	st.Mode = b
	st.ModeOff = s().Faint(true)
	st.Separator = s()
	st.PaneTitle = s()
	st.PaneFocused = s().Bold(true).Underline(true)
	st.Status = s()
	st.StatusMsg = b
	st.StatusErr = s().Bold(true).Reverse(true)
	st.Info = s()
	st.Crumb = s()
	st.CrumbSep = s()
	st.Note = b
	st.Muted = s().Faint(true)
	st.Prompt = b
	st.BannerError = s().Bold(true).Reverse(true)
	st.BannerWarn = b
	st.Message = s()
	st.Help = help.Styles{
		ShortKey: b, ShortDesc: s(), ShortSeparator: s(), Ellipsis: s(),
		FullKey: b, FullDesc: s(), FullSeparator: s(),
	}
	st.HelpTitle = s().Bold(true).Underline(true)

	st.ListHeader = s()
	st.ListName = s()
	st.ListServer = s().Faint(true)
	st.ListSelected = s().Reverse(true)
	st.ListCurrent = s().Underline(true)
	st.ListFile = s().Italic(true)
	st.Filter = b

	st.BadgeStrict = s()
	st.BadgeFallback = b
	st.BadgeExcluded = s().Bold(true).Underline(true)
	st.BadgeNonStrict = s()
	st.BadgeHidden = s().Bold(true).Reverse(true)
	st.BadgeTruncated = s().Underline(true)
	st.BadgeError = s().Bold(true).Reverse(true)
	st.BadgeReplay = s().Faint(true)

	st.JSONKey = s()
	st.JSONString = s()
	st.JSONNumber = s()
	st.JSONConst = s()
	st.JSONPunct = s()
	st.JSONVisible = s().Bold(true).Underline(true)

	st.LineCursor = s().Reverse(true)
	st.LineCursorB = s().Underline(true)
	st.LineNull = s().Bold(true)
	st.LineError = s().Bold(true).Underline(true)
	st.LineDropped = s().Faint(true)
	st.LineCall = s().Italic(true)
	st.GutterNull = b
	st.GutterError = s().Bold(true).Reverse(true)
	st.GutterDrop = s().Faint(true)
	st.GutterCall = b

	st.StageCount = b
	st.StageTitle = s()
	st.NoteBullet = b
	st.Stale = s().Italic(true)
	return st
}
