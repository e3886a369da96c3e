package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/fixtures"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
	"github.com/strictscope/strictscope/ui/playground"
	"github.com/strictscope/strictscope/ui/replay"
	"github.com/strictscope/strictscope/ui/tools"
)

// reportGoal reports ns/op as a ratio to the goal: ≤ 1 meets it.
func reportGoal(b *testing.B, start time.Time, goal time.Duration) {
	per := float64(time.Since(start).Nanoseconds()) / float64(b.N)
	b.ReportMetric(per/float64(goal.Nanoseconds()), "goal-ratio")
}

// BenchmarkFirstFrame loads every tool list of the corpus and draws the first
// frame. Goal: 150 ms.
func BenchmarkFirstFrame(b *testing.B) {
	files := uitest.CorpusFiles(b)
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		m := newModel(Options{}, common.Load(files))
		m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
		if m.Render() == "" {
			b.Fatal("empty frame")
		}
	}
	reportGoal(b, start, 150*time.Millisecond)
}

// BenchmarkKeyFrame is Update plus View after a key in a JSON pane, on a
// 5,000-property schema (every other property optional, each with a default)
// and on the largest real tool of the corpus; on the replay screen; and in the
// playground's editor; and in the tool list of 73 servers. Goal: 16 ms (4 ms
// for a key in the editor on a schema the playground answers at once).
func BenchmarkKeyFrame(b *testing.B) {
	cases := map[string]func(b *testing.B) *common.Loaded{
		"5000-properties": func(b *testing.B) *common.Loaded {
			l := &common.Loaded{}
			l.AddBytes("big", "big.json", uitest.BigSchema(5000))
			return l
		},
		"largest-real-tool": func(b *testing.B) *common.Loaded {
			return largestRealTool(b)
		},
	}
	b.Run("replay", benchmarkKeyFrameReplay)
	b.Run("playground", benchmarkKeyFramePlayground)
	b.Run("73-servers", benchmarkKeyFrameServers)
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

// benchmarkKeyFrameServers is Update plus View after a key in the tool list
// of the generated load of 73 servers and 1,990 tools (manyServers), at
// 160×50: down then up (the panes show another tool: each tool's are built
// once, then from the cache), space on a header (its group folds, then
// unfolds), and f (the status filter's next step: the list filters the
// 1,990 rows again and the panes show the first tool kept). Goal: 16 ms a
// key.
func benchmarkKeyFrameServers(b *testing.B) {
	m := newModel(Options{}, manyServers(b))
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
	m.Render()
	for _, c := range []struct {
		name  string
		setup []string
		keys  []string
	}{
		{"down+up", []string{"pgdown"}, []string{"down", "up"}},
		{"fold", []string{"home", "j", "j"}, []string{"space"}},
		{"f", nil, []string{"f"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for _, k := range c.setup {
				press(m, k)
			}
			if c.name == "fold" {
				if _, ok := m.screens[0].(*tools.Screen).List().CurrentGroup(); !ok {
					b.Fatal("the fold case is not on a header")
				}
			}
			m.Render()
			b.ReportAllocs()
			start := time.Now()
			n := 0
			for b.Loop() {
				for _, k := range c.keys {
					m.Update(keyPress(k))
					m.Render()
					n++
				}
			}
			per := float64(time.Since(start).Nanoseconds()) / float64(n)
			b.ReportMetric(per/float64(16*time.Millisecond), "goal-ratio")
		})
	}
}

// benchmarkKeyFrameReplay is Update plus View after a key on the replay
// screen: → then ← (a step to the next stage and back; each stage is drawn
// once, then from the cache), and m (the structured mode, which replays every
// file; answered from the cache, its first replay being measured by
// BenchmarkFirstReplayToggle). On the
// fixtures' two-turn session, and on a session of one turn with 500 calls
// (the response and the calls stages hold 500 items each). Goal: 16 ms.
func benchmarkKeyFrameReplay(b *testing.B) {
	cases := map[string]func(b *testing.B) *common.Loaded{
		"session": func(b *testing.B) *common.Loaded {
			l := &common.Loaded{}
			for _, name := range []string{"tools/files.json", "tools/weather.json", "recordings/session_two_turns.json"} {
				data, _ := fixtures.Read(name)
				l.AddBytes(sessions.ServerNameFor(name), name, data)
			}
			return l
		},
		"500-calls": func(b *testing.B) *common.Loaded {
			l := &common.Loaded{}
			l.AddBytes("s", "big-session.json", bigSession(500))
			if l.Files[0].Session == nil {
				b.Fatalf("the session does not load: %v", l.Files[0].Err)
			}
			return l
		},
	}
	for _, name := range []string{"session", "500-calls"} {
		b.Run(name, func(b *testing.B) {
			m := newModel(Options{}, cases[name](b))
			m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
			press(m, "2")
			press(m, "tab")
			// The four structured modes are replayed first (their first toggle
			// is replayed off the frame; BenchmarkFirstReplayToggle measures it).
			for range 4 {
				press(m, "m")
			}
			m.Render()
			for _, keys := range [][]string{{"right", "left"}, {"m"}} {
				b.Run(strings.Join(keys, "+"), func(b *testing.B) {
					b.ReportAllocs()
					start := time.Now()
					n := 0
					for b.Loop() {
						for _, k := range keys {
							m.Update(keyPress(k))
							m.Render()
							n++
						}
					}
					per := float64(time.Since(start).Nanoseconds()) / float64(n)
					b.ReportMetric(per/float64(16*time.Millisecond), "goal-ratio")
				})
			}
		})
	}
}

// BenchmarkFirstReplayToggle is the first m on the replay screen of the
// 500-call session: the key frame only starts the replay (goal-ratio, against
// 16 ms); replay-ms is the command that replays off the frame and the frame
// that swaps the traces in.
func BenchmarkFirstReplayToggle(b *testing.B) {
	l := &common.Loaded{}
	l.AddBytes("s", "big-session.json", bigSession(500))
	benchmarkFirstToggle(b, l, []string{"2", "right"}, "m", "replay-ms", "the replay was not swapped in", func(m *model) bool {
		return m.screens[1].(*replay.Screen).Options().Structured == adapter.StructuredPrefer
	})
}

// benchmarkKeyFramePlayground is Update plus View after a character typed in
// the playground's editor, the library's answer included: a space after the
// first {, then backspace. On schemas of 12 and 80 properties (indented, 1.3
// and 8.7 KiB, under InstantEdit: every key asks StrictSchema and CheckStrict
// again and draws the answer within its frame; goal 4 ms), and of 5,000 (one
// line per property, 9,999 lines, 0.4 MiB: a key's frame only draws the
// editor, and the answer comes after a pause; goal 16 ms). For the 5,000,
// after each pair of keys the pause's tick comes, its command computes the
// answer off the frame (compute-ms, for the record), and the frame that
// swaps the answer in is measured too (answer-goal-ratio, against 16 ms).
func benchmarkKeyFramePlayground(b *testing.B) {
	goals := map[int]time.Duration{12: 4 * time.Millisecond, 80: 4 * time.Millisecond, 5000: 16 * time.Millisecond}
	for _, n := range []int{12, 80, 5000} {
		b.Run(fmt.Sprintf("%d-properties", n), func(b *testing.B) {
			l := &common.Loaded{}
			l.AddBytes("big", "big.json", uitest.BigSchema(n))
			m := newModel(Options{}, l)
			m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
			press(m, "e")
			press(m, "end")
			p := m.screens[m.active].(*playground.Screen)
			instant := n <= 80
			if small := len(p.Editor().Text) <= playground.InstantEdit; small != instant {
				b.Fatalf("%d properties are %d bytes: InstantEdit is %d", n, len(p.Editor().Text), playground.InstantEdit)
			}
			m.Render()
			b.ReportAllocs()
			var frames, swaps, computes time.Duration
			keys, answers := 0, 0
			for b.Loop() {
				var last tea.Cmd
				for _, k := range []string{"space", "backspace"} {
					start := time.Now()
					_, last = m.Update(keyPress(k))
					m.Render()
					frames += time.Since(start)
					keys++
				}
				if instant {
					if p.Pending() {
						b.Fatal("a key on a small text left the answer stale")
					}
					continue
				}
				// The pause: the last key's tick, the answer computed off the
				// frame, and the frame that swaps it in.
				var compute tea.Cmd
				for _, msg := range runAll(last) {
					_, compute = m.Update(msg)
				}
				start := time.Now()
				msgs := runAll(compute)
				computes += time.Since(start)
				start = time.Now()
				for _, msg := range msgs {
					m.Update(msg)
				}
				m.Render()
				swaps += time.Since(start)
				answers++
				if p.Pending() {
					b.Fatal("the answer was not swapped in after the pause")
				}
			}
			b.ReportMetric(float64(frames.Nanoseconds())/float64(keys)/float64(goals[n].Nanoseconds()), "goal-ratio")
			if answers > 0 {
				b.ReportMetric(float64(swaps.Nanoseconds())/float64(answers)/float64(16*time.Millisecond), "answer-goal-ratio")
				b.ReportMetric(float64(computes.Nanoseconds())/float64(answers)/1e6, "compute-ms")
			}
		})
	}
}

// bigSession is a Responses session with the weather tools and one turn of n
// calls to get_forecast, each with nulls to strip, every one answered.
func bigSession(n int) []byte {
	tools, _ := fixtures.Read("tools/weather.json")
	var items, results []string
	for i := range n {
		args := fmt.Sprintf(`{"location":"City %d","days":%d,"units":null,"include":["wind"],"when":null}`, i, i%14+1)
		items = append(items, fmt.Sprintf(`{"type":"function_call","id":"fc_%d","call_id":"call_%d","name":"weather__get_forecast","arguments":%s}`,
			i, i, adapter.AppendQuoted(nil, args)))
		results = append(results, fmt.Sprintf(`"call_%d":{"content":[{"type":"text","text":"forecast %d"}]}`, i, i))
	}
	v, _ := adapter.Decode(tools)
	list, _ := v.Get("tools")
	return []byte(`{"strictscope_session":1,"api":"responses","servers":[{"name":"weather","tools":` + list.String() +
		`}],"turns":[{"response":{"id":"r","object":"response","output":[` + strings.Join(items, ",") +
		`]},"results":{` + strings.Join(results, ",") + `}}]}`)
}

// largestRealTool loads the corpus tool with the largest input schema.
func largestRealTool(tb testing.TB) *common.Loaded {
	all := common.Load(uitest.CorpusFiles(tb))
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
	return &common.Loaded{Servers: []adapter.Server{srv}}
}

// BenchmarkFirstToggle is the first toggle of the API on the 5,000-property
// schema, whose answer is not cached yet. The key's frame (Update plus View)
// only starts the work: the library's answer for the new modes and the panes
// of the selected tool are built by a command, off the frame, while the
// current document stays on screen. goal-ratio is that key frame against the
// 16 ms goal; swap-ms is the command plus the frame that swaps the answer in.
func BenchmarkFirstToggle(b *testing.B) {
	l := &common.Loaded{}
	l.AddBytes("big", "big.json", uitest.BigSchema(5000))
	benchmarkFirstToggle(b, l, nil, "a", "swap-ms", "the toggle's answer was not swapped in", func(m *model) bool {
		return m.screens[0].(*tools.Screen).Modes().API == adapter.Responses
	})
}

// benchmarkFirstToggle measures the first press of k, after the keys before,
// on a model of l at 160×50, whose answer is computed off the frame: the key's
// frame against the 16 ms goal (goal-ratio), and the commands plus the frame
// that swaps the answer in, in milliseconds (metric). swapped says the answer
// is in; fail is the error when it is not.
func benchmarkFirstToggle(b *testing.B, l *common.Loaded, before []string, k, metric, fail string, swapped func(*model) bool) {
	var frame, swap time.Duration
	for range b.N {
		b.StopTimer()
		m := newModel(Options{}, l)
		m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
		for _, pre := range before {
			press(m, pre)
		}
		m.Render()
		b.StartTimer()
		start := time.Now()
		_, cmd := m.Update(keyPress(k))
		m.Render()
		frame += time.Since(start)
		start = time.Now()
		for _, msg := range runAll(cmd) {
			m.Update(msg)
		}
		m.Render()
		swap += time.Since(start)
		if !swapped(m) {
			b.Fatal(fail)
		}
	}
	b.ReportMetric(float64(frame.Nanoseconds())/float64(b.N)/float64(16*time.Millisecond), "goal-ratio")
	b.ReportMetric(float64(swap.Nanoseconds())/float64(b.N)/1e6, metric)
}

// press sends a key and feeds back the messages of the commands it returns.
func press(m *model, k string) {
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
