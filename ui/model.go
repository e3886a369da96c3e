package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/call"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
	"github.com/strictscope/strictscope/ui/playground"
	"github.com/strictscope/strictscope/ui/replay"
	"github.com/strictscope/strictscope/ui/servers"
	"github.com/strictscope/strictscope/ui/tools"
)

// model is the root model: it owns the window, the global keys, the prompt,
// help and the status line, and routes every other key to the active screen,
// which gives it to its pane with focus.
type model struct {
	ctx     *common.Context
	screens []common.Screen
	active  int
	prompt  prompt
	help    bool
	// helpOffset is the first help line shown.
	helpOffset int
	status     common.StatusMsg // a message shown until the next key
	loaded     *common.Loaded
	// live connects the live servers; nil without any.
	live *liveRunner
	// start is shown in the status line when the inspector opens (the
	// warnings of the configuration files).
	start []string
}

// newModel builds the inspector's root model for loaded files without a
// terminal: Run gives it to Bubble Tea, tests drive its Update directly.
func newModel(opts Options, loaded *common.Loaded) *model {
	opts = opts.withDefaults()
	ctx := common.NewContext(opts.NoColor)
	modes := tools.Modes{API: opts.API, Strict: opts.Strict, NoPrefix: opts.NoPrefix,
		NoDefaultDescriptions: opts.NoDefaultDescriptions}
	m := &model{ctx: ctx, prompt: newPrompt(ctx), loaded: loaded, start: opts.Warnings}
	var lv *common.Live
	if len(opts.Servers) > 0 {
		lv = &common.Live{Trace: opts.Trace, Session: common.NewLiveSession(opts.API, opts.Strict, !opts.NoPrefix)}
		now := ctx.Now()
		for _, s := range opts.Servers {
			lv.Servers = append(lv.Servers, &common.LiveServer{Spec: s, Since: now})
		}
		loaded.Files = append(loaded.Files, common.File{Name: common.LiveSessionName, Kind: common.FileSession,
			Server: -1, Session: lv.Session, Live: true, Detail: "0 turns"})
		m.live = newLiveRunner(lv, live.ConnectOptions{Timeout: opts.Timeout})
	}
	ctx.Keys.Tools.Call.SetEnabled(lv != nil)
	ctx.Keys.Tools.Reconnect.SetEnabled(lv != nil)
	ctx.Keys.Replay.Write.SetEnabled(lv != nil)
	ctx.Screens = screenNames(lv != nil, replay.Replayable(loaded))
	// The tools screen, the servers screen with live servers, the replay
	// screen when a recording or session file is loaded (or live servers
	// may be called), the call screen with live servers, and the playground;
	// 1–9 switch between screens once there is more than one.
	m.screens = []common.Screen{tools.New(ctx, loaded, lv, modes)}
	if lv != nil {
		m.screens = append(m.screens, servers.New(ctx, lv))
	}
	if replay.Replayable(loaded) {
		m.screens = append(m.screens, replay.New(ctx, loaded, lv, sessions.ReplayOptions{API: opts.API, Strict: opts.Strict,
			NoPrefix: opts.NoPrefix, NoDefaultDescriptions: opts.NoDefaultDescriptions}))
	}
	if lv != nil {
		m.screens = append(m.screens, call.New(ctx, lv))
	}
	m.screens = append(m.screens, playground.New(ctx))
	ctx.Screens = ctx.Screens[:0]
	for _, s := range m.screens {
		ctx.Screens = append(ctx.Screens, s.Name()) // as made (TestScreenNames checks screenNames agrees)
	}
	ctx.Keys.Global.Screen.SetEnabled(len(m.screens) > 1)
	return m
}

// screenNames are the names of the screens newModel makes, in order, with
// live servers or without, with files to replay or without.
func screenNames(live, replayable bool) []string {
	names := []string{"tools"}
	if live {
		names = append(names, "servers")
	}
	if replayable || live { // the live session replays
		names = append(names, "replay")
	}
	if live {
		names = append(names, "call")
	}
	return append(names, "playground")
}

func (o Options) withDefaults() Options {
	if o.API == "" {
		o.API = adapter.Chat
	}
	if o.Strict == "" {
		o.Strict = adapter.StrictAuto
	}
	return o
}

// Init asks the terminal for its background colour (light or dark styles),
// starts connecting the live servers (the first frame does not wait for
// them), and shows the configuration files' warnings.
func (m *model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor}
	if m.live != nil {
		cmds = append(cmds, m.live.start())
	}
	if len(m.start) > 0 {
		cmds = append(cmds, common.ShowInfo(common.Safe(strings.Join(m.start, " · "))))
	}
	return tea.Batch(cmds...)
}

func (m *model) screen() common.Screen { return m.screens[m.active] }

// Update implements tea.Model.
func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	return m, m.handle(msg, -1)
}

