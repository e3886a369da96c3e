// Package termsafe makes untrusted text safe to print on a terminal: text from
// tool lists, recordings and the model never reaches it as raw control
// sequences, and characters that hide text are shown instead of removed. It
// owns the set of hidden characters, which package adapter also removes from
// descriptions, and the one way messages shorten and quote text.
package termsafe

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Sanitize makes untrusted text safe for a terminal and visible to a reader: every
// character that CleanText would remove (controls, format and tag characters, …),
// every other C0/C1 control and line or paragraph separator is written as ⟨U+XXXX⟩,
// and invalid UTF-8 bytes as ⟨0xXX⟩. Tab, line feed and carriage return are written
// as ⟨U+0009⟩, ⟨U+000A⟩ and ⟨U+000D⟩ too, so a message stays one line. Text without
// such characters is returned as is.
func Sanitize(s string) string {
	return sanitize(s, false)
}

// SanitizeLines is Sanitize for text shown on several lines: line feeds stay, and a
// tab becomes a space.
func SanitizeLines(s string) string {
	return sanitize(s, true)
}

func sanitize(s string, keepLines bool) string {
	clean := true
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7F {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || mustShow(r, keepLines) {
			clean = false
			break
		}
		i += size
	}
	if clean {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&sb, "⟨0x%02X⟩", s[i])
		case keepLines && r == '\t':
			sb.WriteByte(' ')
		case mustShow(r, keepLines):
			fmt.Fprintf(&sb, "⟨U+%04X⟩", r)
		default:
			sb.WriteString(s[i : i+size])
		}
		i += size
	}
	return sb.String()
}

func mustShow(r rune, keepLines bool) bool {
	if keepLines && (r == '\n' || r == '\t') {
		return false
	}
	if r < 0x20 || (r >= 0x7F && r <= 0x9F) || r == 0x2028 || r == 0x2029 {
		return true
	}
	return Hidden(r)
}

// JSON returns JSON text with every character Sanitize would mark
// written as a \u escape instead: DEL, the C1 controls (U+009B is CSI), line and
// paragraph separators, and the format, tag and other hidden characters CleanText
// removes (U+202E, which reverses the text after it, among them), as a surrogate
// pair past U+FFFF. Such characters only occur inside strings (JSON's own syntax
// is ASCII, and encoders escape the C0 controls), so the text parses to the same
// value, and none of them reaches a terminal raw. Invalid UTF-8 is left as it is.
// Text without such characters is returned as is, not copied.
func JSON(b []byte) []byte {
	i := 0
	for i < len(b) {
		if b[i] < 0x7F {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError && mustShow(r, false) {
			break
		}
		i += size
	}
	if i == len(b) {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	out = append(out, b[:i]...)
	for i < len(b) {
		if b[i] < 0x7F {
			out = append(out, b[i])
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError || !mustShow(r, false):
			out = append(out, b[i:i+size]...)
		case r > 0xFFFF:
			hi, lo := utf16.EncodeRune(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, hi, lo)
		default:
			out = fmt.Appendf(out, `\u%04x`, r)
		}
		i += size
	}
	return out
}

// Shorten returns s when it is at most maxBytes long; otherwise its longest
// prefix of at most maxBytes bytes that ends where a character starts, then "…".
// It is for quoting text of any length in a message.
func Shorten(s string, maxBytes int) string {
	if len(s) <= maxBytes {
		return s
	}
	return s[:runeStartAtOrBefore(s, max(maxBytes, 0))] + "…"
}

// runeStartAtOrBefore returns the last index at or before i (i < len(s)) where a
// character of s starts, or 0.
func runeStartAtOrBefore(s string, i int) int {
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

// Quote writes s between double quotes, sanitized, for a message meant for
// a terminal.
func Quote(s string) string {
	return `"` + Sanitize(s) + `"`
}

// Hidden reports whether r is one of the characters that hide text, which
// adapter.CleanText removes from descriptions
// (docs/tool-lists.md#description-cleaning): controls other than tab, LF and CR;
// U+007F–U+009F; soft hyphen; Arabic letter mark; Mongolian vowel separator;
// zero-width and directional marks and overrides; word joiner and invisible
// operators; directional isolates; BOM; interlinear annotation characters; tag
// characters; variation selectors 17–256.
func Hidden(r rune) bool {
	switch {
	case r < 0x20:
		return r != '\t' && r != '\n' && r != '\r'
	case r < 0x7F:
		return false
	case r <= 0x9F, r == 0x00AD, r == 0x061C, r == 0x180E:
		return true
	case r >= 0x200B && r <= 0x200F, r >= 0x202A && r <= 0x202E,
		r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0xFEFF, r >= 0xFFF9 && r <= 0xFFFB:
		return true
	case r >= 0xE0000 && r <= 0xE007F, r >= 0xE0100 && r <= 0xE01EF:
		return true
	}
	return false
}
