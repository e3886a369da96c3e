package adapter

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// The fast paths of Decode and AppendQuoted must not change what they return. These
// tests hold them to slower references: jsontext.AppendQuote for quoting, and for
// decoding a tree built from jsontext's tokens, with errors chosen as Decode chose
// them before it had a fast path.

// quoteReference is what AppendQuoted must write: jsontext.AppendQuote's output,
// which has U+FFFD for invalid UTF-8 even when it reports the error.
func quoteReference(dst []byte, s string) []byte {
	out, _ := jsontext.AppendQuote(dst, s)
	return out
}

func checkQuote(t *testing.T, s string) {
	t.Helper()
	want := quoteReference(nil, s)
	if got := AppendQuoted(nil, s); !bytes.Equal(got, want) {
		t.Fatalf("AppendQuoted(%q) = %q, want %q", s, got, want)
	}
	// After other bytes, into a buffer that has room and into one that has not.
	prefix := []byte(`[1,`)
	roomy := append(make([]byte, 0, len(prefix)+len(want)+16), prefix...)
	for _, dst := range [][]byte{prefix[:len(prefix):len(prefix)], roomy} {
		got := AppendQuoted(dst, s)
		if !bytes.Equal(got[:len(prefix)], prefix) || !bytes.Equal(got[len(prefix):], want) {
			t.Fatalf("AppendQuoted(%q, %q) = %q, want the prefix then %q", prefix, s, got, want)
		}
	}
}