// handle takes msg in: the root's own messages here, keys and the mouse to the
// active screen, a message for screen to (the answer to a prompt it opened)
// to that screen only, and any other message to every screen (to < 0).
func (m *model) handle(msg tea.Msg, to int) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.ctx.Width, m.ctx.Height = msg.Width, msg.Height
		m.prompt.resize(m.ctx)
		for _, s := range m.screens {
			s.Resize()
		}
		return nil
	case tea.BackgroundColorMsg:
		m.ctx.SetBackground(msg.IsDark())
		m.restyle()
		return nil
	case tea.ColorProfileMsg:
		switch {
		case msg.Profile <= colorprofile.NoTTY:
			m.ctx.SetNoStyle(true)
		case msg.Profile <= colorprofile.ASCII:
			m.ctx.SetNoColor(true)
		}
		m.restyle()
		return nil
	case common.StatusMsg:
		m.status = msg
		return nil
	case common.PromptMsg:
		return m.prompt.start(m.ctx, msg, m.active)
	case common.EditRequest:
		return m.edit(msg)
	case common.CallRequest:
		return m.call(msg)
	case common.CallDoneMsg:
		if m.live != nil {
			return m.callDone(msg)
		}
		return nil
	case common.ShowScreenMsg:
		if msg.Screen >= 0 && msg.Screen < len(m.screens) {
			m.active = msg.Screen
		}
		return nil
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		if m.prompt.open {
			_, _, cmd := m.prompt.update(m.ctx, msg)
			return cmd
		}
	case tea.MouseClickMsg, tea.MouseWheelMsg:
		if m.help || m.prompt.open {
			return nil
		}
	default:
		if cmd, ok := m.takeLive(msg); ok {
			return cmd
		}
		if to >= 0 {
			return m.screens[to].Update(msg)
		}
		// Any other message (a result computed in the background, a tick) may
		// belong to a screen that is not shown: every screen gets it, and
		// ignores what is not its own.
		cmds := make([]tea.Cmd, len(m.screens))
		for i, s := range m.screens {
			cmds[i] = s.Update(msg)
		}
		return tea.Batch(cmds...)
	}
	return m.screen().Update(msg)
}

// edit opens the playground on what a screen asked to edit.
func (m *model) edit(req common.EditRequest) tea.Cmd {
	if n := pane.EditorLines(req.Text); n > pane.EditorMaxLines {
		return common.ShowError(fmt.Sprintf("too large for the playground: %d lines (its editor holds %d)", n, pane.EditorMaxLines))
	}
	for i, s := range m.screens {
		if p, ok := s.(*playground.Screen); ok {
			cmd := p.Open(req, m.active)
			m.active = i
			if req.Levels > 0 {
				note := fmt.Sprintf("opened with only %d levels on their own lines, deeper values compact, to fit the editor's %d lines", req.Levels, pane.EditorMaxLines)
				cmd = tea.Batch(cmd, common.ShowInfo(note))
			}
			return cmd
		}
	}
	return nil
}

// call opens the call screen on a live server's tool.
func (m *model) call(req common.CallRequest) tea.Cmd {
	for i, s := range m.screens {
		if c, ok := s.(*call.Screen); ok {
			cmd := c.Open(req, m.active)
			m.active = i
			return cmd
		}
	}
	return nil
}

func (m *model) restyle() {
	common.StyleInput(&m.prompt.input, m.ctx.Styles)
	for _, s := range m.screens {
		s.Restyle()
	}
}

// key handles the global keys and hands the others on.
func (m *model) key(k tea.KeyPressMsg) tea.Cmd {
	m.status = common.StatusMsg{}
	g := &m.ctx.Keys.Global
	if k.String() == "ctrl+c" {
		return tea.Quit
	}
	if m.prompt.open {
		answer, asker, cmd := m.prompt.update(m.ctx, k)
		if answer != nil {
			return m.handle(answer, asker)
		}
		return cmd
	}
	if m.help {
		jk := &m.ctx.Keys.JSON
		page := max(m.ctx.Height-2, 1)
		switch {
		case key.Matches(k, g.Quit):
			return tea.Quit
		case key.Matches(k, g.Help), k.String() == "esc":
			m.help = false
		case key.Matches(k, jk.Up):
			m.helpOffset--
		case key.Matches(k, jk.Down):
			m.helpOffset++
		case key.Matches(k, jk.PgUp):
			m.helpOffset -= page
		case key.Matches(k, jk.PgDown):
			m.helpOffset += page
		case key.Matches(k, jk.Top):
			m.helpOffset = 0
		case key.Matches(k, jk.Bottom):
			m.helpOffset = len(m.helpLines()) // clamped to the last page below
		}
		m.helpOffset = min(max(m.helpOffset, 0), max(len(m.helpLines())-(m.ctx.Height-1), 0))
		return nil
	}
	if m.ctx.Width < common.MinWidth || m.ctx.Height < common.MinHeight {
		if key.Matches(k, g.Quit) {
			return tea.Quit
		}
		return nil
	}
	s := m.screen()
	if !s.Capturing() {
		switch {
		case key.Matches(k, g.Quit):
			return tea.Quit
		case key.Matches(k, g.Help):
			m.help, m.helpOffset = true, 0
			return nil
		case key.Matches(k, g.Focus):
			s.MoveFocus(1)
			return nil
		case key.Matches(k, g.FocusBck):
			s.MoveFocus(-1)
			return nil
		case key.Matches(k, g.Screen):
			if i := int(k.Code - '1'); i >= 0 && i < len(m.screens) {
				m.active = i
			}
			return nil
		}
	}
	return s.Update(k)
}
