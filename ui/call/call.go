package call

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/validate"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// The panes of the editing view, in tab order.
const (
	editorPane = iota
	schemaPane
	notesPane
)

// Stage is where the screen is with its call.
type Stage uint8

// The stages, in the order a call goes through them.
const (
	Idle      Stage = iota // nothing open: c on a live tool opens a call
	Editing                // the arguments are edited and validated as they change
	Approving              // the approval view: y sends, any other key goes back
	Running                // the call runs: progress, elapsed time; esc cancels
	Ended                  // the call ended: its result, its error, or that it was cancelled
)

const (
	// checkDebounce is how long the screen waits after a key before it
	// validates a large text.
	checkDebounce = 100 * time.Millisecond
	// instantCheck is the largest text (in bytes) validated on every key; a
	// larger one waits for a pause of checkDebounce and is validated off
	// the frame.
	instantCheck = 16 << 10
)

// checkTickMsg says a pause in typing may have come: the text is validated
// when no key came after change gen.
type checkTickMsg struct{ gen int }

// checkedMsg brings the answer for the text of change gen, computed off the
// frame.
type checkedMsg struct {
	gen   int
	check *Check
}

// Screen is the call screen: c on a tool of a live server opens it (Open)
// with the arguments prefilled from the tool's input schema
// (adapter.ArgumentsSkeleton) in an editor, validated against the tool's
// original input schema as they change. Enter shows the approval view: the
// exact JSON to send, the server and how it is reached, the tool and its
// annotations as badges. y sends it; any other key goes back to the editor,
// and no tool is called any other way. While the call runs, a progress bar
// follows the server's notifications with the elapsed time, and esc cancels
// it; its end is sent as a common.CallDoneMsg.
//
// Invalid arguments may be sent (as `strictscope call --force` sends them):
// the approval view says so in the warning colour. Text that does not parse,
// or is not a JSON object, cannot be: enter says why and stays in the
// editor.
type Screen struct {
	ctx *common.Context
	lv  *common.Live
	// dial is the session a call to a ready server goes through, and false
	// when it has none.
	dial  func(*common.LiveServer) (caller, bool)
	stage Stage
	back  int // the screen esc goes back to
	focus common.Focus
	req   *common.CallRequest
	srv   string // the server's name, sanitized
	ann   Annotations

	editor    *pane.Editor
	opened    string // the text as opened
	validator *validate.Validator
	check     *Check
	lastRev   int  // the editor's revision last validated or waiting
	gen       int  // changes to the text so far
	stale     bool // the answer is older than the text
	schema    *pane.JSON
	notes     *pane.Notes
	shown     *[]string // the notes the notes pane shows

	sending []byte // the exact JSON the approval view shows and y sends
	calls   int    // calls made so far
	call    *call  // the running or last call
	layout  Layout
}

// New is the call screen with nothing open, reading the live servers lv,
// drawn in ctx.
func New(ctx *common.Context, lv *common.Live) *Screen {
	s := &Screen{ctx: ctx, lv: lv, focus: common.NewFocus(3), validator: validate.New(),
		editor: pane.NewEditor(ctx), schema: pane.NewJSON(ctx), notes: pane.NewNotes(ctx),
		dial: func(ls *common.LiveServer) (caller, bool) { return ls.Conn, ls.Conn != nil }}
	s.showNotes()
	return s
}

// Name implements Screen.
func (s *Screen) Name() string { return "call" }

// MoveFocus implements Screen: the panes of the editing view.
func (s *Screen) MoveFocus(d int) {
	s.focus.MoveFocus(d)
	if s.focus.Pane == editorPane {
		s.editor.Focus()
	} else {
		s.editor.Blur()
	}
}

// Capturing implements Screen: the editor takes every key as text, and the
// approval view every key (y sends, any other goes back), so that no global
// key acts there.
func (s *Screen) Capturing() bool {
	return s.stage == Approving || (s.stage == Editing && s.focus.Pane == editorPane)
}

