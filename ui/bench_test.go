package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
)

// corpusDir holds real tool lists captured from MCP servers (see DESIGN.md).
const corpusDir = "../../shared/corpus/mcp-tools"

func corpusFiles(tb testing.TB) []string {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if len(files) == 0 {
		tb.Skip("the corpus (../shared/corpus/mcp-tools) is absent")
	}
	return files
}

// reportGoal reports ns/op as a ratio to the goal: ≤ 1 meets it.
func reportGoal(b *testing.B, start time.Time, goal time.Duration) {
	per := float64(time.Since(start).Nanoseconds()) / float64(b.N)
	b.ReportMetric(per/float64(goal.Nanoseconds()), "goal-ratio")
}

// BenchmarkFirstFrame loads every tool list of the corpus and draws the first
// frame. Goal: 150 ms.
func BenchmarkFirstFrame(b *testing.B) {
	files := corpusFiles(b)
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		m := newModel(Options{}, Load(files))
		m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
		if m.Render() == "" {
			b.Fatal("empty frame")
		}
	}
	reportGoal(b, start, 150*time.Millisecond)
}

// bigSchema is a tool list with one tool of n properties, every other optional.
func bigSchema(n int) []byte {
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

// BenchmarkKeyFrame is Update plus View after a key in a JSON pane, on a
// 5,000-property schema (every other property optional, each with a default)
// and on the largest real tool of the corpus. Goal: 16 ms.
func BenchmarkKeyFrame(b *testing.B) {
	cases := map[string]func(b *testing.B) *Loaded{
		"5000-properties": func(b *testing.B) *Loaded {
			l := &Loaded{}
			l.AddBytes("big", "big.json", bigSchema(5000))
			return l
		},
		"largest-real-tool": func(b *testing.B) *Loaded {
			return largestRealTool(b)
		},
	}
	for _, name := range []string{"5000-properties", "largest-real-tool"} {
		b.Run(name, func(b *testing.B) {
			m := newModel(Options{}, cases[name](b))
			m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
			m.Update(keyPress("tab"))
			// Both APIs' answers are computed first (BenchmarkFirstToggle
			// measures that), so that a is answered from the cache.
			press(m, "a")
			press(m, "a")
			m.Render()
			// down and up move the cursor (the other pane follows); a toggles the
			// API.
			for _, k := range []string{"down", "up", "a"} {
				b.Run(k, func(b *testing.B) {
					key := keyPress(k)
					b.ReportAllocs()
					start := time.Now()
					for b.Loop() {
						m.Update(key)
						m.Render()
					}
					reportGoal(b, start, 16*time.Millisecond)
				})
			}
		})
	}
}

// largestRealTool loads the corpus tool with the largest input schema.
func largestRealTool(tb testing.TB) *Loaded {
	all := Load(corpusFiles(tb))
	bestSize, bestS, bestT := -1, 0, 0
	for s, srv := range all.Servers {
		for t, tool := range srv.Tools {
			if n := len(tool.InputSchema.String()); n > bestSize {
				bestSize, bestS, bestT = n, s, t
			}
		}
	}
	srv := all.Servers[bestS]
	srv.Tools = srv.Tools[bestT : bestT+1]
	return &Loaded{Servers: []adapter.Server{srv}}
}

// BenchmarkFirstToggle is the first toggle of the API on the 5,000-property
// schema, whose answer is not cached yet. The key's frame (Update plus View)
// only starts the work: the library's answer for the new modes and the panes
// of the selected tool are built by a command, off the frame, while the
// current document stays on screen. goal-ratio is that key frame against the
// 16 ms goal; swap-ms is the command plus the frame that swaps the answer in.
func BenchmarkFirstToggle(b *testing.B) {
	l := &Loaded{}
	l.AddBytes("big", "big.json", bigSchema(5000))
	var frame, swap time.Duration
	for range b.N {
		b.StopTimer()
		m := newModel(Options{}, l)
		m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
		m.Render()
		b.StartTimer()
		start := time.Now()
		_, cmd := m.Update(keyPress("a"))
		m.Render()
		frame += time.Since(start)
		start = time.Now()
		for _, msg := range runAll(cmd) {
			m.Update(msg)
		}
		m.Render()
		swap += time.Since(start)
		if s := m.screens[0].(*toolsScreen); s.modes.API != adapter.Responses {
			b.Fatal("the toggle's answer was not swapped in")
		}
	}
	b.ReportMetric(float64(frame.Nanoseconds())/float64(b.N)/float64(16*time.Millisecond), "goal-ratio")
	b.ReportMetric(float64(swap.Nanoseconds())/float64(b.N)/1e6, "swap-ms")
}

// press sends a key and feeds back the messages of the commands it returns.
func press(m *Model, k string) {
	_, cmd := m.Update(keyPress(k))
	for _, msg := range runAll(cmd) {
		m.Update(msg)
	}
}

// runAll runs a command and the commands of a batch, and returns the messages.
func runAll(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if batch, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range batch {
			out = append(out, runAll(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}
