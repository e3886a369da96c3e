package adapter

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// jsonValue decodes JSON text written in a test, or fails the test.
func jsonValue(t testing.TB, s string) Value {
	t.Helper()
	v, err := DecodeString(s)
	if err != nil {
		t.Fatalf("bad test JSON %q: %v", s, err)
	}
	return v
}

// compactJSON normalises expected JSON text to the compact form Marshal writes, so
// that expectations can be written with spaces and still compare key order exactly.
func compactJSON(t testing.TB, s string) string {
	t.Helper()
	return string(Marshal(jsonValue(t, s)))
}

// pathsJSON writes paths as one JSON array.
func pathsJSON(ps []Path) string { return PathsValue(ps).String() }

// droppedJSON writes dropped keywords as JSON entries sorted by their text: dropped is
// unordered (docs/strict-mode.md#kept-and-dropped-keywords).
func droppedJSON(ds []Dropped) string {
	items := make([]string, len(ds))
	for i, d := range ds {
		items[i] = ObjectValue(MemberOf("path", d.Path.Value()), MemberOf("keyword", StringValue(d.Keyword))).String()
	}
	slices.Sort(items)
	return "[" + strings.Join(items, ",") + "]"
}

// wantDroppedJSON sorts an expected dropped list written as JSON the same way.
func wantDroppedJSON(t testing.TB, s string) string {
	t.Helper()
	v := jsonValue(t, s)
	items := make([]string, v.Len())
	for i, it := range v.Items() {
		items[i] = it.String()
	}
	slices.Sort(items)
	return "[" + strings.Join(items, ",") + "]"
}

// strictCase is one conversion and everything the strict rules say about its
// result (docs/strict-mode.md). want is
// the exact strict schema (key order matters); nulls and dropped are JSON text ("" to
// skip the check; dropped compares as a set). errPath and errKeyword are set for a
// conversion that must fail.
type strictCase struct {
	name       string
	in         string
	opts       StrictOptions
	want       string
	nulls      string
	dropped    string
	errPath    string
	errKeyword string
}

// runStrictCases converts each case's input and checks the result, or the error,
// against what the case expects; every result must also pass CheckStrict.
func runStrictCases(t *testing.T, cases []strictCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Helper()
			res, err := StrictSchema(jsonValue(t, tc.in), tc.opts)
			if tc.errKeyword != "" {
				var se *StrictError
				if !errors.As(err, &se) {
					if res != nil {
						t.Fatalf("want error %s at %s, got success %s", tc.errKeyword, tc.errPath, res.Schema)
					}
					t.Fatalf("want *StrictError %s at %s, got %v", tc.errKeyword, tc.errPath, err)
				}
				if se.Keyword != tc.errKeyword || se.Path.String() != compactJSON(t, tc.errPath) {
					t.Fatalf("error = %s at %s (%s), want %s at %s", se.Keyword, se.Path, se.Message, tc.errKeyword, tc.errPath)
				}
				if se.Message == "" {
					t.Errorf("error %s has no message", se.Keyword)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if got, want := res.Schema.String(), compactJSON(t, tc.want); got != want {
				t.Errorf("schema\n got %s\nwant %s", got, want)
			}
			if tc.nulls != "" {
				if got, want := pathsJSON(res.NullPaths.Paths()), compactJSON(t, tc.nulls); got != want {
					t.Errorf("null paths = %s, want %s", got, want)
				}
			}
			if tc.dropped != "" {
				if got, want := droppedJSON(res.Dropped.List()), wantDroppedJSON(t, tc.dropped); got != want {
					t.Errorf("dropped = %s, want %s", got, want)
				}
			}
			if v := CheckStrict(res.Schema); len(v) > 0 {
				t.Errorf("result breaks strict mode: %v", v)
			}
		})
	}
}
