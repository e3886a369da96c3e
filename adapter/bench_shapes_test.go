package adapter

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkLeafShapes converts objects of 200 properties that all have one of
// the leaf shapes of large_mixed.json, all required and all optional, and
// reports the time per property: where the large benchmark's time goes, shape
// by shape.
func BenchmarkLeafShapes(b *testing.B) {
	shapes := []struct{ name, schema string }{
		{"type", `{"type":"number"}`},
		{"description", `{"type":"string","description":"field 0"}`},
		{"bounds", `{"type":"integer","minimum":0,"maximum":1000}`},
		{"default", `{"type":"boolean","default":false}`},
		{"enum", `{"type":"string","enum":["a","b","c","d"]}`},
		{"items", `{"type":"array","items":{"type":"string"},"maxItems":10}`},
	}
	const n = 200
	for _, s := range shapes {
		for _, optional := range []bool{false, true} {
			var sb strings.Builder
			sb.WriteString(`{"type":"object","properties":{`)
			var req []string
			for i := range n {
				if i > 0 {
					sb.WriteByte(',')
				}
				fmt.Fprintf(&sb, `"p%d":%s`, i, s.schema)
				if !optional {
					req = append(req, fmt.Sprintf(`"p%d"`, i))
				}
			}
			sb.WriteString(`},"required":[` + strings.Join(req, ",") + `]}`)
			schema, err := Decode([]byte(sb.String()))
			if err != nil {
				b.Fatal(err)
			}
			name := s.name + "/required"
			if optional {
				name = s.name + "/optional"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := StrictSchema(schema, StrictOptions{}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/property")
			})
		}
	}
}
