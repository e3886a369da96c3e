package playground

import (
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// TestEditorTextEscapesInvisibleCharacters checks that what goes into the
// editor holds no character the terminal must not get raw, and means the same
// JSON.
func TestEditorTextEscapesInvisibleCharacters(t *testing.T) {
	in := "{\"a\":\"x\u200by\u009b\U000E0041\u202e\",\r\n\"b\":\t1}"
	out := editorText(in)
	for _, r := range out {
		if r != '\n' && r != '\t' && termsafe.Sanitize(string(r)) != string(r) {
			t.Errorf("%U reaches the editor raw: %q", r, out)
		}
	}
	a, err1 := adapter.DecodeString(in)
	b, err2 := adapter.DecodeString(out)
	if err1 != nil || err2 != nil || !adapter.Equal(a, b) {
		t.Errorf("the escaped text means something else: %v %v\n%s\n%s", err1, err2, a, b)
	}
	if !strings.Contains(out, `\udb40\udc41`) {
		t.Errorf("a tag character is not written as its surrogate pair: %q", out)
	}
}
