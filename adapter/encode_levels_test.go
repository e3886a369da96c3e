package adapter

import "testing"

// TestAppendIndentLevels checks where the lines stop: levels 0 is compact, a
// negative levels is AppendIndent, empty containers stay "[]" and "{}", and the
// text always decodes to the same value.
func TestAppendIndentLevels(t *testing.T) {
	doc := `{"a":[1,{"b":[]}],"c":{},"d":"x"}`
	v, err := DecodeString(doc)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		levels int
		want   string
	}{
		{0, doc},
		{1, "{\n \"a\": [1,{\"b\":[]}],\n \"c\": {},\n \"d\": \"x\"\n}"},
		{2, "{\n \"a\": [\n  1,\n  {\"b\":[]}\n ],\n \"c\": {},\n \"d\": \"x\"\n}"},
		{-1, string(AppendIndent(nil, v, " "))},
		{9, string(AppendIndent(nil, v, " "))},
	}
	for _, tt := range tests {
		got := string(AppendIndentLevels(nil, v, " ", tt.levels))
		if got != tt.want {
			t.Errorf("levels %d:\n%s\nwant\n%s", tt.levels, got, tt.want)
		}
		back, err := DecodeString(got)
		if err != nil || !Equal(back, v) {
			t.Errorf("levels %d: does not decode to the same value (%v)", tt.levels, err)
		}
	}
	if got := string(AppendIndentLevels(nil, StringValue("s"), " ", 0)); got != `"s"` {
		t.Errorf("a scalar: %s", got)
	}
}
