package call

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
)

// toolList is the tools the screen tests call: one without annotations
// (destructive and open-world by default), one read-only and closed-world.
const toolList = `{"tools":[
 {"name":"get_forecast","description":"Weather forecast for a city, for up to 14 days.",
  "inputSchema":{"type":"object","properties":{
    "location":{"type":"string","description":"City name"},
    "days":{"type":"integer","minimum":1,"maximum":14,"default":3},
    "units":{"enum":["metric","imperial"]},
    "include":{"type":"array","items":{"enum":["wind","rain"]}}},
   "required":["location","days","units"]}},
 {"name":"delete_file","description":"Deletes a file.",
  "inputSchema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]},
  "annotations":{"destructiveHint":true,"idempotentHint":true}},
 {"name":"read_file","title":"Read a file","description":"Reads a file of the workspace.",
  "inputSchema":{"type":"object","properties":{"path":{"type":"string","minLength":1},"lines":{"type":"integer","minimum":1}},"required":["path","lines"]},
  "annotations":{"readOnlyHint":true,"openWorldHint":false}}
]}`

// tools reads a tool list written in a test.
func tools(t testing.TB, text string) map[string]adapter.Tool {
	t.Helper()
	v, err := adapter.DecodeString(text)
	if err != nil {
		t.Fatal(err)
	}
	list, _, err := adapter.ParseToolList(v)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]adapter.Tool{}
	for _, tl := range list {
		out[tl.Name] = tl
	}
	return out
}

// testLive is one live server, ready, reached over stdio.
func testLive(state common.LiveState) *common.Live {
	return &common.Live{Servers: []*common.LiveServer{{
		Spec:  live.Server{Name: "weather", Transport: live.Stdio, Command: "./weather-server", Args: []string{"--units", "metric"}},
		State: state,
	}}}
}

// fakeCaller is a session that records its calls and answers each when the
// test says, or when its context ends.
type fakeCaller struct {
	mu     sync.Mutex
	calls  []string // "name args"
	answer chan *live.CallResult
}

func (f *fakeCaller) CallTool(ctx context.Context, name string, args []byte, opts live.CallOptions) (*live.CallResult, error) {
	f.mu.Lock()
	f.calls = append(f.calls, name+" "+string(args))
	f.mu.Unlock()
	select {
	case r := <-f.answer:
		return r, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("call tool %q: %w", name, live.ErrCancelled)
	}
}

func (f *fakeCaller) made() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

// fixedClock is a clock tests move by hand.
type fixedClock struct{ t time.Time }

func (c *fixedClock) now() time.Time { return c.t }

// newTestScreen is a call screen of w×h open on tool, its server in state,
// its calls going to f, its time from clock.
func newTestScreen(t testing.TB, w, h int, tool adapter.Tool, state common.LiveState, f *fakeCaller, clock *fixedClock) *Screen {
	t.Helper()
	ctx := common.NewContext(false)
	ctx.Width, ctx.Height = w, h
	ctx.Clock = clock.now
	s := New(ctx, testLive(state))
	s.dial = func(*common.LiveServer) (caller, bool) { return f, true }
	s.Resize()
	s.Open(common.CallRequest{Server: 0, Tool: tool, Exposed: "weather__" + tool.Name}, 0)
	return s
}

// press is a key press by name, as uitest.Press names them.
func press(name string) tea.KeyPressMsg {
	switch name {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "ctrl+g":
		return tea.KeyPressMsg{Code: 'g', Mod: tea.ModCtrl}
	case "alt+enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModAlt}
	}
	r := []rune(name)[0]
	return tea.KeyPressMsg{Code: r, Text: name}
}

// replaceText puts text in the editor as a paste over everything.
func replaceText(s *Screen, text string) {
	s.Update(press("ctrl+g")) // select all
	s.Update(tea.PasteMsg{Content: text})
}

