package termsafe_test

import (
	"testing"
	"unicode/utf8"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// FuzzJSON: for any text as a key and a value, the JSON termsafe.JSON
// returns decodes to what the JSON given decodes to, and holds no character
// Sanitize would mark.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b[31m", "\u009b2J\u009d0;x\u009c", "\u202eexe", "\U000E0041\U000E007F", "é\u2028\u2029\u200b", "\x7f", "\xff\xfe", "😀"} {
		f.Add(s, s+"tail")
	}
	f.Fuzz(func(t *testing.T, key, s string) {
		v := adapter.ObjectValue(adapter.MemberOf(key, adapter.StringValue(s)), adapter.MemberOf("list", adapter.ArrayValue(adapter.StringValue(s), adapter.NumberValue("1"))))
		for _, text := range [][]byte{adapter.Marshal(v), adapter.MarshalIndent(v)} {
			want, err := adapter.Decode(text)
			if err != nil {
				t.Fatalf("Marshal wrote %q, which does not decode: %v", text, err)
			}
			safe := termsafe.JSON(text)
			back, err := adapter.Decode(safe)
			if err != nil {
				t.Fatalf("JSON(%q) = %q, which does not decode: %v", text, safe, err)
			}
			if !adapter.Equal(back, want) {
				t.Fatalf("JSON(%q) = %q, which decodes to %s", text, safe, adapter.Marshal(back))
			}
			for i := 0; i < len(safe); {
				r, size := utf8.DecodeRune(safe[i:])
				if r != utf8.RuneError && r >= 0x7F && termsafe.Sanitize(string(r)) != string(r) {
					t.Fatalf("JSON(%q) = %q holds U+%04X raw at byte %d", text, safe, r, i)
				}
				i += size
			}
		}
	})
}
