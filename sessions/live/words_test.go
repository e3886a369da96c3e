package live

import (
	"slices"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  string
	}{
		{in: "npx -y @modelcontextprotocol/server-filesystem /tmp", want: []string{"npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"}},
		{in: "  a \t b\n c  ", want: []string{"a", "b", "c"}},
		{in: "", want: nil},
		{in: "   ", want: nil},
		{in: `'a b' "c d"`, want: []string{"a b", "c d"}},
		{in: `'a'"b"c`, want: []string{"abc"}},
		{in: `"" ''`, want: []string{"", ""}},
		{in: `a\ b`, want: []string{"a b"}},
		{in: `\'x\"`, want: []string{`'x"`}},
		{in: "a\\\nb", want: []string{"ab"}},
		{in: `'it''s'`, want: []string{"its"}},
		{in: `'a\b'`, want: []string{`a\b`}},
		{in: `"a\$b\"c\\d\e\` + "`" + `"`, want: []string{`a$b"c\d\e` + "`"}},
		{in: "\"a\\\nb\"", want: []string{"ab"}},
		{in: `$HOME ~ *.go ? [a]`, want: []string{"$HOME", "~", "*.go", "?", "[a]"}},
		{in: `"$HOME"`, want: []string{"$HOME"}},
		{in: "a#b", want: []string{"a#b"}},
		{in: `'|' "&&" \;`, want: []string{"|", "&&", ";"}},
		{in: "é ü", want: []string{"é", "ü"}},
		{in: `'open`, err: "byte 0: a single quote is not closed"},
		{in: `a "open`, err: "byte 2: a double quote is not closed"},
		{in: `a "b\"`, err: "byte 2: a double quote is not closed"},
		{in: `a\`, err: "byte 1: a backslash ends the command, escaping nothing"},
		{in: "a | b", err: `byte 2: "|" is a shell operator, and the command runs without a shell: quote it to pass it as it is, or run sh -c 'COMMAND'`},
		{in: "a;b", err: `byte 1: ";" is a shell operator, and the command runs without a shell: quote it to pass it as it is, or run sh -c 'COMMAND'`},
		{in: "a > out", err: `byte 2: ">" is a shell operator, and the command runs without a shell: quote it to pass it as it is, or run sh -c 'COMMAND'`},
		{in: "a # note", err: `byte 2: "#" starts a shell comment, and the command runs without a shell: quote it to pass it as it is`},
	} {
		got, err := SplitCommand(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("SplitCommand(%q) error = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestJoinCommand(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{[]string{"npx", "-y", "@scope/pkg@1.2", "/a/b"}, "npx -y @scope/pkg@1.2 /a/b"},
		{[]string{"a b", ""}, "'a b' ''"},
		{[]string{"it's"}, `'it'\''s'`},
		{[]string{"$HOME", "~", "a|b"}, `'$HOME' '~' 'a|b'`},
	} {
		got := JoinCommand(tc.in)
		if got != tc.want {
			t.Errorf("JoinCommand(%q) = %q, want %q", tc.in, got, tc.want)
		}
		back, err := SplitCommand(got)
		if err != nil || !slices.Equal(back, tc.in) {
			t.Errorf("SplitCommand(JoinCommand(%q)) = %q, %v", tc.in, back, err)
		}
	}
}

// FuzzSplitCommand checks that SplitCommand never panics, that its words are
// bytes of the input, and that JoinCommand writes them so that they split back
// the same.
func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"npx -y pkg", `'a b' "c\"d" e\ f`, "a\\\nb", `"`, "a | b", "# x", `""`, "é\t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := SplitCommand(s)
		if err != nil {
			if _, ok := err.(*WordsError); !ok {
				t.Fatalf("error %T, want *WordsError", err)
			}
			return
		}
		total := 0
		for _, w := range words {
			total += len(w)
		}
		if total > len(s) {
			t.Fatalf("words %q hold more bytes than %q", words, s)
		}
		back, err := SplitCommand(JoinCommand(words))
		if err != nil || !slices.Equal(back, words) {
			t.Fatalf("round trip of %q: %q, %v", words, back, err)
		}
	})
}
