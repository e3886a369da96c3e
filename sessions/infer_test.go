package sessions

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// TestToolsFromRequestStrictness: whether an inferred tool is strict follows the
// API's default when the tool does not say (docs/recordings.md#inferred-tools).
func TestToolsFromRequestStrictness(t *testing.T) {
	// a: optional and nullable; b: required and nullable; c: optional, not nullable;
	// d: nested optional nullable.
	const converts = `{"type":"object","properties":{"a":{"type":["string","null"]},"b":{"type":["integer","null"]},"c":{"type":"string"},"o":{"type":"object","properties":{"d":{"anyOf":[{"type":"string"},{"type":"null"}]}}}},"required":["b","o"]}`
	const noStrictForm = `{"type":"object","properties":{"x":{"oneOf":[{"type":"string"},{"type":"integer"}]}}}`
	const tooDeep = `{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{"a":{"type":"object","properties":{}}}}}}}}}}}}}}}}}}}}}}`
	responses := func(strict, params string) string {
		return `{"type":"function","name":"f"` + strict + `,"parameters":` + params + `}`
	}
	chat := func(strict, params string) string {
		return `{"type":"function","function":{"name":"f"` + strict + `,"parameters":` + params + `}}`
	}
	for _, tt := range []struct {
		name      string
		tool      string
		strict    bool
		nullPaths string // JSON; "" when not strict
	}{
		{"responses without strict, schema converts: strict, optional nulls", responses("", converts), true, `[["a"],["o","d"]]`},
		{"responses strict null reads as absent", responses(`,"strict":null`, converts), true, `[["a"],["o","d"]]`},
		{"responses without strict, no strict form: best effort", responses("", noStrictForm), false, ""},
		{"responses without strict, a limit crossed: best effort", responses("", tooDeep), false, ""},
		{"responses without strict, no parameters: best effort", `{"type":"function","name":"f"}`, false, ""},
		{"responses strict false", responses(`,"strict":false`, converts), false, ""},
		{"responses strict true: every nullable property", responses(`,"strict":true`, converts), true, `[["a"],["b"],["o","d"]]`},
		{"chat without strict stays best effort", chat("", converts), false, ""},
		{"chat strict null stays best effort", chat(`,"strict":null`, converts), false, ""},
		{"chat strict true", chat(`,"strict":true`, converts), true, `[["a"],["b"],["o","d"]]`},
		{"responses without strict, no properties", responses("", `{"type":"object"}`), true, `[]`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req, err := adapter.DecodeString(`{"tools":[` + tt.tool + `]}`)
			if err != nil {
				t.Fatal(err)
			}
			st, ok := ToolsFromRequest(req).Lookup("f")
			if !ok {
				t.Fatal("tool f not read")
			}
			if st.Strict != tt.strict || !st.Inferred {
				t.Fatalf("strict %v inferred %v, want strict %v", st.Strict, st.Inferred, tt.strict)
			}
			got := ""
			if st.Strict {
				got = adapter.PathsValue(st.NullPaths).String()
			} else if st.NullPaths != nil {
				t.Errorf("a tool that is not strict has null paths %v", st.NullPaths)
			}
			if got != tt.nullPaths {
				t.Errorf("null paths %s, want %s", got, tt.nullPaths)
			}
		})
	}
}

