package adapter

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// MaxDepth is the deepest nesting of arrays and objects an input may have. Deeper
// input is a *SyntaxError, never a stack overflow.
const MaxDepth = 10000

// A SyntaxError says why an input is not one well-formed JSON value, and where.
// Invalid JSON, invalid UTF-8, an unpaired surrogate escape, a duplicate key inside
// one object and nesting deeper than MaxDepth are all syntax errors.
type SyntaxError struct {
	Offset  int64  // byte offset at or after which the problem is
	Line    int    // 1-based line of Offset
	Column  int    // 1-based column (in bytes) of Offset
	Pointer string // JSON pointer (RFC 6901) to the value that holds the problem, "" for the top
	Msg     string // what is wrong, without the position
}

func (e *SyntaxError) Error() string {
	where := fmt.Sprintf("line %d, column %d (byte %d)", e.Line, e.Column, e.Offset)
	if e.Pointer != "" {
		p := e.Pointer
		if len(p) > 120 {
			// Keep about 60 bytes at each end, cut at character boundaries.
			head, tail := 60, len(p)-59
			for head > 0 && !utf8.RuneStart(p[head]) {
				head--
			}
			for tail < len(p) && !utf8.RuneStart(p[tail]) {
				tail++
			}
			p = p[:head] + "…" + p[tail:]
		}
		where += " at " + Sanitize(p)
	}
	return where + ": " + e.Msg
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Decode reads exactly one JSON value from data. A leading UTF-8 byte-order mark is
// skipped; anything but white space after the value is an error. Errors are
// *SyntaxError.
//
// The input is checked by jsontext (grammar, UTF-8, surrogates, depth) and then
// built into a Value in one pass that also rejects duplicate keys. Strings without
// escapes and number literals share the memory of one copy of the input.
func Decode(data []byte) (Value, error) {
	src := bytes.TrimPrefix(data, utf8BOM)
	skipped := int64(len(data) - len(src))
	dec := jsontext.NewDecoder(bytes.NewBuffer(src), jsontext.AllowDuplicateNames(true))
	raw, err := dec.ReadValue()
	if err == nil {
		if _, err = dec.ReadToken(); err == io.EOF {
			b := builder{s: string(raw)}
			v, dup := b.value()
			if !dup {
				return v, nil
			}
			// Find the duplicate with jsontext's own position and pointer.
			strict := jsontext.NewDecoder(bytes.NewBuffer(src))
			_, err = strict.ReadValue()
			if err == nil {
				err = errors.New("duplicate key in one object")
			}
		} else if err == nil {
			err = &jsontext.SyntacticError{ByteOffset: dec.InputOffset() - 1, Err: errors.New("more than one JSON value (expecting end of input)")}
		}
	}
	return Value{}, toSyntaxError(data, skipped, err)
}

// DecodeString is Decode for text held in a string, such as a model's arguments.
func DecodeString(s string) (Value, error) { return Decode([]byte(s)) }

// builder turns JSON text that jsontext has already checked into a Value. It trusts
// the grammar and only looks for duplicate keys.
type builder struct {
	s       string
	i       int
	memSlab slab[Member]
	valSlab slab[Value]
	mems    []Member // stack of members of the objects being built
	items   []Value  // stack of elements of the arrays being built
}

func (b *builder) skipSpace() {
	for b.i < len(b.s) {
		switch b.s[b.i] {
		case ' ', '\t', '\n', '\r':
			b.i++
		default:
			return
		}
	}
}

// value builds the value at b.i; dup is true when an object repeats a key.
func (b *builder) value() (v Value, dup bool) {
	b.skipSpace()
	switch c := b.s[b.i]; c {
	case 'n':
		b.i += 4
		return Value{}, false
	case 't':
		b.i += 4
		return Value{kind: Bool, b: true}, false
	case 'f':
		b.i += 5
		return Value{kind: Bool}, false
	case '"':
		return textOf(String, b.str()), false
	case '[':
		b.i++
		base := len(b.items)
		b.skipSpace()
		if b.s[b.i] == ']' {
			b.i++
			return Value{kind: Array}, false
		}
		for {
			item, dup := b.value()
			if dup {
				return Value{}, true
			}
			b.items = append(b.items, item)
			b.skipSpace()
			if b.s[b.i] == ',' {
				b.i++
				continue
			}
			b.i++ // ']'
			break
		}
		n := len(b.items) - base
		out := b.valSlab.take(n)
		copy(out, b.items[base:])
		clear(b.items[base:])
		b.items = b.items[:base]
		return arrayOf(out), false
	case '{':
		b.i++
		base := len(b.mems)
		b.skipSpace()
		if b.s[b.i] == '}' {
			b.i++
			return Value{kind: Object}, false
		}
		for {
			b.skipSpace()
			key := b.str()
			for j := base; j < len(b.mems); j++ {
				if b.mems[j].Key == key {
					return Value{}, true
				}
			}
			b.skipSpace()
			b.i++ // ':'
			val, dup := b.value()
			if dup {
				return Value{}, true
			}
			b.mems = append(b.mems, Member{key, val})
			b.skipSpace()
			if b.s[b.i] == ',' {
				b.i++
				if len(b.mems)-base == 16 {
					if b.manyMembers(base) {
						return Value{}, true
					}
					break
				}
				continue
			}
			b.i++ // '}'
			break
		}
		return objectOf(b.finishObject(base)), false
	default:
		// A number: everything up to the next delimiter.
		start := b.i
		for b.i < len(b.s) {
			switch b.s[b.i] {
			case ',', ']', '}', ' ', '\t', '\n', '\r':
				return textOf(Number, b.s[start:b.i]), false
			}
			b.i++
		}
		return textOf(Number, b.s[start:]), false
	}
}

// manyMembers reads the rest of a large object with a set for the duplicate check,
// the 16 members already on the stack included.
func (b *builder) manyMembers(base int) (dup bool) {
	seen := make(map[string]struct{}, 128)
	for _, m := range b.mems[base:] {
		seen[m.Key] = struct{}{}
	}
	for {
		b.skipSpace()
		key := b.str()
		if _, ok := seen[key]; ok {
			return true
		}
		seen[key] = struct{}{}
		b.skipSpace()
		b.i++ // ':'
		val, dup := b.value()
		if dup {
			return true
		}
		b.mems = append(b.mems, Member{key, val})
		b.skipSpace()
		if b.s[b.i] == ',' {
			b.i++
			continue
		}
		b.i++ // '}'
		return false
	}
}

func (b *builder) finishObject(base int) []Member {
	n := len(b.mems) - base
	out := b.memSlab.take(n)
	copy(out, b.mems[base:])
	clear(b.mems[base:])
	b.mems = b.mems[:base]
	return out
}

// str reads the string literal at b.i. A literal without escapes is a substring of
// the input; one with escapes is unquoted into new memory.
func (b *builder) str() string {
	start := b.i + 1
	// The closing quote is the first '"' not escaped; without a backslash before it
	// that is simply the next '"'.
	j := start + strings.IndexByte(b.s[start:], '"')
	escaped := strings.IndexByte(b.s[start:j], '\\') >= 0
	if escaped {
		j = start
		for {
			c := b.s[j]
			if c == '"' {
				break
			}
			if c == '\\' {
				j += 2
				continue
			}
			j++
		}
	}
	b.i = j + 1
	if !escaped {
		return b.s[start:j]
	}
	out, err := jsontext.AppendUnquote(nil, b.s[start-1:j+1])
	if err != nil {
		// Unreachable: jsontext checked the literal before.
		return strings.ToValidUTF8(b.s[start:j], "\uFFFD")
	}
	return string(out)
}

// toSyntaxError turns a jsontext error into a *SyntaxError positioned in data (the
// original input, BOM included).
func toSyntaxError(data []byte, skipped int64, err error) error {
	se := &SyntaxError{Msg: err.Error()}
	var serr *jsontext.SyntacticError
	switch {
	case errors.As(err, &serr):
		se.Offset = serr.ByteOffset + skipped
		se.Pointer = string(serr.JSONPointer)
		se.Msg = describeSyntax(serr)
		if errors.Is(serr.Err, jsontext.ErrDuplicateName) {
			se.Pointer = string(serr.JSONPointer.Parent())
		}
	case errors.Is(err, io.ErrUnexpectedEOF), err == io.EOF:
		se.Offset = int64(len(data))
		se.Msg = "unexpected end of input"
		if len(bytes.TrimSpace(bytes.TrimPrefix(data, utf8BOM))) == 0 {
			se.Msg = "no JSON value (the input is empty)"
		}
	}
	se.Line, se.Column = lineColumn(data, se.Offset)
	return se
}

func describeSyntax(serr *jsontext.SyntacticError) string {
	inner := serr.Err
	if inner == nil {
		return "syntax error"
	}
	if errors.Is(inner, jsontext.ErrDuplicateName) {
		return fmt.Sprintf("duplicate key %s in one object", QuoteForMessage(serr.JSONPointer.LastToken()))
	}
	if errors.Is(inner, io.ErrUnexpectedEOF) {
		return "unexpected end of input"
	}
	msg := inner.Error()
	if msg == "exceeded max depth" {
		return fmt.Sprintf("nesting deeper than %d levels", MaxDepth)
	}
	return Sanitize(msg)
}

// lineColumn returns the 1-based line and byte column of offset in data.
func lineColumn(data []byte, offset int64) (line, col int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	if offset < 0 {
		offset = 0
	}
	head := data[:offset]
	line = bytes.Count(head, []byte{'\n'}) + 1
	col = int(offset) - (bytes.LastIndexByte(head, '\n') + 1) + 1
	return line, col
}
