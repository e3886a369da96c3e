package adapter

import (
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// AppendCompact appends the compact JSON text of v to dst: no white space, members in
// order, numbers as written, no HTML escaping, non-ASCII text literal. This is the
// form of JSON the library writes inside strings (a default in a description,
// structuredContent as text) and sends to OpenAI.
func AppendCompact(dst []byte, v Value) []byte {
	return appendValue(dst, v, "", 0)
}

// AppendIndent appends v as JSON text with each element on its own line, indented by
// indent per level. Empty arrays and objects stay "[]" and "{}".
func AppendIndent(dst []byte, v Value, indent string) []byte {
	return appendValue(dst, v, indent, 0)
}

// Marshal returns the compact JSON text of v.
func Marshal(v Value) []byte { return AppendCompact(nil, v) }

// MarshalIndent returns v as indented JSON text (two spaces a level), with a final
// newline.
func MarshalIndent(v Value) []byte { return append(AppendIndent(nil, v, "  "), '\n') }

func appendValue(dst []byte, v Value, indent string, depth int) []byte {
	switch v.kind {
	case Null:
		return append(dst, "null"...)
	case Bool:
		if v.b {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case Number:
		return append(dst, v.text()...)
	case String:
		return AppendQuoted(dst, v.text())
	case Array:
		if v.n == 0 {
			return append(dst, "[]"...)
		}
		dst = append(dst, '[')
		for i, it := range v.items() {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = newline(dst, indent, depth+1)
			dst = appendValue(dst, it, indent, depth+1)
		}
		dst = newline(dst, indent, depth)
		return append(dst, ']')
	case Object:
		if v.n == 0 {
			return append(dst, "{}"...)
		}
		dst = append(dst, '{')
		for i, m := range v.mems() {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = newline(dst, indent, depth+1)
			dst = AppendQuoted(dst, m.Key)
			dst = append(dst, ':')
			if indent != "" {
				dst = append(dst, ' ')
			}
			dst = appendValue(dst, m.Value, indent, depth+1)
		}
		dst = newline(dst, indent, depth)
		return append(dst, '}')
	}
	return dst
}

func newline(dst []byte, indent string, depth int) []byte {
	if indent == "" {
		return dst
	}
	dst = append(dst, '\n')
	for range depth {
		dst = append(dst, indent...)
	}
	return dst
}

const hexDigits = "0123456789abcdef"

// AppendQuoted appends s as a JSON string literal, written by jsontext: only '"',
// '\\' and control characters below U+0020 are escaped (no HTML escaping, U+2028
// and U+2029 literal); invalid UTF-8 becomes U+FFFD.
func AppendQuoted(dst []byte, s string) []byte {
	if out, err := jsontext.AppendQuote(dst, s); err == nil {
		return out
	}
	return appendQuotedLossy(dst, s)
}

// appendQuotedLossy is AppendQuoted for text with invalid UTF-8, which a Value
// built from Decode never holds.
func appendQuotedLossy(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, s[start:i]...)
				dst = append(dst, "\ufffd"...)
				i += size
				start = i
				continue
			}
			i += size
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
