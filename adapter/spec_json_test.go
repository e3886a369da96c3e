package adapter

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// SPEC §1: object key order is preserved everywhere; keys the converter adds go after
// the existing ones (properties, required, additionalProperties, then a new
// description); required is the one list that is sorted.
func TestSpec1_KeyOrder(t *testing.T) {
	t.Run("decode and encode", func(t *testing.T) {
		for _, in := range []string{
			`{"z":1,"a":2,"m":{"y":true,"b":null}}`,
			`[{"b":1,"a":2},{"a":1,"b":2}]`,
			`{"10":1,"9":2,"":3,"é":4,"e":5}`,
		} {
			if got := string(Marshal(spValue(t, in))); got != in {
				t.Errorf("Marshal(Decode(%s)) = %s", in, got)
			}
		}
	})
	t.Run("With keeps the place of an existing key and appends a new one", func(t *testing.T) {
		v := spValue(t, `{"b":1,"a":2}`)
		if got := v.With("b", NumberValue("3")).String(); got != `{"b":3,"a":2}` {
			t.Errorf("With existing = %s", got)
		}
		if got := v.With("c", NumberValue("3")).String(); got != `{"b":1,"a":2,"c":3}` {
			t.Errorf("With new = %s", got)
		}
		if got := v.Without("b").String(); got != `{"a":2}` {
			t.Errorf("Without = %s", got)
		}
		if v.String() != `{"b":1,"a":2}` {
			t.Errorf("the original changed: %s", v)
		}
	})
	spRunStrict(t, []strictCase{
		{
			name: "properties keep their order, required is sorted, added keys go last",
			in:   `{"description":"d","type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"integer"},"Mid":{"type":"boolean"}},"required":["zeta"]}`,
			want: `{"description":"d","type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":["integer","null"]},"Mid":{"type":["boolean","null"]}},"required":["Mid","alpha","zeta"],"additionalProperties":false}`,
		},
		{
			name: "existing required and additionalProperties keep their place",
			in:   `{"additionalProperties":false,"required":["b"],"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}}}`,
			want: `{"additionalProperties":false,"required":["a","b"],"type":"object","properties":{"b":{"type":"string"},"a":{"type":["string","null"]}}}`,
		},
		{
			name: "a new description goes after additionalProperties",
			in:   `{"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"],"default":{"x":"1"}}},"required":["o"]}`,
			want: `{"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"],"additionalProperties":false,"description":"Default: {\"x\":\"1\"}."}},"required":["o"],"additionalProperties":false}`,
		},
		{
			name: "nested keys keep their order",
			in:   `{"type":"object","properties":{"a":{"maxLength":3,"type":"string","minLength":1,"description":"x"}},"required":["a"]}`,
			want: `{"type":"object","properties":{"a":{"maxLength":3,"type":"string","minLength":1,"description":"x"}},"required":["a"],"additionalProperties":false}`,
		},
	})
	t.Run("arguments keep their order when nulls are stripped", func(t *testing.T) {
		args := spValue(t, `{"z":1,"limit":null,"a":{"y":null,"x":2}}`)
		got, _ := StripNulls(args, []Path{Keys("limit"), Keys("a", "y")})
		if got.String() != `{"z":1,"a":{"x":2}}` {
			t.Errorf("StripNulls = %s", got)
		}
	})
	t.Run("rendered tools", func(t *testing.T) {
		set := NewToolSet([]Server{{Name: "s", Tools: []Tool{{Name: "t", Description: "d", InputSchema: spValue(t, `{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}},"required":["b","a"]}`)}}}}, NameOptions{})
		chat, _ := Tools(set, ToolsOptions{API: Chat})
		resp, _ := Tools(set, ToolsOptions{API: Responses})
		params := `{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}},"required":["a","b"],"additionalProperties":false}`
		if got, want := chat[0].String(), `{"type":"function","function":{"name":"s__t","description":"d","parameters":`+params+`,"strict":true}}`; got != want {
			t.Errorf("chat\n got %s\nwant %s", got, want)
		}
		if got, want := resp[0].String(), `{"type":"function","name":"s__t","description":"d","parameters":`+params+`,"strict":true}`; got != want {
			t.Errorf("responses\n got %s\nwant %s", got, want)
		}
	})
}

