package sessions

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// A ToolSource names one MCP tool-list file and the server its tools belong to.
type ToolSource struct {
	Server string
	Path   string
}

// ParseToolSource reads a tool-list argument (docs/tool-lists.md#server-names).
// NAME=FILE names the server NAME; it is split at the first "=" unless the whole
// argument is an existing file. A plain FILE names its server by its base name
// without the last extension (my.server.json → my.server).
func ParseToolSource(arg string) ToolSource {
	if i := strings.IndexByte(arg, '='); i >= 0 {
		if st, err := os.Stat(arg); err != nil || st.IsDir() {
			return ToolSource{Server: arg[:i], Path: arg[i+1:]}
		}
	}
	return ToolSource{Server: ServerNameFor(arg), Path: arg}
}

// SameServerWarning is the warning for a server name given twice, by the tool-list
// arguments first and again: both lists load, and their tools share the prefix.
func SameServerWarning(name, first, again string) string {
	return fmt.Sprintf("the server name %s is given twice (%s and %s): the tools of both are exposed as %s__TOOL, and a name both lists have takes a _2 suffix; give each list its own NAME=",
		termsafe.Quote(name), termsafe.Quote(first), termsafe.Quote(again), name)
}

// ServerNameFor is the server name a plain FILE gives: its base name without the
// last extension.
func ServerNameFor(path string) string {
	base := filepath.Base(path)
	if ext := filepath.Ext(base); ext != "" && ext != base {
		base = strings.TrimSuffix(base, ext)
	}
	return base
}

// LoadToolList reads and parses a tool-list file, within the default Limits.
// Warnings (a tool without inputSchema) name the file.
func LoadToolList(src ToolSource) (adapter.Server, []string, error) {
	return Limits{}.LoadToolList(src)
}

// LoadToolList reads and parses a tool-list file, a JSON document held to the
// input cap (see ReadDocument).
func (lim Limits) LoadToolList(src ToolSource) (adapter.Server, []string, error) {
	data, err := lim.ReadDocumentFile(src.Path, true)
	if err != nil {
		return adapter.Server{}, nil, err
	}
	return ParseToolListFile(src.Server, src.Path, data)
}

// ParseToolListFile parses the bytes of a tool-list file named name.
func ParseToolListFile(server, name string, data []byte) (adapter.Server, []string, error) {
	doc, err := adapter.Decode(data)
	if err != nil {
		return adapter.Server{}, nil, JSONFileError(name, err)
	}
	tools, warns, err := adapter.ParseToolList(doc)
	if err != nil {
		var te *adapter.ToolListError
		if errors.As(err, &te) {
			return adapter.Server{}, nil, &LoadError{File: name, Where: te.Path.Pointer(), Msg: te.Msg, Err: err}
		}
		return adapter.Server{}, nil, &LoadError{File: name, Msg: err.Error(), Err: err}
	}
	for i, w := range warns {
		warns[i] = termsafe.Sanitize(name) + ": " + w
	}
	return adapter.Server{Name: server, Tools: tools}, warns, nil
}
