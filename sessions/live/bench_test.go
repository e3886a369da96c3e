package live

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkLiveList connects and lists over the in-memory transport the
// largest corpus tool list (twilio, 197 tools, 424 KB), in pages of 50, and
// the same through the SDK's own ListTools: it reports ms per connect-and-list
// and the raw capture's cost as a ratio to the SDK's (goal: at most 1.2×).
func BenchmarkLiveList(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "corpus", "mcp-tools", "twilio-mcp-api-v2010.json"))
	if err != nil {
		b.Skip("the corpus is not beside the checkout")
	}
	var doc struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(data, &doc); err != nil {
		b.Fatal(err)
	}
	ours := func() time.Duration {
		start := time.Now()
		c, err := connectRaw(b, &rawServer{tools: doc.Tools, pageSize: 50}, ConnectOptions{})
		if err != nil {
			b.Fatal(err)
		}
		d := time.Since(start)
		if n := len(c.Tools().Tools); n != len(doc.Tools) {
			b.Fatalf("%d tools, want %d", n, len(doc.Tools))
		}
		c.Close()
		return d
	}
	sdk := func() time.Duration {
		ct, st := mcp.NewInMemoryTransports()
		(&rawServer{tools: doc.Tools, pageSize: 50}).serve(b, st)
		start := time.Now()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(context.Background(), ct, nil)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, err := range cs.Tools(context.Background(), nil) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		d := time.Since(start)
		if n != len(doc.Tools) {
			b.Fatalf("the SDK listed %d tools, want %d", n, len(doc.Tools))
		}
		cs.Close()
		return d
	}
	var oursTotal, sdkTotal time.Duration
	b.ResetTimer()
	for b.Loop() {
		oursTotal += ours()
		sdkTotal += sdk()
	}
	b.ReportMetric(float64(oursTotal.Microseconds())/1000/float64(b.N), "ms/list")
	b.ReportMetric(float64(sdkTotal.Microseconds())/1000/float64(b.N), "sdk-ms/list")
	b.ReportMetric(float64(oursTotal)/float64(sdkTotal), "ratio")
	b.ReportMetric(float64(oursTotal)/float64(sdkTotal)/1.2, "goal-ratio")
}