// TestInferOptionalNullPaths: the optional-only walk follows required per object,
// through items, anyOf branches and $refs.
func TestInferOptionalNullPaths(t *testing.T) {
	schema, _ := adapter.DecodeString(`{"type":"object","properties":{
		"a":{"type":["string","null"]},
		"b":{"type":["string","null"]},
		"c":{"type":"array","items":{"type":"object","properties":{"d":{"enum":["x",null]},"e":{"$ref":"#/$defs/N"}},"required":["e"]}},
		"f":{"anyOf":[{"type":"object","properties":{"g":{"type":"null"}}},{"type":"null"}]}},
		"required":["a","c","f"],
		"$defs":{"N":{"type":"null"}}}`)
	got := adapter.PathsValue(InferOptionalNullPaths(schema)).String()
	if want := `[["b"],["c",null,"d"],["f","g"]]`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestInferredStrictnessMatchesEcho: a Responses request whose tool lacks strict,
// and the response that echoes the tool with "strict": true, as the Responses API
// does. The inferred tool is strict, and the null the model sent at an optional
// nullable property is stripped.
func TestInferredStrictnessMatchesEcho(t *testing.T) {
	rec, err := LoadRecording("pair.json", []byte(`{"request":{"model":"gpt-5","input":"hi","tools":[
		{"type":"function","name":"lookup","parameters":{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":["integer","null"]}},"required":["q"]}}]},
	 "response":{"id":"resp_1","object":"response","status":"completed","output":[
		{"type":"function_call","id":"fc_1","call_id":"call_1","name":"lookup","arguments":"{\"q\":\"x\",\"limit\":null}","status":"completed"}],
	  "tools":[{"type":"function","name":"lookup","parameters":{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":["integer","null"]}},"required":["q"]},"strict":true}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	ex := rec.Exchanges[0]
	checkEcho(t, "pair.json", ex)
	tr := ReplayRecording(rec, nil, DefaultReplayOptions())
	c := tr.Turns[0].Calls[0]
	if !c.Sent.Strict || c.Arguments.String() != `{"q":"x"}` || !c.Valid {
		t.Errorf("call: strict %v, arguments %s, valid %v %v", c.Sent.Strict, c.Arguments, c.Valid, c.Errors)
	}
}

// checkEcho compares each tool a Responses exchange's response echoes with the
// tool inferred from its request, and returns how many it compared.
func checkEcho(t *testing.T, file string, ex Exchange) int {
	t.Helper()
	sent := ToolsFromRequest(ex.Request)
	echoed, _ := ex.Response.Get("tools")
	n := 0
	for _, e := range echoed.Items() {
		name, _ := e.Get("name")
		strict, ok := e.Get("strict")
		if typ, _ := e.Get("type"); typ.Str() != "function" || !ok || strict.Kind() != adapter.Bool {
			continue
		}
		st, found := sent.Lookup(name.Str())
		if !found {
			t.Errorf("%s %s: echoed tool %s is not in the request", file, ex.Label, name)
			continue
		}
		if st.Strict != strict.Bool() {
			t.Errorf("%s %s: tool %s inferred strict %v, the response echoes %v", file, ex.Label, name, st.Strict, strict.Bool())
		}
		n++
	}
	return n
}

// TestCorpusEchoedStrictness: in every recorded Responses exchange of the corpus
// whose response echoes its tools, the inferred strictness is the echoed one; the
// OpenAPI example's request leaves strict out and its response says true.
func TestCorpusEchoedStrictness(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not present (%v)", err)
	}
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	compared := map[string]int{}
	for _, e := range entries {
		if e.IsDir() || e.Name() == "INDEX.md" {
			continue
		}
		rec, err := LoadRecordingFile(filepath.Join(corpusDir, e.Name()))
		if err != nil {
			continue
		}
		for _, ex := range rec.Exchanges {
			if ex.API == adapter.Responses && ex.Request.Kind() == adapter.Object {
				compared[e.Name()] += checkEcho(t, e.Name(), ex)
			}
		}
	}
	const example = "spec_example_responses_functions.openai-openapi.json"
	if compared[example] != 1 {
		t.Errorf("%s: compared %d echoed tools, want 1", example, compared[example])
	}
	total := 0
	for _, n := range compared {
		total += n
	}
	t.Logf("compared %d echoed tools in %d files", total, len(compared))
}

func TestInferNullPaths(t *testing.T) {
	schema, _ := adapter.DecodeString(`{"type":"object","properties":{
		"a":{"type":["string","null"]},
		"b":{"type":"string"},
		"c":{"type":"array","items":{"type":"object","properties":{"d":{"enum":["x",null]},"e":{"anyOf":[{"$ref":"#/$defs/N"},{"type":"string"}]}}}},
		"f":{"$ref":"#/$defs/N"}},
		"$defs":{"N":{"type":"null"}}}`)
	got := adapter.PathsValue(InferNullPaths(schema)).String()
	want := `[["a"],["c",null,"d"],["c",null,"e"],["f"]]`
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
