package adapter

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// corpusDir is the shared corpus beside the checkout; tests that need it skip
// when it is absent.
const corpusDir = "../../shared/corpus"

func readCorpus(tb testing.TB, rel string) []byte {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, rel))
	if err != nil {
		tb.Skipf("corpus not available: %v", err)
	}
	return data
}

// largeMixedOutcome checks the one way large_mixed.json fails: its 320 enums hold
// 1,280 values, over OpenAI's limit of 1,000 across a schema (SPEC §5, Limits). The
// limit is checked by a walk of the finished output, so every conversion step has
// run by then; the benchmarks time that whole conversion.
func largeMixedOutcome(b *testing.B, err error) {
	var se *StrictError
	if !errors.As(err, &se) || se.Keyword != "max_enum_values" {
		b.Fatalf("large_mixed.json: want the max_enum_values limit, got %v", err)
	}
}

// BenchmarkStrictSchemaLarge converts an already-decoded 2,080-property schema.
// The goal is at least 4,500 conversions a second.
func BenchmarkStrictSchemaLarge(b *testing.B) {
	data := readCorpus(b, "bench/large_mixed.json")
	schema, err := Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_, err := StrictSchema(schema, StrictOptions{})
		largeMixedOutcome(b, err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "conversions/s")
}

// BenchmarkStrictSchemaLargeBytes is bytes in, strict JSON bytes out. The goal is at
// most 3× BenchmarkScanFloorLarge.
func BenchmarkStrictSchemaLargeBytes(b *testing.B) {
	data := readCorpus(b, "bench/large_mixed.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		schema, err := Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		res, err := StrictSchema(schema, StrictOptions{})
		if err != nil {
			largeMixedOutcome(b, err)
			buf = append(buf[:0], err.Error()...)
			continue
		}
		buf = AppendCompact(buf[:0], res.Schema)
	}
}

// BenchmarkScanFloorLarge is the floor: json.Valid over the same bytes.
func BenchmarkScanFloorLarge(b *testing.B) {
	data := readCorpus(b, "bench/large_mixed.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if !json.Valid(data) {
			b.Fatal("invalid")
		}
	}
}
