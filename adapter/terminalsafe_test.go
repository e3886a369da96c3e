package adapter

import (
	"testing"
	"unicode/utf8"
)

// FuzzTerminalSafeJSON: for any text as a key and a value, the JSON TerminalSafeJSON
// returns decodes to what the JSON given decodes to, and holds no character
// Sanitize would mark.
func FuzzTerminalSafeJSON(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b[31m", "\u009b2J\u009d0;x\u009c", "\u202eexe", "\U000E0041\U000E007F", "é\u2028\u2029\u200b", "\x7f", "\xff\xfe", "😀"} {
		f.Add(s, s+"tail")
	}
	f.Fuzz(func(t *testing.T, key, s string) {
		v := ObjectValue(MemberOf(key, StringValue(s)), MemberOf("list", ArrayValue(StringValue(s), NumberValue("1"))))
		for _, text := range [][]byte{Marshal(v), MarshalIndent(v)} {
			want, err := Decode(text)
			if err != nil {
				t.Fatalf("Marshal wrote %q, which does not decode: %v", text, err)
			}
			safe := TerminalSafeJSON(text)
			back, err := Decode(safe)
			if err != nil {
				t.Fatalf("TerminalSafeJSON(%q) = %q, which does not decode: %v", text, safe, err)
			}
			if !Equal(back, want) {
				t.Fatalf("TerminalSafeJSON(%q) = %q, which decodes to %s", text, safe, Marshal(back))
			}
			for i := 0; i < len(safe); {
				r, size := utf8.DecodeRune(safe[i:])
				if r != utf8.RuneError && r >= 0x7F && mustShow(r, false) {
					t.Fatalf("TerminalSafeJSON(%q) = %q holds U+%04X raw at byte %d", text, safe, r, i)
				}
				i += size
			}
		}
	})
}
