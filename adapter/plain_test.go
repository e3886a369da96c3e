package adapter

import (
	"strings"
	"testing"
)

// checkPlainStrings fails when a string of v is marked plain (see Value.plain)
// but its text is not printable ASCII, or holds '"' or '\\'.
func checkPlainStrings(t *testing.T, v Value) {
	t.Helper()
	switch v.kind() {
	case String:
		if s := v.text(); v.plain() && (!printableASCII(s) || strings.ContainsAny(s, `"\`)) {
			t.Fatalf("string %q is marked plain", s)
		}
	case Array:
		for _, it := range v.items() {
			checkPlainStrings(t, it)
		}
	case Object:
		for _, m := range v.mems() {
			checkPlainStrings(t, m.Value())
		}
	}
}

// TestDecodeMarksPlainStrings: Decode marks a string plain when its literal is
// printable ASCII without an escape, and leaves every other string unmarked (a
// string made with StringValue is never marked). Only strings are marked.
func TestDecodeMarksPlainStrings(t *testing.T) {
	tests := []struct {
		json  string
		plain bool
	}{
		{`"a description of eight or more bytes"`, true},
		{`"short"`, true},
		{`""`, true},
		{`"tilde ~ and space"`, true},
		{`"with an escape \" inside"`, false},
		{`"escaped \\ backslash"`, false},
		{`"\u0041"`, false},
		{"\"DEL \x7f here\"", false},
		{"\"\x7f\"", false},
		{`"café au lait"`, false},
		{`"é"`, false},
		{"\"emoji 😀 in the middle of the text\"", false},
	}
	for _, tt := range tests {
		for _, doc := range []string{tt.json, `[` + tt.json + `]`, `{"k":` + tt.json + `,"more":1}`, `{"k":` + tt.json + `}`} {
			v, err := DecodeString(doc)
			if err != nil {
				t.Fatalf("%s: %v", doc, err)
			}
			switch v.Kind() {
			case Array:
				v = v.Items()[0]
			case Object:
				v, _ = v.Get("k")
			}
			if v.plain() != tt.plain {
				t.Errorf("%s: plain %v, want %v", doc, v.plain(), tt.plain)
			}
			checkPlainStrings(t, v)
		}
	}
	for _, v := range []Value{StringValue("made"), BoolValue(true), NumberValue("1")} {
		if v.plain() {
			t.Errorf("%s is marked plain", v)
		}
	}
	// A plain description is kept as it is, and one that is not is cleaned.
	res, err := StrictSchema(jsonValue(t, `{"type":"object","properties":{"a":{"type":"string","description":"plain text"},"b":{"type":"string","description":"zero\u200bwidth"}},"required":["a","b"]}`), StrictOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(Marshal(res.Schema)); !strings.Contains(got, `"plain text"`) || !strings.Contains(got, `"zerowidth"`) {
		t.Errorf("descriptions: %s", got)
	}
}
