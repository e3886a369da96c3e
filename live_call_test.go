package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/strictscope/strictscope/sessions/live"
)

// loggedServer is a --server value running the test server with its log
// (one line per call received, and a line when a call is cancelled) appended
// to a file the test reads; extra are flags of the server.
func loggedServer(t *testing.T, bin, extra string) (spec, logPath string) {
	t.Helper()
	logPath = filepath.Join(t.TempDir(), "server.log")
	return "t=sh -c 'exec " + bin + " " + extra + " 2>>" + logPath + "'", logPath
}

func readLog(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return string(b)
}

// noServerLeft fails when a process of the test server binary still runs.
func noServerLeft(t *testing.T, bin string) {
	t.Helper()
	if _, err := exec.LookPath("pgrep"); err != nil {
		return
	}
	time.Sleep(100 * time.Millisecond)
	if out, _ := exec.Command("pgrep", "-f", "^"+bin).Output(); len(out) > 0 {
		t.Errorf("test server processes left running: %s", out)
	}
}

type callOut struct {
	Tool      string          `json:"tool"`
	Arguments map[string]any  `json:"arguments"`
	Result    json.RawMessage `json:"result"`
	Error     json.RawMessage `json:"error"`
	Output    map[string]any  `json:"output"`
	Notes     []string        `json:"notes"`
	Valid     *bool           `json:"valid"`
	Errors    []struct {
		Path    []any  `json:"path"`
		Message string `json:"message"`
	} `json:"errors"`
}

func parseCall(t *testing.T, r result) callOut {
	t.Helper()
	var c callOut
	if err := json.Unmarshal([]byte(r.stdout), &c); err != nil {
		t.Fatalf("stdout is not the call's JSON: %v\n%s\nstderr %s", err, r.stdout, r.stderr)
	}
	return c
}

// call prints the result as received and the output rendered for either API:
// text for Chat, input_image for an image with Responses, the error prefix
// for isError; the tool is found by its exposed name too.
func TestCallRendersTheResult(t *testing.T) {
	bin := testServerBin(t)
	srv := "t=" + bin
	cases := []struct {
		name, tool string // tool: the name the result says it called
		args       []string
		want       string // the output item
	}{
		{"text, chat", "text", []string{"text", `{"message":"hi"}`}, `{"role":"tool","tool_call_id":"call_1","content":"hi"}`},
		{"text, responses", "text", []string{"--api", "responses", "--call-id", "c9", "text", `{"message":"hi"}`}, `{"type":"function_call_output","call_id":"c9","output":"hi"}`},
		{"exposed name", "text", []string{"t__text", `{"message":"hi"}`}, `{"role":"tool","tool_call_id":"call_1","content":"hi"}`},
		{"isError", "fail", []string{"fail", `{"reason":"why"}`}, `{"role":"tool","tool_call_id":"call_1","content":"Error: failed: why"}`},
		{"isError, own prefix", "fail", []string{"--error-prefix", "E! ", "fail"}, `{"role":"tool","tool_call_id":"call_1","content":"E! failed: requested"}`},
		{"structured", "structured", []string{"--structured", "prefer", "structured", `{"city":"Oslo"}`}, `{"role":"tool","tool_call_id":"call_1","content":"{\"celsius\":21.5,\"city\":\"Oslo\"}"}`},
	}
	for _, c := range cases {
		r := runCLI(t, "", append([]string{"call", "--server", srv}, c.args...)...)
		if r.code != 0 {
			t.Errorf("%s: exit %d, stderr %q", c.name, r.code, r.stderr)
			continue
		}
		got := parseCall(t, r)
		var want map[string]any
		if err := json.Unmarshal([]byte(c.want), &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Output, want) || len(got.Result) == 0 || got.Tool != c.tool {
			t.Errorf("%s: output %v, tool %q; want %v", c.name, got.Output, got.Tool, want)
		}
	}

	r := runCLI(t, "", "call", "--server", srv, "image")
	if s, _ := parseCall(t, r).Output["content"].(string); r.code != 0 || !strings.HasPrefix(s, "[image: image/png, ") {
		t.Errorf("image, chat: exit %d, %s", r.code, r.stdout)
	}
	r = runCLI(t, "", "call", "--server", srv, "--api", "responses", "image")
	got := parseCall(t, r)
	items, _ := got.Output["output"].([]any)
	if r.code != 0 || len(items) != 1 {
		t.Fatalf("image, responses: exit %d, %s", r.code, r.stdout)
	}
	item, _ := items[0].(map[string]any)
	if url, _ := item["image_url"].(string); item["type"] != "input_image" || !strings.HasPrefix(url, "data:image/png;base64,") {
		t.Errorf("image, responses: %v", item)
	}
	var res struct {
		Content []map[string]any `json:"content"`
	}
	if err := json.Unmarshal(got.Result, &res); err != nil || len(res.Content) != 1 || res.Content[0]["type"] != "image" {
		t.Errorf("image: result %s", got.Result)
	}
	noServerLeft(t, bin)
}

