package adapter

import (
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// referenceNames is the collision rule (docs/tool-lists.md#collisions) read literally: each tool, in input
// order, tries BASE, BASE_2, BASE_3, … from the start until one is free. It is the
// yardstick for NewToolSet, which remembers where each base's search stopped.
func referenceNames(servers []Server, noPrefix bool) []string {
	taken := map[string]bool{}
	var out []string
	for _, srv := range servers {
		for _, t := range srv.Tools {
			base := ExposedName(srv.Name, t.Name, noPrefix)
			name := base
			for n := 2; taken[name]; n++ {
				name = suffixed(base, n)
			}
			taken[name] = true
			out = append(out, name)
		}
	}
	return out
}

// TestCollisionsTakeTheFirstFreeSuffix holds NewToolSet's names to the rule read
// literally, on lists built to make bases and suffixed names meet: plain names,
// names that already end in _N, names that differ only in characters that become
// "_", and names long enough to be hashed or shortened for the suffix.
func TestCollisionsTakeTheFirstFreeSuffix(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 18))
	parts := []string{"a", "a_2", "a_3", "a_2_2", "a.2", "a 3", "b", "a_10", strings.Repeat("q", 62), strings.Repeat("q", 60) + "_2", strings.Repeat("w", 70)}
	for round := range 400 {
		var servers []Server
		for range 1 + rng.IntN(3) {
			srv := Server{Name: []string{"s", "s_", "t"}[rng.IntN(3)]}
			for range rng.IntN(40) {
				srv.Tools = append(srv.Tools, Tool{Name: parts[rng.IntN(len(parts))]})
			}
			servers = append(servers, srv)
		}
		noPrefix := round%2 == 0
		want := referenceNames(servers, noPrefix)
		set := NewToolSet(servers, NameOptions{NoPrefix: noPrefix})
		if len(set.Entries) != len(want) {
			t.Fatalf("round %d: %d entries, want %d", round, len(set.Entries), len(want))
		}
		seen := map[string]bool{}
		for i, e := range set.Entries {
			if e.Exposed != want[i] {
				t.Fatalf("round %d: tool %d exposed as %q, the rule gives %q", round, i, e.Exposed, want[i])
			}
			if seen[e.Exposed] || len(e.Exposed) > MaxNameLength {
				t.Fatalf("round %d: %q repeated or too long", round, e.Exposed)
			}
			seen[e.Exposed] = true
		}
	}
}

// BenchmarkNewToolSetCollisions names lists of equal tool names (every tool "a",
// and the same with a 63-character name, whose suffixes shorten the base) at
// 5,000 and 50,000 tools. Naming is linear when ns/tool stays about the same:
// "growth" is ns/tool at 50,000 over ns/tool at 5,000 (the quadratic search this
// replaced gave about 10; a map of 50,000 names is slower per access than one of
// 5,000 because it no longer fits in the caches, so a little over 1 is the floor),
// and "×distinct" compares 50,000 equal names with 50,000 distinct ones, which
// never collide: near 1 says a collision costs no more than a fresh name.
func BenchmarkNewToolSetCollisions(b *testing.B) {
	for _, name := range []string{"a", strings.Repeat("n", 63)} {
		same := func(n int) []Server {
			tools := make([]Tool, n)
			for i := range tools {
				tools[i] = Tool{Name: name}
			}
			return []Server{{Name: "s", Tools: tools}}
		}
		distinct := make([]Tool, 50000)
		for i := range distinct {
			distinct[i] = Tool{Name: name[:len(name)-1] + "x" + strconv.Itoa(i)}
		}
		small, large := same(5000), same(50000)
		// ns per tool: the fastest of several runs, as noise only adds time.
		perTool := func(servers []Server) float64 {
			best := time.Duration(1<<63 - 1)
			for range 7 {
				runtime.GC()
				start := time.Now()
				NewToolSet(servers, NameOptions{NoPrefix: true})
				best = min(best, time.Since(start))
			}
			return float64(best.Nanoseconds()) / float64(len(servers[0].Tools))
		}
		b.Run("name="+strconv.Itoa(len(name))+"chars", func(b *testing.B) {
			for b.Loop() {
				NewToolSet(large, NameOptions{NoPrefix: true})
			}
			b.StopTimer()
			at5k, at50k := perTool(small), perTool(large)
			fresh := perTool([]Server{{Name: "s", Tools: distinct}})
			b.ReportMetric(at5k, "ns/tool@5k")
			b.ReportMetric(at50k, "ns/tool@50k")
			b.ReportMetric(at50k/at5k, "growth")
			b.ReportMetric(at50k/fresh, "×distinct")
		})
	}
}
