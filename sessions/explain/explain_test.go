package explain

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
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
		ex := Error(body, nil)
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
	srv, _, err := sessions.LoadToolList(sessions.ToolSource{Server: "weather", Path: "../../fixtures/tools/weather.json"})
	if err != nil {
		t.Fatal(err)
	}
	_, rep := adapter.Tools(adapter.NewToolSet([]adapter.Server{srv}, adapter.NameOptions{}), adapter.ToolsOptions{API: adapter.Chat})
	body, _ := adapter.DecodeString(`{"error":{"message":"Invalid schema for function 'weather__raw_query': In context=('properties', 'params'), 'oneOf' is not permitted.","param":"tools[3].function.parameters"}}`)
	ex := Error(body, rep)
	if ex.Tool == nil || ex.Tool.Entry.Exposed != "weather__raw_query" {
		t.Fatalf("tool not resolved: %+v", ex.Tool)
	}
	if !strings.Contains(strings.Join(ex.Advice, " "), "cannot convert") {
		t.Errorf("advice: %v", ex.Advice)
	}
	// By index alone.
	body, _ = adapter.DecodeString(`{"error":{"message":"Invalid schema for function '<...>': In context=(), 'additionalProperties' is required to be supplied and to be false.","param":"tools[1].function.parameters"}}`)
	if ex := Error(body, rep); ex.Tool == nil || ex.Tool.Entry.Exposed != "weather__search_places" {
		t.Errorf("by index: %+v", ex.Tool)
	}
}

