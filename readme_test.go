package main

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/strictscope/strictscope/ui/keys"
)

// readmeExample is one console example of the README: the command after "$ ",
// the stdin an "echo '…' |" before it gives, and the output shown.
type readmeExample struct {
	line  string
	stdin string
	args  []string
	shown string
}

// readmeExamples returns the README's console examples of the strictscope
// command.
func readmeExamples(t *testing.T) []readmeExample {
	t.Helper()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []readmeExample
	for _, block := range strings.Split(string(data), "```console\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		line, shown, _ := strings.Cut(block, "\n")
		line = strings.TrimPrefix(line, "$ ")
		ex := readmeExample{line: line, shown: shown}
		cmd := line
		if rest, ok := strings.CutPrefix(line, "echo '"); ok {
			text, pipe, found := strings.Cut(rest, "' | ")
			if !found {
				t.Fatalf("README example %q: echo without a pipe", line)
			}
			ex.stdin, cmd = text+"\n", pipe
		}
		fields := strings.Fields(cmd)
		if len(fields) == 0 || fields[0] != "strictscope" {
			t.Fatalf("README example %q does not run strictscope", line)
		}
		ex.args = fields[1:]
		out = append(out, ex)
	}
	return out
}

// TestReadmeExamples runs every console example of the README and compares its
// output with the one shown: text exactly; JSON as parsed values, where the
// README shows it whole (an example that elides with "…" is checked for the
// parts before the first elision only).
func TestReadmeExamples(t *testing.T) {
	examples := readmeExamples(t)
	if len(examples) < 6 {
		t.Fatalf("found %d console examples in the README, want one per subcommand", len(examples))
	}
	for _, ex := range examples {
		if missing := absentSharedFile(ex.args); missing != "" {
			t.Logf("%s: skipped, %s is absent", ex.line, missing)
			continue
		}
		r := runCLI(t, ex.stdin, ex.args...)
		if r.stderr != "" || (r.code != 0 && r.code != 1) {
			t.Errorf("%s: exit %d, stderr %q", ex.line, r.code, r.stderr)
			continue
		}
		if !strings.HasPrefix(strings.TrimSpace(ex.shown), "{") {
			if r.stdout != ex.shown {
				t.Errorf("%s: output differs from the README's\n got:\n%s\nREADME:\n%s", ex.line, r.stdout, ex.shown)
			}
			continue
		}
		if strings.Contains(ex.shown, "…") {
			prefix, _, _ := strings.Cut(ex.shown, "…")
			if !jsonPrefixMatches(r.stdout, prefix) {
				t.Errorf("%s: the output does not begin as the README shows\n got:\n%s\nREADME:\n%s", ex.line, r.stdout, ex.shown)
			}
			continue
		}
		var got, want any
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Errorf("%s: stdout is not JSON: %v", ex.line, err)
			continue
		}
		if err := json.Unmarshal([]byte(ex.shown), &want); err != nil {
			t.Errorf("%s: the README's output is not JSON: %v", ex.line, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: output differs from the README's\n got: %s\nREADME: %s", ex.line, r.stdout, ex.shown)
		}
	}
}

// absentSharedFile returns the first argument under ../shared that does not
// exist ("" when none): a clone without the shared folder skips that example.
func absentSharedFile(args []string) string {
	for _, a := range args {
		if strings.HasPrefix(a, "../shared/") {
			if _, err := os.Stat(a); err != nil {
				return a
			}
		}
	}
	return ""
}

// jsonPrefixMatches says whether the README's text, up to an elision, is how the
// JSON output begins once both are compacted (whitespace outside strings
// removed).
func jsonPrefixMatches(output, readme string) bool {
	return strings.HasPrefix(compactJSONText(output), compactJSONText(readme))
}

func compactJSONText(s string) string {
	var sb strings.Builder
	inString, escaped := false, false
	for _, r := range s {
		switch {
		case inString:
			sb.WriteRune(r)
			if escaped {
				escaped = false
			} else if r == '\\' {
				escaped = true
			} else if r == '"' {
				inString = false
			}
		case r == '"':
			inString = true
			sb.WriteRune(r)
		case r == ' ' || r == '\n' || r == '\t' || r == '\r':
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// TestReadmeKeys: every row of the README's table of the inspector's keys is a
// binding of the inspector, with the key and the words its help shows.
func TestReadmeKeys(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	bound := map[string]bool{} // "key\tdescription"
	groups := reflect.ValueOf(*keys.Default())
	for i := range groups.NumField() {
		g := groups.Field(i)
		for j := range g.NumField() {
			if b, ok := g.Field(j).Interface().(key.Binding); ok {
				bound[b.Help().Key+"\t"+b.Help().Desc] = true
			}
		}
	}
	row := regexp.MustCompile("(?m)^\\| `([^`]+)` \\| ([^|]+) \\|$")
	rows := row.FindAllStringSubmatch(string(data), -1)
	if len(rows) < 10 {
		t.Fatalf("found %d rows of keys in the README", len(rows))
	}
	for _, r := range rows {
		if !bound[r[1]+"\t"+r[2]] {
			t.Errorf("README: key %q %q is no binding of the inspector", r[1], r[2])
		}
	}
}
