package replay

import (
	"path/filepath"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
)

// Options are the replay screen's toggles. Each combination is one
// replay of every file, cached: toggling back costs nothing. A session file
// replays with the options it was saved with, as the command line replays it
// when no flag overrides them: its structured mode while Structured is ""
// (each file its own: the session's, auto for a recording), its error prefix
// while NoErrorPrefix is false, and always its choice about defaults.
//
// OutputAPI renders the outputs for that API ("" for each file's own: a
// session's, or the inspector's starting API for a recording), to read how
// the same results read in Chat Completions and in Responses.
type Options struct {
	Structured    adapter.StructuredMode
	NoErrorPrefix bool
	OutputAPI     adapter.API
}

// String names the options as the title bar and status line show them.
func (o Options) String() string {
	s := o.structuredLabel()
	if o.OutputAPI != "" {
		s += " · outputs " + string(o.OutputAPI)
	}
	if o.NoErrorPrefix {
		return s + " · no error prefix"
	}
	return s + " · error prefix"
}

// structuredLabel names the structured mode.
func (o Options) structuredLabel() string {
	if o.Structured == "" {
		return "structured as saved"
	}
	return "structured " + string(o.Structured)
}

// engine replays the recordings and session files with the library
// (sessions.ReplaySession, sessions.ReplayRecording) and caches the traces of
// the last few option sets. A session is replayed with its own tools and options; a
// recording with the tool lists loaded alongside it and, for the names no list
// exposes, the tools of its recorded request (sessions.ReplayOptions.
// KeepRequestTools: each turn says which tool came from where), under the
// inspector's starting modes.
type engine struct {
	// files are the files that replay, copied when the engine is made: the
	// live session is replaced by a new one on each call, and a replay off
	// the frame keeps the one it was asked of.
	files   []common.File
	servers []adapter.Server
	lists   []string               // the file each of servers came from
	start   sessions.ReplayOptions // the inspector's starting modes
	cache   *common.Recent[Options, []*sessions.Trace]
}

func newEngine(loaded *common.Loaded, start sessions.ReplayOptions) *engine {
	e := &engine{start: start, servers: loaded.ToolListServers(), lists: loaded.ToolListNames(),
		cache: common.NewRecent[Options, []*sessions.Trace](common.RecentModes)}
	for _, f := range loaded.Files {
		if f.Rec != nil || f.Session != nil {
			e.files = append(e.files, f)
		}
	}
	return e
}

// Traces returns the trace of every file for o, replaying on first use.
func (e *engine) Traces(o Options) []*sessions.Trace {
	if t, ok := e.cache.Get(o); ok {
		return t
	}
	t := e.replay(o)
	e.cache.Put(o, t)
	return t
}

// cached returns the traces for o when they were replayed before.
func (e *engine) cached(o Options) ([]*sessions.Trace, bool) {
	return e.cache.Get(o)
}

// replay replays every file for o. It reads only what never changes after the
// engine is made (the loaded files, the tool lists, the starting modes) and
// writes nothing shared: a command may run it off the frame.
func (e *engine) replay(o Options) []*sessions.Trace {
	out := make([]*sessions.Trace, len(e.files))
	for k := range e.files {
		f := &e.files[k]
		prefix, structured := e.errorPrefix(o, k), e.structured(o, k)
		if f.Session != nil {
			out[k] = sessions.ReplaySession(f.Name, f.Session, sessions.ReplayOptions{
				NoDefaultDescriptions: e.start.NoDefaultDescriptions,
				ErrorPrefix:           prefix, Structured: structured, ApplyDefaults: f.Session.ApplyDefaults,
				OutputAPI: o.OutputAPI})
			continue
		}
		out[k] = sessions.ReplayRecording(f.Rec, e.servers, sessions.ReplayOptions{
			API: e.start.API, Strict: e.start.Strict, NoPrefix: e.start.NoPrefix,
			NoDefaultDescriptions: e.start.NoDefaultDescriptions, KeepRequestTools: true,
			ErrorPrefix: prefix, Structured: structured, OutputAPI: o.OutputAPI})
	}
	return out
}

// startOptions are the options the screen opens with: structured auto, unless
// a session file was saved with another mode; then each file replays with its
// own until m is pressed.
func (e *engine) startOptions() Options {
	o := Options{Structured: adapter.StructuredAuto}
	for _, f := range e.files {
		if s := f.Session; s != nil && s.Structured != "" && s.Structured != adapter.StructuredAuto {
			o.Structured = ""
		}
	}
	return o
}

// structured is the structured mode file k replays with under o: the
// toggle's, or while it is left to each file, a session's saved mode (auto
// for a recording).
func (e *engine) structured(o Options, k int) adapter.StructuredMode {
	if o.Structured != "" {
		return o.Structured
	}
	if s := e.files[k].Session; s != nil && s.Structured != "" {
		return s.Structured
	}
	return adapter.StructuredAuto
}

// errorPrefix is the error prefix file k replays with under o: none when the
// toggle is off, else a session's saved prefix (the default for a recording).
func (e *engine) errorPrefix(o Options, k int) string {
	if o.NoErrorPrefix {
		return ""
	}
	if s := e.files[k].Session; s != nil {
		return s.ErrorPrefix
	}
	return adapter.DefaultErrorPrefix
}

// fileName is the short name of replayed file k.
func (e *engine) fileName(k int) string {
	if e.files[k].Live {
		return e.files[k].Name
	}
	return filepath.Base(e.files[k].Name)
}

// api is the API file k's outputs are rendered for under o.
func (e *engine) api(o Options, k int) adapter.API {
	switch {
	case o.OutputAPI != "":
		return o.OutputAPI
	case e.files[k].Session != nil && e.files[k].Session.API != "":
		return e.files[k].Session.API
	case e.start.API != "":
		return e.start.API
	}
	return adapter.Chat
}

// listName is the short name of the tool list file server i came from.
func (e *engine) listName(i int) string {
	if i < 0 || i >= len(e.lists) {
		return "a tool list"
	}
	return filepath.Base(e.lists[i])
}

// turnCounts are the numbers of a turn the list and status line show.
type turnCounts struct {
	calls, rejected, invalid, unanswered int
}

func countTurn(t *sessions.TurnTrace) turnCounts {
	var c turnCounts
	c.calls = len(t.Calls)
	if t.Extracted != nil {
		c.rejected = len(t.Extracted.Rejected)
	}
	for _, cc := range t.Calls {
		if !cc.Valid {
			c.invalid++
		}
	}
	c.unanswered = len(t.Calls) - len(t.Outputs)
	return c
}
