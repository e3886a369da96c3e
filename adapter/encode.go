package adapter

import (
	"encoding/binary"
	"slices"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// AppendCompact appends the compact JSON text of v to dst: no white space, members in
// order, numbers as written, no HTML escaping, non-ASCII text literal. This is the
// form of JSON the library writes inside strings (a default in a description,
// structuredContent as text) and sends to OpenAI.
func AppendCompact(dst []byte, v Value) []byte {
	switch v.kind() {
	case Null:
		return append(dst, "null"...)
	case Bool:
		if v.flag() {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case Number:
		return append(dst, v.text()...)
	case String:
		return AppendQuoted(dst, v.text())
	case Array:
		if v.n() == 0 {
			return append(dst, "[]"...)
		}
		dst = append(dst, '[')
		for i, it := range v.items() {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendCompact(dst, it)
		}
		return append(dst, ']')
	case Object:
		if v.n() == 0 {
			return append(dst, "{}"...)
		}
		sep := byte('{')
		mems := v.mems()
		for i := range mems {
			m := &mems[i]
			dst = append(dst, sep)
			sep = ','
			dst = AppendQuoted(dst, m.Key())
			dst = append(dst, ':')
			dst = AppendCompact(dst, m.Value())
		}
		return append(dst, '}')
	}
	return dst
}

// MaxIndentDepth is how many levels of nesting the indented forms (AppendIndent,
// AppendIndentLevels, MarshalIndent) break into lines. The root is at depth 0; an
// array or object at depth MaxIndentDepth or deeper is written compact, on the
// line of its member or element, so no line is indented more than MaxIndentDepth
// levels. Without this cap a value nested n levels deep would take about n²
// bytes of indentation: arguments come from the model and vendor keywords from a
// server, and 3,000 nested arrays (6 KB) would print 18 MB. With it the text is
// the compact text plus, on each line, at most MaxIndentDepth·len(indent)+2 bytes
// (the indentation, the newline, the space after a colon).
const MaxIndentDepth = 64

// AppendIndent appends v as JSON text with each element on its own line, indented by
// indent per level, down to MaxIndentDepth levels: a value nested deeper is written
// compact on its line. Empty arrays and objects stay "[]" and "{}".
func AppendIndent(dst []byte, v Value, indent string) []byte {
	return appendValue(dst, v, indent, 0, MaxIndentDepth)
}

// AppendIndentLevels is AppendIndent for the first levels levels of nesting only:
// an array or object nested deeper is written compact, on the line of its member
// or element. Levels 0 writes v compact; a negative levels, or one above
// MaxIndentDepth, is AppendIndent. Large documents stay readable in far fewer
// lines: with levels 2, a schema takes one line per property.
func AppendIndentLevels(dst []byte, v Value, indent string, levels int) []byte {
	if levels < 0 || levels > MaxIndentDepth {
		levels = MaxIndentDepth
	}
	return appendValue(dst, v, indent, 0, levels)
}

// Marshal returns the compact JSON text of v.
func Marshal(v Value) []byte { return AppendCompact(nil, v) }

// MarshalIndent returns v as indented JSON text (two spaces a level, down to
// MaxIndentDepth levels as AppendIndent writes it), with a final newline. The
// text decodes to v: members in order, numbers as written.
func MarshalIndent(v Value) []byte { return append(AppendIndent(nil, v, "  "), '\n') }

// appendValue writes v at nesting depth, breaking the arrays and objects above
// depth levels into lines. Scalars, empty containers and containers at depth
// levels or deeper are written as AppendCompact writes them.
func appendValue(dst []byte, v Value, indent string, depth, levels int) []byte {
	if v.n() == 0 || depth >= levels || v.kind() != Array && v.kind() != Object {
		return AppendCompact(dst, v)
	}
	switch v.kind() {
	case Array:
		dst = append(dst, '[')
		for i, it := range v.items() {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = newline(dst, indent, depth+1)
			dst = appendValue(dst, it, indent, depth+1, levels)
		}
		dst = newline(dst, indent, depth)
		return append(dst, ']')
	case Object:
		dst = append(dst, '{')
		for i, m := range v.mems() {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = newline(dst, indent, depth+1)
			dst = AppendQuoted(dst, m.Key())
			dst = append(dst, ':')
			if indent != "" {
				dst = append(dst, ' ')
			}
			dst = appendValue(dst, m.Value(), indent, depth+1, levels)
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
//
// A string that needs none of this (valid UTF-8 without '"', '\\' or a byte below
// 0x20) is copied between quotes as it is, which is what jsontext.AppendQuote
// writes for it: the copy looks at 8 bytes at a time, and utf8.ValidString runs
// only when a byte is above 0x7F. Any other string is written by
// jsontext.AppendQuote.
func AppendQuoted(dst []byte, s string) []byte {
	start := len(dst)
	end := start + len(s) + 2
	if end > cap(dst) {
		dst = slices.Grow(dst, len(s)+2)
	}
	dst = dst[:end]
	dst[start] = '"'
	if copyPlain(dst[start+1:end-1], s) {
		dst[end-1] = '"'
		return dst
	}
	dst = dst[:start]
	if out, err := jsontext.AppendQuote(dst, s); err == nil {
		return out
	}
	return appendQuotedLossy(dst, s)
}

// copyPlain copies s into out, which has its length, and reports whether s is
// valid UTF-8 without '"', '\\' or a byte below 0x20: whether out is then the
// inside of the JSON string literal of s. When it is not, out holds part of s.
func copyPlain(out []byte, s string) bool {
	in := bytesOf(s)
	n := len(in)
	var all uint64 // the bytes looked at, or-ed together: is one above 0x7F?
	switch {
	case n >= 8:
		for i := 0; i+8 <= n; i += 8 {
			x := binary.LittleEndian.Uint64(in[i:])
			if needsEscape(x) {
				return false
			}
			all |= x
			binary.LittleEndian.PutUint64(out[i:], x)
		}
		// The last 1 to 7 bytes are among the last 8.
		x := binary.LittleEndian.Uint64(in[n-8:])
		if needsEscape(x) {
			return false
		}
		all |= x
		binary.LittleEndian.PutUint64(out[n-8:], x)
	case n >= 4:
		// Two 4-byte pieces, which overlap when n < 8.
		lo, hi := binary.LittleEndian.Uint32(in), binary.LittleEndian.Uint32(in[n-4:])
		all = uint64(lo) | uint64(hi)<<32
		if needsEscape(all) {
			return false
		}
		binary.LittleEndian.PutUint32(out, lo)
		binary.LittleEndian.PutUint32(out[n-4:], hi)
	case n > 0:
		// in[0], in[n/2] and in[n-1] are all of 1 to 3 bytes; the five bytes
		// above them are spaces, which need no escape.
		all = uint64(in[0]) | uint64(in[n/2])<<8 | uint64(in[n-1])<<16 | 0x2020202020000000
		if needsEscape(all) {
			return false
		}
		out[0], out[n/2], out[n-1] = in[0], in[n/2], in[n-1]
	}
	return all&highs == 0 || utf8.ValidString(s)
}

// needsEscape reports whether one of the 8 bytes of x is '"', '\\' or below 0x20.
// (x - ones*0x20) &^ x has the high bit of some byte set exactly when a byte of x
// is below 0x20, as zeroBytes does for a zero byte.
func needsEscape(x uint64) bool {
	return ((x-ones*0x20)&^x|zeroBytes(x^(ones*'"'))|zeroBytes(x^(ones*'\\')))&highs != 0
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
