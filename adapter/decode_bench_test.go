package adapter

import "testing"

// BenchmarkDecodeLarge is the first step of BenchmarkStrictSchemaLargeBytes alone:
// Decode of large_mixed.json, with its time as a ratio to json.Valid over the same
// bytes (the goal is at most 1.2×).
func BenchmarkDecodeLarge(b *testing.B) {
	data := readCorpus(b, "bench/large_mixed.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	nsPerOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(nsPerOp/floorNsPerOp(data), "×ScanFloor")
}

// BenchmarkAppendCompactLarge is the last step of BenchmarkStrictSchemaLargeBytes
// alone: AppendCompact of the decoded large_mixed.json into a reused buffer, with
// its time as a ratio to json.Valid over the input (the goal is at most 0.3×).
func BenchmarkAppendCompactLarge(b *testing.B) {
	data := readCorpus(b, "bench/large_mixed.json")
	v, err := Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	buf := AppendCompact(nil, v)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendCompact(buf[:0], v)
	}
	b.StopTimer()
	nsPerOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(nsPerOp/floorNsPerOp(data), "×ScanFloor")
}
