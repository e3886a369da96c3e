package explain

import (
	"reflect"
	"testing"
)

// TestReadPyTuple: the tuples as Python's repr writes them (the first cases are
// repr's output, copied from Python 3), and what is not one.
func TestReadPyTuple(t *testing.T) {
	for _, tt := range []struct {
		in    string
		items []string // nil: an error
		rest  string   // what follows the tuple
	}{
		{`(), x`, []string{}, ", x"},
		{`('x',)`, []string{"x"}, ""},
		{`('properties', 'x)'), 'allOf'`, []string{"properties", "x)"}, ", 'allOf'"},
		{`('properties', "it's")`, []string{"properties", "it's"}, ""},
		{`('properties', 'say "hi", it\'s')`, []string{"properties", `say "hi", it's`}, ""},
		{`('a\\b',)`, []string{`a\b`}, ""},
		{`('tab\there\n\r',)`, []string{"tab\there\n\r"}, ""},
		{`('\x00\x07\x7fé',)`, []string{"\x00\a\x7fé"}, ""},
		{`('\u200b\ud800',)`, []string{"\u200b\uFFFD"}, ""},
		{`('😀', '\U0001f600')`, []string{"😀", "😀"}, ""},
		{`('anyOf', 0, -1)`, []string{"anyOf", "0", "-1"}, ""},
		{`('',)`, []string{""}, ""},
		// Not repr's output, but Python's string syntax, or forgiven.
		{`("a\"b", '\101\7', '\q')`, []string{`a"b`, "A\a", `\q`}, ""},
		{`( 'a' , 'b' , )`, []string{"a", "b"}, ""},
		{`('a')`, []string{"a"}, ""},
		// Errors.
		{`('a', 'b'`, nil, ""},
		{`('a', 'b`, nil, ""},
		{`('a' 'b')`, nil, ""},
		{`('a',,)`, nil, ""},
		{`(,)`, nil, ""},
		{`(None,)`, nil, ""},
		{`('a', -)`, nil, ""},
		{`('\x4',)`, nil, ""},
		{`('\xzz',)`, nil, ""},
		{`('\U00110000',)`, nil, ""},
		{`('a\`, nil, ""},
		{`'a'`, nil, ""},
	} {
		items, n, err := readPyTuple(tt.in)
		switch {
		case tt.items == nil && err == nil:
			t.Errorf("%s: read %q, want an error", tt.in, items)
		case tt.items != nil && err != nil:
			t.Errorf("%s: %v", tt.in, err)
		case tt.items != nil && (!reflect.DeepEqual(items, tt.items) || tt.in[n:] != tt.rest):
			t.Errorf("%s: read %q, rest %q; want %q, %q", tt.in, items, tt.in[n:], tt.items, tt.rest)
		}
	}
}