// quoteBytes are the bytes each case of AppendQuoted's fast path turns on.
var quoteBytes = []string{
	"a", " ", "~", "\x7f", `"`, `\`, "\x00", "\x1f", "\n", "\t", "\b", "\f", "\r", "<", ">", "&", "/",
	"é", "\u2028", "\u2029", "\ufffd", "😀", "\xff", "\xc3", "\xed\xa0\x80", "\xe2\x80", "\xf0\x9f\x98",
}

// TestAppendQuotedMatchesJSONText puts every byte of interest at every position of
// strings of every length the fast path treats differently (0 to 3, 4 to 7, 8 and
// more with a partial last word).
func TestAppendQuotedMatchesJSONText(t *testing.T) {
	for n := 0; n <= 20; n++ {
		base := strings.Repeat("x", n)
		checkQuote(t, base)
		for pos := 0; pos <= n; pos++ {
			for _, q := range quoteBytes {
				checkQuote(t, base[:pos]+q+base[pos:])
				if pos < n {
					checkQuote(t, base[:pos]+q+base[pos+1:])
				}
			}
		}
	}
	for c := range 256 {
		checkQuote(t, string([]byte{byte(c)}))
		checkQuote(t, "abcdefgh"+string([]byte{byte(c)})+"ijk")
	}
	long := strings.Repeat("field description with some words ", 40)
	checkQuote(t, long)
	checkQuote(t, long+"\u2028")
	checkQuote(t, long+"\x00")
	checkQuote(t, long+"\xff")
}

// TestAppendQuotedRandom checks random strings made of the bytes of interest.
func TestAppendQuotedRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var sb strings.Builder
	for range 20000 {
		sb.Reset()
		for range rng.IntN(24) {
			switch rng.IntN(4) {
			case 0:
				sb.WriteString(quoteBytes[rng.IntN(len(quoteBytes))])
			case 1:
				sb.WriteByte(byte(rng.IntN(256)))
			default:
				sb.WriteByte(byte('a' + rng.IntN(26)))
			}
		}
		checkQuote(t, sb.String())
	}
}

func FuzzAppendQuoted(f *testing.F) {
	for _, q := range quoteBytes {
		f.Add(q)
		f.Add("abcdefg" + q + "hij")
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkQuote(t, s)
	})
}

// referenceDecode is Decode as it was before its fast path: a check by jsontext's
// Decoder with duplicate keys allowed gives the error of invalid input; a strict
// read gives a duplicate's; the value is built from jsontext's tokens.
func referenceDecode(data []byte) (Value, error) {
	src := bytes.TrimPrefix(data, utf8BOM)
	skipped := int64(len(data) - len(src))
	dec := jsontext.NewDecoder(bytes.NewBuffer(src), jsontext.AllowDuplicateNames(true))
	_, err := dec.ReadValue()
	if err == nil {
		var serr *jsontext.SyntacticError
		if _, err = dec.ReadToken(); err == io.EOF {
			err = nil
		} else if err == nil {
			err = &jsontext.SyntacticError{ByteOffset: dec.InputOffset() - 1, Err: errors.New("more than one JSON value (expecting end of input)")}
		} else if errors.As(err, &serr) && serr.Err != nil {
			err = afterValueError(serr)
		}
	}
	if err == nil {
		_, err = jsontext.NewDecoder(bytes.NewBuffer(src)).ReadValue()
	}
	if err != nil {
		return Value{}, toSyntaxError(data, skipped, err)
	}
	v, err := tokenTree(jsontext.NewDecoder(bytes.NewBuffer(src)))
	if err != nil {
		return Value{}, fmt.Errorf("reading tokens of valid JSON: %v", err)
	}
	return v, nil
}

// tokenTree builds the next value of dec from its tokens.
func tokenTree(dec *jsontext.Decoder) (Value, error) {
	tok, err := dec.ReadToken()
	if err != nil {
		return Value{}, err
	}
	switch tok.Kind() {
	case 'n':
		return NullValue(), nil
	case 't', 'f':
		return BoolValue(tok.Bool()), nil
	case '"':
		return StringValue(tok.String()), nil
	case '0':
		return NumberValue(tok.String()), nil
	case '[':
		var items []Value
		for dec.PeekKind() != ']' {
			v, err := tokenTree(dec)
			if err != nil {
				return Value{}, err
			}
			items = append(items, v)
		}
		_, err = dec.ReadToken()
		return ArrayValue(items...), err
	case '{':
		var mems []Member
		for dec.PeekKind() != '}' {
			name, err := dec.ReadToken()
			if err != nil {
				return Value{}, err
			}
			key := name.String() // before the next read invalidates name
			v, err := tokenTree(dec)
			if err != nil {
				return Value{}, err
			}
			mems = append(mems, MemberOf(key, v))
		}
		_, err = dec.ReadToken()
		return ObjectValue(mems...), err
	}
	return Value{}, fmt.Errorf("unexpected token %v", tok)
}

func checkDecode(t *testing.T, data []byte) {
	t.Helper()
	got, gotErr := Decode(data)
	want, wantErr := referenceDecode(data)
	if (gotErr == nil) != (wantErr == nil) {
		t.Fatalf("Decode(%.200q): error %v, the reference's %v", data, gotErr, wantErr)
	}
	if gotErr != nil {
		if !reflect.DeepEqual(gotErr, wantErr) {
			t.Fatalf("Decode(%.200q):\nerror     %#v\nreference %#v", data, gotErr, wantErr)
		}
		return
	}
	if !Equal(got, want) {
		t.Fatalf("Decode(%.200q) = %.200s, the reference's %.200s", data, Marshal(got), Marshal(want))
	}
	// The compact text is jsontext's own formatting of the input.
	formatted := jsontext.Value(bytes.Clone(bytes.TrimPrefix(data, utf8BOM)))
	if err := formatted.Format(); err != nil {
		t.Fatalf("jsontext cannot format what Decode accepted: %v", err)
	}
	if text := Marshal(got); !bytes.Equal(text, formatted) {
		t.Fatalf("Marshal(Decode(%.200q)) = %.200s, jsontext formats %.200s", data, text, formatted)
	}
}

// decodeSeeds are inputs for the fast path's cases: small and large objects (past
// smallObject members, and large enough for the table to grow), nested large
// objects, duplicates before and after each switch, keys equal only once unescaped,
// and errors of every kind.
func decodeSeeds() []string {
	members := func(prefix string, n int) []string {
		var out []string
		for i := range n {
			out = append(out, fmt.Sprintf(`"%s%d":%d`, prefix, i, i))
		}
		return out
	}
	obj := func(ms ...string) string { return "{" + strings.Join(ms, ",") + "}" }
	seeds := []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-0.0e+1`, `1e400`, `12345678901234567890`, ` 1 `, "\t[\n1 ,\r2 ]\n",
		`"é\u00e9\ud83d\ude00"`, `{"a":[1,{"b":null}],"c":"\n\"\\"}`, `{"a":1,"a":2}`, `{"x":{"b":1,"b":2}}`,
		`{"a":1,"\u0061":2}`, `{"\\":1,"\\\\":2,"\"":3}`, `{"a\"b":1,"a\"b":2}`, `["a\\", "b\\\"", "\\\\"]`,
		`"\ud800"`, "\"\xff\"", "\xEF\xBB\xBF{\"a\":1}", "\xEF\xBB\xBF", `[1,]`, `{"a"}`, ` [ ] `, `[[[[[[[[[[]]]]]]]]]]`,
		"{\"k\":\"\u2028\u0000\"}", `[1 2]`, `{"a":1}x`, `{"a":1} {}`, `{"a" 1}`, `{"a":}`, `{,}`, `tru`, `nul`, `-`,
		`01`, `1.`, `.5`, `"abc`, `"\x"`, "\"\x01\"", `[`, `{`, ``, `   `, `{"a":[1,2,{"b":[3,{"c":{}}]}]}`,
		`{ "a" : 1 , "b" : [ true , false , null ] , "c" : { } , "d" : [ ] }`,
		obj(append(members("k", 200), `"k150":0`)...), obj(append(members("k", 200), `"k\u0031":0`)...),
		obj(append(members("k", 40), `"n":`+obj(members("j", 40)...), `"m":`+obj(members("k", 40)...))...),
		obj(append(members("k", 40), `"n":`+obj(members("j", 40)...), `"k39":1`)...),
		obj(append(members("k", 40), `"n":`+obj(append(members("j", 40), `"j0":0`)...))...),
		"[" + strings.Repeat(obj(members("k", 20)...)+",", 5) + "1]",
		strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
		strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
		strings.Repeat(`{"a":`, MaxDepth) + "1" + strings.Repeat("}", MaxDepth),
		strings.Repeat(`{"a":`, MaxDepth+1) + "1" + strings.Repeat("}", MaxDepth+1),
	}
	// Objects around the switch to a table and around its growth, with a repeated
	// key at the start, in the middle and at the end.
	for _, n := range []int{smallObject - 1, smallObject, smallObject + 1, 2 * smallObject, 8 * smallObject, 16*smallObject + 3} {
		ms := members("k", n)
		seeds = append(seeds, obj(ms...), obj(append(ms, `"x":`+obj(ms...))...))
		for _, d := range []int{0, n / 2, n - 1} {
			seeds = append(seeds, obj(append(ms, fmt.Sprintf(`"k%d":0`, d))...))
		}
	}
	return seeds
}

