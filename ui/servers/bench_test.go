package servers

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
)

// fullLog is a log as full as a connection keeps one: 2,000 lines, every
// other a JSON-RPC message of about 4 KB, the rest short stderr lines.
func fullLog(first int) []live.LogEntry {
	msg := `{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"` + strings.Repeat("lorem ipsum, ", 300) + `"}]}}`
	out := make([]live.LogEntry, 2000)
	for i := range out {
		n := first + i
		if i%2 == 0 {
			out[i] = live.LogEntry{Time: at(n, 0), Kind: live.LogReceived, Text: fmt.Sprintf(msg, n)}
		} else {
			out[i] = live.LogEntry{Time: at(n, 0), Kind: live.LogStderr, Text: fmt.Sprintf("handled request %d in 3ms", n)}
		}
	}
	return out
}

// BenchmarkLogFrame is the frame after a full log changed (its oldest line
// dropped, a new one at the end), with a text filter on and without: the
// change, refiltering 2,000 lines, and the drawing. It reports the frame's
// time as a ratio to 16 ms (≤ 1 meets it).
func BenchmarkLogFrame(b *testing.B) {
	for _, filter := range []string{"", "request 19"} {
		b.Run("filter="+filter, func(b *testing.B) {
			ls := readyServer()
			ls.Log = fullLog(0)
			s := newScreen(&common.Live{Servers: []*common.LiveServer{ls}}, 160, 50)
			if filter != "" {
				s.Update(tea.KeyPressMsg{Code: '/', Text: "/"})
				s.Update(tea.PasteMsg{Content: filter})
				s.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
			}
			logs := [2][]live.LogEntry{fullLog(1), fullLog(0)}
			b.ResetTimer()
			start := time.Now()
			for i := range b.N {
				ls.Log = logs[i%2]
				s.Update(common.LiveChangedMsg{Server: 0})
				_ = s.View()
			}
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/float64(16*time.Millisecond), "goal-ratio")
		})
	}
}
