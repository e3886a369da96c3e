package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestBadInput: every input error ends with one line on stderr that names the file
// and the position or path, exit 2, nothing on stdout, and no file written.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	cases := []struct {
		name, content string
		where         string // a regexp the message must match after the file name
	}{
		{"not-json.json", "{\"type\": object}", `line 1, column 10 \(byte 9\)`},
		{"invalid-utf8.json", "{\"tools\":[{\"name\":\"a\xff\"}]}", `line 1, column 21 \(byte 20\) at /tools/0/name`},
		{"duplicate.json", "{\"tools\":[],\n \"tools\":[]}", `line 2, column 2 \(byte 14\)`},
		{"deep.json", deep, `byte 10000`},
		{"no-tools.json", `{"result":{"items":[]}}`, `/result`},
		{"no-name.json", `{"tools":[{"name":"ok"},{"description":"x"}]}`, `/tools/1`},
		{"empty-name.json", `{"tools":[{"name":""}]}`, `/tools/0/name`},
		{"truncated.json", `{"tools":[`, `line 1, column 11 \(byte 10\)`},
	}
	for _, c := range cases {
		path := writeFile(t, dir, c.name, c.content)
		for _, args := range [][]string{
			{"tools", "--api", "chat", path},
			{"check", path},
			{"calls", "--api", "chat", "--tools", path, "fixtures/recordings/chat_forecast.json"},
		} {
			before := listDir(t, dir)
			r := runCLI(t, "", args...)
			if r.code != 2 || r.stdout != "" {
				t.Errorf("%s %s: exit %d, stdout %q; want 2 and nothing", c.name, args[0], r.code, r.stdout)
			}
			msg := strings.TrimSuffix(r.stderr, "\n")
			if strings.Contains(msg, "\n") || !strings.Contains(msg, path) {
				t.Errorf("%s %s: want one line naming the file, got %q", c.name, args[0], r.stderr)
			}
			if !regexp.MustCompile(c.where).MatchString(msg) {
				t.Errorf("%s %s: message %q does not say where (%s)", c.name, args[0], msg, c.where)
			}
			if after := listDir(t, dir); !slices.Equal(before, after) {
				t.Errorf("%s %s: files changed: %v → %v", c.name, args[0], before, after)
			}
		}
	}
	// The JSON errors of a schema, a result and a response file too.
	for _, c := range cases[:4] {
		path := dir + "/" + c.name
		for _, args := range [][]string{
			{"strict", path},
			{"output", "--api", "chat", "--call-id", "x", path},
		} {
			r := runCLI(t, "", args...)
			if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, path) || !regexp.MustCompile(c.where).MatchString(r.stderr) {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q", c.name, args[0], r.code, r.stdout, r.stderr)
			}
		}
	}
	// A missing file.
	r := runCLI(t, "", "strict", dir+"/missing.json")
	if r.code != 2 || !strings.Contains(r.stderr, "missing.json: no such file") {
		t.Errorf("missing file: exit %d, stderr %q", r.code, r.stderr)
	}
	// Control characters in a file name or in file content never reach stderr raw.
	evil := writeFile(t, dir, "evil\x1b[31m.json", `{"tools":[{"name":"a\u001b]52;c;aGk=\u0007"}, {"x":1}]}`)
	r = runCLI(t, "", "tools", "--api", "chat", evil)
	if r.code != 2 || strings.ContainsAny(r.stderr, "\x1b\x07") {
		t.Errorf("escape sequences reached stderr: %q", r.stderr)
	}
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
