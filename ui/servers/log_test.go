package servers

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
)

// TestLogFilters checks the log's filters through the keys, on the ready
// server's log of 2 stderr lines and 5 messages: / keeps the lines holding
// the text whatever the case, t cycles the kinds, esc clears, and the status
// line says what is kept.
func TestLogFilters(t *testing.T) {
	tests := []struct {
		name   string
		keys   []string
		status string // the status line's log part
		shown  []string
		hidden []string
	}{
		{"none", nil, "everything │ 11 tools │ 7 lines", []string{"Starting default", "tools/list"}, nil},
		{"text", []string{"/", "t", "o", "o", "l", "s"}, "filter: /tools · 3 of 7 lines",
			[]string{"tools/list", "listChanged", "…11 tools…"}, []string{"Starting default", "notifications/initialized"}},
		{"any case", []string{"/", "S", "T", "D", "I", "O"}, "filter: /STDIO · 2 of 7 lines",
			[]string{"Starting default (STDIO)", "running on stdio"}, []string{"tools/list"}},
		{"enter keeps it", []string{"/", "s", "t", "d", "i", "o", "enter"}, "filter: /stdio · 2 of 7 lines",
			[]string{"running on stdio"}, []string{"tools/list"}},
		{"esc while typing clears it", []string{"/", "s", "t", "d", "i", "o", "esc"}, "│ 7 lines", []string{"tools/list"}, nil},
		{"esc after enter clears it", []string{"/", "s", "t", "d", "i", "o", "enter", "esc"}, "│ 7 lines", []string{"tools/list"}, nil},
		{"nothing matches", []string{"/", "z", "q", "x"}, "filter: /zqx · 0 of 7 lines", []string{"Nothing matches the filter"}, []string{"tools/list"}},
		{"stderr", []string{"t"}, "filter: stderr · 2 of 7 lines", []string{"Starting default"}, []string{"tools/list"}},
		{"traffic", []string{"t", "t"}, "filter: traffic · 5 of 7 lines", []string{"tools/list"}, []string{"Starting default"}},
		{"all again", []string{"t", "t", "t"}, "│ 7 lines", []string{"tools/list", "Starting default"}, nil},
		{"text and kind", []string{"t", "t", "/", "l", "i", "s", "t"}, "filter: /list · traffic · 2 of 7 lines",
			[]string{"tools/list", "listChanged"}, []string{"Starting default", "notifications/initialized"}},
		{"esc clears both", []string{"t", "/", "x", "enter", "esc"}, "│ 7 lines", []string{"tools/list", "Starting default"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newScreen(testLive(), 160, 50)
			press(s, tt.keys...)
			if st := s.Status(); !strings.HasSuffix(st, tt.status) {
				t.Errorf("the status line is %q, want it to end with %q", st, tt.status)
			}
			f := logText(s)
			for _, w := range tt.shown {
				if !strings.Contains(f, w) {
					t.Errorf("the log lacks %q:\n%s", w, f)
				}
			}
			for _, w := range tt.hidden {
				if strings.Contains(f, w) {
					t.Errorf("the log shows %q:\n%s", w, f)
				}
			}
		})
	}
}

// logText is the log pane as drawn, plain.
func logText(s *Screen) string { return plain(s.log.View(false)) }

// TestLogFilterTakesTheKeys checks that while the filter is typed every key
// is text (R does not reconnect, j does not scroll), that a paste goes in
// made safe, and that the focus goes to the log.
func TestLogFilterTakesTheKeys(t *testing.T) {
	s := newScreen(testLive(), 80, 24)
	press(s, "/")
	if !s.Capturing() || s.focus.Pane != logPane {
		t.Fatalf("after /: capturing %v, focus %d; want the log's filter to have the keys", s.Capturing(), s.focus.Pane)
	}
	if cmd := s.Update(tea.KeyPressMsg{Code: 'R', Text: "R"}); cmd != nil {
		if _, ok := cmd().(common.ReconnectRequest); ok {
			t.Error("R while typing the filter asked for a reconnect")
		}
	}
	s.Update(tea.PasteMsg{Content: "UNN\x1b[2Jing"})
	if got := s.log.filter.Value(); got != "RUNN[2Jing" {
		t.Errorf("the filter holds %q, want the keys and the paste without the escape", got)
	}
	if st := s.Status(); !strings.Contains(st, "filter: /RUNN[2Jing · 0 of 7 lines") {
		t.Errorf("status %q", st)
	}
	press(s, "enter")
	if s.Capturing() {
		t.Error("enter did not take the keys back from the filter")
	}
}

// logOf is n lines of stderr from second first on, the line numbered in its
// text.
func logOf(first, n int) []live.LogEntry {
	out := make([]live.LogEntry, n)
	for i := range out {
		out[i] = live.LogEntry{Time: at(first+i, 0), Kind: live.LogStderr, Text: fmt.Sprintf("line %d", first+i)}
	}
	return out
}

// lastRow is the last row of the log pane with text.
func lastRow(s *Screen) string {
	rows := strings.Split(logText(s), "\n")
	for i := len(rows) - 1; i >= 0; i-- {
		if r := strings.TrimSpace(rows[i]); r != "" {
			return r
		}
	}
	return ""
}

