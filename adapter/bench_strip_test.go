package adapter

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// stripShape builds the arguments and null paths of one benchmark shape, of
// about n bytes in all.
type stripShape struct {
	name string
	// perPath: the time is divided by the number of paths as well, for the
	// shapes whose paths grow with the arguments (each path may walk them all).
	perPath bool
	build   func(n int) (args, paths string)
}

// stripShapes are the inputs the fuzz target found slow, and their relatives:
// deep nesting, null paths through arrays of arrays, long paths, many paths.
var stripShapes = []stripShape{
	{name: "deep objects, one long path", build: func(n int) (string, string) {
		levels := n / 10 // `{"a":` `}` and `"a",`
		return strings.Repeat(`{"a":`, levels) + "null" + strings.Repeat("}", levels),
			"[[" + strings.TrimSuffix(strings.Repeat(`"a",`, levels), ",") + "]]"
	}},
	{name: "deep arrays, every step to the bottom", build: func(n int) (string, string) {
		levels := n / 7 // "[" "]" and "null,"
		return strings.Repeat("[", levels) + `{"a":null}` + strings.Repeat("]", levels),
			"[[" + strings.Repeat("null,", levels) + `"a"]]`
	}},
	{name: "arrays of arrays, every element", build: func(n int) (string, string) {
		w := int(math.Sqrt(float64(n) / 17)) // w rows of w elements {"k":null,"j":1},
		row := "[" + strings.TrimSuffix(strings.Repeat(`{"k":null,"j":1},`, w), ",") + "]"
		return "[" + strings.TrimSuffix(strings.Repeat(row+",", w), ",") + "]", `[[null,null,"k"],[null,null,"j"],[null,"k"]]`
	}},
	{name: "wide object, a path per member", perPath: true, build: func(n int) (string, string) {
		var mems, paths []string
		for i := range n / 20 { // "k123":null, and ["k123"],
			mems = append(mems, fmt.Sprintf(`"k%d":null`, i))
			paths = append(paths, fmt.Sprintf(`["k%d"]`, i))
		}
		return "{" + strings.Join(mems, ",") + "}", "[" + strings.Join(paths, ",") + "]"
	}},
	{name: "deep objects, a path per level", perPath: true, build: func(n int) (string, string) {
		levels := int(math.Sqrt(float64(n) / 2)) // the paths take 2·levels² bytes
		var paths []string
		for i := 1; i <= levels; i++ {
			paths = append(paths, "["+strings.TrimSuffix(strings.Repeat(`"a",`, i), ",")+"]")
		}
		return strings.Repeat(`{"a":`, levels) + "null" + strings.Repeat("}", levels), "[" + strings.Join(paths, ",") + "]"
	}},
}

// BenchmarkStripNullsShapes strips each shape at two sizes, about 8 KB and 64 KB, and reports the time per input byte (arguments and paths) at each,
// and their ratio: about 1 when the work grows in proportion to the input. For
// the shapes whose number of paths grows too, the time is per byte and path.
func BenchmarkStripNullsShapes(b *testing.B) {
	const small, large = 8 << 10, 64 << 10
	for _, s := range stripShapes {
		b.Run(s.name, func(b *testing.B) {
			type input struct {
				args  Value
				paths []Path
				units float64
			}
			in := [2]input{}
			for i, n := range []int{small, large} {
				argsText, pathsText := s.build(n)
				args, paths := mustStripInput(b, argsText, pathsText)
				in[i] = input{args, paths, float64(len(argsText) + len(pathsText))}
				if s.perPath {
					in[i].units *= float64(len(paths))
				}
			}
			var took [2]time.Duration
			for b.Loop() {
				for i := range in {
					start := time.Now()
					StripNulls(in[i].args, in[i].paths)
					took[i] += time.Since(start)
				}
			}
			unit := "ns/B"
			if s.perPath {
				unit = "ns/B/path"
			}
			perSmall := float64(took[0].Nanoseconds()) / float64(b.N) / in[0].units
			perLarge := float64(took[1].Nanoseconds()) / float64(b.N) / in[1].units
			b.ReportMetric(perSmall, unit+"-small")
			b.ReportMetric(perLarge, unit+"-large")
			b.ReportMetric(perLarge/perSmall, "large/small")
		})
	}
}

func mustStripInput(tb testing.TB, argsText, pathsText string) (Value, []Path) {
	tb.Helper()
	args, err := DecodeString(argsText)
	if err != nil {
		tb.Fatal(err)
	}
	pv, err := DecodeString(pathsText)
	if err != nil {
		tb.Fatal(err)
	}
	var paths []Path
	for _, it := range pv.Items() {
		p, ok := PathFromValue(it)
		if !ok {
			tb.Fatalf("not a path: %s", it)
		}
		paths = append(paths, p)
	}
	return args, paths
}
