package common

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/fixtures"
	"github.com/strictscope/strictscope/ui/internal/uitest"
)

func TestLoadExamples(t *testing.T) {
	l := LoadExamples()
	if !l.Examples {
		t.Error("Examples is not set")
	}
	if got, want := len(l.Servers), len(fixtures.ToolLists()); got != want {
		t.Errorf("%d servers from %d built-in tool lists", got, want)
	}
	if got, want := len(l.Files), len(fixtures.ToolLists())+len(fixtures.Recordings()); got != want {
		t.Errorf("%d files listed, want %d", got, want)
	}
	for _, f := range l.Files {
		if f.Kind == FileFailed {
			t.Errorf("built-in example %s fails to load: %v", f.Name, f.Err)
		}
	}
	if Load(nil).Examples != true {
		t.Error("Load with no file does not open the examples")
	}
}

func TestLoadKeepsGoingPastFailures(t *testing.T) {
	dir := t.TempDir()
	good := "../../fixtures/tools/files.json"
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"tools": [`), 0o644)
	rec := "../../fixtures/recordings/chat_forecast.json"

	l := Load([]string{bad, "named=" + good, filepath.Join(dir, "missing.json"), rec})
	if len(l.Files) != 4 {
		t.Fatalf("%d files listed, want 4", len(l.Files))
	}
	kinds := []FileKind{FileFailed, FileToolList, FileFailed, FileRecording}
	for i, f := range l.Files {
		if f.Kind != kinds[i] {
			t.Errorf("file %d (%s): kind %d, want %d (err %v)", i, f.Name, f.Kind, kinds[i], f.Err)
		}
	}
	if len(l.Servers) != 1 || l.Servers[0].Name != "named" || l.Files[1].Server != 0 {
		t.Errorf("the tool list did not load as server \"named\": %+v", l.Servers)
	}
	if l.Failed() != 2 {
		t.Errorf("Failed() = %d, want 2", l.Failed())
	}
	if !strings.Contains(l.Files[2].Err.Error(), "missing.json: no such file") {
		t.Errorf("a missing file says %q", l.Files[2].Err)
	}
}

func TestCorpusLoadsAsToolLists(t *testing.T) {
	files := uitest.CorpusFiles(t)
	l := Load(files)
	if len(l.Servers) != len(files) || l.Failed() != 0 {
		for _, f := range l.Files {
			if f.Kind != FileToolList {
				t.Errorf("%s: kind %d, %v", f.Name, f.Kind, f.Err)
			}
		}
		t.Fatalf("%d servers from %d corpus tool lists", len(l.Servers), len(files))
	}
	for i, f := range l.Files {
		if want := filepath.Base(files[i]); filepath.Base(f.Name) != want {
			t.Errorf("file %d is %s, want %s: the order given is not kept", i, f.Name, want)
		}
	}
}

func TestSessionFilesAreCheckedAndListed(t *testing.T) {
	session, err := fixtures.Read("recordings/session_two_turns.json")
	if err != nil {
		t.Fatal(err)
	}
	l := &Loaded{}
	l.AddBytes("s", "good.json", session)
	l.AddBytes("s", "bad.json", []byte(`{"strictscope_session": 1, "api": "chat", "turns": 5}`))
	if l.Files[0].Kind != FileSession || l.Files[0].Session == nil || !strings.Contains(l.Files[0].Detail, "turn") {
		t.Errorf("a session file is not listed as one: %+v", l.Files[0])
	}
	if l.Files[1].Kind != FileFailed || l.Files[1].Err == nil {
		t.Errorf("a broken session file is not listed with its error: %+v", l.Files[1])
	}
}

// The inspector says a bare array of OpenAI tool definitions is not an MCP tool
// list, as the command line does.
func TestLoadOpenAIToolList(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "oai.json")
	if err := os.WriteFile(p, []byte(`[{"type":"function","name":"w","parameters":{"type":"object"}}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	l := Load([]string{p})
	if len(l.Files) != 1 || l.Files[0].Kind != FileFailed || !strings.Contains(l.Files[0].Err.Error(), "this looks like an OpenAI tool list, not an MCP tool list") {
		t.Errorf("files %+v", l.Files)
	}
}

// A server name given twice is a warning on the second tool list, as in the
// command line.
func TestLoadSameServerNameTwice(t *testing.T) {
	l := Load([]string{"a=../../fixtures/tools/weather.json", "a=../../fixtures/tools/files.json", "../../fixtures/tools/files.json"})
	if len(l.Files) != 3 || l.Failed() != 0 {
		t.Fatalf("files %+v", l.Files)
	}
	if len(l.Files[0].Warnings) != 0 || len(l.Files[2].Warnings) != 0 {
		t.Errorf("warned where the name is new: %q, %q", l.Files[0].Warnings, l.Files[2].Warnings)
	}
	if w := l.Files[1].Warnings; len(w) != 1 || !strings.Contains(w[0], `the server name "a" is given twice`) {
		t.Errorf("warnings of the second list: %q", w)
	}
}
