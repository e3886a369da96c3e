package adapter

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// nestArrays wraps inner in n arrays, without recursion.
func nestArrays(n int, inner Value) Value {
	for range n {
		inner = ArrayValue(inner)
	}
	return inner
}

// nestObjects wraps inner in n objects {"k": …}.
func nestObjects(n int, inner Value) Value {
	for range n {
		inner = ObjectValue(MemberOf("k", inner))
	}
	return inner
}

// TestMarshalIndentDeepIsProportional: a deeply nested value prints in a few
// times its compact size (not in the square of its depth), and the text decodes
// to the same value with the same member order and number text.
func TestMarshalIndentDeepIsProportional(t *testing.T) {
	tail := ObjectValue(MemberOf("z", NumberValue("1e400")), MemberOf("a", NumberValue("1.0")), MemberOf("s", StringValue("x\"y")))
	wide := make([]Value, 200)
	for i := range wide {
		wide[i] = nestArrays(3, NumberValue("-0.5E+3"))
	}
	for _, tt := range []struct {
		name string
		v    Value
	}{
		{"arrays 3000", nestArrays(3000, NullValue())},
		{"arrays 10000", nestArrays(10000, NumberValue("12345678901234567890"))},
		{"arrays 9999 around an object", nestArrays(9999, tail)},
		{"objects 3000", nestObjects(3000, tail)},
		{"objects 10000", nestObjects(10000, StringValue("é"))},
		{"mixed 9999", nestObjects(3333, nestArrays(3333, nestObjects(3333, tail)))},
		{"wide at the bottom", nestArrays(5000, ArrayValue(wide...))},
	} {
		t.Run(tt.name, func(t *testing.T) {
			compact := Marshal(tt.v)
			out := MarshalIndent(tt.v)
			if len(out) > 3*len(compact) {
				t.Errorf("%d bytes indented for %d compact: over 3×", len(out), len(compact))
			}
			back, err := Decode(out)
			if err != nil {
				t.Fatalf("the text does not decode: %v", err)
			}
			if !bytes.Equal(Marshal(back), compact) {
				t.Fatal("the text decodes to another value")
			}
			lines := bytes.Count(out, []byte("\n"))
			for i, ln := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
				if ind := len(ln) - len(strings.TrimLeft(ln, " ")); ind > 2*MaxIndentDepth {
					t.Fatalf("line %d of %d is indented %d spaces, over %d levels", i, lines, ind, MaxIndentDepth)
				}
			}
		})
	}
}

// TestIndentDepthSwitch: arrays and objects are broken into lines down to
// MaxIndentDepth levels; the one at depth MaxIndentDepth (the root is 0) is the
// first written compact, on the line of its element or member.
func TestIndentDepthSwitch(t *testing.T) {
	pad := func(levels int) string { return strings.Repeat("  ", levels) }
	tests := []struct {
		name  string
		v     Value
		lines int    // lines of MarshalIndent, the final newline not counted
		mid   int    // the line to look at
		want  string // its text
	}{
		{"1 array", nestArrays(1, NumberValue("7")), 3, 1, pad(1) + "7"},
		{"63 arrays", nestArrays(63, NumberValue("7")), 127, 63, pad(63) + "7"},
		{"64 arrays", nestArrays(64, NumberValue("7")), 129, 64, pad(64) + "7"},
		{"65 arrays", nestArrays(65, NumberValue("7")), 129, 64, pad(64) + "[7]"},
		{"66 arrays", nestArrays(66, NumberValue("7")), 129, 64, pad(64) + "[[7]]"},
		{"66 arrays, empty inside", nestArrays(66, ArrayValue()), 129, 64, pad(64) + "[[[]]]"},
		{"64 objects", nestObjects(64, NumberValue("7")), 129, 64, pad(64) + `"k": 7`},
		{"65 objects", nestObjects(65, NumberValue("7")), 129, 64, pad(64) + `"k": {"k":7}`},
		{"two members at the last level", nestObjects(63, ObjectValue(MemberOf("a", NumberValue("1")), MemberOf("b", ArrayValue(NullValue())))),
			130, 65, pad(64) + `"b": [null]`},
		{"object inside arrays", nestArrays(64, ObjectValue(MemberOf("a", ArrayValue(NumberValue("1"), NumberValue("2"))))), 129, 64, pad(64) + `{"a":[1,2]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := string(MarshalIndent(tt.v))
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != tt.lines {
				t.Fatalf("%d lines, want %d:\n%s", len(lines), tt.lines, out)
			}
			if lines[tt.mid] != tt.want {
				t.Errorf("line %d = %q, want %q", tt.mid, lines[tt.mid], tt.want)
			}
			if got := string(AppendIndentLevels(nil, tt.v, "  ", -1)) + "\n"; got != out {
				t.Error("AppendIndentLevels with levels -1 differs from MarshalIndent")
			}
			if got := string(AppendIndentLevels(nil, tt.v, "  ", MaxIndentDepth+100)) + "\n"; got != out {
				t.Error("AppendIndentLevels with levels over MaxIndentDepth differs from MarshalIndent")
			}
			back, err := Decode([]byte(out))
			if err != nil || !Equal(back, tt.v) {
				t.Errorf("the text does not decode to the value (%v)", err)
			}
		})
	}
}

// BenchmarkMarshalIndentShapes prints deep and wide values at two sizes, about
// 2 KB and 16 KB compact (10,000 levels is as deep as Decode reads), and reports
// the time per compact byte at each and their ratio: about 1 when the work grows
// in proportion to the value.
func BenchmarkMarshalIndentShapes(b *testing.B) {
	shapes := []struct {
		name  string
		build func(n int) Value
	}{
		{"deep arrays", func(n int) Value { return nestArrays(n/2, NullValue()) }},
		{"deep objects", func(n int) Value { return nestObjects(n/6, StringValue("x")) }},
		{"wide", func(n int) Value {
			items := make([]Value, n/16)
			for i := range items {
				items[i] = ObjectValue(MemberOf("a", NumberValue("1")), MemberOf("b", ArrayValue(BoolValue(true))))
			}
			return ObjectValue(MemberOf("list", ArrayValue(items...)))
		}},
	}
	for _, s := range shapes {
		b.Run(s.name, func(b *testing.B) {
			vals := [2]Value{s.build(2 << 10), s.build(16 << 10)}
			size := [2]float64{float64(len(Marshal(vals[0]))), float64(len(Marshal(vals[1])))}
			var took [2]time.Duration
			for b.Loop() {
				for i, v := range vals {
					start := time.Now()
					MarshalIndent(v)
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