// fuzzCorpusInputs returns the first argument of every file of the checked-in fuzz
// corpus, when it is a []byte or a string.
func fuzzCorpusInputs(t testing.TB) [][]byte {
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "*", "*"))
	var out [][]byte
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		if len(lines) < 2 || lines[0] != "go test fuzz v1" {
			continue
		}
		arg := lines[1]
		arg = strings.TrimPrefix(arg, "[]byte(")
		arg = strings.TrimPrefix(arg, "string(")
		arg = strings.TrimSuffix(arg, ")")
		if s, err := strconv.Unquote(arg); err == nil {
			out = append(out, []byte(s))
		}
	}
	return out
}

// TestDecodeMatchesReference runs the seeds, the checked-in fuzz corpus and the
// shared corpus (when it is there) through Decode and its reference.
func TestDecodeMatchesReference(t *testing.T) {
	for _, s := range decodeSeeds() {
		checkDecode(t, []byte(s))
	}
	inputs := fuzzCorpusInputs(t)
	if len(inputs) == 0 {
		t.Error("no checked-in fuzz corpus found")
	}
	for _, in := range inputs {
		checkDecode(t, in)
	}
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		checkDecode(t, data)
		// The same text cut short, and with a member repeated.
		checkDecode(t, data[:len(data)/2])
		if i := bytes.IndexByte(data, '{'); i >= 0 {
			if j := bytes.IndexByte(data[i:], ','); j > 0 {
				first := data[i+1 : i+j]
				dup := append(append(append([]byte{}, data[:i+j]...), ','), first...)
				checkDecode(t, append(dup, data[i+j:]...))
			}
		}
	}
}

// FuzzDecodeMatchesReference: Decode agrees with the reference on errors (the same
// *SyntaxError) and values, and its compact text is jsontext's.
func FuzzDecodeMatchesReference(f *testing.F) {
	for _, s := range decodeSeeds() {
		f.Add([]byte(s))
	}
	for _, in := range fuzzCorpusInputs(f) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecode(t, data)
	})
}

// TestPrintablePrefix checks the 8-bytes-at-a-time scan against one byte at a time:
// every byte value at every place of strings around the 8-byte blocks, and bytes
// past the first stop that must not move it.
func TestPrintablePrefix(t *testing.T) {
	want := func(s string) int {
		for i := 0; i < len(s); i++ {
			if s[i] < 0x20 || s[i] >= 0x7F {
				return i
			}
		}
		return len(s)
	}
	for n := range 20 {
		for pos := range n {
			for c := range 256 {
				b := []byte(strings.Repeat("a", n))
				b[pos] = byte(c)
				if pos+1 < n {
					b[n-1] = 0x00 // a later stop
				}
				s := string(b)
				if got := printablePrefix(s); got != want(s) {
					t.Fatalf("printablePrefix(%q) = %d, want %d", s, got, want(s))
				}
			}
		}
	}
	for _, s := range []string{"", "plain text, 8+ bytes", "é", "abcdefg\u00e9", "abcdefgh\x7f", "~~~~~~~~ ~", "\u200b"} {
		if got := printablePrefix(s); got != want(s) {
			t.Errorf("printablePrefix(%q) = %d, want %d", s, got, want(s))
		}
	}
}
