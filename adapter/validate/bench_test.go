package validate

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// BenchmarkStrictSchemaLargeLinked is adapter's BenchmarkStrictSchemaLarge in a
// program that links this package, as the strictscope command does: the
// meta-schemas jsonschema/v6 builds at start-up are read by the garbage
// collector at every cycle, which the conversions pay for. The README compares
// the two.
func BenchmarkStrictSchemaLargeLinked(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(corpusDir, "bench", "large_mixed.json"))
	if err != nil {
		b.Skipf("corpus not available: %v", err)
	}
	schema, err := adapter.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		// The file's 1,280 enum values are over the limit: see adapter's benchmark.
		_, err := adapter.StrictSchema(schema, adapter.StrictOptions{})
		if se := (*adapter.StrictError)(nil); !errors.As(err, &se) || se.Keyword != "max_enum_values" {
			b.Fatalf("want the max_enum_values limit, got %v", err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "conversions/s")
}
