package servers

import (
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
)

// TestCapabilities checks the capabilities' lines: from the initialize
// result's bytes when they are there (in the server's order, those the SDK
// does not know included), else from what the SDK decoded.
func TestCapabilities(t *testing.T) {
	tests := []struct {
		name string
		info live.Info
		want []string
	}{
		{"none", live.Info{}, nil},
		{"decoded", live.Info{Capabilities: &mcp.ServerCapabilities{
			Tools: &mcp.ToolCapabilities{ListChanged: true}, Prompts: &mcp.PromptCapabilities{}, Completions: &mcp.CompletionCapabilities{},
			Experimental: map[string]any{"b": map[string]any{}, "a": map[string]any{"level": 2.0, "on": true, "off": false}}}},
			[]string{`experimental: a={"level":2,"off":false,"on":true}, b`, "completions", "prompts", "tools: listChanged"}},
		{"raw", live.Info{Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}},
			Raw: []byte(`{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true},"future":{"x":1e400,"y":{}},"logging":{}},"serverInfo":{"name":"s","version":"1"}}`)},
			[]string{"tools: listChanged", "future: x=1e400, y", "logging"}},
		{"raw without capabilities", live.Info{Capabilities: &mcp.ServerCapabilities{Logging: &mcp.LoggingCapabilities{}},
			Raw: []byte(`{"protocolVersion":"2025-06-18"}`)}, []string{"logging"}},
		{"raw that is not JSON", live.Info{Capabilities: &mcp.ServerCapabilities{Logging: &mcp.LoggingCapabilities{}},
			Raw: []byte(`{"capabilities":`)}, []string{"logging"}},
		{"a capability that is not an object", live.Info{Raw: []byte(`{"capabilities":{"odd":[1,"two"]}}`)},
			[]string{`odd: [1,"two"]`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := capabilities(tt.info)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("capabilities are\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestDetailsScroll checks that the details scroll with the pager's keys
// when they have focus, and stay where they were as the server changes.
func TestDetailsScroll(t *testing.T) {
	lv := testLive()
	s := newScreen(lv, 80, 24)
	s.MoveFocus(1)
	if !strings.Contains(plain(s.details.View(true)), "more lines") {
		t.Fatal("the ready server's details fit at 80x24: the test needs more lines than rows")
	}
	press(s, "G")
	if v := plain(s.details.View(true)); !strings.Contains(v, "list changed: 1 added (echo_twice)") || strings.Contains(v, "more lines") {
		t.Errorf("G did not bring the end of the details:\n%s", v)
	}
	off := s.details.offset
	lv.Servers[0].Log = append(lv.Servers[0].Log, live.LogEntry{Time: at(9, 0), Text: "more"})
	s.Update(common.LiveChangedMsg{Server: 0})
	if s.details.offset != off {
		t.Errorf("a change of the server moved the details from %d to %d", off, s.details.offset)
	}
	press(s, "g")
	if s.details.offset != 0 {
		t.Errorf("g left the details at %d", s.details.offset)
	}
	// Another server shows from the top of its details.
	press(s, "G")
	s.MoveFocus(-1)
	press(s, "j")
	if s.details.offset != 0 {
		t.Errorf("another server's details start at %d", s.details.offset)
	}
}

// TestMouse checks that a click selects the server under it and focuses
// its pane, and that the wheel scrolls the pane under it.
func TestMouse(t *testing.T) {
	ls := readyServer()
	ls.Log = logOf(0, 100)
	lv := &common.Live{Servers: []*common.LiveServer{ls, connectingServer(), failedServer()}}
	s := newScreen(lv, 80, 24)
	l := s.layout
	// The list's title row, then two rows a server: the third server's name.
	s.Update(tea.MouseClickMsg{X: 3, Y: l.List.Y + 1 + 2*2, Button: tea.MouseLeft})
	if s.selected() != 2 || s.focus.Pane != listPane {
		t.Errorf("a click on the third server selected %d, focus %d", s.selected(), s.focus.Pane)
	}
	s.Update(tea.MouseClickMsg{X: 3, Y: l.List.Y + 1, Button: tea.MouseLeft})
	s.Update(tea.MouseClickMsg{X: l.Log.X + 5, Y: l.Log.Y + 3, Button: tea.MouseLeft})
	if s.focus.Pane != logPane || s.selected() != 0 {
		t.Errorf("a click on the log: focus %d, server %d", s.focus.Pane, s.selected())
	}
	s.Update(tea.MouseWheelMsg{X: l.Log.X + 5, Y: l.Log.Y + 3, Button: tea.MouseWheelUp})
	if s.log.Following() || !strings.Contains(frame(s), "3 lines below") {
		t.Errorf("the wheel up over the log did not scroll it:\n%s", frame(s))
	}
	s.Update(tea.MouseWheelMsg{X: 3, Y: l.List.Y + 3, Button: tea.MouseWheelDown})
	if s.selected() != 1 {
		t.Errorf("the wheel down over the list selected %d, want 1", s.selected())
	}
}

// TestKeyMapsListTheScreensKeys checks that help lists the screen's keys,
// the focused pane's first.
func TestKeyMapsListTheScreensKeys(t *testing.T) {
	s := newScreen(testLive(), 80, 24)
	titles := func() []string {
		var out []string
		for _, g := range s.KeyMaps() {
			out = append(out, g.Title)
		}
		return out
	}
	if got := strings.Join(titles(), ","); got != "servers,servers screen,details and log" {
		t.Errorf("with the list focused help lists %s", got)
	}
	s.MoveFocus(2)
	if got := strings.Join(titles(), ","); got != "details and log,servers screen,servers" {
		t.Errorf("with the log focused help lists %s", got)
	}
	var keys []string
	for _, col := range s.KeyMaps()[1].FullHelp() {
		for _, b := range col {
			keys = append(keys, b.Help().Key)
		}
	}
	if got := strings.Join(keys, " "); got != "R / t esc y" {
		t.Errorf("the screen's keys in help are %q", got)
	}
}

// TestCopy checks that y copies the pane with focus.
func TestCopy(t *testing.T) {
	s := newScreen(testLive(), 80, 24)
	for _, tt := range []struct {
		focus int
		want  string
	}{{listPane, "everything\nweather\ncrashy\n"}, {detailsPane, "transport     stdio: npx -y"}, {logPane, "12:00:01.415 → {\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n"}} {
		s.focus.Pane = tt.focus
		cmd := s.Update(tea.KeyPressMsg{Code: 'y', Text: "y"})
		var text string
		for _, c := range cmd().(tea.BatchMsg) {
			// tea.SetClipboard's message is unexported: a string type.
			if m := reflect.ValueOf(c()); m.Type().String() == "tea.setClipboardMsg" {
				text = m.String()
			}
		}
		if !strings.Contains(text, tt.want) {
			t.Errorf("pane %d: copied %q, want it to hold %q", tt.focus, text, tt.want)
		}
	}
}