// firstRow is the first row of the log pane under its title.
func firstRow(s *Screen) string { return strings.TrimSpace(strings.Split(logText(s), "\n")[1]) }

// TestLogFollowsTheEnd checks that the log follows its end while it shows
// it, that scrolling up stops that and keeps the view on the same line as
// lines come (the oldest dropped too), and that G follows again.
func TestLogFollowsTheEnd(t *testing.T) {
	ls := readyServer()
	ls.Log = logOf(0, 100)
	lv := &common.Live{Servers: []*common.LiveServer{ls}}
	s := newScreen(lv, 80, 24)
	if r := lastRow(s); !strings.HasSuffix(r, "line 99") {
		t.Fatalf("the log opens on %q, want its last line at the bottom", r)
	}
	ls.Log = logOf(0, 103)
	s.Update(common.LiveChangedMsg{Server: 0})
	if r := lastRow(s); !strings.HasSuffix(r, "line 102") || !s.log.Following() {
		t.Fatalf("after 3 lines came the bottom row is %q, want line 102", r)
	}
	s.MoveFocus(2) // the log
	press(s, "k", "k", "k")
	if s.log.Following() {
		t.Fatal("scrolled up, the log still follows")
	}
	top := firstRow(s)
	if !strings.Contains(frame(s), "3 lines below · G follows the end") {
		t.Errorf("the info row does not say what is below:\n%s", frame(s))
	}
	// A ring of 103 lines: the oldest 5 drop off as 5 come.
	ls.Log = logOf(5, 103)
	s.Update(common.LiveChangedMsg{Server: 0})
	if got := firstRow(s); got != top {
		t.Errorf("as lines came the view moved: its top row is %q, was %q", got, top)
	}
	press(s, "G")
	if r := lastRow(s); !strings.HasSuffix(r, "line 107") || !s.log.Following() {
		t.Errorf("after G the bottom row is %q, want line 107, following", r)
	}
	press(s, "g")
	if got := firstRow(s); !strings.HasSuffix(got, "line 5") {
		t.Errorf("after g the top row is %q, want the first line", got)
	}
	for range 200 {
		press(s, "j")
	}
	if !s.log.Following() {
		t.Error("scrolled down to the end, the log does not follow again")
	}
}

// TestLogScrollsWrappedLines checks that a line wrapped over more rows than
// the pane has can be read to its end, row by row, and that the pages
// stop at the log's ends.
func TestLogScrollsWrappedLines(t *testing.T) {
	ls := readyServer()
	long := strings.Repeat("word ", 400) + "THE-END"
	ls.Log = []live.LogEntry{{Time: at(0, 0), Text: "first"}, {Time: at(1, 0), Text: long}, {Time: at(2, 0), Text: "last"}}
	s := newScreen(&common.Live{Servers: []*common.LiveServer{ls}}, 80, 24)
	s.MoveFocus(2)
	press(s, "g")
	if got := firstRow(s); !strings.HasSuffix(got, "first") {
		t.Fatalf("top row %q", got)
	}
	seen := false
	for range 100 {
		press(s, "j")
		seen = seen || strings.Contains(logText(s), "THE-END")
	}
	if !seen {
		t.Error("scrolling row by row never showed the end of the long line")
	}
	if r := lastRow(s); !strings.HasSuffix(r, "last") {
		t.Errorf("at the end the bottom row is %q", r)
	}
	for range 50 {
		s.Update(tea.KeyPressMsg{Code: tea.KeyPgUp})
	}
	if got := firstRow(s); !strings.HasSuffix(got, "first") {
		t.Errorf("paged up to the top, the top row is %q", got)
	}
}

func TestContainsFold(t *testing.T) {
	tests := []struct {
		s, q string
		want bool
	}{
		{"anything", "", true},
		{"Starting default (STDIO) server", "stdio", true},
		{"Starting default (STDIO) server", "StDiO", true},
		{"stdio", "stdio server", false},
		{"", "x", false},
		{"Grüße aus KÖLN", "köln", true},
		{"Grüße aus KÖLN", "KÖLN", true},
		{"naïve", "NAÏVE", true},
		{"tools/list", "tools/lisp", false},
		{"aAb", "ab", true},
		{"aaAAaB", "aab", true},
		{"xyZ", "z", true},
		{"xyZ", "yz!", false},
		{"ab", "abc", false},
		{"{\"id\":1}", "\"ID\"", true},
		{"--- 42", "- 4", true},
	}
	for _, tt := range tests {
		if got := containsFold(tt.s, tt.q); got != tt.want {
			t.Errorf("containsFold(%q, %q) = %v, want %v", tt.s, tt.q, got, tt.want)
		}
	}
}

// FuzzContainsFold checks the ASCII search against lower-casing both texts
// and strings.Contains, for ASCII texts.
func FuzzContainsFold(f *testing.F) {
	for _, seed := range [][2]string{{"Starting (STDIO)", "stdio"}, {"aAaAb", "AB"}, {"", "x"}, {"x", ""}, {"{}", "}"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, s, q string) {
		for _, r := range s + q {
			if r >= 0x80 {
				return
			}
		}
		if got, want := containsFold(s, q), strings.Contains(strings.ToLower(s), strings.ToLower(q)); got != want {
			t.Errorf("containsFold(%q, %q) = %v, want %v", s, q, got, want)
		}
	})
}
