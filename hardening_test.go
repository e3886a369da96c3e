package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOpenAIToolListRefused: every command that reads tool lists refuses a list of
// OpenAI tools with exit 2, one line naming the file, and the hint
// (docs/tool-lists.md#warnings-and-refusals).
func TestOpenAIToolListRefused(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"responses.json": `{"tools":[{"type":"function","name":"get_weather","parameters":{"type":"object","properties":{"city":{"type":"string"}}},"strict":true}]}`,
		"chat.json":      `[{"type":"function","function":{"name":"get_weather","parameters":{"type":"object","properties":{}}}}]`,
	}
	for name, content := range files {
		path := writeFile(t, dir, name, content)
		for _, args := range [][]string{
			{"tools", "--api", "chat", path},
			{"check", path},
			{"calls", "--api", "chat", "--tools", path, "fixtures/recordings/chat_forecast.json"},
		} {
			r := runCLI(t, "", args...)
			msg := strings.TrimSuffix(r.stderr, "\n")
			if r.code != 2 || r.stdout != "" || strings.Contains(msg, "\n") || !strings.Contains(msg, path) ||
				!strings.Contains(msg, "this looks like an OpenAI tool list, not an MCP tool list") || !strings.Contains(msg, "tools/list") {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q", name, args[0], r.code, r.stdout, r.stderr)
			}
		}
	}
}

// TestDuplicateToolNamesWarn: a name listed twice is a warning on stderr naming the
// file, the name and the count; the command still succeeds, the later tool exposed
// as NAME_2 (docs/tool-lists.md#warnings-and-refusals).
func TestDuplicateToolNamesWarn(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "dup.json", `{"tools":[{"name":"search","inputSchema":{"type":"object"}},{"name":"search","inputSchema":{"type":"object"}}]}`)
	r := runCLI(t, "", "tools", "--api", "chat", path)
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if want := "strictscope: warning: " + path + `: /tools/1: tool "search" is listed 2 times`; !strings.HasPrefix(r.stderr, want) {
		t.Errorf("stderr %q, want it to start with %q", r.stderr, want)
	}
	names := r.parse(t).(map[string]any)["names"].(map[string]any)
	if _, ok := names["dup__search_2"]; !ok || len(names) != 2 {
		t.Errorf("names %v, want dup__search and dup__search_2", names)
	}
}

// TestExplainRefusesText: explain exits 2 on text that holds no error body and is
// no OpenAI error message, naming the file; it explains a pasted message of each
// form (docs/recordings.md#explaining-an-error).
func TestExplainRefusesText(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"passwd":   "root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n",
		"notes.md": "# Notes\n\nOpenAI said: Invalid schema for function 'f': In context=(), 'allOf' is not permitted.\n",
	} {
		path := writeFile(t, dir, name, content)
		r := runCLI(t, "", "explain", path)
		msg := strings.TrimSuffix(r.stderr, "\n")
		if r.code != 2 || r.stdout != "" || strings.Contains(msg, "\n") || !strings.Contains(msg, path+": holds no error body and is not an OpenAI error message") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", name, r.code, r.stdout, r.stderr)
		}
	}
	for _, msg := range []string{
		"Invalid schema for function 'f': In context=('properties', 'x'), 'allOf' is not permitted.",
		"Invalid JSON schema: regex lookaround is not supported. Found at $.properties.email.pattern.",
		"Invalid 'tools[13].function.description': string too long. Expected a string with maximum length 1024, but got a string with length 1103 instead.",
		"No tool output found for function call call_1.",
		"Missing namespace for function_call 'create_widget'. It does not exist in the default namespace.",
	} {
		r := runCLI(t, msg+"\n", "explain", "--json", "-")
		if r.code != 0 || r.stderr != "" {
			t.Errorf("%q: exit %d, stderr %q", msg, r.code, r.stderr)
			continue
		}
		errs := r.parse(t).(map[string]any)["errors"].([]any)
		if len(errs) != 1 || errs[0].(map[string]any)["message"] != msg {
			t.Errorf("%q: %v", msg, errs)
		}
	}
}