// frame is what the screen draws and its status, as plain text, after
// checking that every row is exactly the window's width and that there are
// h-1 rows (the root draws the status line).
func frame(t *testing.T, s *Screen) string {
	t.Helper()
	view := s.View()
	rows := strings.Split(view, "\n")
	if len(rows) != s.ctx.Height-1 {
		t.Errorf("%d rows, want %d", len(rows), s.ctx.Height-1)
	}
	for i, r := range rows {
		if w := ansi.StringWidth(r); w != s.ctx.Width {
			t.Errorf("row %d is %d cells wide, want %d: %q", i, w, s.ctx.Width, ansi.Strip(r))
		}
	}
	return ansi.Strip(view) + "\n" + s.Status()
}

// TestCallScreens draws the call screen at each stage and compares the plain
// frames with golden files (go test ./ui/call -update rewrites them).
func TestCallScreens(t *testing.T) {
	all := tools(t, toolList)
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, sc := range []struct {
		name  string
		tool  string
		state common.LiveState
		steps func(t *testing.T, s *Screen, clock *fixedClock)
	}{
		{name: "idle"},
		{name: "editor-prefilled", tool: "get_forecast"},
		{name: "editor-invalid", tool: "get_forecast", steps: func(t *testing.T, s *Screen, _ *fixedClock) {
			replaceText(s, "{\n  \"location\": \"Paris\",\n  \"days\": \"three\",\n  \"include\": [\"wind\", \"snow\"]\n}")
		}},
		{name: "editor-not-json", tool: "get_forecast", steps: func(t *testing.T, s *Screen, _ *fixedClock) {
			replaceText(s, "{\n  \"location\": \"Paris\",\n  \"days\": 3\n  \"units\": \"metric\"\n}")
		}},
		{name: "approval-destructive-by-default", tool: "get_forecast", steps: func(t *testing.T, s *Screen, _ *fixedClock) {
			replaceText(s, `{"location": "Paris", "days": 3, "units": "metric"}`)
			s.Update(press("enter"))
		}},
		{name: "approval-destructive", tool: "delete_file", steps: func(t *testing.T, s *Screen, _ *fixedClock) {
			replaceText(s, `{"path": "/tmp/notes.txt"}`)
			s.Update(press("enter"))
		}},
		{name: "approval-read-only-invalid", tool: "read_file", steps: func(t *testing.T, s *Screen, _ *fixedClock) {
			s.Update(press("enter"))
		}},
		{name: "approval-server-failed", tool: "read_file", state: common.LiveFailed, steps: func(t *testing.T, s *Screen, _ *fixedClock) {
			s.Update(press("enter"))
		}},
		{name: "running-progress", tool: "get_forecast", steps: func(t *testing.T, s *Screen, clock *fixedClock) {
			replaceText(s, `{"location": "Paris", "days": 3, "units": "metric"}`)
			s.Update(press("enter"))
			s.Update(press("y")) // its commands are not run: the test is the session
			clock.t = clock.t.Add(1340 * time.Millisecond)
			s.Update(progressMsg{id: 1, progress: live.Progress{Progress: 3, Total: 5, Message: "step 3 of 5"}, count: 3})
			s.Update(clockMsg{id: 1})
		}},
		{name: "running-cancelling", tool: "get_forecast", steps: func(t *testing.T, s *Screen, clock *fixedClock) {
			s.Update(press("enter"))
			s.Update(press("y"))
			clock.t = clock.t.Add(400 * time.Millisecond)
			s.Update(clockMsg{id: 1})
			s.Update(press("esc"))
		}},
		{name: "ended-result", tool: "get_forecast", steps: func(t *testing.T, s *Screen, clock *fixedClock) {
			s.Update(press("enter"))
			s.Update(press("y"))
			s.Update(progressMsg{id: 1, progress: live.Progress{Progress: 5, Total: 5, Message: "step 5 of 5"}, count: 5})
			s.Update(endedMsg{id: 1, result: &live.CallResult{Raw: []byte(`{"content":[{"type":"text","text":"Sunny, 21°C"}]}`)}, elapsed: 2100 * time.Millisecond})
		}},
	} {
		t.Run(sc.name, func(t *testing.T) {
			for _, size := range [][2]int{{80, 24}, {160, 50}} {
				t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
					clock := &fixedClock{t: start}
					f := &fakeCaller{answer: make(chan *live.CallResult)}
					var s *Screen
					if sc.tool == "" {
						ctx := common.NewContext(false)
						ctx.Width, ctx.Height = size[0], size[1]
						s = New(ctx, testLive(common.LiveReady))
						s.Resize()
					} else {
						state := sc.state
						if state == common.LiveConnecting {
							state = common.LiveReady // the zero state: the tests' default is ready
						}
						s = newTestScreen(t, size[0], size[1], all[sc.tool], state, f, clock)
					}
					if sc.steps != nil {
						sc.steps(t, s, clock)
					}
					golden.RequireEqual(t, frame(t, s))
				})
			}
		})
	}
}

