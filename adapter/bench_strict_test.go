package adapter

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
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
// 1,280 values, over OpenAI's limit of 1,000 across a schema (docs/strict-mode.md#limits). The
// limit is checked by a walk of the finished output, so every conversion step has
// run by then, and the converted schema is returned with the error: the benchmarks
// time the whole conversion and write out the whole schema.
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
	perSec := float64(b.N) / b.Elapsed().Seconds()
	b.ReportMetric(perSec, "conversions/s")
	b.ReportMetric(perSec/4500, "×goal")
}

// floorNsPerOp times json.Valid over data, the floor the bytes benchmark is
// measured against: the fastest of several batches, as noise only adds time.
func floorNsPerOp(data []byte) float64 {
	best := time.Duration(1<<63 - 1)
	for range 7 {
		start := time.Now()
		for range 20 {
			json.Valid(data)
		}
		best = min(best, time.Since(start))
	}
	return float64(best.Nanoseconds()) / 20
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
		largeMixedOutcome(b, err)
		buf = AppendCompact(buf[:0], res.Schema)
	}
	// The goal is a ratio: at most 3 times the floor, measured now, beside it.
	b.StopTimer()
	nsPerOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(nsPerOp/floorNsPerOp(data), "×ScanFloor")
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

// BenchmarkToolsCorpus renders every real tool list of the corpus for both APIs:
// decoding, naming, the strict conversion of every tool and the report.
func BenchmarkToolsCorpus(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "mcp-tools", "*.json"))
	if len(files) == 0 {
		b.Skip("corpus not available")
	}
	var docs [][]byte
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, data)
		total += len(data)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	tools := 0
	for b.Loop() {
		tools = 0
		for i, data := range docs {
			doc, err := Decode(data)
			if err != nil {
				b.Fatal(err)
			}
			list, _, err := ParseToolList(doc)
			if err != nil {
				b.Fatal(err)
			}
			set := NewToolSet([]Server{{Name: filepath.Base(files[i]), Tools: list}}, NameOptions{})
			for _, api := range []API{Chat, Responses} {
				rendered, _ := Tools(set, ToolsOptions{API: api})
				tools += len(rendered)
			}
		}
	}
	b.ReportMetric(float64(tools)*float64(b.N)/b.Elapsed().Seconds(), "tools/s")
}
