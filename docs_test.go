package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// anchors returns the anchors of a Markdown file's headings, as GitHub makes
// them: lower case, punctuation dropped, spaces to hyphens, a repeat numbered.
func anchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	seen := map[string]int{}
	inCode := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
			continue
		}
		if inCode || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
				b.WriteRune(r)
			}
		}
		base := b.String()
		a := base
		if n := seen[base]; n > 0 {
			a += "-" + strconv.Itoa(n)
		}
		seen[base]++
		out[a] = true
	}
	return out
}

var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// Every relative link in the README and docs/ leads to a file that exists, and
// to a heading in it when it names one.
func TestDocsLinksResolve(t *testing.T) {
	files, _ := filepath.Glob("docs/*.md")
	if len(files) == 0 {
		t.Fatal("no docs/*.md")
	}
	for _, f := range append(files, "README.md") {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := f
			if file != "" {
				path = filepath.Join(filepath.Dir(f), file)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: link %s: no such file", f, target)
				continue
			}
			if anchor != "" && strings.HasSuffix(path, ".md") && !anchors(t, path)[anchor] {
				t.Errorf("%s: link %s: no heading with that anchor in %s", f, target, path)
			}
		}
	}
}

var docsCite = regexp.MustCompile(`docs/([a-z-]+\.md)(#[a-z0-9-]+)?`)

// Every docs/FILE.md#anchor the code cites exists.
func TestCodeCitesDocsThatExist(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range docsCite.FindAllStringSubmatch(string(data), -1) {
			doc := filepath.Join("docs", m[1])
			if _, err := os.Stat(doc); err != nil {
				t.Errorf("%s cites %s: no such file", path, m[0])
				continue
			}
			if m[2] != "" && !anchors(t, doc)[m[2][1:]] {
				t.Errorf("%s cites %s: no such heading", path, m[0])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