// SPEC §1: numbers pass through exactly as written.
func TestSpec1_NumbersVerbatim(t *testing.T) {
	numbers := []string{"1e400", "12345678901234567890", "1.0", "1E2", "-0", "0.10", "-1.5e-7", "1E+2", "123456789012345678901234567890.000000000000000001"}
	for _, n := range numbers {
		t.Run(n, func(t *testing.T) {
			v := spValue(t, n)
			if v.Kind() != Number || v.NumberText() != n {
				t.Fatalf("Decode(%s) = %v %q", n, v.Kind(), v.NumberText())
			}
			if got := string(Marshal(v)); got != n {
				t.Errorf("Marshal = %s", got)
			}
			// Through a strict conversion: bounds, enum and const values, and a
			// default written into a description.
			in := `{"type":"object","properties":{"n":{"type":"number","minimum":` + n + `,"maximum":` + n + `,"enum":[` + n + `],"default":` + n + `},"c":{"const":` + n + `}},"required":["n","c"]}`
			want := `{"type":"object","properties":{"n":{"type":"number","minimum":` + n + `,"maximum":` + n + `,"enum":[` + n + `],"description":"Default: ` + n + `."},"c":{"const":` + n + `}},"required":["c","n"],"additionalProperties":false}`
			res, err := StrictSchema(spValue(t, in), StrictOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Schema.String(); got != want {
				t.Errorf("strict\n got %s\nwant %s", got, want)
			}
			// Through arguments.
			args, _ := StripNulls(spValue(t, `{"x":`+n+`,"y":null,"z":[`+n+`]}`), []Path{Keys("y")})
			if got := args.String(); got != `{"x":`+n+`,"z":[`+n+`]}` {
				t.Errorf("arguments = %s", got)
			}
		})
	}
	t.Run("equal only when written the same way", func(t *testing.T) {
		if Equal(spValue(t, "1.0"), spValue(t, "1")) {
			t.Error("1.0 and 1 compare equal")
		}
		if !Equal(spValue(t, "1e400"), NumberValue("1e400")) {
			t.Error("1e400 differs from itself")
		}
	})
}

// SPEC §1: JSON we generate inside strings is compact, without HTML escaping, and
// keeps non-ASCII text literal.
func TestSpec1_CompactNoHTMLEscape(t *testing.T) {
	tests := []struct {
		name  string
		value string
		want  string // the text after "Default: "
	}{
		{"HTML characters", `"<a href='x'>&amp;</a>"`, `"<a href='x'>&amp;</a>"`},
		{"non-ASCII", `"café ☕ 日本 😀"`, `"café ☕ 日本 😀"`},
		{"line and paragraph separators", "\"a\u2028b\u2029c\"", "\"a\u2028b\u2029c\""},
		{"object with spaces", `{ "a" : [ 1 , 2.50 ] , "b" : { } , "c" : [ ] }`, `{"a":[1,2.50],"b":{},"c":[]}`},
		{"escapes that JSON needs", `"q\"b\\s\n\t\u0001"`, `"q\"b\\s\n\t\u0001"`},
		{"escaped non-ASCII is written literally", `"\u00e9\ud83d\ude00"`, `"é😀"`},
		{"null", `null`, `null`},
		{"booleans in an array", `[true,false]`, `[true,false]`},
		{"true", `true`, `true`},
		{"false", `false`, `false`},
		{"a number keeps its text", `-1.50E+3`, `-1.50E+3`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := `{"type":"object","properties":{"p":{"type":"string","default":` + tt.value + `}},"required":["p"]}`
			res, err := StrictSchema(spValue(t, in), StrictOptions{})
			if err != nil {
				t.Fatal(err)
			}
			p, _ := Lookup(res.Schema, Keys("properties", "p", "description"))
			if got, want := p.Str(), "Default: "+tt.want+"."; got != want {
				t.Errorf("description = %q, want %q", got, want)
			}
			// The description itself is written compactly too, with the same rules.
			if got := string(Marshal(spValue(t, tt.value))); got != tt.want {
				t.Errorf("Marshal = %s, want %s", got, tt.want)
			}
		})
	}
	t.Run("Marshal never escapes HTML", func(t *testing.T) {
		if got := string(Marshal(StringValue("<>&\u2028é"))); got != "\"<>&\u2028é\"" {
			t.Errorf("Marshal = %s", got)
		}
	})
}

