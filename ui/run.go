package ui

import (
	"errors"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
)

// Options are the inspector's starting point: what to open and the starting modes.
type Options struct {
	// Files are tool lists ([NAME=]FILE), recordings and session files, detected
	// by content. With none the built-in examples open.
	Files []string
	// API is the API tools are rendered for (chat when empty).
	API adapter.API
	// Strict is the starting strict mode (auto when empty).
	Strict adapter.StrictMode
	// NoPrefix exposes tools as TOOL instead of SERVER__TOOL.
	NoPrefix bool
	// NoDefaultDescriptions leaves defaults out of descriptions.
	NoDefaultDescriptions bool
	// NoColor draws without colour (attributes only). Run sets it when the
	// NO_COLOR environment variable is set and not empty.
	NoColor bool
	// Limits bound what is read whole (the zero value: the defaults).
	Limits sessions.Limits
	// Servers are the live MCP servers to connect to (--server, --config),
	// each a group of the tool list; with servers and no file, no example
	// opens.
	Servers []live.Server
	// Timeout bounds each server's connection and listing, and each call (0
	// is live.DefaultTimeout).
	Timeout time.Duration
	// Trace keeps the JSON-RPC messages in each server's log.
	Trace bool
	// Warnings are shown in the status line when the inspector opens (the
	// configuration files').
	Warnings []string
}

// ErrInterrupted is what Run returns when an interrupt (SIGINT) ended the
// inspector; the terminal is restored all the same.
var ErrInterrupted = errors.New("interrupted")

// Run loads the files and runs the inspector until the user quits. It needs a
// terminal on stdin and stdout; the caller checks that. The terminal is left as
// it was: the inspector draws in the alternate screen.
func Run(opts Options) error {
	if os.Getenv("NO_COLOR") != "" {
		opts.NoColor = true
	}
	loaded := &common.Loaded{}
	if len(opts.Files) > 0 || len(opts.Servers) == 0 {
		loaded = common.LoadWithin(opts.Limits, opts.Files)
	}
	m := newModel(opts, loaded)
	if m.live != nil {
		// However the program ends (quit, interrupt, a panic it recovered),
		// the live servers are closed before Run returns.
		defer m.live.close()
	}
	_, err := tea.NewProgram(m).Run()
	if errors.Is(err, tea.ErrInterrupted) {
		return ErrInterrupted
	}
	return err
}
