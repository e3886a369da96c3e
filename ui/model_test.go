package ui

import (
	"image/color"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
	"github.com/strictscope/strictscope/ui/tools"
)

func TestQuitKeys(t *testing.T) {
	cases := []struct {
		name string
		keys []string
		quit bool
	}{
		{"q", []string{"q"}, true},
		{"ctrl+c", []string{"ctrl+c"}, true},
		{"q in help", []string{"?", "q"}, true},
		{"q types into the filter", []string{"/", "q"}, false},
		{"ctrl+c in the filter", []string{"/", "ctrl+c"}, true},
		{"q types into a prompt", []string{"g", "q"}, false},
		{"ctrl+c in a prompt", []string{"w", "ctrl+c"}, true},
		{"q after the filter", []string{"/", "x", "enter", "q"}, true},
	}
	for _, c := range cases {
		h := newHarness(t, Options{}, nil, 80, 24).keys(c.keys...)
		if h.quit != c.quit {
			t.Errorf("%s: quit = %v, want %v", c.name, h.quit, c.quit)
		}
	}
}

func TestFocusMovesWithTabAndMouse(t *testing.T) {
	h := newHarness(t, Options{}, nil, 120, 40)
	want := []int{1, 2, 0, 1}
	for i, w := range want {
		h.keys("tab")
		if h.m.screens[0].(*tools.Screen).Focused() != w {
			t.Fatalf("after %d tabs focus is %d, want %d", i+1, h.m.screens[0].(*tools.Screen).Focused(), w)
		}
	}
	h.keys("shift+tab", "shift+tab")
	if h.m.screens[0].(*tools.Screen).Focused() != 2 {
		t.Fatalf("shift+tab: focus %d, want 2", h.m.screens[0].(*tools.Screen).Focused())
	}
	l := h.m.screens[0].(*tools.Screen).Layout()
	h.send(tea.MouseClickMsg{X: l.Left.X + 3, Y: l.Left.Y + 4, Button: tea.MouseLeft})
	if h.m.screens[0].(*tools.Screen).Focused() != pane.ListPane+1 {
		t.Fatalf("a click on the left pane does not focus it (focus %d)", h.m.screens[0].(*tools.Screen).Focused())
	}
	if got := h.m.screens[0].(*tools.Screen).Panes()[0].Cursor; got != 3 {
		t.Errorf("the click put the cursor on line %d, want 3", got)
	}
	// Keys go only to the focused pane: j moves the left pane, not the list.
	s := h.m.screens[0].(*tools.Screen)
	sel := s.List().Cursor()
	h.keys("j")
	if s.List().Cursor() != sel || s.Panes()[0].Cursor != 4 {
		t.Errorf("j moved the list (%d→%d) or not the pane (cursor %d)", sel, s.List().Cursor(), s.Panes()[0].Cursor)
	}
	// The wheel scrolls the pane under the mouse.
	h.send(tea.MouseWheelMsg{X: l.List.X + 2, Y: l.List.Y + 8, Button: tea.MouseWheelDown})
	if s.List().Cursor() != sel+1 {
		t.Errorf("the wheel over the list moved the selection to %d, want %d", s.List().Cursor(), sel+1)
	}
}

func TestWriteRenderedTools(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.json")
	h := newHarness(t, Options{}, nil, 100, 30)
	write := func(name string) {
		h.keys("w", "ctrl+u").typing(name).keys("enter")
	}
	write(target)
	data, err := os.ReadFile(target)
	if err != nil {
		t.Fatalf("w did not write: %v\n%s", err, h.screen())
	}
	s := h.m.screens[0].(*tools.Screen)
	if want := adapter.MarshalIndent(adapter.ArrayValue(s.Rendered()...)); string(data) != string(want) {
		t.Errorf("wrote something else than the rendered tools")
	}
	if !strings.Contains(h.screen(), "wrote 10 tools") {
		t.Errorf("no confirmation:\n%s", h.screen())
	}

	// An existing file is never replaced without asking.
	h.keys("a")
	write(target)
	if !h.m.prompt.open || !strings.Contains(h.screen(), "exists; overwrite it?") {
		t.Fatalf("no question before overwriting:\n%s", h.screen())
	}
	h.keys("n", "enter")
	if again, _ := os.ReadFile(target); string(again) != string(data) {
		t.Error("the file changed although the answer was no")
	}
	write(target)
	h.keys("y", "enter")
	again, _ := os.ReadFile(target)
	if string(again) == string(data) || !strings.Contains(string(again), `"type": "function",`+"\n    \"name\"") {
		t.Errorf("the file was not replaced with the Responses tools:\n%.200s", again)
	}

	// Errors go to the status line.
	write(filepath.Join(dir, "no", "such", "dir.json"))
	if !(h.m.status.Kind == common.StatusError) || !strings.Contains(h.screen(), "could not write") {
		t.Errorf("no error shown:\n%s", h.screen())
	}
	h.keys("w", "ctrl+u", "enter")
	if !strings.Contains(h.screen(), "no file name") {
		t.Errorf("an empty name is not refused:\n%s", h.screen())
	}
	h.keys("esc", "w")
	if !strings.Contains(h.screen(), "strictscope-tools.json") {
		t.Errorf("the default name changed:\n%s", h.screen())
	}
}

