package adapter

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// TestMemberOrderIsKept: object key order is preserved everywhere; keys the converter adds go after
// the existing ones (properties, required, additionalProperties, then a new
// description); required is the one list that is sorted.
func TestMemberOrderIsKept(t *testing.T) {
	t.Run("decode and encode", func(t *testing.T) {
		for _, in := range []string{
			`{"z":1,"a":2,"m":{"y":true,"b":null}}`,
			`[{"b":1,"a":2},{"a":1,"b":2}]`,
			`{"10":1,"9":2,"":3,"é":4,"e":5}`,
		} {
			if got := string(Marshal(jsonValue(t, in))); got != in {
				t.Errorf("Marshal(Decode(%s)) = %s", in, got)
			}
		}
	})
	t.Run("With keeps the place of an existing key and appends a new one", func(t *testing.T) {
		v := jsonValue(t, `{"b":1,"a":2}`)
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
	runStrictCases(t, []strictCase{
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
		args := jsonValue(t, `{"z":1,"limit":null,"a":{"y":null,"x":2}}`)
		got, _ := StripNulls(args, []Path{Keys("limit"), Keys("a", "y")})
		if got.String() != `{"z":1,"a":{"x":2}}` {
			t.Errorf("StripNulls = %s", got)
		}
	})
	t.Run("rendered tools", func(t *testing.T) {
		set := NewToolSet([]Server{{Name: "s", Tools: []Tool{{Name: "t", Description: "d", InputSchema: jsonValue(t, `{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}},"required":["b","a"]}`)}}}}, NameOptions{})
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

// TestNumbersPassThroughAsWritten: numbers pass through exactly as written.
func TestNumbersPassThroughAsWritten(t *testing.T) {
	numbers := []string{"1e400", "12345678901234567890", "1.0", "1E2", "-0", "0.10", "-1.5e-7", "1E+2", "123456789012345678901234567890.000000000000000001"}
	for _, n := range numbers {
		t.Run(n, func(t *testing.T) {
			v := jsonValue(t, n)
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
			res, err := StrictSchema(jsonValue(t, in), StrictOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Schema.String(); got != want {
				t.Errorf("strict\n got %s\nwant %s", got, want)
			}
			// Through arguments.
			args, _ := StripNulls(jsonValue(t, `{"x":`+n+`,"y":null,"z":[`+n+`]}`), []Path{Keys("y")})
			if got := args.String(); got != `{"x":`+n+`,"z":[`+n+`]}` {
				t.Errorf("arguments = %s", got)
			}
		})
	}
	t.Run("equal only when written the same way", func(t *testing.T) {
		if Equal(jsonValue(t, "1.0"), jsonValue(t, "1")) {
			t.Error("1.0 and 1 compare equal")
		}
		if !Equal(jsonValue(t, "1e400"), NumberValue("1e400")) {
			t.Error("1e400 differs from itself")
		}
	})
}

// TestJSONInStringsIsCompactWithoutHTMLEscaping: JSON we generate inside strings
// is compact, without HTML escaping, and keeps non-ASCII text literal.
func TestJSONInStringsIsCompactWithoutHTMLEscaping(t *testing.T) {
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
			res, err := StrictSchema(jsonValue(t, in), StrictOptions{})
			if err != nil {
				t.Fatal(err)
			}
			p, _ := Lookup(res.Schema, Keys("properties", "p", "description"))
			if got, want := p.Str(), "Default: "+tt.want+"."; got != want {
				t.Errorf("description = %q, want %q", got, want)
			}
			// The description itself is written compactly too, with the same rules.
			if got := string(Marshal(jsonValue(t, tt.value))); got != tt.want {
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

// TestInputErrorsSayWhere: input errors carry where they are; a BOM is skipped; nesting up to 10,000
// levels is accepted, deeper is an error and never a stack overflow.
func TestInputErrorsSayWhere(t *testing.T) {
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
		{"text after the value", `{"type":"object"} x`, 18, 1, 19, "", "text after the JSON value (invalid character 'x')"},
		{"a bracket after the value", "[1]\n]", 4, 2, 1, "", "text after the JSON value (invalid character ']')"},
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

// A validityCase is an input and whether it is one valid JSON value
// (docs/json.md#input-errors):
// jsontext's rules (RFC 8259, UTF-8, surrogate escapes only in pairs, at most 10,000
// levels) with duplicate keys rejected and a leading byte-order mark skipped.
type validityCase struct {
	name  string
	in    string
	valid bool
}

// validityCases are the inputs the one-pass decoder treats differently: every
// literal, number, escape and white space rule, UTF-8 at and around word
// boundaries, and nesting around the limit.
func validityCases() []validityCase {
	const bom = "\xEF\xBB\xBF"
	cases := []validityCase{
		// Literals.
		{"null", `null`, true},
		{"true", `true`, true},
		{"false", `false`, true},
		{"tru", `tru`, false},
		{"nul", `nul`, false},
		{"fals", `fals`, false},
		{"falsey", `falsey`, false},
		{"nulll", `nulll`, false},
		{"nullnull", `nullnull`, false},
		{"True", `True`, false},
		{"NULL", `NULL`, false},
		{"tru in an array", `[tru]`, false},
		{"true false", `[true false]`, false},
		{"literal then a quote", `[null"a"]`, false},
		{"undefined", `undefined`, false},

		// White space.
		{"all four white space bytes", " \t\n\r1 \t\n\r", true},
		{"white space everywhere", " { \"a\" : [ 1 , { } , [ ] ] , \"b\" : \"c\" } ", true},
		{"vertical tab before", "\v1", false},
		{"form feed before", "\f1", false},
		{"vertical tab after", "1\v", false},
		{"form feed in an array", "[\f]", false},
		{"form feed before a colon", "{\"a\"\f:1}", false},
		{"byte 0xA0 before", "\xa01", false},
		{"byte 0xA0 in an array", "[1,\xa02]", false},
		{"U+00A0 before", "\u00a01", false},
		{"U+2028 after", "1\u2028", false},
		{"NUL before", "\x001", false},
		{"NUL after", "1\x00", false},
		{"empty", ``, false},
		{"only white space", " \t\n\r", false},

		// Byte-order marks.
		{"BOM then a value", bom + `{"a":1}`, true},
		{"BOM, white space, a value", bom + " \n[1] ", true},
		{"only a BOM", bom, false},
		{"BOM then white space", bom + "  ", false},
		{"two BOMs", bom + bom + `1`, false},
		{"BOM after white space", " " + bom + `1`, false},
		{"BOM in an array", `[` + bom + `1]`, false},
		{"BOM after the value", `1` + bom, false},
		{"BOM in a string", `"` + bom + `"`, true},
		{"half a BOM", "\xEF\xBB1", false},

		// Numbers.
		{"0", `0`, true},
		{"-0", `-0`, true},
		{"1", `1`, true},
		{"-1", `-1`, true},
		{"10", `10`, true},
		{"1.5", `1.5`, true},
		{"1.5e3", `1.5e3`, true},
		{"1E-5", `1E-5`, true},
		{"1e+5", `1e+5`, true},
		{"0e0", `0e0`, true},
		{"-0.0e-0", `-0.0e-0`, true},
		{"0.000001", `0.000001`, true},
		{"big integer", `123456789012345678901234567890`, true},
		{"1e400", `1e400`, true},
		{"-1e-400", `-1e-400`, true},
		{"long fraction", `3.14159265358979323846264338327950288419716939937510`, true},
		{"numbers in an array", `[0,-0,1,-1.5,2e3,2E+3,2e-3,10,0.1]`, true},
		{"01", `01`, false},
		{"-01", `-01`, false},
		{"00", `00`, false},
		{"-", `-`, false},
		{"--1", `--1`, false},
		{"-a", `-a`, false},
		{"1.", `1.`, false},
		{".1", `.1`, false},
		{"-.1", `-.1`, false},
		{"1e", `1e`, false},
		{"1e+", `1e+`, false},
		{"1E-", `1E-`, false},
		{"1e+-1", `1e+-1`, false},
		{"+1", `+1`, false},
		{"1.e5", `1.e5`, false},
		{"1..2", `1..2`, false},
		{"1.2.3", `1.2.3`, false},
		{"1e5.5", `1e5.5`, false},
		{"1e5e5", `1e5e5`, false},
		{"0x10", `0x10`, false},
		{"1_000", `1_000`, false},
		{"Infinity", `Infinity`, false},
		{"-Infinity", `-Infinity`, false},
		{"NaN", `NaN`, false},
		{"two numbers", `1 2`, false},
		{"01 in an array", `[01]`, false},
		{"- in an array", `[-]`, false},
		{"1. in an array", `[1.]`, false},
		{"1e in an array", `[1e]`, false},
		{"- as a member value", `{"a":-}`, false},
		{"number then a letter", `[1x]`, false},
		{"number then a quote", `[1"a"]`, false},

		// Escapes.
		{`\"`, `"\""`, true},
		{`\\`, `"\\"`, true},
		{`\/`, `"\/"`, true},
		{`\b`, `"\b"`, true},
		{`\f`, `"\f"`, true},
		{`\n`, `"\n"`, true},
		{`\r`, `"\r"`, true},
		{`\t`, `"\t"`, true},
		{`\u0041`, `"\u0041"`, true},
		{`\u00e9`, `"\u00e9"`, true},
		{`\uABCD upper-case hex`, `"\uABCD"`, true},
		{`\u0000`, `"\u0000"`, true},
		{`\uFFFF`, `"\uFFFF"`, true},
		{"every escape in a key", `{"\"\\\/\b\f\n\r\t\u0041":1}`, true},
		{"escape after 8 bytes", `"abcdefghij\n"`, true},
		{"escaped quote then text", `"a\"bcdefghijklmnop"`, true},
		{"escaped backslash before the quote", `"abc\\"`, true},
		{`\a`, `"\a"`, false},
		{`\v`, `"\v"`, false},
		{`\x41`, `"\x41"`, false},
		{`\'`, `"\'"`, false},
		{`\0`, `"\0"`, false},
		{`\U0041`, `"\U0041"`, false},
		{`\u`, `"\u"`, false},
		{`\u1`, `"\u1"`, false},
		{`\u12`, `"\u12"`, false},
		{`\u123`, `"\u123"`, false},
		{`\u12G4`, `"\u12G4"`, false},
		{`\u-123`, `"\u-123"`, false},
		{`\u 123`, `"\u 123"`, false},
		{`\u+123`, `"\u+123"`, false},
		{"backslash then é", "\"\\\u00e9\"", false},
		{"backslash then a space", `"\ "`, false},
		{"backslash then a tab", "\"\\\t\"", false},
		{"backslash at the end of the input", `"abc\`, false},
		{"escaped quote at the end of the input", `"abc\"`, false},
		{"bad escape after 8 bytes", `"abcdefghij\q"`, false},
		{"bad escape in a key", `{"\q":1}`, false},

		// Surrogate escapes.
		{"surrogate pair", `"\ud83d\ude00"`, true},
		{"surrogate pair, upper case", `"\uD83D\uDE00"`, true},
		{"first surrogate pair", `"\ud800\udc00"`, true},
		{"last surrogate pair", `"\udbff\udfff"`, true},
		{"surrogate pair in a key", `{"\ud83d\ude00":1}`, true},
		{"unpaired high surrogate", `"\ud800"`, false},
		{"unpaired low surrogate", `"\udc00"`, false},
		{"unpaired high surrogate in a key", `{"\ud800":1}`, false},
		{"high surrogate then a non-surrogate", `"\ud800\u0041"`, false},
		{"two high surrogates", `"\ud800\ud800"`, false},
		{"low then high", `"\udc00\ud800"`, false},
		{"high surrogate then a letter", `"\ud800x"`, false},
		{"high surrogate then an escaped quote", `"\ud800\""`, false},
		{"high surrogate then \n", `"\ud800\n"`, false},
		{"high surrogate then a short escape", `"\ud800\u12"`, false},
		{"high surrogate then bad hex", `"\ud800\udcXX"`, false},
		{"high surrogate then the end of the input", `"\ud800`, false},
		{"pair then a lone low surrogate", `"\ud83d\ude00\ude00"`, false},
		{"high surrogate then a literal low one", "\"\\ud800\xed\xb0\x80\"", false},
		{"U+D7FF and U+E000 escaped", `"\ud7ff\ue000"`, true},

		// UTF-8.
		{"é", `"é"`, true},
		{"☕", `"☕"`, true},
		{"😀", `"😀"`, true},
		{"U+FFFD written out", "\"\xef\xbf\xbd\"", true},
		{"U+D7FF", "\"\xed\x9f\xbf\"", true},
		{"U+E000", "\"\xee\x80\x80\"", true},
		{"U+10FFFF", "\"\xf4\x8f\xbf\xbf\"", true},
		{"U+0080", "\"\xc2\x80\"", true},
		{"U+07FF", "\"\xdf\xbf\"", true},
		{"U+0800", "\"\xe0\xa0\x80\"", true},
		{"U+10000", "\"\xf0\x90\x80\x80\"", true},
		{"overlong NUL", "\"\xc0\x80\"", false},
		{"overlong slash", "\"\xc0\xaf\"", false},
		{"overlong C1", "\"\xc1\xbf\"", false},
		{"overlong 3 bytes", "\"\xe0\x80\x80\"", false},
		{"overlong 4 bytes", "\"\xf0\x80\x80\x80\"", false},
		{"encoded surrogate", "\"\xed\xa0\x80\"", false},
		{"encoded low surrogate", "\"\xed\xbf\xbf\"", false},
		{"encoded surrogate pair", "\"\xed\xa0\xbd\xed\xb8\x80\"", false},
		{"above U+10FFFF", "\"\xf4\x90\x80\x80\"", false},
		{"F5", "\"\xf5\x80\x80\x80\"", false},
		{"FF", "\"\xff\"", false},
		{"FE", "\"\xfe\"", false},
		{"lone continuation byte", "\"\x80\"", false},
		{"two continuation bytes", "\"\x80\x80\"", false},
		{"truncated 2 bytes before the quote", "\"\xc3\"", false},
		{"truncated 3 bytes before the quote", "\"\xe2\x82\"", false},
		{"truncated 4 bytes before the quote", "\"\xf0\x9f\x98\"", false},
		{"truncated at the end of the input", "\"\xc3", false},
		{"truncated 3 bytes at the end of the input", "\"\xe2\x82", false},
		{"truncated 4 bytes at the end of the input", "\"\xf0\x9f\x98", false},
		{"lead byte then ASCII", "\"\xc3a\"", false},
		{"invalid UTF-8 in a key", "{\"\xff\":1}", false},
		{"invalid UTF-8 after 8 bytes", "\"abcdefghij\xff\"", false},
		{"invalid UTF-8 after é", "\"éabcdefghij\xff\"", false},
		{"invalid UTF-8 then an escape", "\"\xff\\n\"", false},
		{"escape then invalid UTF-8", "\"\\n\xff\"", false},
		{"é after 8 bytes", `"abcdefghijé"`, true},
		{"é then 20 bytes", `"éabcdefghijklmnopqrst"`, true},
		{"é then an escape", `"éabcdefghijklmnop\n"`, true},
		{"é then a bad escape", `"éabcdefghijklmnop\q"`, false},
		{"é then a control byte", "\"éabcdefghijklmnop\x01\"", false},
		{"é at every place of a word", `["é","aé","aaé","aaaé","aaaaé","aaaaaé","aaaaaaé","aaaaaaaé","aaaaaaaaé"]`, true},
		{"invalid UTF-8 outside a string", "[\xc3\xa9]", false},

		// Control bytes in strings.
		{"DEL", "\"\x7f\"", true},
		{"DEL after 8 bytes", "\"abcdefghij\x7f\"", true},
		{"raw tab", "\"a\tb\"", false},
		{"raw line feed", "\"a\nb\"", false},
		{"raw carriage return", "\"a\rb\"", false},
		{"control byte after 8 bytes", "\"abcdefghij\x1f\"", false},
		{"control byte in a key", "{\"a\x01\":1}", false},
		{"control byte in an escaped string", "\"\\n\x01\"", false},

		// Strings cut short.
		{"unterminated", `"abc`, false},
		{"unterminated long", `"abcdefghijklmnopqrstuvwxyz`, false},
		{"only a quote", `"`, false},
		{"unterminated key", `{"a`, false},

		// Structure.
		{"nested", `{"a":[1,{"b":null}],"c":"d","e":{},"f":[]}`, true},
		{"[[]]", `[[]]`, true},
		{"[{}]", `[{}]`, true},
		{"empty key", `{"":0}`, true},
		{"same key in different objects", `{"a":1,"b":{"a":2},"c":[{"a":3},{"a":3}]}`, true},
		{"trailing comma in an array", `[1,]`, false},
		{"trailing comma in an object", `{"a":1,}`, false},
		{"leading comma in an array", `[,1]`, false},
		{"only a comma in an object", `{,}`, false},
		{"two commas", `[1,,2]`, false},
		{"missing colon", `{"a" 1}`, false},
		{"missing value", `{"a":}`, false},
		{"missing colon and value", `{"a"}`, false},
		{"two colons", `{"a"::1}`, false},
		{"comma for a colon", `{"a",1}`, false},
		{"colon for a comma", `{"a":1:"b":2}`, false},
		{"unquoted key", `{a:1}`, false},
		{"single-quoted key", `{'a':1}`, false},
		{"number key", `{1:2}`, false},
		{"null key", `{null:1}`, false},
		{"object key", `{{}:1}`, false},
		{"missing comma in an object", `{"a":1 "b":2}`, false},
		{"missing comma in an array", `[1 2]`, false},
		{"extra closing bracket", `[1]]`, false},
		{"extra closing brace", `{}}`, false},
		{"only a closing bracket", `]`, false},
		{"only a closing brace", `}`, false},
		{"only a colon", `:`, false},
		{"only a comma", `,`, false},
		{"unclosed array", `[`, false},
		{"unclosed object", `{`, false},
		{"unclosed array after a value", `[1`, false},
		{"unclosed array after a comma", `[1,`, false},
		{"unclosed object after a key", `{"a"`, false},
		{"unclosed object after a colon", `{"a":`, false},
		{"unclosed object after a value", `{"a":1`, false},
		{"unclosed nested", `[{"a":[1]}`, false},
		{"[}", `[}`, false},
		{"{]", `{]`, false},
		{"[1}", `[1}`, false},
		{`{"a":1]`, `{"a":1]`, false},
		{"two strings", `"a" "b"`, false},
		{"two objects", `{}{}`, false},
		{"value then a letter", `{} x`, false},
		{"value then a comma", `1,`, false},
		{"comment", `[1/*x*/]`, false},

		// Duplicate keys.
		{"duplicate key", `{"a":1,"a":2}`, false},
		{"duplicate key once unescaped", `{"a":1,"\u0061":2}`, false},
		{"duplicate key then invalid text", `{"a":1,"a":2,}`, false},
		{"duplicate key then the end of the input", `{"a":1,"a"`, false},
		{"duplicate key nested", `[{"b":1,"b":2}]`, false},
	}

	// Nesting around the limit: arrays and objects, empty and not at the bottom.
	nest := func(open, inner, close string, n int) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	for _, n := range []int{MaxDepth - 1, MaxDepth, MaxDepth + 1} {
		ok := n <= MaxDepth
		cases = append(cases,
			validityCase{fmt.Sprintf("%d arrays", n), nest("[", "", "]", n), ok},
			validityCase{fmt.Sprintf("%d arrays around a number", n), nest("[", "0", "]", n), ok},
			validityCase{fmt.Sprintf("%d objects", n), nest(`{"a":`, "1", "}", n), ok},
			validityCase{fmt.Sprintf("%d objects, the last empty", n), nest(`{"a":`, "{}", "}", n-1), ok},
			validityCase{fmt.Sprintf("%d levels of objects and arrays", n), nest(`{"a":[`, strings.Repeat("{}", n%2), "]}", n/2), ok},
			validityCase{fmt.Sprintf("%d arrays, each after an element", n), nest("[1,", "2", "]", n), ok},
		)
	}
	cases = append(cases,
		validityCase{"10,001 arrays unclosed", strings.Repeat("[", MaxDepth+1), false},
		validityCase{"10,000 arrays unclosed", strings.Repeat("[", MaxDepth), false},
		validityCase{"10,000 arrays, one too many closed", nest("[", "", "]", MaxDepth) + "]", false},
	)
	return cases
}

// TestDecodeAcceptsWhatJSONTextAccepts: Decode accepts exactly the input jsontext
// accepts with duplicate names rejected, once a leading byte-order mark is skipped.
func TestDecodeAcceptsWhatJSONTextAccepts(t *testing.T) {
	for _, tt := range validityCases() {
		t.Run(tt.name, func(t *testing.T) {
			src := bytes.TrimPrefix([]byte(tt.in), utf8BOM)
			if ref := jsontext.Value(src).IsValid(); ref != tt.valid {
				t.Fatalf("jsontext says valid=%v for %.80q, the case says %v", ref, tt.in, tt.valid)
			}
			_, err := DecodeString(tt.in)
			if (err == nil) != tt.valid {
				t.Fatalf("Decode(%.80q) error = %v, want valid=%v", tt.in, err, tt.valid)
			}
		})
	}
}