// Invalid arguments are refused before anything is sent (the server's log
// has no call): exit 1, the errors on stdout. --force sends them, and the
// errors become notes. A JSON-RPC error renders as a client error, exit 1.
func TestCallValidatesBeforeSending(t *testing.T) {
	bin := testServerBin(t)
	spec, logPath := loggedServer(t, bin, "")
	r := runCLI(t, "", "call", "--server", spec, "text", `{"message":7}`)
	got := parseCall(t, r)
	if r.code != 1 || got.Valid == nil || *got.Valid || len(got.Errors) != 1 || !strings.Contains(got.Errors[0].Message, "expected string") ||
		!strings.Contains(r.stderr, "nothing was sent") {
		t.Errorf("invalid: exit %d, %s, stderr %q", r.code, r.stdout, r.stderr)
	}
	if log := readLog(t, logPath); strings.Contains(log, "call ") {
		t.Errorf("invalid arguments were sent: the server logged %q", log)
	}
	r = runCLI(t, "", "call", "--server", spec, "--force", "text", `{"message":7}`)
	got = parseCall(t, r)
	if !strings.Contains(readLog(t, logPath), "call text") || len(got.Notes) == 0 || !strings.Contains(got.Notes[0], "--force") {
		t.Errorf("--force: exit %d, %s, stderr %q, log %q", r.code, r.stdout, r.stderr, readLog(t, logPath))
	}
	// The server answers arguments its handler cannot read with a JSON-RPC error.
	if r.code != 1 || len(got.Error) == 0 || string(got.Result) != "null" {
		t.Errorf("--force: exit %d, result %s, error %s", r.code, got.Result, got.Error)
	}
	if s, _ := got.Output["content"].(string); !strings.HasPrefix(s, "Error: JSON-RPC error ") {
		t.Errorf("--force: output %v", got.Output)
	}
	noServerLeft(t, bin)
}