// SPEC §1: input errors carry where they are; a BOM is skipped; nesting up to 10,000
// levels is accepted, deeper is an error and never a stack overflow.
func TestSpec1_InputErrors(t *testing.T) {
	const bom = "\xEF\xBB\xBF"
	tests := []struct {
		name    string
		in      string
		offset  int64
		line    int
		column  int
		pointer string
		msg     string // a part of the message
	}{
		{"invalid JSON", `{"a":1,}`, 7, 1, 8, "", "invalid character"},
		{"invalid literal on line 2", "{\n\"a\": tru}", 10, 2, 9, "/a", "invalid character"},
		{"invalid UTF-8", "{\"a\":\"\xff\"}", 6, 1, 7, "/a", "UTF-8"},
		{"invalid UTF-8 in a key", "{\"a\xc3\":1}", 3, 1, 4, "", "UTF-8"},
		{"unpaired high surrogate", `{"a":"\ud800"}`, 6, 1, 7, "/a", "surrogate"},
		{"unpaired low surrogate", `["x","\udc00"]`, 6, 1, 7, "/1", "surrogate"},
		{"high surrogate followed by a non-surrogate", `"\ud800\u0041"`, 1, 1, 2, "", "surrogate"},
		{"duplicate key", `{"a":1,"a":2}`, 7, 1, 8, "", `duplicate key "a"`},
		{"duplicate key nested", `{"x":{"b":1,"b":2}}`, 12, 1, 13, "/x", `duplicate key "b"`},
		{"duplicate key in an array element", "[{},\n {\"k\":1,\"k\":1}]", 13, 2, 9, "/1", `duplicate key "k"`},
		{"duplicate key after many members", `{"a0":0,"a1":1,"a2":2,"a3":3,"a4":4,"a5":5,"a6":6,"a7":7,"a8":8,"a9":9,"b0":0,"b1":1,"b2":2,"b3":3,"b4":4,"b5":5,"b6":6,"a3":3}`, 120, 1, 121, "", `duplicate key "a3"`},
		{"error after a BOM counts the BOM's bytes", bom + `{"a":1,}`, 10, 1, 11, "", "invalid character"},
		{"empty", ``, 0, 1, 1, "", "empty"},
		{"only a BOM", bom, 3, 1, 4, "", "empty"},
		{"truncated", "[1,\n2", 5, 2, 2, "", "end of input"},
		{"two values", `{} {}`, 3, 1, 4, "", "more than one JSON value"},
		{"trailing garbage", `[1] x`, 4, 1, 5, "", "invalid character"},
		{"BOM in the middle", `[` + bom + `1]`, 1, 1, 2, "/0", "invalid character"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.in))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Decode(%q) error = %v, want a *SyntaxError", tt.in, err)
			}
			if se.Offset != tt.offset || se.Line != tt.line || se.Column != tt.column || se.Pointer != tt.pointer {
				t.Errorf("at offset %d line %d column %d pointer %q, want %d %d %d %q (%s)", se.Offset, se.Line, se.Column, se.Pointer, tt.offset, tt.line, tt.column, tt.pointer, se.Msg)
			}
			if !strings.Contains(se.Msg, tt.msg) {
				t.Errorf("message %q does not say %q", se.Msg, tt.msg)
			}
			if !strings.Contains(se.Error(), "line ") || !strings.Contains(se.Error(), se.Msg) {
				t.Errorf("Error() = %q lacks the position or the message", se.Error())
			}
		})
	}

	t.Run("a long pointer is shortened at character boundaries", func(t *testing.T) {
		_, err := DecodeString(strings.Repeat(`{"ééé":`, 10001) + "1" + strings.Repeat("}", 10001))
		msg := err.Error()
		if !utf8.ValidString(msg) || strings.Contains(msg, "⟨0x") || !strings.Contains(msg, " at /ééé/ééé") || !strings.Contains(msg, "…") || len(msg) > 300 {
			t.Errorf("Error() = %q", msg)
		}
	})
	t.Run("BOM skipped", func(t *testing.T) {
		v, err := Decode([]byte(bom + ` {"a":[1,"é"]} `))
		if err != nil || v.String() != `{"a":[1,"é"]}` {
			t.Fatalf("Decode = %s, %v", v, err)
		}
	})
	t.Run("escaped surrogate pair accepted", func(t *testing.T) {
		v, err := DecodeString(`"\ud83d\ude00"`)
		if err != nil || v.Str() != "😀" {
			t.Fatalf("Decode = %q, %v", v.Str(), err)
		}
	})

	deep := []struct {
		name   string
		open   string
		close  string
		inner  string
		levels int
		ok     bool
		offset int64 // of the 10,001st opener
	}{
		{"10,000 arrays", "[", "]", "", 10000, true, 0},
		{"10,000 objects", `{"a":`, "}", "1", 10000, true, 0},
		{"10,001 arrays", "[", "]", "", 10001, false, 10000},
		{"10,001 objects", `{"a":`, "}", "1", 10001, false, 50000},
		{"10,002 mixed", `[{"k":`, "}]", "0", 5001, false, 30000},
		{"a million arrays", "[", "]", "", 1000000, false, 10000},
		{"a million unclosed arrays", "[", "", "", 1000000, false, 10000},
	}
	for _, tt := range deep {
		t.Run(tt.name, func(t *testing.T) {
			in := strings.Repeat(tt.open, tt.levels) + tt.inner + strings.Repeat(tt.close, tt.levels)
			v, err := DecodeString(in)
			if tt.ok {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				if string(Marshal(v)) != in {
					t.Error("round trip changed the value")
				}
				return
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error = %v, want a *SyntaxError", err)
			}
			if !strings.Contains(se.Msg, "10000") {
				t.Errorf("message %q does not name the limit", se.Msg)
			}
			// The 10,001st opener is where the problem is.
			wantOffset := tt.offset
			if se.Offset != wantOffset || se.Line != 1 || se.Column != int(wantOffset)+1 {
				t.Errorf("at offset %d line %d column %d, want offset %d", se.Offset, se.Line, se.Column, wantOffset)
			}
			if !strings.HasPrefix(se.Pointer, "/") {
				t.Errorf("pointer %q does not locate the value", se.Pointer)
			}
		})
	}
}
