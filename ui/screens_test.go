package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
	"github.com/strictscope/strictscope/ui/pane"
	"github.com/strictscope/strictscope/ui/tools"
)

// scenario is one state of the inspector, reached by keys from the start.
type scenario struct {
	name   string
	opts   Options
	loaded func(t *testing.T) *common.Loaded // nil: the built-in examples
	steps  func(h *harness)
}

// pick filters the list down to one tool and leaves the filter.
func pick(h *harness, name string) *harness {
	return h.keys("/").typing(name).keys("enter")
}

func badFiles(t *testing.T) *common.Loaded {
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken.json")
	os.WriteFile(bad, []byte(`{"tools":[{"name":"x","inputSchema":{"type":"object"}},]}`), 0o644)
	notList := filepath.Join(dir, "notes.txt")
	os.WriteFile(notList, []byte("just some notes\n"), 0o644)
	l := common.Load([]string{bad, filepath.Join(dir, "missing.json"), notList})
	l.AddBytes("weather", "weather.json", uitest.Fixture(t, "tools/weather.json"))
	// The temporary directory differs from run to run: name the files plainly.
	for i := range l.Files {
		l.Files[i].Name = filepath.Base(l.Files[i].Name)
		if l.Files[i].Err != nil {
			l.Files[i].Err = fmt.Errorf("%s", strings.ReplaceAll(l.Files[i].Err.Error(), dir+string(filepath.Separator), ""))
		}
	}
	return l
}

// longDescription is a tool whose description is over the Chat cap (1024
// characters) and under the Responses one (4096 bytes).
func longDescription(t *testing.T) *common.Loaded {
	desc := strings.Repeat("Describes the thing at length. ", 50)
	l := &common.Loaded{}
	l.AddBytes("docs", "docs.json", []byte(`{"tools":[{"name":"describe","description":"`+desc+`","inputSchema":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}}]}`))
	return l
}

func scenarios() []scenario {
	return slices.Concat(toolsScenarios(), groupScenarios(), scaleScenarios(), replayScenarios())
}

func toolsScenarios() []scenario {
	return []scenario{
		{name: "start"},
		{name: "hidden-text", steps: func(h *harness) { pick(h, "set_alert") }},
		{name: "conversion-error", steps: func(h *harness) { pick(h, "raw_query").keys("tab") }},
		{name: "free-form-object", steps: func(h *harness) { pick(h, "station_metadata").keys("tab", "tab") }},
		{name: "dropped-note", steps: func(h *harness) {
			pick(h, "get_forecast").keys("tab", "g").typing("/properties/days/default").keys("enter")
		}},
		{name: "next-null-path", steps: func(h *harness) { pick(h, "search_places").keys("tab", "n", "n") }},
		{name: "previous-null-path", steps: func(h *harness) { pick(h, "search_places").keys("tab", "N") }},
		{name: "breadcrumb-strict-pane", steps: func(h *harness) {
			pick(h, "search_places").keys("tab", "tab", "n", "n", "down")
		}},
		{name: "toggle-api", steps: func(h *harness) { pick(h, "get_forecast").keys("a", "t") }},
		{name: "toggle-strict-true", steps: func(h *harness) { h.keys("s") }},
		{name: "toggle-strict-true-excluded", steps: func(h *harness) { pick(h, "raw_query").keys("s", "t") }},
		{name: "toggle-strict-false", steps: func(h *harness) { h.keys("s", "s") }},
		{name: "toggle-prefix", steps: func(h *harness) { h.keys("p") }},
		{name: "toggle-defaults", steps: func(h *harness) { pick(h, "read_file").keys("d") }},
		{name: "rendered-tool", steps: func(h *harness) { pick(h, "search_places").keys("t", "tab", "n") }},
		{name: "report", steps: func(h *harness) { pick(h, "search_places").keys("r") }},
		{name: "filter-typing", steps: func(h *harness) { h.keys("/").typing("weather") }},
		{name: "filter-nothing", steps: func(h *harness) { h.keys("/").typing("zzz") }},
		{name: "goto-prompt", steps: func(h *harness) { pick(h, "get_forecast").keys("tab", "n", "g") }},
		{name: "goto-missing", steps: func(h *harness) {
			pick(h, "get_forecast").keys("g", "backspace").typing("/nowhere").keys("enter")
		}},
		{name: "help", steps: func(h *harness) { h.keys("?") }},
		{name: "focus-right", steps: func(h *harness) { pick(h, "read_file").keys("tab", "tab", "down", "down", "down") }},
		{name: "scroll-right", steps: func(h *harness) {
			pick(h, "set_alert").keys("tab", "g").typing("/properties/email/pattern").keys("enter", "right", "right")
		}},
		{name: "write-prompt", steps: func(h *harness) { h.keys("w") }},
		{name: "copy", steps: func(h *harness) { pick(h, "tree").keys("tab", "y") }},
		{name: "file-errors", loaded: badFiles, steps: func(h *harness) { pick(h, "broken") }},
		{name: "file-not-a-tool-list", loaded: badFiles, steps: func(h *harness) { pick(h, "notes") }},
		{name: "recording-listed", steps: func(h *harness) { pick(h, "chat_forecast") }},
		{name: "start-options", opts: Options{API: "responses", Strict: "true", NoPrefix: true, NoDefaultDescriptions: true}},
		{name: "limit-error", loaded: func(t *testing.T) *common.Loaded {
			l := &common.Loaded{}
			l.AddBytes("big", "big.json", uitest.BigSchema(5001))
			return l
		}},
		{name: "description-truncated", loaded: longDescription, steps: func(h *harness) { h.keys("t") }},
		{name: "description-truncated-responses", loaded: longDescription, steps: func(h *harness) { h.keys("a") }},
		{name: "mouse", steps: func(h *harness) {
			l := h.m.screens[0].(*tools.Screen).Layout()
			h.send(tea.MouseClickMsg{X: 3, Y: l.List.Y + h.m.screens[0].(*tools.Screen).List().HeaderRows() + 2*pane.RowHeight, Button: tea.MouseLeft})
			h.send(tea.MouseWheelMsg{X: l.Right.X + 2, Y: l.Right.Y + 3, Button: tea.MouseWheelDown})
		}},
	}
}