func TestCopyFocusedPane(t *testing.T) {
	h := newHarness(t, Options{}, nil, 100, 30)
	h.keys("tab", "y")
	var got string
	for _, m := range h.msgs {
		if reflect.TypeOf(m).String() == "tea.setClipboardMsg" {
			got = reflect.ValueOf(m).String()
		}
	}
	s := h.m.screens[0].(*tools.Screen)
	want := string(adapter.MarshalIndent(s.Report().Outcomes[0].Entry.Tool.InputSchema))
	if got != want {
		t.Errorf("copied %q, want the original schema %q", got, want)
	}
	h.keys("shift+tab", "y")
	if last := h.msgs[len(h.msgs)-2]; !strings.Contains(reflect.ValueOf(last).String(), "weather__get_forecast\tweather\n") {
		t.Errorf("copying the list copied %q", reflect.ValueOf(last).String())
	}
}

func TestResizeReflows(t *testing.T) {
	h := newHarness(t, Options{}, nil, 160, 50)
	h.keys("j", "j", "tab", "n")
	for _, size := range [][2]int{{80, 24}, {79, 24}, {100, 30}, {200, 60}, {80, 24}} {
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		checkFrame(t, h.m.Render(), size[0], size[1])
	}
	fresh := newHarness(t, Options{}, nil, 80, 24).keys("j", "j", "tab", "n")
	if h.screen() != fresh.screen() {
		t.Errorf("after resizing the screen differs from one drawn at that size:\n%s\nwant:\n%s", h.screen(), fresh.screen())
	}
}

func TestBackgroundSwitchesStyles(t *testing.T) {
	h := newHarness(t, Options{}, nil, 100, 30)
	dark := h.m.Render()
	h.send(tea.BackgroundColorMsg{Color: color.White})
	if h.m.ctx.Dark || h.m.ctx.Styles.Dark {
		t.Fatal("a white background did not switch to the light styles")
	}
	light := h.m.Render()
	if light == dark {
		t.Error("the light frame is the dark frame")
	}
	h.send(tea.BackgroundColorMsg{Color: color.Black})
	if h.m.Render() != dark {
		t.Error("going back to a dark background does not give the dark frame")
	}
}

var colourSGR = regexp.MustCompile("\x1b\\[[0-9;:]*(38|48|58)[;:][0-9;:]*m")

func TestNoColorKeepsHighlightsVisible(t *testing.T) {
	h := newHarness(t, Options{NoColor: true}, nil, 100, 30)
	h.keys("tab", "n")
	f := h.m.Render()
	if colourSGR.MatchString(f) {
		t.Errorf("NO_COLOR frame has colours: %q", colourSGR.FindString(f))
	}
	for what, attr := range map[string]string{"reverse (cursor line)": "7", "bold (null path)": "1", "faint (dropped)": "2"} {
		if !regexp.MustCompile("\x1b\\[([0-9;]*;)?" + attr + "(;[0-9;]*)?m").MatchString(f) {
			t.Errorf("NO_COLOR frame lacks %s", what)
		}
	}
	// A colour frame does have colours, so the check above can fail.
	if c := newHarness(t, Options{}, nil, 100, 30).m.Render(); !colourSGR.MatchString(c) {
		t.Error("the colour frame has no colour")
	}
}

func TestNextAndPreviousMarksWrap(t *testing.T) {
	h := newHarness(t, Options{}, nil, 100, 30)
	pick(h, "search_places").keys("tab")
	p := h.m.screens[0].(*tools.Screen).Panes()[0]
	targets := p.Content.Targets
	if len(targets) != 5 {
		t.Fatalf("%d targets, want the 5 null paths: %v", len(targets), targets)
	}
	for i := range len(targets) + 1 {
		h.keys("n")
		if want := targets[i%len(targets)]; p.Cursor != want {
			t.Fatalf("n #%d: cursor %d, want %d", i+1, p.Cursor, want)
		}
	}
	h.keys("N", "N") // from the first target back over the wrap
	if p.Cursor != targets[len(targets)-2] {
		t.Errorf("N N: cursor %d, want %d", p.Cursor, targets[len(targets)-2])
	}
	// The other pane follows to the same place.
	r := h.m.screens[0].(*tools.Screen).Panes()[1]
	if a, b := p.CursorPath().Pointer(), r.CursorPath().Pointer(); a != b || r.Row() != p.Row() {
		t.Errorf("the strict pane is at %s row %d, the original at %s row %d", b, r.Row(), a, p.Row())
	}
}

func TestConversionErrorPutsTheCursorOnIt(t *testing.T) {
	h := newHarness(t, Options{}, nil, 100, 30)
	pick(h, "raw_query")
	p := h.m.screens[0].(*tools.Screen).Panes()[0]
	if got := p.CursorPath().Pointer(); got != "/properties/params/oneOf" {
		t.Errorf("cursor at %q, want the failing keyword", got)
	}
	if p.Content.Marks[p.Cursor] != pane.MarkError {
		t.Error("the failing keyword is not marked as the error")
	}
}

// TestHelpScrollsToEitherEnd scrolls a help taller than the window with the
// JSON pane keys it answers to: home goes back to the top, and end or G, as in
// a pane, to the bottom, where the last line shows and nothing says "more".
func TestHelpScrollsToEitherEnd(t *testing.T) {
	for _, k := range []string{"end", "G"} {
		h := newHarness(t, Options{}, nil, 80, 24).keys("?")
		if !strings.Contains(h.screen(), "↓ more") {
			t.Fatalf("the help fits in 80×24; the test needs one that does not:\n%s", h.screen())
		}
		h.keys(k)
		s := h.screen()
		if strings.Contains(s, "↓ more") || !strings.Contains(s, "Invisible characters are drawn as") {
			t.Errorf("%s in help does not scroll to its end:\n%s", k, s)
		}
		if h.keys("home"); !strings.Contains(h.screen(), "everywhere") {
			t.Errorf("home after %s does not scroll the help back to its top", k)
		}
	}
}