// TestLargeMediaNote: an image over 20 MiB in a Responses output is a warning of
// output, naming the block and its size (docs/calls-and-outputs.md#size-notes; the
// replay's note is sessions' TestReplayNotesLargeMedia).
func TestLargeMediaNote(t *testing.T) {
	dir := t.TempDir()
	data := strings.Repeat("AAAA", (20*1024*1024+3)/3) // 20 MiB + 1 byte, decoded
	path := writeFile(t, dir, "big.json", `{"content":[{"type":"text","text":"a chart"},{"type":"image","mimeType":"image/png","data":"`+data+`"}]}`)
	r := runCLI(t, "", "output", "--api", "responses", "--call-id", "c1", path)
	const note = `content[1]: image is 20,971,521 bytes, over OpenAI's limit of 20 MiB (20,971,520 bytes) for an input image`
	if r.code != 0 || !strings.HasPrefix(r.stderr, "strictscope: warning: "+path+": "+note) {
		t.Errorf("output: exit %d, stderr %.300q", r.code, r.stderr)
	}
}

// TestReplayJSONMarksMissingResults: replay --json marks a call with no result
// (docs/recordings.md#missing-and-invalid-results).
func TestReplayJSONMarksMissingResults(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "s.json", `{"strictscope_session":1,"api":"responses","options":{"strict":"auto","prefix":true},
		"servers":[{"name":"w","tools":[{"name":"f","inputSchema":{"type":"object"}}]}],
		"turns":[{"response":{"object":"response","output":[
			{"type":"function_call","call_id":"c1","name":"w__f","arguments":"{}"},
			{"type":"function_call","call_id":"c2","name":"w__f","arguments":"{}"}]},
		"results":{"c1":{"content":[{"type":"text","text":"ok"}]}}}]}`)
	r := runCLI(t, "", "replay", "--json", path)
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	calls := r.parse(t).(map[string]any)["turns"].([]any)[0].(map[string]any)["calls"].([]any)
	if len(calls) != 2 {
		t.Fatalf("calls %v", calls)
	}
	if _, ok := calls[0].(map[string]any)["result"]; ok {
		t.Errorf("the answered call has a result member: %v", calls[0])
	}
	if calls[1].(map[string]any)["result"] != "missing" {
		t.Errorf("the call without a result: %v", calls[1])
	}
}

// harEntry is a HAR entry of a Chat request (its tools members, after
// "messages", given) whose answer calls the tool t.
func harEntry(tools string) string {
	req := `{"model":"m","messages":[]` + tools + `}`
	return `{"request":{"method":"POST","url":"https://api.openai.com/v1/chat/completions","postData":{"mimeType":"application/json","text":` + strconv.Quote(req) + `}},` +
		`"response":{"status":200,"content":{"mimeType":"application/json","text":"{\"choices\":[{\"message\":{\"role\":\"assistant\",\"tool_calls\":[{\"id\":\"c\",\"type\":\"function\",\"function\":{\"name\":\"t\",\"arguments\":\"{}\"}}]}}]}"}}}`
}

// harTools are the tools members of a request that sent the tool t.
const harTools = `,"tools":[{"type":"function","function":{"name":"t","parameters":{"type":"object","properties":{}}}}]`

