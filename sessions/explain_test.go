package sessions

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

func TestExplainMessageStyles(t *testing.T) {
	for _, tt := range []struct {
		body, tool, path, keyword string
		index                     int
	}{
		{`{"error":{"message":"Invalid schema for function 'w__f': In context=('properties', 'x'), 'allOf' is not permitted.","param":"tools[2].function.parameters"}}`, "w__f", `["properties","x"]`, "allOf", 2},
		{`{"error":{"message":"Invalid JSON schema: regex lookaround is not supported. Found at $.properties.email.pattern.","param":"tools"}}`, "", `["properties","email"]`, "pattern", -1},
		{`{"error":{"message":"Invalid schema for function 'g': In context=(), object schema missing properties."}}`, "g", `[]`, "properties", -1},
		{`{"error":{"message":"Invalid schema for function 'h': In context=('properties', 'blocks'), array schema missing items.","param":"tools[6].parameters"}}`, "h", `["properties","blocks"]`, "items", 6},
		{`"Invalid JSON schema: bad. Found at $.properties['a b'].items.format."`, "", `["properties","a b","items"]`, "format", -1},
	} {
		body, err := adapter.DecodeString(tt.body)
		if err != nil {
			t.Fatal(err)
		}
		ex := ExplainError(body, nil)
		path := ""
		if ex.SchemaPath != nil {
			path = ex.SchemaPath.String()
		}
		if ex.ToolName != tt.tool || path != tt.path || ex.Keyword != tt.keyword || ex.ToolIndex != tt.index || len(ex.Advice) == 0 {
			t.Errorf("%s:\n got tool %q path %s keyword %q index %d advice %d", tt.body, ex.ToolName, path, ex.Keyword, ex.ToolIndex, len(ex.Advice))
		}
	}
}

func TestExplainResolvesTool(t *testing.T) {
	srv, _, err := LoadToolList(ToolSource{Server: "weather", Path: "../fixtures/tools/weather.json"})
	if err != nil {
		t.Fatal(err)
	}
	_, rep := adapter.Tools(adapter.NewToolSet([]adapter.Server{srv}, adapter.NameOptions{}), adapter.ToolsOptions{API: adapter.Chat})
	body, _ := adapter.DecodeString(`{"error":{"message":"Invalid schema for function 'weather__raw_query': In context=('properties', 'params'), 'oneOf' is not permitted.","param":"tools[3].function.parameters"}}`)
	ex := ExplainError(body, rep)
	if ex.Tool == nil || ex.Tool.Entry.Exposed != "weather__raw_query" {
		t.Fatalf("tool not resolved: %+v", ex.Tool)
	}
	if !strings.Contains(strings.Join(ex.Advice, " "), "cannot convert") {
		t.Errorf("advice: %v", ex.Advice)
	}
	// By index alone.
	body, _ = adapter.DecodeString(`{"error":{"message":"Invalid schema for function '<...>': In context=(), 'additionalProperties' is required to be supplied and to be false.","param":"tools[1].function.parameters"}}`)
	if ex := ExplainError(body, rep); ex.Tool == nil || ex.Tool.Entry.Exposed != "weather__search_places" {
		t.Errorf("by index: %+v", ex.Tool)
	}
}

// TestExplainCorpus: every error in the corpus gets a tool and a path where its text
// gives one.
func TestExplainCorpus(t *testing.T) {
	const file = "../../shared/corpus/openai/errors_invalid_schema.from-issue-threads.json"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	rec, err := LoadRecording(file, data)
	if err != nil {
		t.Fatal(err)
	}
	reFunction := regexp.MustCompile(`for function '([^']*)'`)
	reIndex := regexp.MustCompile(`tools\[(\d+)\]`)
	n := 0
	for _, exch := range rec.Exchanges {
		if !exch.Response.Has("error") {
			continue
		}
		n++
		ex := ExplainError(exch.Response, nil)
		msg := ex.Message
		if m := reFunction.FindStringSubmatch(msg); m != nil && ex.ToolName != m[1] {
			t.Errorf("%s: tool %q, want %q", exch.Label, ex.ToolName, m[1])
		}
		if reIndex.MatchString(ex.Param) && ex.ToolIndex < 0 {
			t.Errorf("%s: param %s gives no tool index", exch.Label, ex.Param)
		}
		if (strings.Contains(msg, "context=(") || strings.Contains(msg, "Found at $")) && ex.SchemaPath == nil {
			t.Errorf("%s: no schema path from %q", exch.Label, msg)
		}
		if len(ex.Advice) == 0 {
			t.Errorf("%s: no advice", exch.Label)
		}
	}
	if n < 20 {
		t.Errorf("only %d errors read from the corpus", n)
	}
}
