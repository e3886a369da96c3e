package validate

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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

// BenchmarkValidateNotChecked refuses a case found trying hostile schemas: a property
// whose $ref chain leads through six levels of an 11-way anyOf. Checking it
// would allocate gigabytes; counting its work takes a step per (subschema,
// value) pair, not per path. paths/pair is how many paths the count follows
// for each pair it records.
func BenchmarkValidateNotChecked(b *testing.B) {
	schema, args := decode(b, refChain(11, 6, 3, `{"type":"string","minLength":3}`)), decode(b, `{"x":"ab"}`)
	v := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := v.Validate(schema, args); !errors.As(err, new(*NotCheckedError)) {
			b.Fatalf("checked: %v", err)
		}
	}
	p := newPlan(schema)
	w := &worker{plan: p, memo: map[uint64]int{}}
	c := w.count(p.node(""), &argValue{v: args})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "refusals/s")
	b.ReportMetric(float64(c.visits)/float64(len(w.memo)), "paths/pair")
}

// BenchmarkWorkShare checks 15,001 array items, each against a 3-way anyOf
// and each wrong in all three branches: the largest flat check of the tests.
// count/check is the time the work count takes over the time of the whole
// Validate call it is part of.
func BenchmarkWorkShare(b *testing.B) {
	schema := decode(b, `{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"object","properties":{"k":{"type":"integer"}}},{"type":"integer","minimum":0}]}}`)
	args := decode(b, "["+strings.Repeat(`{"k":"x"},true,-3,`, 5000)+`-1]`)
	v := New()
	plan := newPlan(schema)
	plan.node("")
	var counting, checking time.Duration
	b.ReportAllocs()
	for b.Loop() {
		t0 := time.Now()
		if nc := tooMuchWork(plan, args); nc != nil {
			b.Fatal(nc)
		}
		t1 := time.Now()
		if errs, err := v.Validate(schema, args); err != nil || len(errs) != 15001 {
			b.Fatalf("%d errors, %v", len(errs), err)
		}
		counting, checking = counting+t1.Sub(t0), checking+time.Since(t1)
	}
	b.ReportMetric(counting.Seconds()/checking.Seconds(), "count/check")
}
