package sessions

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestParseToolListFileOpenAITools: an OpenAI tool list is a LoadError naming the
// file and where, with the hint (docs/tool-lists.md#warnings-and-refusals).
func TestParseToolListFileOpenAITools(t *testing.T) {
	for _, tt := range []struct{ doc, where string }{
		{`{"tools":[{"type":"function","name":"f","parameters":{"type":"object"}}]}`, "/tools"},
		{`[{"type":"function","function":{"name":"f","parameters":{"type":"object"}}}]`, ""},
	} {
		_, _, err := ParseToolListFile("srv", "openai.json", []byte(tt.doc))
		var le *LoadError
		if !errors.As(err, &le) {
			t.Fatalf("%s: err = %v, want a LoadError", tt.doc, err)
		}
		if le.File != "openai.json" || le.Where != tt.where || !strings.Contains(le.Msg, "this looks like an OpenAI tool list, not an MCP tool list") {
			t.Errorf("%s: %+v", tt.doc, le)
		}
		if !strings.HasPrefix(le.Error(), "openai.json: ") {
			t.Errorf("%s: %q does not start with the file", tt.doc, le.Error())
		}
	}
}

// TestParseToolListFileDuplicateNames: the duplicate-name warning comes back with
// the other warnings, naming the file, the name and the count
// (docs/tool-lists.md#warnings-and-refusals).
func TestParseToolListFileDuplicateNames(t *testing.T) {
	srv, warns, err := ParseToolListFile("srv", "dup.json", []byte(`{"tools":[{"name":"search"},{"name":"search","inputSchema":{"type":"object"}},{"name":"search","inputSchema":{"type":"object"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(srv.Tools) != 3 {
		t.Errorf("%d tools, want all 3 kept", len(srv.Tools))
	}
	want := []string{
		`dup.json: /tools/0: tool "search" has no inputSchema`,
		`dup.json: /tools/1: tool "search" is listed 3 times; tool names must be unique within an MCP server`,
	}
	if len(warns) != len(want) {
		t.Fatalf("warnings %q", warns)
	}
	for i, w := range want {
		if !strings.HasPrefix(warns[i], w) {
			t.Errorf("warning %d = %q, want it to start with %q", i, warns[i], w)
		}
	}
}

func TestToolSource(t *testing.T) {
	dir := t.TempDir()
	weird := dir + "/a=b.json"
	if err := os.WriteFile(weird, []byte(`{"tools":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ arg, server, path string }{
		{"weather=tools.json", "weather", "tools.json"},
		{"w=x=y.json", "w", "x=y.json"},
		{"my.server.json", "my.server", "my.server.json"},
		{"dir/plain", "plain", "dir/plain"},
		{weird, "a=b", weird},
	} {
		got := ParseToolSource(tt.arg)
		if got.Server != tt.server || got.Path != tt.path {
			t.Errorf("%s: got %+v", tt.arg, got)
		}
	}
}