// Restyle implements Screen.
func (s *Screen) Restyle() {
	s.Resize()
	s.notes.Wrap()
}

// Resize implements Screen.
func (s *Screen) Resize() {
	s.layout = ComputeLayout(s.ctx.Width, s.ctx.Height)
	if s.layout.TooSmall {
		return
	}
	l := s.layout
	s.editor.SetSize(l.Editor.W, max(l.Editor.H-1, 1))
	s.schema.SetSize(l.Schema.W, l.Schema.H)
	s.notes.SetSize(l.Notes.W, l.Notes.H)
}

// Open opens the call screen on req: the editor holds the arguments
// prefilled from the tool's input schema, and has the keys; back is the
// screen esc goes back to. While a call runs, nothing else opens: the
// command says so.
func (s *Screen) Open(req common.CallRequest, back int) tea.Cmd {
	if s.stage == Running {
		return common.ShowError("a call is running: esc on the call screen cancels it")
	}
	if s.lv == nil || req.Server < 0 || req.Server >= len(s.lv.Servers) {
		return common.ShowError(fmt.Sprintf("no live server %d to call a tool of", req.Server))
	}
	s.req, s.back, s.stage, s.call = &req, back, Editing, nil
	s.srv = common.Safe(s.lv.Servers[req.Server].Spec.Name)
	s.ann = readAnnotations(req.Tool)
	s.opened = pane.EditorText(openingText(adapter.ArgumentsSkeleton(req.Tool.InputSchema)))
	s.gen++ // an answer computing for what was open before is not this one's
	s.editor.SetValue(s.opened)
	s.schema.SetContent(&pane.Content{Title: "input schema, as listed",
		Doc: pane.NewDoc(req.Tool.InputSchema), Base: adapter.Path{}})
	s.validate()
	s.focus.Pane = editorPane
	return s.editor.Focus()
}

// openingText is the skeleton as the editor opens it: indented
// (adapter.MarshalIndent), with fewer levels on their own lines when that
// would not fit the editor's lines, or on one line when nothing does.
func openingText(v adapter.Value) string {
	text, _ := pane.EditableText(v)
	if pane.EditorLines(text) > pane.EditorMaxLines {
		return string(adapter.AppendCompact(nil, v))
	}
	return strings.TrimRight(text, "\n")
}

// validate asks the library about the editor's text now.
func (s *Screen) validate() {
	s.lastRev, s.stale = s.editor.Rev(), false
	s.setCheck(checkText(s.editor.Value(), s.req.Tool.InputSchema, s.validator))
}

// setCheck shows an answer: its marks in the gutter, its notes.
func (s *Screen) setCheck(c *Check) {
	s.check = c
	s.editor.SetMarks(c.Gutter)
	s.showNotes()
}

// edited is called after the editor may have changed: a small text is
// validated at once, a large one after a pause (a tick that only the last
// change's gen answers), off the frame.
func (s *Screen) edited() tea.Cmd {
	if s.editor.Rev() == s.lastRev {
		return nil
	}
	s.gen++
	if s.editor.Size() <= instantCheck {
		s.validate()
		return nil
	}
	s.lastRev, s.stale = s.editor.Rev(), true
	gen := s.gen
	return tea.Tick(checkDebounce, func(time.Time) tea.Msg { return checkTickMsg{gen: gen} })
}

// showNotes puts the answer's notes in the notes pane when they changed.
func (s *Screen) showNotes() {
	if s.check == nil {
		s.notes.SetNotes("what the library says", nil, "Nothing to check: no call is open.")
		s.shown = nil
		return
	}
	if s.shown == nil || !slices.Equal(*s.shown, s.check.Notes) {
		s.notes.SetNotes("what the library says", s.check.Notes, "")
		s.shown = &s.check.Notes
	}
}

// server is the live server of the open call.
func (s *Screen) server() *common.LiveServer { return s.lv.Servers[s.req.Server] }
