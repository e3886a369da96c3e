package adapter

import "testing"

// TestDroppedReasons: every dropped keyword says why it was dropped.
func TestDroppedReasons(t *testing.T) {
	schema := `{"type":"object","properties":{
		"a":{"type":"string","default":"x","examples":["y"],"format":"uri","pattern":"^(?!z)"},
		"b":{"type":"string","properties":{},"items":{"type":"string"},"description":7},
		"c":{"$ref":"#/$defs/D","items":{"type":"string"}},
		"d":{"type":"object","properties":{"e":{"type":"string"}},"required":["e"],"$defs":{}},
		"f":{"$ref":"#/$defs/D","$defs":{},"definitions":{}}
	},"items":{"type":"string"},"default":{},"$defs":{"D":{"type":"string"},"U":{"type":"string"}}}`
	want := map[string]string{
		`["properties","a","default"]`:     ReasonDefault,
		`["properties","a","examples"]`:    ReasonUnsupported,
		`["properties","a","format"]`:      ReasonFormat,
		`["properties","a","pattern"]`:     ReasonLookaround,
		`["properties","b","properties"]`:  ReasonNotObject,
		`["properties","b","items"]`:       ReasonNotArray,
		`["properties","b","description"]`: ReasonNotString,
		`["properties","c","items"]`:       ReasonNotArray,
		`["properties","d","$defs"]`:       ReasonNestedDefs,
		`["properties","f","$defs"]`:       ReasonNestedDefs,
		`["properties","f","definitions"]`: ReasonNestedDefs,
		`["items"]`:                        ReasonNotArray,
		`["default"]`:                      ReasonDefaultNoText,
		`["$defs","U"]`:                    ReasonUnreachable,
	}
	v, err := DecodeString(schema)
	if err != nil {
		t.Fatal(err)
	}
	res, err := StrictSchema(v, StrictOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range res.Dropped.List() {
		got[d.Path.String()] = d.Reason
	}
	for p, reason := range want {
		if got[p] != reason {
			t.Errorf("%s: reason %q, want %q", p, got[p], reason)
		}
	}
	if len(got) != len(want) {
		t.Errorf("dropped %v, want %d entries", got, len(want))
	}
	// Without default descriptions, a property's default leaves no text.
	res, _ = StrictSchema(v, StrictOptions{NoDefaultDescriptions: true})
	for _, d := range res.Dropped.List() {
		if d.Path.String() == `["properties","a","default"]` && d.Reason != ReasonDefaultNoText {
			t.Errorf("default with descriptions off: %q", d.Reason)
		}
	}
}
