package pane

import (
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// TestEditorText checks each rule of EditorText: what the terminal must not
// get raw becomes a \u escape (a surrogate pair above U+FFFF), line ends
// become line feeds and tabs two spaces, and the JSON means the same.
func TestEditorText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"a":"plain é 日本"}`, `{"a":"plain é 日本"}`},
		{"{\"a\":\"x\u200by\"}", `{"a":"x\u200by"}`},
		{"{\"a\":\"\u009b31m\"}", `{"a":"\u009b31m"}`},
		{"{\"a\":\"\u202eevil\"}", `{"a":"\u202eevil"}`},
		{"{\"a\":\"\U000E0041\"}", `{"a":"\udb40\udc41"}`},
		{"{\r\n\"a\":\t1\r}", "{\n\"a\":  1\n}"},
	} {
		got := EditorText(tc.in)
		if got != tc.want {
			t.Errorf("EditorText(%q) = %q, want %q", tc.in, got, tc.want)
		}
		for _, r := range got {
			if r != '\n' && termsafe.Sanitize(string(r)) != string(r) {
				t.Errorf("%U reaches the editor raw in %q", r, got)
			}
		}
		a, err1 := adapter.DecodeString(tc.in)
		b, err2 := adapter.DecodeString(got)
		if err1 != nil || err2 != nil || !adapter.Equal(a, b) {
			t.Errorf("%q means something else: %v %v", tc.in, err1, err2)
		}
	}
}
