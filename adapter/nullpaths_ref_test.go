package adapter_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/schemagen"
)

// mustDecode decodes JSON text a test writes.
func mustDecode(t testing.TB, s string) adapter.Value {
	t.Helper()
	v, err := adapter.DecodeString(s)
	if err != nil {
		t.Fatalf("bad test JSON %q: %v", s, err)
	}
	return v
}

// TestNullPathsWithUnusedRef: a schema's null paths and their sites are the same
// when a $ref that adds none is used after its other properties (null paths
// through $refs are expanded by another walk than those of a schema without one).
func TestNullPathsWithUnusedRef(t *testing.T) {
	var schemas []adapter.Value
	// The large benchmark schema when the corpus is there.
	if data, err := os.ReadFile(filepath.Join(adapter.CorpusDir, "bench", "large_mixed.json")); err == nil {
		schemas = append(schemas, mustDecode(t, string(data)))
	}
	schemas = append(schemas,
		// anyOf branches that declare a property twice, and the same object twice.
		mustDecode(t, `{"type":"object","properties":{"p":{"anyOf":[{"type":"object","properties":{"x":{"type":"string"},"o":{"type":"object","properties":{"k":{"type":"string"}}}}},{"type":"object","properties":{"y":{"type":"string"},"x":{"type":"integer"},"o":{"type":"object","properties":{"k":{"type":"string"}}}}}]}},"required":["p"]}`),
	)
	g := schemagen.New(5, 6)
	for range 1000 {
		schemas = append(schemas, g.Schema())
	}
	checked := 0
	for i, s := range schemas {
		if s.Has("$defs") || s.Has("definitions") || !s.Has("properties") {
			continue
		}
		props, _ := s.Get("properties")
		required, _ := s.Get("required")
		withRef := adapter.ObjectValue(
			adapter.MemberOf("type", adapter.StringValue("object")),
			adapter.MemberOf("properties", adapter.ObjectValue(append(slices.Clone(props.Members()), adapter.MemberOf("zz_ref", adapter.ObjectValue(adapter.MemberOf("$ref", adapter.StringValue("#/$defs/d")))))...)),
			adapter.MemberOf("required", adapter.ArrayValue(append(slices.Clone(required.Items()), adapter.StringValue("zz_ref"))...)),
			adapter.MemberOf("$defs", adapter.ObjectValue(adapter.MemberOf("d", adapter.ObjectValue(adapter.MemberOf("type", adapter.StringValue("string")))))),
		)
		res, err := adapter.StrictSchema(s, adapter.StrictOptions{})
		if res == nil {
			continue
		}
		res2, err2 := adapter.StrictSchema(withRef, adapter.StrictOptions{})
		if (err == nil) != (err2 == nil) || res2 == nil {
			t.Fatalf("schema %d: errors %v and %v", i, err, err2)
		}
		if adapter.PathsValue(res.NullPaths.Paths()).String() != adapter.PathsValue(res2.NullPaths.Paths()).String() {
			t.Fatalf("schema %d: null paths\n%s\nwith the $ref\n%s", i, adapter.PathsValue(res.NullPaths.Paths()).String(), adapter.PathsValue(res2.NullPaths.Paths()).String())
		}
		a, b := res.NullSites(), res2.NullSites()
		for j := range a {
			if !slices.EqualFunc(a[j], b[j], adapter.Path.Equal) {
				t.Fatalf("schema %d: sites of %s: %s, with the $ref %s", i, res.NullPaths.At(j), a[j], b[j])
			}
		}
		checked++
	}
	if checked < 100 {
		t.Fatalf("only %d schemas checked", checked)
	}
}
