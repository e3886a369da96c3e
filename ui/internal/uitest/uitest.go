// Package uitest holds what the inspector's tests share across its packages:
// the corpus of real tool lists, and tool lists made up to a size.
package uitest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/fixtures"
	"github.com/strictscope/strictscope/sessions"
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

// ScaleServers is how many tool lists ManyServers generates.
const ScaleServers = 73

// File is a file to load (a tool list or a recording): its server's name,
// its file's name and its bytes.
type File struct {
	Server, Name string
	Data         []byte
}

// ManyServers is a generated load of 73 tool lists, about 2,000 tools, as a
// user who opens every server they run would have: server names short and
// long (some whose prefix alone fills the list's width), and among the tools
// some with no strict form (a oneOf, a free-form object), some with hidden
// characters in the description, some with a description over the Chat cap,
// and some renamed (a dot or a space in the name, or a name that with its
// prefix is over 64 characters). It is the same on every run.
func ManyServers(tb testing.TB) []File {
	tb.Helper()
	stems := []string{"fs", "git", "agent-infra-mcp-server-browser", "github-mcp-server-all-toolsets", "context7",
		"cloudflare-mcp-server-workers-observability", "sql", "notion-mcp", "k8s", "playwright-mcp-server-automation"}
	var out []File
	total := 0
	for s := range ScaleServers {
		name := fmt.Sprintf("%s-%02d", stems[s%len(stems)], s)
		n := 1 + (s*19)%55 // 1 to 55 tools, 1,990 in all
		total += n
		var tools []string
		for t := range n {
			tools = append(tools, scaleTool(s, t))
		}
		out = append(out, File{Server: name, Name: name + ".json", Data: []byte(`{"tools":[` + strings.Join(tools, ",") + `]}`)})
	}
	if total < 1900 || total > 2100 {
		tb.Fatalf("the generated load has %d tools, want about 2,000", total)
	}
	return out
}

// scaleTool is tool t of server s.
func scaleTool(s, t int) string {
	name := fmt.Sprintf("tool_%d_%d", s, t)
	desc := fmt.Sprintf("Does thing %d of server %d.", t, s)
	props := `"q":{"type":"string"},"limit":{"type":"integer","default":10}`
	switch k := (s*31 + t*7 + 10) % 23; k {
	case 0, 1: // no strict form
		props += `,"pick":{"oneOf":[{"type":"string"},{"type":"integer"}]}`
	case 2:
		props += `,"meta":{"type":"object"}`
	case 3: // hidden characters
		desc += "\u200b\u200b"
	case 4: // over the Chat cap of 1,024 characters
		desc += strings.Repeat(" More words about it.", 60)
	case 5: // renamed: a character a name cannot hold
		name = fmt.Sprintf("tool.%d.%d", s, t)
	case 6: // renamed: over 64 characters with its prefix
		name = fmt.Sprintf("a_rather_long_tool_name_that_describes_everything_it_does_%d", t)
	}
	return fmt.Sprintf(`{"name":%q,"description":%s,"inputSchema":{"type":"object","properties":{%s},"required":["q"]}}`,
		name, adapter.AppendQuoted(nil, desc), props)
}

// The turns of ReplayFiles, in the order of the replay screen's list.
const (
	TurnTwoTurns1 = iota
	TurnTwoTurns2
	TurnMedia
	TurnStream
	TurnWrapper
	TurnInvalid
)

