package pane

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/strictscope/strictscope/adapter"
)

// docShapes build a document of one shape of about n bytes: the inputs that
// made FuzzJSONPane slow (deep nesting; a long key over many values), and an
// ordinary wide document to compare with.
var docShapes = []struct {
	Name  string
	build func(n int) string
}{
	{"deep arrays", func(n int) string { return deepArrays(n/2, "") }},
	{"deep objects", func(n int) string { return deepObjects(n/6, `"x"`) }},
	{"deep mixed", func(n int) string { return deepObjects(n/12, deepArrays(n/12, `{"a":[1]}`)) }},
	{"a long key over many values", func(n int) string {
		// A key of √n bytes over √n/8 members: its pointer was in every one.
		k := int(math.Sqrt(float64(n)))
		return `{"` + strings.Repeat("k", k) + `":[` + strings.TrimSuffix(strings.Repeat(`{"a":1},`, (n-k)/8), ",") + `]}`
	}},
	{"wide and shallow", func(n int) string {
		return `{"list":[` + strings.TrimSuffix(strings.Repeat(`{"name":"x","tags":["a","b"]},`, n/32), ",") + `]}`
	}},
}

// BenchmarkJSONDocShapes builds the pane's document (lines, nodes, child map)
// for each shape at two sizes, about
// 2 KB and 16 KB (10,000 levels is as deep as Decode reads), and reports the time per input byte at each and their ratio:
// about 1 when the work grows in proportion to the input.
func BenchmarkJSONDocShapes(b *testing.B) {
	const small, large = 2 << 10, 16 << 10
	for _, s := range docShapes {
		b.Run(s.Name, func(b *testing.B) {
			var vals [2]adapter.Value
			var size [2]float64
			for i, n := range []int{small, large} {
				src := s.build(n)
				v, err := adapter.DecodeString(src)
				if err != nil {
					b.Fatal(err)
				}
				vals[i], size[i] = v, float64(len(src))
			}
			var took [2]time.Duration
			for b.Loop() {
				for i, v := range vals {
					start := time.Now()
					NewDoc(v)
					took[i] += time.Since(start)
				}
			}
			perSmall := float64(took[0].Nanoseconds()) / float64(b.N) / size[0]
			perLarge := float64(took[1].Nanoseconds()) / float64(b.N) / size[1]
			b.ReportMetric(perSmall, "ns/B-small")
			b.ReportMetric(perLarge, "ns/B-large")
			b.ReportMetric(perLarge/perSmall, "large/small")
		})
	}
}