// loadCorpusErrors loads the corpus's collection of real error bodies; the test
// is skipped when the corpus is not there.
func loadCorpusErrors(t *testing.T) *sessions.Recording {
	t.Helper()
	const file = "../../../shared/corpus/openai/errors_invalid_schema.from-issue-threads.json"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	rec, err := sessions.LoadRecording(file, data)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestExplainCorpus: every error in the corpus gets a tool and a path where its text
// gives one.
func TestExplainCorpus(t *testing.T) {
	rec := loadCorpusErrors(t)
	reFunction := regexp.MustCompile(`for function(?:_call)? '([^']*)'`)
	reIndex := regexp.MustCompile(`tools\[(\d+)\]`)
	n := 0
	for _, exch := range rec.Exchanges {
		if !exch.Response.Has("error") {
			continue
		}
		n++
		ex := Error(exch.Response, nil)
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

// explainText explains a bare message, or an error body when text starts with "{".
func explainText(t *testing.T, text string, rep *adapter.ToolsReport) Explanation {
	t.Helper()
	body := adapter.StringValue(text)
	if strings.HasPrefix(text, "{") {
		var err error
		if body, err = adapter.DecodeString(text); err != nil {
			t.Fatal(err)
		}
	}
	return Error(body, rep)
}

// pathText is a schema path as JSON text, "null" when there is none.
func pathText(p adapter.Path) string {
	if p == nil {
		return "null"
	}
	return p.String()
}

// TestExplainPathIndices: a token of digits in an array position is an index,
// whichever style spells the path and whether or not it is quoted; after
// properties, $defs or definitions it is a name.
func TestExplainPathIndices(t *testing.T) {
	for _, tt := range []struct {
		msg, path, keyword string
	}{
		{`Invalid schema for function 'f': In context=('properties', 'kinds', 'anyOf', '0'), 'uri' is not a valid format.`, `["properties","kinds","anyOf",0]`, "format"},
		{`Invalid JSON schema: bad format. Found at $.properties.kinds.anyOf[0].format.`, `["properties","kinds","anyOf",0]`, "format"},
		{`Invalid JSON schema: bad format. Found at $.properties.kinds.anyOf.0.format.`, `["properties","kinds","anyOf",0]`, "format"},
		{`In context=('allOf', '1', 'oneOf', '2'), 'default' is not permitted.`, `["allOf",1,"oneOf",2]`, "default"},
		{`In context=('prefixItems', '3'), 'default' is not permitted.`, `["prefixItems",3]`, "default"},
		{`In context=('items', '0', 'properties', '1'), 'default' is not permitted.`, `["items",0,"properties","1"]`, "default"},
		{`In context=('items', 'properties', '0'), 'default' is not permitted.`, `["items","properties","0"]`, "default"},
		{`In context=('properties', 'x', 'enum', '2'), 'default' is not permitted.`, `["properties","x","enum",2]`, "default"},
		{`In context=('properties', 'x', 'type', '1'), 'default' is not permitted.`, `["properties","x","type",1]`, "default"},
		{`In context=('properties', 'x', 'anyOf', 1), 'default' is not permitted.`, `["properties","x","anyOf",1]`, "default"},
		// Names: after properties, $defs and definitions, even when spelled as an int.
		{`In context=('properties', '0'), 'default' is not permitted.`, `["properties","0"]`, "default"},
		{`In context=('properties', 0), 'default' is not permitted.`, `["properties","0"]`, "default"},
		{`In context=('$defs', '0', 'anyOf', '1'), 'default' is not permitted.`, `["$defs","0","anyOf",1]`, "default"},
		{`In context=('definitions', '12'), 'default' is not permitted.`, `["definitions","12"]`, "default"},
		{`In context=('properties', 'properties', 'properties', '7'), 'default' is not permitted.`, `["properties","properties","properties","7"]`, "default"},
		{`Invalid JSON schema: bad. Found at $.properties[0].pattern.`, `["properties","0"]`, "pattern"},
		{`Invalid JSON schema: bad. Found at $.properties['0'].pattern.`, `["properties","0"]`, "pattern"},
		{`Invalid JSON schema: bad. Found at $.properties.anyOf.pattern.`, `["properties","anyOf"]`, "pattern"},
		// Not indices: a leading zero, or beyond the int32 indices of a Value.
		{`In context=('anyOf', '01'), 'default' is not permitted.`, `["anyOf","01"]`, "default"},
		{`In context=('anyOf', '99999999999'), 'default' is not permitted.`, `["anyOf","99999999999"]`, "default"},
	} {
		ex := explainText(t, tt.msg, nil)
		if got := pathText(ex.SchemaPath); got != tt.path || ex.Keyword != tt.keyword {
			t.Errorf("%s:\n got path %s keyword %q, want %s %q", tt.msg, got, ex.Keyword, tt.path, tt.keyword)
		}
	}
}

// TestExplainDropsAtIndexPath: a path with an index finds what the conversion
// drops there, in both message styles.
func TestExplainDropsAtIndexPath(t *testing.T) {
	file := t.TempDir() + "/tools.json"
	list := `{"tools":[{"name":"f","inputSchema":{"type":"object","properties":{"kinds":{"anyOf":[{"type":"string","format":"uri"},{"type":"integer"}]}},"required":["kinds"]}}]}`
	if err := os.WriteFile(file, []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	srv, _, err := sessions.LoadToolList(sessions.ToolSource{Server: "s", Path: file})
	if err != nil {
		t.Fatal(err)
	}
	_, rep := adapter.Tools(adapter.NewToolSet([]adapter.Server{srv}, adapter.NameOptions{NoPrefix: true}), adapter.ToolsOptions{API: adapter.Chat})
	for _, msg := range []string{
		`{"error":{"message":"Invalid schema for function 'f': In context=('properties', 'kinds', 'anyOf', '0'), 'uri' is not a valid format.","param":"tools[0].function.parameters"}}`,
		`{"error":{"message":"Invalid JSON schema: 'uri' is not a valid format. Found at $.properties.kinds.anyOf[0].format.","param":"tools[0].function.parameters"}}`,
	} {
		ex := explainText(t, msg, rep)
		if ex.Tool == nil {
			t.Fatalf("%s: no tool", msg)
		}
		if advice := strings.Join(ex.Advice, "\n"); !strings.Contains(advice, `At this path it drops "format" (["properties","kinds","anyOf",0,"format"])`) {
			t.Errorf("%s: advice\n%s", msg, advice)
		}
	}
}

// TestExplainPythonRepr: the context tuple is read as Python's repr of a tuple of
// str and int, and a quoted name as Python's repr of a str.
func TestExplainPythonRepr(t *testing.T) {
	for _, tt := range []struct {
		msg, tool, path, keyword string
	}{
		{`Invalid schema for function 'f': In context=('properties', 'x)'), 'allOf' is not permitted.`, "f", `["properties","x)"]`, "allOf"},
		{`Invalid schema for function 'f': In context=('properties', "it's"), 'allOf' is not permitted.`, "f", `["properties","it's"]`, "allOf"},
		{`Invalid schema for function 'f': In context=('properties', 'a\'b'), 'allOf' is not permitted.`, "f", `["properties","a'b"]`, "allOf"},
		{`Invalid schema for function 'f': In context=('properties', 'say "hi", it\'s'), 'allOf' is not permitted.`, "f", `["properties","say \"hi\", it's"]`, "allOf"},
		{`Invalid schema for function 'f': In context=('properties', 'a\\b', 'anyOf', 1), 'allOf' is not permitted.`, "f", `["properties","a\\b","anyOf",1]`, "allOf"},
		{`Invalid schema for function 'f': In context=('properties', 'tab\there\n', '\x41\u00e9\U0001f600'), 'allOf' is not permitted.`, "f", `["properties","tab\there\n","Aé😀"]`, "allOf"},
		{`Invalid schema for function 'f': In context=('properties', 'a, b'), 'allOf' is not permitted.`, "f", `["properties","a, b"]`, "allOf"},
		{`Invalid schema for function 'f': In context=('properties',), 'allOf' is not permitted.`, "f", `["properties"]`, "allOf"},
		{`Invalid schema for function 'f': In context=(), 'allOf' is not permitted.`, "f", `[]`, "allOf"},
		// Names as Python's repr quotes them.
		{`Invalid schema for function "it's": In context=(), 'allOf' is not permitted.`, "it's", `[]`, "allOf"},
		{`Invalid schema for function 'it\'s "x"': In context=(), 'allOf' is not permitted.`, `it's "x"`, `[]`, "allOf"},
		{`Invalid schema for function 'a\\b': In context=(), 'allOf' is not permitted.`, `a\b`, `[]`, "allOf"},
		{`Invalid schema for response_format "it's": In context=(), 'allOf' is not permitted.`, "", `[]`, "allOf"},
		// A name written between quotes as it is (not repr): read up to the quote
		// that ends it.
		{`Invalid schema for function 'it's': In context=(), 'allOf' is not permitted.`, "it's", `[]`, "allOf"},
		{`Invalid schema for function 'it''s': In context=(), 'allOf' is not permitted.`, "it''s", `[]`, "allOf"},
		// A tuple that is not Python's repr: no path.
		{`Invalid schema for function 'f': In context=('properties', 'x), 'allOf' is not permitted.`, "f", `null`, "allOf"},
		{`Invalid schema for function 'f': In context=('properties' 'x'), 'allOf' is not permitted.`, "f", `null`, "allOf"},
	} {
		ex := explainText(t, tt.msg, nil)
		if got := pathText(ex.SchemaPath); ex.ToolName != tt.tool || got != tt.path || ex.Keyword != tt.keyword {
			t.Errorf("%s:\n got tool %q path %s keyword %q, want %q %s %q", tt.msg, ex.ToolName, got, ex.Keyword, tt.tool, tt.path, tt.keyword)
		}
	}
}

// TestExplainUnreadableContext: a context that is not a tuple Python writes is
// said to be unreadable.
func TestExplainUnreadableContext(t *testing.T) {
	ex := explainText(t, `Invalid schema for function 'f': In context=('properties', 'x), 'allOf' is not permitted.`, nil)
	if ex.SchemaPath != nil || !strings.Contains(strings.Join(ex.Advice, "\n"), "cannot be read") {
		t.Errorf("path %s, advice %q", pathText(ex.SchemaPath), ex.Advice)
	}
}

// weatherReport is the weather fixture's tools as sent to Chat.
func weatherReport(t *testing.T) *adapter.ToolsReport {
	t.Helper()
	srv, _, err := sessions.LoadToolList(sessions.ToolSource{Server: "weather", Path: "../../fixtures/tools/weather.json"})
	if err != nil {
		t.Fatal(err)
	}
	_, rep := adapter.Tools(adapter.NewToolSet([]adapter.Server{srv}, adapter.NameOptions{}), adapter.ToolsOptions{API: adapter.Chat})
	return rep
}

// TestExplainFunctionNames: every message shape that names a function gives the
// name, and with tool lists, the tool.
func TestExplainFunctionNames(t *testing.T) {
	rep := weatherReport(t)
	for _, tt := range []struct {
		body, tool, kind, resolved string
		index                      int
	}{
		{`{"error":{"message":"Missing namespace for function_call 'create_widget'. It does not exist in the default namespace. Round-trip the model's function_call item with its namespace field included.","type":"invalid_request_error","param":"input[3].namespace","code":null}}`, "create_widget", "namespace", "", -1},
		{`{"error":{"message":"Missing namespace for function_call 'weather__get_forecast'. It does not exist in the default namespace.","param":"input[3].namespace"}}`, "weather__get_forecast", "namespace", "weather__get_forecast", -1},
		{`{"error":{"message":"Invalid schema for function 'weather__set_alert': In context=(), 'allOf' is not permitted.","param":"tools[0].function.parameters"}}`, "weather__set_alert", "schema", "weather__set_alert", 0},
		{`{"error":{"message":"Invalid schema for response_format 'weather__set_alert': In context=(), 'allOf' is not permitted.","param":"response_format"}}`, "", "schema", "", -1},
	} {
		ex := explainText(t, tt.body, rep)
		resolved := ""
		if ex.Tool != nil {
			resolved = ex.Tool.Entry.Exposed
		}
		if ex.ToolName != tt.tool || ex.Kind != tt.kind || resolved != tt.resolved || ex.ToolIndex != tt.index {
			t.Errorf("%s:\n got tool %q kind %q resolved %q index %d", tt.body, ex.ToolName, ex.Kind, resolved, ex.ToolIndex)
		}
		v := ex.Value()
		if name, _ := v.Get("tool_name"); name.Str() != tt.tool {
			t.Errorf("%s: JSON tool_name %q", tt.body, name.Str())
		}
	}
}

// TestExplainUnknownName: a message naming a function no tool of the list has says
// so, in the advice and its JSON, and a tool taken from param is said to be matched
// by index only.
func TestExplainUnknownName(t *testing.T) {
	rep := weatherReport(t)
	for _, tt := range []struct {
		body, resolved, note string
	}{
		{`{"error":{"message":"Invalid schema for function 'zzz': In context=(), 'allOf' is not permitted.","param":"tools[1].function.parameters"}}`, "weather__search_places",
			`The message names function "zzz", which no tool of the list has: "weather__search_places" is tools[1] of param, matched by index only.`},
		{`{"error":{"message":"Invalid schema for function 'zzz': In context=(), 'allOf' is not permitted."}}`, "",
			`The message names function "zzz", which no tool of the list has.`},
		{`{"error":{"message":"Invalid schema for function 'zzz': In context=(), 'allOf' is not permitted.","param":"tools[99].function.parameters"}}`, "",
			`The message names function "zzz", which no tool of the list has.`},
		{`{"error":{"message":"Missing namespace for function_call 'zzz'. It does not exist in the default namespace.","param":"input[3].namespace"}}`, "",
			`The message names function "zzz", which no tool of the list has.`},
		{`{"error":{"message":"Invalid schema for function 'weather__search_places': In context=(), 'allOf' is not permitted.","param":"tools[3].function.parameters"}}`, "weather__search_places", ""},
	} {
		ex := explainText(t, tt.body, rep)
		resolved := ""
		if ex.Tool != nil {
			resolved = ex.Tool.Entry.Exposed
		}
		if resolved != tt.resolved {
			t.Errorf("%s: resolved %q, want %q", tt.body, resolved, tt.resolved)
		}
		var notes []string
		for _, a := range ex.Advice {
			if strings.HasPrefix(a, "The message names function") {
				notes = append(notes, a)
			}
		}
		if want := []string{tt.note}; tt.note == "" && len(notes) != 0 || tt.note != "" && !reflect.DeepEqual(notes, want) {
			t.Errorf("%s:\n notes %q, want %q", tt.body, notes, tt.note)
		}
		if tt.note != "" && !strings.Contains(ex.Value().String(), strings.ReplaceAll(tt.note, `"`, `\"`)) {
			t.Errorf("%s: JSON lacks the note: %s", tt.body, ex.Value())
		}
	}
	// Without tool lists there is nothing to match against: no note.
	ex := explainText(t, `Invalid schema for function 'zzz': In context=(), 'allOf' is not permitted.`, nil)
	if strings.Contains(strings.Join(ex.Advice, "\n"), "which no tool") {
		t.Errorf("without tool lists: %q", ex.Advice)
	}
}

// TestExplainIndexBeyondTools: with tool lists, a tools[N] beyond them is said so,
// and the advice does not ask for the tool lists.
func TestExplainIndexBeyondTools(t *testing.T) {
	ex := explainText(t, `{"error":{"message":"Invalid schema for function '<...>': In context=(), 'allOf' is not permitted.","param":"tools[99].function.parameters"}}`, weatherReport(t))
	advice := strings.Join(ex.Advice, "\n")
	if ex.Tool != nil || !strings.Contains(advice, "The list has no tools[99]: it sends ") || strings.Contains(advice, "Give the tool lists") {
		t.Errorf("advice:\n%s", advice)
	}
}
