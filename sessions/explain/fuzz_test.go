package explain

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
)

// FuzzExplainError holds explain's promises for any message and param: no panic,
// array steps of the schema path never negative, and a tool resolved only among
// the tools given.
func FuzzExplainError(f *testing.F) {
	for _, m := range []string{
		"Invalid schema for function 'weather__get_forecast': In context=('properties', 'kinds', 'anyOf', '0'), 'uri' is not a valid format.",
		`Invalid schema for function "it's": In context=('properties', 'a\'b', "c\"d", 1, -2), 'x' is required to be supplied and to be false.`,
		"Invalid JSON schema: regex lookaround is not supported. Found at $.properties['a b'].anyOf[1].pattern.",
		"Missing namespace for function_call 'create_widget'.",
		"In context=(, 'x'",
		"Found at $[",
	} {
		f.Add(m, "tools[0].function.parameters")
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "tools", "weather.json"))
	if err != nil {
		f.Fatal(err)
	}
	srv, _, err := sessions.ParseToolListFile("weather", "weather.json", data)
	if err != nil {
		f.Fatal(err)
	}
	_, report := adapter.Tools(adapter.NewToolSet([]adapter.Server{srv}, adapter.NameOptions{}), adapter.ToolsOptions{API: adapter.Chat})
	f.Fuzz(func(t *testing.T, msg, param string) {
		body := adapter.ObjectValue(adapter.MemberOf("error", adapter.ObjectValue(
			adapter.MemberOf("message", adapter.StringValue(msg)),
			adapter.MemberOf("param", adapter.StringValue(param)),
		)))
		for _, rep := range []*adapter.ToolsReport{nil, report} {
			ex := Error(body, rep)
			for _, st := range ex.SchemaPath {
				if st.Kind == adapter.IndexStep && st.Index < 0 {
					t.Fatalf("%q: negative index in %v", msg, ex.SchemaPath)
				}
			}
			if ex.Tool != nil && (rep == nil || !slices.Contains(rep.Outcomes, ex.Tool)) {
				t.Fatalf("%q: resolved to a tool not in the list", msg)
			}
		}
	})
}
