package adapter

import (
	"bytes"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// FuzzDecodeAgreesWithJSONText: Decode decides validity in the same pass that builds
// the Value, and must decide as jsontext does. For any input, Decode succeeds exactly
// when jsontext.Value.IsValid (which rejects duplicate names) accepts the input
// after a leading byte-order mark; an accepted value is the one built from
// jsontext's tokens, and a rejected input gets the error jsontext's Decoder gives.
func FuzzDecodeAgreesWithJSONText(f *testing.F) {
	for _, c := range validityCases() {
		f.Add([]byte(c.in))
	}
	for _, s := range decodeSeeds() {
		f.Add([]byte(s))
	}
	// Pieces the mutator can splice: each escape, surrogate and UTF-8 case inside
	// strings of lengths around the 8-byte words, as keys and as elements.
	for _, piece := range []string{
		`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00e9`, `\ud83d\ude00`, `\ud800`, `\udc00`, `\u12`, `\q`,
		"é", "\xff", "\xc3", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\x80", "\x01", "\x1f", "\x7f", "\t",
	} {
		for _, pad := range []string{"", "abcdefg", "abcdefgh", "abcdefghijklmno"} {
			f.Add([]byte(`{"` + pad + piece + `":["` + piece + pad + `", 1.5e3, -0, true]}`))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want := jsontext.Value(bytes.TrimPrefix(data, utf8BOM)).IsValid()
		if _, err := Decode(data); (err == nil) != want {
			t.Fatalf("Decode(%.200q) error = %v; jsontext says valid=%v", data, err, want)
		}
		checkDecode(t, data)
	})
}