// hostileList is a tool whose name, description, title, annotations and
// schema hold control sequences and invisible characters.
const hostileList = `{"tools":[{"name":"evil\u001b[31mred\u202e",
 "description":"\u001b]0;pwned\u0007 rewrites your title \u009b2J and hides\u200btext",
 "annotations":{"title":"\u001b[2Jclear","readOnlyHint":"\u001b[5myes","destructiveHint":{"x":"\u202e"},"openWorldHint":false},
 "inputSchema":{"type":"object","properties":{"p\u001b[1m":{"type":"string","default":"\u0007bell\u200b"}},"required":["p\u001b[1m"]}}]}`

// TestHostileTextNeverRaw draws a hostile tool at every stage, with a
// hostile progress message, result and errors, without styles (so that any
// escape in the frame would be the data's), and finds no character the
// terminal must not get raw.
func TestHostileTextNeverRaw(t *testing.T) {
	var tool adapter.Tool
	for _, tl := range tools(t, hostileList) {
		tool = tl
	}
	hostile := "\x1b[31m\u009b2J\u202e\u200b\a"
	for _, sc := range []struct {
		name  string
		steps func(s *Screen)
	}{
		{"editing", func(s *Screen) {}},
		{"editing, schema focused", func(s *Screen) { s.Update(press("tab")) }},
		{"typed", func(s *Screen) {
			s.Update(tea.KeyPressMsg{Code: 0x1b, Text: "\x1b[2J"})
			s.Update(tea.PasteMsg{Content: hostile})
		}},
		{"approval", func(s *Screen) { s.Update(press("enter")) }},
		{"running", func(s *Screen) {
			s.Update(press("enter"))
			s.Update(press("y"))
			s.Update(progressMsg{id: 1, progress: live.Progress{Progress: 1, Total: 2, Message: hostile}, count: 1})
		}},
		{"result", func(s *Screen) {
			s.Update(press("enter"))
			s.Update(press("y"))
			s.Update(endedMsg{id: 1, result: &live.CallResult{Raw: []byte(`{"content":[{"type":"text","text":"\u001b[31m\u202e\u200b"}]}`)}})
		}},
		{"rpc error", func(s *Screen) {
			s.Update(press("enter"))
			s.Update(press("y"))
			s.Update(endedMsg{id: 1, result: &live.CallResult{RPCError: &jsonrpc.Error{Code: -32602, Message: hostile}}})
		}},
		{"error", func(s *Screen) {
			s.Update(press("enter"))
			s.Update(press("y"))
			s.Update(endedMsg{id: 1, err: errors.New(hostile)})
		}},
	} {
		t.Run(sc.name, func(t *testing.T) {
			f := &fakeCaller{answer: make(chan *live.CallResult)}
			s := newTestScreen(t, 80, 24, tool, common.LiveReady, f, &fixedClock{})
			s.lv.Servers[0].Spec.Name = "srv" + hostile
			s.ctx.SetNoStyle(true)
			s.Restyle()
			s.Open(common.CallRequest{Server: 0, Tool: tool, Exposed: "x" + hostile}, 0)
			sc.steps(s)
			out := s.View() + "\n" + s.Status()
			for _, r := range out {
				if r != '\n' && termsafe.Sanitize(string(r)) != string(r) {
					t.Fatalf("%U reaches the frame raw:\n%s", r, strings.ToValidUTF8(out, "?"))
				}
			}
		})
	}
}
