package common

import (
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/fixtures"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions"
)

// FileKind is what a file given to the inspector turned out to be.
type FileKind uint8

// The kinds of file.
const (
	FileToolList  FileKind = iota // an MCP tool list: its tools are on the tools screen
	FileRecording                 // a recording of OpenAI traffic (replayed by the replay screen)
	FileSession                   // a strictscope session file (replayed by the replay screen)
	FileFailed                    // a file that could not be loaded
)

// File is one file the inspector was given, and what became of it.
type File struct {
	Name     string // as given on the command line (or the fixture's name)
	Kind     FileKind
	Format   sessions.Format
	Server   int    // index into Loaded.Servers for a tool list, else -1
	Servers  []int  // indices into Loaded.Servers of a session file's servers
	Detail   string // "5 tools", "3 exchanges", …
	Err      error  // why it failed (FileFailed)
	Warnings []string
	Rec      *sessions.Recording // the loaded recording (FileRecording)
	Session  *sessions.Session   // the parsed session (FileSession)
	// Live marks the live session (the calls made from the inspector): the
	// replay screen shows it, the tools screen's list does not.
	Live bool
}

// Loaded is everything the inspector opens: the servers of the tool lists, and
// every file with what it is. A file that fails is listed with its error and the
// others still open.
type Loaded struct {
	Servers  []adapter.Server
	Files    []File
	Examples bool // the built-in examples, opened when no file was given

	fromSession []bool // by server: it came from a session file
}

// Load reads files (tool lists as [NAME=]FILE, recordings, session files), each
// detected by content, within the default sessions.Limits. With no file it opens
// the built-in examples. Files are read and parsed in parallel; they are listed in
// the order given.
func Load(args []string) *Loaded {
	return LoadWithin(sessions.Limits{}, args)
}

// LoadWithin is Load with the files read whole held to lim.
func LoadWithin(lim sessions.Limits, args []string) *Loaded {
	if len(args) == 0 {
		return LoadExamples()
	}
	parts := make([]*Loaded, len(args))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, a := range args {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			parts[i] = &Loaded{}
			parts[i].addPath(lim, sessions.ParseToolSource(a))
		}()
	}
	wg.Wait()
	l := &Loaded{}
	for _, p := range parts {
		l.merge(p)
	}
	l.warnSameServerName()
	return l
}

// warnSameServerName gives a tool list whose server name an earlier tool list
// has a warning, as the command line does: both load, and their tools share the
// prefix (a name both have takes a _2 suffix).
func (l *Loaded) warnSameServerName() {
	first := map[string]string{} // server name → the file that gave it first
	for i := range l.Files {
		f := &l.Files[i]
		if f.Kind != FileToolList || f.Server < 0 {
			continue
		}
		name := l.Servers[f.Server].Name
		if prev, ok := first[name]; ok {
			f.Warnings = append(f.Warnings, sessions.SameServerWarning(name, prev, f.Name))
			continue
		}
		first[name] = f.Name
	}
}

// merge appends the servers and files of o.
func (l *Loaded) merge(o *Loaded) {
	for _, f := range o.Files {
		if f.Server >= 0 {
			f.Server = l.addServer(o.Servers[f.Server], false)
		}
		if f.Servers != nil {
			idx := make([]int, len(f.Servers))
			for i, j := range f.Servers {
				idx[i] = l.addServer(o.Servers[j], true)
			}
			f.Servers = idx
		}
		l.Files = append(l.Files, f)
	}
}

// addServer adds a server and returns its index. A session file's server that
// is the same as one already loaded (the same name, the same tools as listed),
// or a tool list that is the same as a session's server already loaded, is not
// added twice: the examples and a session saved from them hold the same tools.
func (l *Loaded) addServer(srv adapter.Server, session bool) int {
	for i, have := range l.Servers {
		if (session || l.fromSession[i]) && sameServer(have, srv) {
			return i
		}
	}
	l.Servers = append(l.Servers, srv)
	l.fromSession = append(l.fromSession, session)
	return len(l.Servers) - 1
}

func sameServer(a, b adapter.Server) bool {
	if a.Name != b.Name || len(a.Tools) != len(b.Tools) {
		return false
	}
	for i := range a.Tools {
		if !adapter.Equal(a.Tools[i].Raw, b.Tools[i].Raw) || !adapter.Equal(a.Tools[i].InputSchema, b.Tools[i].InputSchema) {
			return false
		}
	}
	return true
}

