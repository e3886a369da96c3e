// Package uitest holds what the inspector's tests share across its packages:
// the corpus of real tool lists, and tool lists made up to a size.
package uitest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CorpusDir is the corpus of real data, ../shared/corpus beside the module's
// root (found from the test's directory); it may be absent.
func CorpusDir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "corpus")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// CorpusFiles are the corpus's tool lists (CorpusDir's mcp-tools); the test
// skips without them.
func CorpusFiles(tb testing.TB) []string {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(CorpusDir(tb), "mcp-tools", "*.json"))
	if len(files) == 0 {
		tb.Skip("the corpus (../shared/corpus/mcp-tools) is absent")
	}
	return files
}

// BigSchema is a tool list with one tool, big, of n properties, every other
// optional, each with a description and a default.
func BigSchema(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"tools":[{"name":"big","description":"5000 properties","inputSchema":{"type":"object","properties":{`)
	var req []string
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"p%d":{"type":"string","description":"property %d","default":"d%d"}`, i, i, i)
		if i%2 == 0 {
			req = append(req, fmt.Sprintf(`"p%d"`, i))
		}
	}
	b.WriteString(`},"required":[` + strings.Join(req, ",") + `]}}]}`)
	return []byte(b.String())
}
