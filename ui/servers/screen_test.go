package servers

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
)

// clock is the fixed time the screens are drawn at.
var clock = time.Date(2025, 6, 1, 12, 0, 10, 0, time.UTC)

// at is the time secs seconds after 12:00:00 of the clock's day, plus ms
// milliseconds.
func at(secs, ms int) time.Time {
	return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC).Add(time.Duration(secs)*time.Second + time.Duration(ms)*time.Millisecond)
}

// toolList is a tool list of n tools over pages pages.
func toolList(n, pages int) *live.ToolList {
	tl := &live.ToolList{Pages: pages}
	for i := range n {
		tl.Tools = append(tl.Tools, adapter.Tool{Name: fmt.Sprintf("tool_%d", i)})
	}
	return tl
}

// readyServer is a stdio server that listed its tools, with its info,
// capabilities and instructions, a log of stderr and traffic, and a change.
func readyServer() *common.LiveServer {
	return &common.LiveServer{
		Spec: live.Server{Name: "everything", Transport: live.Stdio, Command: "npx",
			Args: []string{"-y", "@modelcontextprotocol/server-everything"},
			Env:  []live.EnvVar{{Name: "API_KEY", Value: "sk-secret-value"}}},
		State: common.LiveReady,
		Info: live.Info{
			ServerInfo:      &mcp.Implementation{Name: "mcp-servers/everything", Title: "Everything", Version: "2.0.0"},
			ProtocolVersion: "2025-06-18",
			Capabilities: &mcp.ServerCapabilities{
				Tools:     &mcp.ToolCapabilities{ListChanged: true},
				Resources: &mcp.ResourceCapabilities{Subscribe: true, ListChanged: true},
				Logging:   &mcp.LoggingCapabilities{},
			},
			Instructions: "This server exercises every feature of MCP.\n\nCall echo to test a round trip; longRunningOperation reports progress while it runs.",
		},
		Tools: toolList(11, 2),
		Log: []live.LogEntry{
			{Time: at(1, 20), Kind: live.LogStderr, Text: "Starting default (STDIO) server..."},
			{Time: at(1, 230), Kind: live.LogSent, Text: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"strictscope","version":"dev"}}}`},
			{Time: at(1, 410), Kind: live.LogReceived, Text: `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"mcp-servers/everything","version":"2.0.0"}}}`},
			{Time: at(1, 412), Kind: live.LogSent, Text: `{"jsonrpc":"2.0","method":"notifications/initialized"}`},
			{Time: at(1, 415), Kind: live.LogSent, Text: `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`},
			{Time: at(1, 600), Kind: live.LogStderr, Text: "Everything MCP Server running on stdio"},
			{Time: at(2, 0), Kind: live.LogReceived, Text: `{"jsonrpc":"2.0","id":2,"result":{"tools":[…11 tools…],"nextCursor":"2"}}`},
		},
		Changes: []string{"list changed: 1 added (echo_twice)"},
		Since:   at(2, 0),
		Gen:     1,
	}
}

// connectingServer is an HTTP server not answered yet, 3 s after it began.
func connectingServer() *common.LiveServer {
	return &common.LiveServer{
		Spec: live.Server{Name: "weather", Transport: live.HTTPAuto, URL: "https://user:hunter2@api.example.com/mcp",
			Headers: []live.Header{{Name: "Authorization", Value: "Bearer tok-secret"}}},
		State: common.LiveConnecting,
		Since: clock.Add(-3 * time.Second),
		Gen:   1,
	}
}

// failedServer is a stdio server that crashed while connecting, with its
// stderr's tail in its error and its log.
func failedServer() *common.LiveServer {
	tail := []string{"Traceback (most recent call last):", `  File "server.py", line 12, in <module>`,
		"    import missing_module", "ModuleNotFoundError: No module named 'missing_module'"}
	var log []live.LogEntry
	for i, l := range tail {
		log = append(log, live.LogEntry{Time: at(4, 100*i), Kind: live.LogStderr, Text: l})
	}
	return &common.LiveServer{
		Spec:  live.Server{Name: "crashy", Transport: live.Stdio, Command: "python3", Args: []string{"server.py", "--port", "0"}},
		State: common.LiveFailed,
		Err:   &live.Error{Server: "crashy", Op: "connect", Err: errors.New("the server closed its stdout (exit status 1)"), Stderr: tail},
		Log:   log,
		Since: at(5, 0),
		Gen:   2,
	}
}

func testLive() *common.Live {
	return &common.Live{Servers: []*common.LiveServer{readyServer(), connectingServer(), failedServer()}}
}

// newScreen is the servers screen over lv in a w×h window at the fixed
// clock, as the root model builds and sizes it.
func newScreen(lv *common.Live, w, h int) *Screen {
	ctx := common.NewContext(false)
	ctx.Width, ctx.Height = w, h
	ctx.Clock = func() time.Time { return clock }
	s := New(ctx, lv)
	s.Resize()
	return s
}

func press(s *Screen, names ...string) { uitest.Press(s, names...) }

func frame(s *Screen) string { return uitest.Frame(s) }

// TestServersScreen draws a server in each state (ready with its info,
// capabilities, instructions, log and a change; connecting; failed with its
// stderr's tail and error) at 80×24 and 160×50, and compares the frames with
// golden files (go test ./ui/servers -update rewrites them).
func TestServersScreen(t *testing.T) {
	for i, name := range []string{"ready", "connecting", "failed"} {
		for _, size := range [][2]int{{80, 24}, {160, 50}} {
			t.Run(fmt.Sprintf("%s-%dx%d", name, size[0], size[1]), func(t *testing.T) {
				s := newScreen(testLive(), size[0], size[1])
				for range i {
					press(s, "j")
				}
				if got := s.selected(); got != i {
					t.Fatalf("server %d selected, want %d", got, i)
				}
				f := frame(s)
				if n := strings.Count(f, "\n"); n != size[1]-1 {
					t.Errorf("the frame has %d rows, want %d (the last is the status line)", n+1, size[1])
				}
				golden.RequireEqual(t, f)
			})
		}
	}
}

// TestServersScreenStates checks what each state says, in the list and in
// the details, without a golden file: the texts a user reads.
func TestServersScreenStates(t *testing.T) {
	s := newScreen(testLive(), 160, 50)
	tests := []struct {
		server int
		want   []string
		not    []string
	}{
		{0, []string{"11 tools", "11 tools · 1 change", "stdio: npx -y @modelcontextprotocol/server-everything (env: API_KEY)",
			"ready since 12:00:02", "mcp-servers/everything", "Everything", "2.0.0", "2025-06-18",
			"tools: listChanged", "resources: listChanged, subscribe", "logging", "This server exercises every feature",
			"list changed: 1 added (echo_twice)", "11 tools in 2 pages", "→", "←", "7 lines"},
			[]string{"sk-secret-value"}},
		{1, []string{"connecting… 3s", "http: https://user:xxxxx@api.example.com/mcp (headers: Authorization)",
			"not known yet", "An HTTP server's stderr"},
			[]string{"hunter2", "tok-secret"}},
		{2, []string{"failed", "failed at 12:00:05 · connection 2", "the server closed its stdout (exit status 1)",
			"its stderr ends with:", "ModuleNotFoundError", "4 lines"}, nil},
	}
	for _, tt := range tests {
		press(s, "home")
		for range tt.server {
			press(s, "j")
		}
		f := frame(s)
		for _, w := range tt.want {
			if !strings.Contains(f, w) {
				t.Errorf("server %d: the frame lacks %q:\n%s", tt.server, w, f)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(f, w) {
				t.Errorf("server %d: the frame shows %q, a secret", tt.server, w)
			}
		}
	}
}

// TestConnectingCounts checks that a connecting server's time counts on as
// the root's ticks (LiveChangedMsg) come, and that the screen reads the
// time from its clock only.
func TestConnectingCounts(t *testing.T) {
	lv := testLive()
	s := newScreen(lv, 80, 24)
	now := clock
	s.ctx.Clock = func() time.Time { return now }
	for _, want := range []string{"connecting… 3s", "connecting… 4s", "connecting… 5s"} {
		if f := frame(s); !strings.Contains(f, want) {
			t.Errorf("the list lacks %q:\n%s", want, f)
		}
		now = now.Add(time.Second)
		s.Update(common.LiveChangedMsg{Server: 1})
	}
	now = now.Add(2 * time.Minute)
	s.Update(common.LiveChangedMsg{Server: 1})
	if f := frame(s); !strings.Contains(f, "connecting… 2m06s") {
		t.Errorf("after two minutes more the list lacks %q:\n%s", "connecting… 2m06s", f)
	}
	// The server connects: the root changes it and says so.
	lv.Servers[1].State, lv.Servers[1].Tools, lv.Servers[1].Since = common.LiveReady, toolList(1, 1), now
	s.Update(common.LiveChangedMsg{Server: 1})
	if f := frame(s); !strings.Contains(f, "1 tool") || strings.Contains(f, "connecting…") {
		t.Errorf("the connected server's row does not say 1 tool:\n%s", f)
	}
}

// TestReconnectSendsTheRequest checks that R asks the root model to
// reconnect the selected server, whatever pane has focus, and nothing else.
func TestReconnectSendsTheRequest(t *testing.T) {
	s := newScreen(testLive(), 80, 24)
	for _, tt := range []struct {
		keys   []string
		server int
	}{{nil, 0}, {[]string{"j", "j"}, 2}, {[]string{"tab"}, 2}, {[]string{"tab", "k"}, 2}} {
		for _, k := range tt.keys {
			if k == "tab" {
				s.MoveFocus(1)
				continue
			}
			press(s, k)
		}
		cmd := s.Update(tea.KeyPressMsg{Code: 'R', Text: "R"})
		if cmd == nil {
			t.Fatalf("after %v: R returned no command", tt.keys)
		}
		msg, ok := cmd().(common.ReconnectRequest)
		if !ok || msg.Server != tt.server {
			t.Errorf("after %v: R sent %#v, want ReconnectRequest{Server: %d}", tt.keys, cmd(), tt.server)
		}
	}
	empty := newScreen(nil, 80, 24)
	cmd := empty.Update(tea.KeyPressMsg{Code: 'R', Text: "R"})
	if msg, ok := cmd().(common.StatusMsg); !ok || msg.Kind != common.StatusError {
		t.Errorf("R without a server sent %#v, want a status error", cmd())
	}
}

// TestHostileServerNeverReachesTheFrame puts control sequences and
// invisible characters in everything a server says (its name, info,
// instructions, capabilities, error, log and changes) and checks that none
// reaches the frame raw: each is drawn visibly.
func TestHostileServerNeverReachesTheFrame(t *testing.T) {
	const evil = "\x1b]52;c;ZXZpbA==\x07\x1b[2J\u202e\u200b\x9b31m"
	ls := readyServer()
	ls.Spec.Name = "bad" + evil
	ls.Spec.Command = "srv" + evil
	ls.Info.ServerInfo = &mcp.Implementation{Name: "n" + evil, Title: "t" + evil, Version: "v" + evil,
		Description: "d" + evil, WebsiteURL: "https://x" + evil}
	ls.Info.ProtocolVersion = "p" + evil
	ls.Info.Instructions = "Use me.\n" + evil + "\r\nEnd."
	ls.Info.Capabilities = &mcp.ServerCapabilities{Experimental: map[string]any{"x" + evil: map[string]any{"k" + evil: "v" + evil}}}
	ls.Info.Raw = []byte(`{"capabilities":{"tools\u001b[2J":{"listChanged":true,"\u009b":"\u202e"}}}`)
	ls.Log = append(ls.Log, live.LogEntry{Time: at(3, 0), Kind: live.LogStderr, Text: "log" + evil},
		live.LogEntry{Time: at(3, 1), Kind: live.LogReceived, Text: "msg" + evil})
	ls.Changes = []string{"change" + evil}
	ls.Tools.Warnings = []string{"warning" + evil}
	failed := failedServer()
	failed.Spec.Name = "dead" + evil
	failed.Err = &live.Error{Server: "dead" + evil, Op: "connect", Err: errors.New("boom" + evil), Stderr: []string{"tail" + evil}}
	lv := &common.Live{Servers: []*common.LiveServer{ls, failed}}
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		s := newScreen(lv, size[0], size[1])
		for server := range 2 {
			for _, keys := range [][]string{nil, {"/", "l", "o", "g"}, {"enter", "t"}} {
				press(s, keys...)
				for _, view := range []string{s.View(), s.Status()} {
					for _, bad := range []string{"\x1b]", "\x1b[2J", "\x07", "\u202e", "\u200b", "\x9b", "\r"} {
						if strings.Contains(view, bad) {
							t.Errorf("%dx%d server %d after %v: %q reached the frame raw", size[0], size[1], server, keys, bad)
						}
					}
				}
			}
			if f := frame(s); !strings.Contains(f, "⟨U+001B⟩") {
				t.Errorf("%dx%d server %d: the escape is not drawn visibly:\n%s", size[0], size[1], server, f)
			}
			press(s, "esc")
			s.MoveFocus(-2) // back to the list
			press(s, "j")
		}
	}
}

// plain is text drawn without its styles.
func plain(s string) string { return ansi.Strip(s) }