// Bad usage and a server that breaks mid-call: one message, exit 2, nothing
// on stdout, no server left.
func TestCallFailures(t *testing.T) {
	bin := testServerBin(t)
	dir := t.TempDir()
	two := writeFile(t, dir, "two.json", `{"mcpServers":{"a":{"command":`+strconvQuote(bin)+`},"b":{"command":`+strconvQuote(bin)+`}}}`)
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"unknown tool", []string{"--server", "t=" + bin, "nope"}, []string{`server "t" has no tool "nope"`, `"text"`, `"slow"`}},
		{"crash mid-call", []string{"--server", "t=" + bin + " --crash-mid-call", "text", `{"message":"x"}`}, []string{`server "t"`, "crashing mid-call text"}},
		{"two servers", []string{"--config", two, "text"}, []string{"exactly one server"}},
		{"args not an object", []string{"--server", "t=" + bin, "text", `[1]`}, []string{"ARGS must be a JSON object"}},
		{"args not JSON", []string{"--server", "t=" + bin, "text", `{`}, []string{"ARGS is not JSON"}},
		{"no tool", []string{"--server", "t=" + bin}, []string{"give TOOL"}},
		{"no server", []string{"text"}, []string{"name the server"}},
		{"bad api", []string{"--api", "x", "--server", "t=" + bin, "text"}, []string{"--api"}},
	}
	for _, c := range cases {
		r := runCLI(t, "", append([]string{"call"}, c.args...)...)
		ok := r.code == 2 && r.stdout == ""
		for _, w := range c.want {
			ok = ok && strings.Contains(r.stderr, w)
		}
		if !ok {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", c.name, r.code, r.stdout, r.stderr, c.want)
		}
	}
	if r := runCLI(t, "", "call", "--config", two, "--only", "b", "text", `{"message":"b"}`); r.code != 0 {
		t.Errorf("--only: exit %d, %q", r.code, r.stderr)
	}
	noServerLeft(t, bin)
}

// An interrupt during a call cancels it: the server hears
// notifications/cancelled (its log says the slow tool was cancelled),
// strictscope exits 2 saying so, and no server process is left.
func TestCallInterrupted(t *testing.T) {
	if _, err := exec.LookPath("pgrep"); err != nil {
		t.Skip("needs pgrep to see the server processes")
	}
	bin := testServerBin(t)
	self, err := strictscopeBin()
	if err != nil {
		t.Fatal(err)
	}
	spec, logPath := loggedServer(t, bin, "")
	cmd := exec.Command(self, "call", "--server", spec, "slow", `{"steps":1000,"delay_ms":50}`)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(readLog(t, logPath), "call slow") {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the call never reached the server; stderr %q", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || stdout.String() != "" || !strings.Contains(stderr.String(), live.ErrCancelled.Error()) ||
		!strings.Contains(stderr.String(), "notifications/cancelled was sent") {
		t.Errorf("exit %v, stdout %q, stderr %q", err, stdout.String(), stderr.String())
	}
	deadline = time.Now().Add(10 * time.Second)
	for !strings.Contains(readLog(t, logPath), "slow: cancelled after") {
		if time.Now().After(deadline) {
			t.Errorf("the server never heard the call was cancelled; its log: %q", readLog(t, logPath))
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	noServerLeft(t, bin)
}

// The progress line shows a bar and the count when the server gives a total,
// the count alone when not, the message and the time elapsed; what the
// server wrote is sanitized.
func TestCallProgressText(t *testing.T) {
	cases := []struct {
		p    live.Progress
		want string
	}{
		{live.Progress{Progress: 3, Total: 10, Message: "step 3 of 10"}, "strictscope: slow [######              ] 3/10 step 3 of 10 (1.5s)"},
		{live.Progress{Progress: 12, Total: 10}, "strictscope: slow [####################] 12/10 (1.5s)"},
		{live.Progress{Progress: 4, Message: "a\x1b[2Jb"}, "strictscope: slow 4 a⟨U+001B⟩[2Jb (1.5s)"},
	}
	for _, c := range cases {
		if got := progressText("slow", c.p, 1500*time.Millisecond); got != c.want {
			t.Errorf("%+v:\n got %q\nwant %q", c.p, got, c.want)
		}
	}
	var sb strings.Builder
	bar := &progressLine{w: &sb, tool: "slow", start: time.Now()}
	bar.draw(live.Progress{Progress: 1, Total: 2})
	bar.clear()
	bar.draw(live.Progress{Progress: 2, Total: 2}) // late: not drawn
	if s := sb.String(); !strings.HasPrefix(s, "\r\x1b[Kstrictscope: slow [") || !strings.HasSuffix(s, "\r\x1b[K") {
		t.Errorf("drawn %q", s)
	}
}
