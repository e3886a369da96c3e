package adapter

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
)

// MaxNameLength is OpenAI's limit on a function name.
const MaxNameLength = 64

// A Server is a named MCP server and the tools it lists.
type Server struct {
	Name  string
	Tools []Tool
}

// NameOptions adjust how exposed names are made.
type NameOptions struct {
	// NoPrefix exposes a tool as TOOL instead of SERVER__TOOL.
	NoPrefix bool
}

// An Entry is one tool of a ToolSet under the name the model sees.
type Entry struct {
	Exposed string // the exposed name
	Server  string
	Tool    Tool
	Plain   string // the name before rewriting: SERVER__TOOL, or TOOL without prefix
	Renamed bool   // Exposed differs from Plain
}

// A ToolSet is every tool of every server under a unique exposed name
// (docs/tool-lists.md#exposed-names).
type ToolSet struct {
	Entries  []*Entry
	NoPrefix bool
	byName   map[string]*Entry
}

// NewToolSet names every tool of servers, in order. The exposed name is
// SERVER__TOOL (TOOL with NoPrefix) with every code point outside [A-Za-z0-9_-]
// replaced by "_". A name longer than 64 characters keeps its first 55, then "_",
// then the first 8 hex digits of SHA-256 of SERVER + "\x00" + TOOL. When two tools
// end up with the same name, each tool in input order takes the first free name
// among BASE, BASE_2, BASE_3, …, the base shortened so that the whole stays within
// 64 characters.
func NewToolSet(servers []Server, opts NameOptions) *ToolSet {
	total := 0
	for _, srv := range servers {
		total += len(srv.Tools)
	}
	s := &ToolSet{NoPrefix: opts.NoPrefix, byName: make(map[string]*Entry, total), Entries: make([]*Entry, 0, total)}
	entries := make([]Entry, total) // one allocation for every entry
	// next holds, per base that has collided, the suffix its search goes on from.
	// Names are never freed, so every BASE_k below it is still taken, and the
	// first free name is found without trying them again: the work is linear in
	// the number of tools, however many share a base.
	var next map[string]int
	for _, srv := range servers {
		for _, t := range srv.Tools {
			base := ExposedName(srv.Name, t.Name, opts.NoPrefix)
			name := base
			if s.byName[name] != nil {
				if next == nil {
					next = map[string]int{}
				}
				n := max(next[base], 2)
				for name = suffixed(base, n); s.byName[name] != nil; name = suffixed(base, n) {
					n++
				}
				next[base] = n + 1
			}
			plain := plainName(srv.Name, t.Name, opts.NoPrefix)
			e := &entries[len(s.Entries)]
			*e = Entry{Exposed: name, Server: srv.Name, Tool: t, Plain: plain, Renamed: name != plain}
			s.byName[name] = e
			s.Entries = append(s.Entries, e)
		}
	}
	return s
}

// suffixed is base with "_N" appended, base shortened so that the whole stays
// within MaxNameLength.
func suffixed(base string, n int) string {
	suffix := "_" + strconv.Itoa(n)
	if len(base)+len(suffix) > MaxNameLength {
		base = base[:MaxNameLength-len(suffix)]
	}
	return base + suffix
}

// Lookup finds a tool by its exposed name: an exact, case-sensitive match.
func (s *ToolSet) Lookup(exposed string) (*Entry, bool) {
	e, ok := s.byName[exposed]
	return e, ok
}

func plainName(server, tool string, noPrefix bool) string {
	if noPrefix {
		return tool
	}
	return server + "__" + tool
}

// ExposedName returns the name a tool is exposed under before collisions are
// resolved: SERVER__TOOL (or TOOL) made of [A-Za-z0-9_-] only and at most 64
// characters long (see NewToolSet).
func ExposedName(server, tool string, noPrefix bool) string {
	plain := plainName(server, tool, noPrefix)
	var sb strings.Builder
	sb.Grow(len(plain))
	for _, r := range plain {
		if r < 0x80 && (r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			sb.WriteRune(r)
		} else {
			sb.WriteByte('_')
		}
	}
	name := sb.String()
	if len(name) <= MaxNameLength {
		return name
	}
	sum := sha256.Sum256([]byte(server + "\x00" + tool))
	return name[:55] + "_" + hex.EncodeToString(sum[:])[:8]
}