// TestScreens drives the inspector with keys and compares the plain screens with
// golden files (go test ./ui -update rewrites them).
func TestScreens(t *testing.T) {
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			for _, size := range [][2]int{{80, 24}, {160, 50}} {
				t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
					var l *common.Loaded
					if sc.loaded != nil {
						l = sc.loaded(t)
					}
					h := newHarness(t, sc.opts, l, size[0], size[1])
					if sc.steps != nil {
						sc.steps(h)
					}
					checkFrame(t, h.m.Render(), size[0], size[1])
					golden.RequireEqual(t, h.screen())
				})
			}
		})
	}
}

func TestScreenTooSmall(t *testing.T) {
	for _, size := range [][2]int{{79, 24}, {120, 23}, {40, 10}} {
		h := newHarness(t, Options{}, nil, size[0], size[1])
		checkFrame(t, h.m.Render(), size[0], size[1])
		if s := h.screen(); !strings.Contains(strings.Join(strings.Fields(s), " "), "at least 80×24") {
			t.Errorf("%v: the screen does not say it is too small:\n%s", size, s)
		}
	}
	h := newHarness(t, Options{}, nil, 60, 20)
	golden.RequireEqual(t, h.screen())
	if h.keys("q"); !h.quit {
		t.Error("q does not quit a window that is too small")
	}
}

// checkFrame asserts a frame is exactly h rows of w cells.
func checkFrame(t *testing.T, frame string, w, h int) {
	t.Helper()
	lines := strings.Split(frame, "\n")
	if len(lines) != h {
		t.Fatalf("frame has %d rows, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n != w {
			t.Fatalf("row %d is %d cells wide, want %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}

// TestScreenTooSmallStillSaysHowToQuit shrinks the window below the notice's
// own size: the notice then says less, but still the size needed and that q
// quits, never cut off before it.
func TestScreenTooSmallStillSaysHowToQuit(t *testing.T) {
	for _, size := range [][2]int{{20, 5}, {30, 3}, {12, 6}, {79, 2}} {
		h := newHarness(t, Options{}, nil, size[0], size[1])
		checkFrame(t, h.m.Render(), size[0], size[1])
		s := strings.Join(strings.Fields(h.screen()), " ")
		if !strings.Contains(s, "80×24") || !(strings.Contains(s, "q quits") || strings.Contains(s, "q to quit")) {
			t.Errorf("%v: the notice is cut before the size needed or the way to quit:\n%s", size, h.screen())
		}
	}
}
