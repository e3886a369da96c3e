package call

import (
	"os"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
)

// benchTools are the tools the benchmarks open: the corpus tool whose
// prefilled arguments are the longest, and a generated tool of 5,000
// properties, 2,500 of them required, each with a default.
func benchTools(b *testing.B) map[string]adapter.Tool {
	out := map[string]adapter.Tool{}
	for name, tl := range tools(b, string(uitest.BigSchema(5000))) {
		out["big-5000/"+name] = tl
	}
	var best adapter.Tool
	size := -1
	for _, f := range uitest.CorpusFiles(b) {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		v, err := adapter.Decode(data)
		if err != nil {
			continue
		}
		list, _, err := adapter.ParseToolList(v)
		if err != nil {
			continue
		}
		for _, tl := range list {
			if n := len(adapter.MarshalIndent(adapter.ArgumentsSkeleton(tl.InputSchema))); n > size {
				best, size = tl, n
			}
		}
	}
	out["corpus-largest/"+best.Name] = best
	return out
}

// BenchmarkCallOpen opens the call screen on a tool (the skeleton, its
// text, the validation, the schema pane) and draws the frame. Goal: 100 ms,
// the time a screen may take to open.
func BenchmarkCallOpen(b *testing.B) {
	for name, tool := range benchTools(b) {
		b.Run(name, func(b *testing.B) {
			ctx := common.NewContext(false)
			ctx.Width, ctx.Height = 160, 50
			s := New(ctx, testLive(common.LiveReady))
			s.Resize()
			b.ReportAllocs()
			start := time.Now()
			for b.Loop() {
				s.Open(common.CallRequest{Tool: tool}, 0)
				if s.View() == "" {
					b.Fatal("no frame")
				}
			}
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/float64(100*time.Millisecond), "goal-ratio")
		})
	}
}

// BenchmarkCallKey types a character and deletes it in the prefilled
// arguments, each key validated and drawn (a large text waits for a pause
// instead). Goal: 16 ms a key, a frame.
func BenchmarkCallKey(b *testing.B) {
	for name, tool := range benchTools(b) {
		b.Run(name, func(b *testing.B) {
			ctx := common.NewContext(false)
			ctx.Width, ctx.Height = 160, 50
			s := New(ctx, testLive(common.LiveReady))
			s.Resize()
			s.Open(common.CallRequest{Tool: tool}, 0)
			s.Update(tea.KeyPressMsg{Code: tea.KeyDown})
			s.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
			s.View()
			b.ReportAllocs()
			start := time.Now()
			for b.Loop() {
				s.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
				s.View()
				s.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
				s.View()
			}
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(2*b.N)/float64(16*time.Millisecond), "goal-ratio")
			b.ReportMetric(float64(len(s.Text())), "text-bytes")
		})
	}
}
