package adapter

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestUnitNullPaths: a unit lists the paths it was given, in order, with their
// sites, whatever their lengths (longer than a block too) and however the sites
// follow each other.
func TestUnitNullPaths(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 3, 4, 5, 17, 100, 1000} {
		var u unit
		var s slab[Step]
		var wantPaths []Path
		var wantSites []int32
		for i := range n {
			p := make(Path, 1+r.IntN(3))
			if r.IntN(20) == 0 {
				p = make(Path, 60+r.IntN(20))
			}
			for j := range p {
				p[j] = Key(strconv.Itoa(i) + "." + strconv.Itoa(j))
			}
			site := int32(r.IntN(3))
			u.addNull(&s, p, site)
			// The caller's path is reused for the next property.
			wantPaths = append(wantPaths, slices.Clone(p))
			clear(p)
			wantSites = append(wantSites, site)
		}
		if u.nulls() != n {
			t.Fatalf("%d paths: nulls() = %d", n, u.nulls())
		}
		paths, sites := u.nullPaths()
		if len(paths) != n || !slices.Equal(sites, wantSites) {
			t.Fatalf("%d paths: got %d, sites %v, want %v", n, len(paths), sites, wantSites)
		}
		for i := range paths {
			if !paths[i].Equal(wantPaths[i]) || cap(paths[i]) != len(paths[i]) {
				t.Fatalf("%d paths: path %d = %s (cap %d), want %s", n, i, paths[i], cap(paths[i]), wantPaths[i])
			}
		}
	}
}

// TestNullPathsWithUnusedRef: a schema's null paths and their sites are the same
// when a $ref that adds none is used after its other properties (null paths
// through $refs are expanded by another walk than those of a schema without one).
func TestNullPathsWithUnusedRef(t *testing.T) {
	schemas := []Value{
		spValue(t, string(readCorpus(t, "bench/large_mixed.json"))),
		// anyOf branches that declare a property twice, and the same object twice.
		spValue(t, `{"type":"object","properties":{"p":{"anyOf":[{"type":"object","properties":{"x":{"type":"string"},"o":{"type":"object","properties":{"k":{"type":"string"}}}}},{"type":"object","properties":{"y":{"type":"string"},"x":{"type":"integer"},"o":{"type":"object","properties":{"k":{"type":"string"}}}}}]}},"required":["p"]}`),
	}
	g := propGen{r: rand.New(rand.NewPCG(5, 6))}
	for range 1000 {
		schemas = append(schemas, g.schema())
	}
	checked := 0
	for i, s := range schemas {
		if s.Has("$defs") || s.Has("definitions") || !s.Has("properties") {
			continue
		}
		props, _ := s.Get("properties")
		required, _ := s.Get("required")
		withRef := ObjectValue(
			Member{"type", StringValue("object")},
			Member{"properties", ObjectValue(append(slices.Clone(props.Members()), Member{"zz_ref", ObjectValue(Member{"$ref", StringValue("#/$defs/d")})})...)},
			Member{"required", ArrayValue(append(slices.Clone(required.Items()), StringValue("zz_ref"))...)},
			Member{"$defs", ObjectValue(Member{"d", ObjectValue(Member{"type", StringValue("string")})})},
		)
		res, err := StrictSchema(s, StrictOptions{})
		if res == nil {
			continue
		}
		res2, err2 := StrictSchema(withRef, StrictOptions{})
		if (err == nil) != (err2 == nil) || res2 == nil {
			t.Fatalf("schema %d: errors %v and %v", i, err, err2)
		}
		if spPaths(res.NullPaths) != spPaths(res2.NullPaths) {
			t.Fatalf("schema %d: null paths\n%s\nwith the $ref\n%s", i, spPaths(res.NullPaths), spPaths(res2.NullPaths))
		}
		a, b := res.NullSites(), res2.NullSites()
		for j := range a {
			if !slices.EqualFunc(a[j], b[j], Path.Equal) {
				t.Fatalf("schema %d: sites of %s: %s, with the $ref %s", i, res.NullPaths[j], a[j], b[j])
			}
		}
		checked++
	}
	if checked < 100 {
		t.Fatalf("only %d schemas checked", checked)
	}
}
