package pane

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// EditorText is text the Editor may hold: every character that
// termsafe.Sanitize would draw visibly (controls, invisible and tag characters)
// is written as a JSON \u escape, which means the same inside a JSON string
// and cannot reach the terminal raw. Line ends become line feeds, and a tab
// two spaces (the indent the screens open text with).
func EditorText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteRune(r)
			continue
		case r == '\t':
			b.WriteString("  ")
			continue
		case r == '\r':
			b.WriteByte('\n')
			continue
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
			continue
		case r != utf8.RuneError && termsafe.Sanitize(string(r)) == string(r):
			b.WriteRune(r)
			continue
		}
		if r > 0xFFFF {
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
			continue
		}
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	return b.String()
}