// When some exchanges of a recording recorded tools and others did not, calls
// names the ones that did not, rather than saying every call is unknown.
func TestCallsNamesExchangesWithoutTools(t *testing.T) {
	entry, withTools := harEntry, harEntry(harTools)
	dir := t.TempDir()
	mixed := writeFile(t, dir, "mixed.har", `{"log":{"entries":[`+withTools+`,`+entry("")+`,`+withTools+`]}}`)
	r := runCLI(t, "", "calls", mixed)
	if r.code != 0 || strings.Contains(r.stderr, "every call names an unknown tool") ||
		!strings.Contains(r.stderr, "mixed.har: no --tools given, and 1 exchange recorded no tools in the request (entry 2): the calls there name an unknown tool") {
		t.Errorf("mixed: exit %d, stderr %q", r.code, r.stderr)
	}
	if got := len(r.parse(t).(map[string]any)["calls"].([]any)); got != 2 {
		t.Errorf("mixed: %d calls, want 2", got)
	}
	none := writeFile(t, dir, "none.har", `{"log":{"entries":[`+entry("")+`,`+entry("")+`]}}`)
	r = runCLI(t, "", "calls", none)
	if r.code != 0 || !strings.Contains(r.stderr, "none.har: no --tools given and no tools recorded: every call names an unknown tool") || strings.Contains(r.stderr, "the recorded request") {
		t.Errorf("none: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A gzip-compressed session file replays as the file it holds does, from a file
// and on stdin, as gzip-compressed recordings do.
func TestGzippedSession(t *testing.T) {
	const session = "fixtures/recordings/session_two_turns.json"
	data, err := os.ReadFile(session)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	zw.Close()
	gz := writeFile(t, t.TempDir(), "s.json.gz", buf.String())
	want := runCLI(t, "", "replay", "--json", session)
	for _, r := range []result{runCLI(t, "", "replay", "--json", gz), runCLI(t, buf.String(), "replay", "--json", "-")} {
		if r.code != 0 || r.stdout != want.stdout {
			t.Errorf("replay: exit %d, stderr %q", r.code, r.stderr)
		}
	}
	want = runCLI(t, "", "calls", session)
	if r := runCLI(t, "", "calls", gz); r.code != 0 || r.stdout != want.stdout {
		t.Errorf("calls: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := runCLI(t, "", "replay", "--json", "--max-input", "100", gz); r.code != 2 || !strings.Contains(r.stderr, "larger than the input cap of 100 bytes") {
		t.Errorf("over the cap once decompressed: exit %d, stderr %q", r.code, r.stderr)
	}
}

// replay says which turns' requests recorded no tools, when others did, in
// the text and, with --json, on stderr; a recording with none says it once.
func TestReplayNamesTurnsWithoutTools(t *testing.T) {
	entry, withTools := harEntry, harEntry(harTools)
	dir := t.TempDir()
	mixed := writeFile(t, dir, "mixed.har", `{"log":{"entries":[`+withTools+`,`+entry("")+`]}}`)
	r := runCLI(t, "", "replay", mixed)
	if r.code != 0 || strings.Count(r.stdout, "no tools were recorded in this request") != 1 || !strings.Contains(r.stdout, "== entry 2") {
		t.Errorf("text: exit %d\n%s", r.code, r.stdout)
	}
	r = runCLI(t, "", "replay", "--json", mixed)
	if r.code != 0 || !strings.Contains(r.stderr, "mixed.har: entry 2: no tools were recorded in this request: its calls name an unknown tool") {
		t.Errorf("json: exit %d, stderr %q", r.code, r.stderr)
	}
	none := writeFile(t, dir, "none.har", `{"log":{"entries":[`+entry("")+`,`+entry("")+`]}}`)
	r = runCLI(t, "", "replay", "--json", none)
	if r.code != 0 || strings.Contains(r.stderr, "no tools were recorded in this request") || !strings.Contains(r.stderr, "no tools recorded") {
		t.Errorf("none: exit %d, stderr %q", r.code, r.stderr)
	}
}

// replay --tools on a session file says the tools come from the lists, which
// replace the session's servers.
func TestReplaySessionWithToolsSaysToolLists(t *testing.T) {
	const session = "fixtures/recordings/session_two_turns.json"
	if r := runCLI(t, "", "replay", "--tools", "fixtures/tools/weather.json", session); r.code != 0 || !strings.HasPrefix(r.stdout, session+": 2 turns, tools: tool lists\n") {
		t.Errorf("with --tools: exit %d\n%s", r.code, r.stdout)
	}
	if r := runCLI(t, "", "replay", session); r.code != 0 || !strings.HasPrefix(r.stdout, session+": 2 turns, tools: session\n") {
		t.Errorf("without: exit %d\n%s", r.code, r.stdout)
	}
}

// check --format markdown is a table with a row per tool and the totals;
// --format github is one workflow command per finding, escaped; --fail-on adds
// findings that exit 1; --json is --format json.
func TestCheckFormats(t *testing.T) {
	lists := []string{"fixtures/tools/files.json", "fixtures/tools/weather.json"}
	r := runCLI(t, "", append([]string{"check", "--format", "markdown"}, lists...)...)
	if r.code != 1 || !strings.Contains(r.stdout, "| `weather__raw_query` | weather | ❌ no strict form | `oneOf` at `[\"properties\",\"params\"]`:") ||
		!strings.Contains(r.stdout, "**10 tools: 8 strict, 2 with no strict form**") || strings.Count(r.stdout, "\n| `") != 10 {
		t.Errorf("markdown: exit %d\n%s", r.code, r.stdout)
	}
	r = runCLI(t, "", append([]string{"check", "--format", "github"}, lists...)...)
	if r.code != 1 || strings.Count(r.stdout, "::error title=no strict form%3A ") != 2 || strings.Count(r.stdout, "::warning ") != 2 ||
		!strings.Contains(r.stdout, "::warning title=hidden characters%3A weather__set_alert::weather__set_alert: 20 hidden characters removed") {
		t.Errorf("github: exit %d\n%s", r.code, r.stdout)
	}
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		if !strings.HasPrefix(line, "::error ") && !strings.HasPrefix(line, "::warning ") {
			t.Errorf("github: a line that is no workflow command: %q", line)
		}
	}
	if a, b := runCLI(t, "", append([]string{"check", "--json"}, lists...)...), runCLI(t, "", append([]string{"check", "--format", "json"}, lists...)...); a.stdout != b.stdout || a.code != b.code {
		t.Error("--json and --format json differ")
	}
	if r := runCLI(t, "", "check", "fixtures/tools/files.json"); r.code != 0 {
		t.Errorf("files.json alone: exit %d", r.code)
	}
	if r := runCLI(t, "", "check", "--fail-on", "renamed", "fixtures/tools/files.json"); r.code != 1 {
		t.Errorf("--fail-on renamed, a tool renamed: exit %d", r.code)
	}
	if r := runCLI(t, "", "check", "--fail-on", "hidden,truncated", "fixtures/tools/files.json"); r.code != 0 {
		t.Errorf("--fail-on hidden,truncated, none of them: exit %d", r.code)
	}
	for _, args := range [][]string{{"--format", "yaml"}, {"--fail-on", "slow"}, {"--json", "--format", "markdown"}} {
		if r := runCLI(t, "", append(append([]string{"check"}, args...), lists...)...); r.code != 2 || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q", args, r.code, r.stdout)
		}
	}
}

// check --baseline compares with an earlier snapshot (a tool list, as list
// --out writes, or a check --json report): a tool removed, one that lost its
// strict form, a changed exposed name and a new null path are regressions,
// which exit 1 and are listed; an improvement is none.
func TestCheckBaseline(t *testing.T) {
	dir := t.TempDir()
	before := `{"tools":[
		{"name":"a","inputSchema":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}},
		{"name":"b","inputSchema":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}},
		{"name":"c","inputSchema":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}},
		{"name":"d","inputSchema":{"type":"object","properties":{"x":{"oneOf":[{"type":"string"}]}}}}]}`
	after := `{"tools":[
		{"name":"b","inputSchema":{"type":"object","properties":{"x":{"oneOf":[{"type":"string"}]}}}},
		{"name":"c","inputSchema":{"type":"object","properties":{"q":{"type":"string"},"n":{"type":"integer"}},"required":["q"]}},
		{"name":"d","inputSchema":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}}]}`
	base := writeFile(t, dir, "srv.json", before)
	now := writeFile(t, t.TempDir(), "srv.json", after)
	report := runCLI(t, "", "check", "--json", base)
	reportFile := writeFile(t, dir, "report.json", report.stdout)
	want := []string{`srv/a: removed`, `srv/b: lost strict form`, `srv/c: new null path: srv__c at ["n"]`}
	for _, b := range []string{base, reportFile} {
		r := runCLI(t, "", "check", "--baseline", b, now)
		if r.code != 1 || !strings.Contains(r.stdout, "3 regressions since the baseline") {
			t.Errorf("baseline %s: exit %d\n%s", filepath.Base(b), r.code, r.stdout)
		}
		for _, w := range want {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("baseline %s: no %q in\n%s", filepath.Base(b), w, r.stdout)
			}
		}
		if strings.Contains(r.stdout, "srv/d") {
			t.Errorf("baseline %s: an improvement is listed:\n%s", filepath.Base(b), r.stdout)
		}
		j := runCLI(t, "", "check", "--json", "--baseline", b, now)
		if regs := j.parse(t).(map[string]any)["regressions"].([]any); len(regs) != 3 || j.code != 1 {
			t.Errorf("baseline %s, --json: exit %d, %v", filepath.Base(b), j.code, regs)
		}
	}
	// A report keeps the exposed names it saw.
	if r := runCLI(t, "", "check", "--baseline", reportFile, "--no-prefix", base); !strings.Contains(r.stdout, "srv/a: renamed: exposed as a, was srv__a") {
		t.Errorf("a changed exposed name: exit %d\n%s", r.code, r.stdout)
	}
	strictOnly := writeFile(t, t.TempDir(), "srv.json", `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}}]}`)
	if r := runCLI(t, "", "check", "--baseline", strictOnly, strictOnly); r.code != 0 || !strings.Contains(r.stdout, "0 regressions since the baseline") {
		t.Errorf("the same list: exit %d\n%s", r.code, r.stdout)
	}
	if r := runCLI(t, "", "check", "--format", "github", "--baseline", base, now); strings.Count(r.stdout, "::error title=regression%3A ") != 3 {
		t.Errorf("github:\n%s", r.stdout)
	}
	bad := writeFile(t, dir, "bad.json", `{"api":"chat","tools":[{"name":1}]}`)
	if r := runCLI(t, "", "check", "--baseline", bad, now); r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "bad.json: /tools/0") {
		t.Errorf("a bad baseline: exit %d, stderr %q", r.code, r.stderr)
	}
}