// Fixture is the fixture file name (fixtures.Read).
func Fixture(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := fixtures.Read(name)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// ReplayFiles are the tool lists and the recordings the replay screen's
// tests open: two session files, a streamed Chat recording with a call that
// is not JSON, a Responses recording with reasoning, a custom tool call and
// the parallel wrapper, and a session whose call fails validation and has no
// result (InvalidSession).
func ReplayFiles(tb testing.TB) []File {
	tb.Helper()
	var out []File
	for _, name := range []string{"tools/files.json", "tools/weather.json", "recordings/session_two_turns.json",
		"recordings/session_chat_media.json", "recordings/chat_stream_parallel.sse", "recordings/responses_reasoning_wrapper.json"} {
		out = append(out, File{Server: sessions.ServerNameFor(name), Name: name, Data: Fixture(tb, name)})
	}
	return append(out, File{Server: "s", Name: "invalid_args.json", Data: InvalidSession(tb)})
}

// InvalidSession is a Chat session with the weather tools: one call whose
// arguments break the schema twice and carry nulls to strip, and no result.
func InvalidSession(tb testing.TB) []byte {
	tb.Helper()
	tools, err := adapter.Decode(Fixture(tb, "tools/weather.json"))
	if err != nil {
		tb.Fatal(err)
	}
	list, _ := tools.Get("tools")
	args := `{"location":42,"days":30,"units":null,"include":["wind","rain"],"when":null}`
	return []byte(`{"strictscope_session":1,"api":"chat","servers":[{"name":"weather","tools":` + list.String() + `}],
	"turns":[{"response":{"id":"chatcmpl-x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,
	"tool_calls":[{"id":"call_bad","type":"function","function":{"name":"weather__get_forecast","arguments":` +
		string(adapter.AppendQuoted(nil, args)) + `}}]},"finish_reason":"tool_calls"}]},"results":{}}]}`)
}

// inferredPairs is a JSONL recording of one request and response: the tools
// come from the request (one sent strict, with a nullable property).
const inferredPairs = `{"request":{"model":"m","messages":[],"tools":[{"type":"function","function":{"name":"lookup","strict":true,"parameters":{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":["integer","null"]}},"required":["q","limit"],"additionalProperties":false}}}]},"response":{"id":"c1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"lookup","arguments":"{\"q\":\"x\",\"limit\":null}"}}]},"finish_reason":"tool_calls"}]}}
`

// errorRecording is a recording of an error body: a turn that cannot be
// replayed.
const errorRecording = `{"error":{"message":"Invalid schema for function 'f': In context=('properties', 'x'), 'format' is not permitted.","type":"invalid_request_error","param":"tools[0].function.parameters","code":"invalid_function_parameters"}}`

// InferredFiles are a JSONL recording whose tools come from its request, and
// a recording of an error body, whose turn cannot be replayed.
func InferredFiles() []File {
	return []File{{Server: "r", Name: "pairs.jsonl", Data: []byte(inferredPairs)},
		{Server: "e", Name: "error.json", Data: []byte(errorRecording)}}
}

// CapitalPairs is a Responses recording of one exchange whose request sent
// two tools: weather__get_forecast, which the weather tool list exposes, and
// get_capital, which no loaded tool list holds. The model calls both.
const CapitalPairs = `{"request":{"model":"gpt-4o","input":[{"role":"user","content":"Capital of France, and its weather?"}],` +
	`"tools":[{"type":"function","name":"get_capital","description":"The capital of a country.","parameters":{"type":"object","properties":{"country":{"type":"string"}},"required":["country"],"additionalProperties":false},"strict":true},` +
	`{"type":"function","name":"weather__get_forecast","parameters":{"type":"object","properties":{"location":{"type":"string"}},"required":["location"],"additionalProperties":false},"strict":true}]},` +
	`"response":{"id":"resp_1","object":"response","status":"completed","output":[` +
	`{"type":"function_call","id":"fc_1","call_id":"call_capital","name":"get_capital","arguments":"{\"country\":\"France\"}","status":"completed"},` +
	`{"type":"function_call","id":"fc_2","call_id":"call_forecast","name":"weather__get_forecast","arguments":"{\"location\":\"Paris\",\"days\":null,\"units\":null,\"include\":null,\"when\":null}","status":"completed"}]}}
`

// ListAndRecording is the weather tool list and a recording whose request
// sent a tool the list lacks (CapitalPairs).
func ListAndRecording(tb testing.TB) []File {
	tb.Helper()
	return []File{{Server: "weather", Name: "weather.json", Data: Fixture(tb, "tools/weather.json")},
		{Server: "r", Name: "capital.jsonl", Data: []byte(CapitalPairs)}}
}

// Examples is a fixed part of the built-in examples, so that golden screens
// do not change when fixtures are added: two tool lists and a recording.
func Examples(tb testing.TB) []File {
	tb.Helper()
	var out []File
	for _, name := range []string{"tools/files.json", "tools/weather.json", "recordings/chat_forecast.json"} {
		out = append(out, File{Server: sessions.ServerNameFor(name), Name: name, Data: Fixture(tb, name)})
	}
	return out
}

// AddAll adds every file through add: a load's AddBytes
// (common.Loaded.AddBytes, which this package cannot name).
func AddAll(add func(server, name string, data []byte), files []File) {
	for _, f := range files {
		add(f.Server, f.Name, f.Data)
	}
}