// LoadExamples opens the built-in examples embedded from fixtures.
func LoadExamples() *Loaded {
	l := &Loaded{Examples: true}
	for _, name := range append(fixtures.ToolLists(), fixtures.Recordings()...) {
		data, err := fixtures.Read(name)
		if err != nil {
			l.fail(name, err)
			continue
		}
		l.AddBytes(sessions.ServerNameFor(name), name, data)
	}
	return l
}

func (l *Loaded) fail(name string, err error) {
	l.Files = append(l.Files, File{Name: name, Kind: FileFailed, Server: -1, Err: err})
}

func (l *Loaded) addPath(lim sessions.Limits, src sessions.ToolSource) {
	format, data, err := lim.DetectFile(src.Path)
	if err != nil {
		l.fail(src.Path, err)
		return
	}
	switch format {
	case sessions.FormatToolList, sessions.FormatUnknown, sessions.FormatSession:
		if data == nil {
			if data, err = lim.ReadFile(src.Path); err != nil {
				l.fail(src.Path, err)
				return
			}
		}
		l.add(src.Server, src.Path, data, format)
	default:
		rec, err := lim.LoadRecordingFile(src.Path)
		l.addRecording(src.Path, format, rec, err)
	}
}

// AddBytes adds the file name with content data, detected by content; a tool
// list's tools belong to server.
func (l *Loaded) AddBytes(server, name string, data []byte) {
	l.add(server, name, data, sessions.Detect(name, data))
}

func (l *Loaded) add(server, name string, data []byte, format sessions.Format) {
	switch format {
	case sessions.FormatSession:
		sess, err := sessions.ParseSession(name, data)
		if err != nil {
			l.fail(name, err)
			return
		}
		f := File{Name: name, Kind: FileSession, Format: format, Server: -1,
			Detail: words.Count(len(sess.Turns), "turn", "turns"), Warnings: sess.Warnings, Session: sess, Servers: []int{}}
		for _, srv := range sess.Servers {
			f.Servers = append(f.Servers, l.addServer(srv, true))
		}
		l.Files = append(l.Files, f)
	case sessions.FormatToolList, sessions.FormatUnknown:
		srv, warns, err := sessions.ParseToolListFile(server, name, data)
		if err != nil {
			if format == sessions.FormatUnknown {
				err = fmt.Errorf("not a tool list, recording or session file: %w", err)
			}
			l.fail(name, err)
			return
		}
		l.Files = append(l.Files, File{Name: name, Kind: FileToolList, Format: sessions.FormatToolList,
			Server: l.addServer(srv, false), Detail: words.Count(len(srv.Tools), "tool", "tools"), Warnings: warns})
	default:
		rec, err := sessions.LoadRecording(name, data)
		l.addRecording(name, format, rec, err)
	}
}

func (l *Loaded) addRecording(name string, format sessions.Format, rec *sessions.Recording, err error) {
	if err != nil {
		l.fail(name, err)
		return
	}
	l.Files = append(l.Files, File{Name: name, Kind: FileRecording, Format: rec.Format, Server: -1,
		Detail: string(rec.Format) + ", " + words.Count(len(rec.Exchanges), "exchange", "exchanges"), Warnings: rec.AllWarnings(), Rec: rec})
}

// ServerFile returns the file server i came from: a tool list, or a session
// file whose servers it is.
func (l *Loaded) ServerFile(i int) string {
	for _, f := range l.Files {
		if f.Kind == FileToolList && f.Server == i {
			return f.Name
		}
	}
	for _, f := range l.Files {
		if slices.Contains(f.Servers, i) {
			return f.Name
		}
	}
	return ""
}

// ToolListServers are the servers of the tool lists (not of session files):
// the tools a recording is replayed with.
func (l *Loaded) ToolListServers() []adapter.Server {
	var out []adapter.Server
	for _, f := range l.Files {
		if f.Kind == FileToolList && f.Server >= 0 {
			out = append(out, l.Servers[f.Server])
		}
	}
	return out
}

// ToolListNames are the names of the files ToolListServers' servers came
// from, in the same order.
func (l *Loaded) ToolListNames() []string {
	var out []string
	for _, f := range l.Files {
		if f.Kind == FileToolList && f.Server >= 0 {
			out = append(out, f.Name)
		}
	}
	return out
}

// Failed counts the files that could not be loaded.
func (l *Loaded) Failed() int {
	n := 0
	for _, f := range l.Files {
		if f.Kind == FileFailed {
			n++
		}
	}
	return n
}
