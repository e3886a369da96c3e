package adapter

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math/bits"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/strictscope/strictscope/adapter/internal/arena"
	"github.com/strictscope/strictscope/adapter/termsafe"
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
		where += " at " + termsafe.Sanitize(p)
	}
	return where + ": " + e.Msg
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Decode reads exactly one JSON value from data. A leading UTF-8 byte-order mark is
// skipped; anything but white space after the value is an error. Errors are
// *SyntaxError.
//
// The input is read once: whether it is valid (grammar, UTF-8, surrogates, depth)
// is decided in the same pass that builds the Value and rejects duplicate keys, and
// agrees with jsontext's decision, which a differential fuzz target checks. Strings
// without escapes and number literals share the memory of one copy of the input.
// Only a rejected input is read again, by jsontext's Decoder, to say what is wrong
// and where.
func Decode(data []byte) (Value, error) {
	src := bytes.TrimPrefix(data, utf8BOM)
	skipped := int64(len(data) - len(src))
	v, _, out := build(string(src))
	if out == decoded {
		return v, nil
	}
	// A duplicate key is the error only when the text is otherwise valid.
	if out == duplicated && jsontext.Value(src).IsValid(allowDuplicates) {
		// Find the duplicate with jsontext's own position and pointer.
		strict := jsontext.NewDecoder(bytes.NewBuffer(src))
		_, err := strict.ReadValue()
		if err == nil {
			err = errors.New("duplicate key in one object")
		}
		return Value{}, toSyntaxError(data, skipped, err)
	}
	return Value{}, toSyntaxError(data, skipped, firstError(src))
}

var allowDuplicates = jsontext.AllowDuplicateNames(true)

// firstError reads src with jsontext's Decoder, duplicate names allowed, and
// returns why it is not valid: the Decoder's error, with its position and pointer,
// or one for text after the value.
func firstError(src []byte) error {
	dec := jsontext.NewDecoder(bytes.NewBuffer(src), allowDuplicates)
	_, err := dec.ReadValue()
	if err != nil {
		return err
	}
	var serr *jsontext.SyntacticError
	if _, err = dec.ReadToken(); err == nil {
		err = &jsontext.SyntacticError{ByteOffset: dec.InputOffset() - 1, Err: errors.New("more than one JSON value (expecting end of input)")}
	} else if errors.As(err, &serr) && serr.Err != nil {
		err = afterValueError(serr)
	} else if err == io.EOF {
		// Unreachable: jsontext rejects what Decode rejects.
		err = errors.New("invalid JSON")
	}
	return err
}

// afterValueError is the error for text after a whole JSON value that does not
// start another one: it says that the text follows the value, and what the
// Decoder found there.
func afterValueError(serr *jsontext.SyntacticError) error {
	found := strings.TrimSuffix(serr.Err.Error(), " at start of value")
	return &jsontext.SyntacticError{ByteOffset: serr.ByteOffset, Err: errors.New("text after the JSON value (" + found + ")")}
}

// DecodeString is Decode for text held in a string, such as a model's arguments.
func DecodeString(s string) (Value, error) { return Decode([]byte(s)) }

// builder turns JSON text into a Value in one pass that also decides whether the
// text is valid, with the rules of jsontext.Value.IsValid and duplicate names
// allowed: the grammar of RFC 8259, white space of space, tab, line feed and
// carriage return only, valid UTF-8 in strings, surrogate escapes only in pairs,
// and at most MaxDepth arrays and objects open at once. It also looks for duplicate
// keys: by comparing with the members before it in a small object, through a hash
// table past smallObject members.
//
// It reads in one loop, without recursion: the open arrays and objects are frames
// on a stack, and their members and elements are gathered on two stacks shared by
// all levels, then copied into slab memory when their array or object ends.
type builder struct {
	s       string
	buf     []byte       // s seen as bytes, for loads of 8 bytes at a time; never written
	arena   *arena.Arena // owns the tree's members and elements (see package arena)
	memSlab arena.Slab[Member]
	valSlab arena.Slab[Value]
	mems    []Member  // stack of members of the objects being built
	items   []Value   // stack of elements of the arrays being built
	tables  [][]int32 // hash tables of large objects, one for each level of nesting
	large   int       // how many large objects are being built
	seed    maphash.Seed
	seeded  bool
}

// A frame is an array or object being built.
type frame struct {
	key   string // an object's key whose value is being read
	base  int    // where the container's members or elements start on their stack
	obj   bool
	table int // for an object past smallObject members, 1 + its level in tables
}

// smallObject is how many members an object may have before the duplicate check
// switches from comparing with every earlier key to a hash table.
const smallObject = 8

// An outcome is how build ended.
type outcome uint8

const (
	decoded    outcome = iota // the text is valid and has no duplicate key
	malformed                 // the text is not one valid JSON value
	duplicated                // an object repeats a key; the text after it is unread
)

// wsMask has bit c set for each JSON white space byte c.
const wsMask = 1<<' ' | 1<<'\t' | 1<<'\n' | 1<<'\r'

// space reports whether c is JSON white space.
func space(c byte) bool { return c <= ' ' && wsMask>>(c&63)&1 != 0 }

// at returns buf[i], or past the end 0, a byte no valid JSON text holds.
func at(buf []byte, i int) byte {
	if uint(i) < uint(len(buf)) {
		return buf[i]
	}
	return 0
}

// skip returns the index of the first byte at or after i that is not white space.
func skip(buf []byte, i int) int {
	for uint(i) < uint(len(buf)) && space(buf[i]) {
		i++
	}
	return i
}

// build returns the Value of the JSON text s, the arena that owns it, and
// whether s is valid and free of duplicate keys.
func build(s string) (Value, *arena.Arena, outcome) {
	// The tree's texts are s, or held by the arena when they are unquoted
	// into memory of their own.
	a := arena.New()
	a.HoldText(s)
	b := builder{
		s:       s,
		buf:     bytesOf(s),
		arena:   a,
		memSlab: arena.NewSlab[Member](a),
		valSlab: arena.NewSlab[Value](a),
		mems:    make([]Member, 0, 32),
		items:   make([]Value, 0, 16),
	}
	v, out := b.run()
	return v, a, out
}

func (b *builder) run() (Value, outcome) {
	buf := b.buf
	frames := make([]frame, 0, 16)
	i := skip(buf, 0)
	for {
		// Read the value at i: a scalar into v, or open an array or object and
		// go on with its first element or member value.
		if uint(i) >= uint(len(buf)) {
			return Value{}, malformed
		}
		var v Value
		switch buf[i] {
		case '"':
			var s string
			var plain bool
			if s, i, plain = b.literal(i); i < 0 {
				return Value{}, malformed
			}
			v = textOf(String, s)
			if plain {
				v.meta |= flagBit
			}
		case '{':
			if len(frames) == MaxDepth {
				return Value{}, malformed
			}
			i = skip(buf, i+1)
			if c := at(buf, i); c == '}' {
				i++
				v = valueOf(Object, 0, nil)
				break
			} else if c != '"' {
				return Value{}, malformed
			}
			var key string
			if key, i, _ = b.literal(i); i < 0 {
				return Value{}, malformed
			}
			frames = append(frames, frame{key: key, base: len(b.mems), obj: true})
			if i = colon(buf, i); i < 0 {
				return Value{}, malformed
			}
			continue
		case '[':
			if len(frames) == MaxDepth {
				return Value{}, malformed
			}
			i = skip(buf, i+1)
			if at(buf, i) == ']' {
				i++
				v = valueOf(Array, 0, nil)
				break
			}
			frames = append(frames, frame{base: len(b.items)})
			continue
		case 'n':
			if !strings.HasPrefix(b.s[i:], "null") {
				return Value{}, malformed
			}
			i += 4
		case 't':
			if !strings.HasPrefix(b.s[i:], "true") {
				return Value{}, malformed
			}
			v = BoolValue(true)
			i += 4
		case 'f':
			if !strings.HasPrefix(b.s[i:], "false") {
				return Value{}, malformed
			}
			v = BoolValue(false)
			i += 5
		default:
			j := number(buf, i)
			if j < 0 {
				return Value{}, malformed
			}
			v = textOf(Number, b.s[i:j])
			i = j
		}
		// v is whole: add it to its container, and close every container that
		// ends after it.
		for {
			i = skip(buf, i)
			if len(frames) == 0 {
				if i != len(buf) {
					return Value{}, malformed
				}
				return v, decoded
			}
			c := at(buf, i)
			f := &frames[len(frames)-1]
			if f.obj {
				m := MemberOf(f.key, v)
				if len(f.key) >= longKey {
					b.arena.Hold(m.key, unsafe.Sizeof("")) // the name's own string
				}
				b.mems = append(b.mems, m)
				if c == ',' {
					i = skip(buf, i+1)
					if at(buf, i) != '"' {
						return Value{}, malformed
					}
					var key string
					if key, i, _ = b.literal(i); i < 0 {
						return Value{}, malformed
					}
					if b.repeated(f, key) {
						return Value{}, duplicated
					}
					f.key = key
					if i = colon(buf, i); i < 0 {
						return Value{}, malformed
					}
					break // to the member's value
				}
				if c != '}' {
					return Value{}, malformed
				}
				i++
				out := b.memSlab.TakeFor(len(b.mems)-f.base, i, len(buf))
				arena.Copy(out, b.mems[f.base:])
				b.mems = b.mems[:f.base]
				if f.table != 0 {
					tab := b.tables[f.table-1]
					clear(tab)
					b.tables[f.table-1] = tab[:0]
					b.large--
				}
				v = objectOf(out)
			} else {
				b.items = append(b.items, v)
				if c == ',' {
					i = skip(buf, i+1)
					break // to the next element
				}
				if c != ']' {
					return Value{}, malformed
				}
				i++
				out := b.valSlab.TakeFor(len(b.items)-f.base, i, len(buf))
				arena.Copy(out, b.items[f.base:])
				b.items = b.items[:f.base]
				v = arrayOf(out)
			}
			frames = frames[:len(frames)-1]
		}
	}
}

// colon returns the index of the value after the ':' that follows a key at i, or
// -1 when there is no ':'.
func colon(buf []byte, i int) int {
	if uint(i) < uint(len(buf)) && buf[i] == ':' {
		return skip(buf, i+1)
	}
	i = skip(buf, i)
	if at(buf, i) != ':' {
		return -1
	}
	return skip(buf, i+1)
}

// number returns the index after the number literal at i, or -1 when the text at
// i is not one: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func number(buf []byte, i int) int {
	if at(buf, i) == '-' {
		i++
	}
	switch c := at(buf, i); {
	case c == '0':
		i++
	case c-'1' < 9:
		i = digits(buf, i+1)
	default:
		return -1
	}
	if at(buf, i) == '.' {
		j := digits(buf, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if at(buf, i)|0x20 == 'e' {
		i++
		if c := at(buf, i); c == '+' || c == '-' {
			i++
		}
		j := digits(buf, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

// digits returns the index of the first byte at or after i that is not a digit.
func digits(buf []byte, i int) int {
	for uint(i) < uint(len(buf)) && buf[i]-'0' < 10 {
		i++
	}
	return i
}

// repeated reports whether the object of f already has key, and otherwise records
// it in the object's table when it has one. Past smallObject members the object
// gets an open-addressing table of indexes into b.mems (plus one; 0 is a free
// slot), kept at most half full. Each level of nested large objects has its own
// table, cleared when its object ends and reused by the next one at that level.
func (b *builder) repeated(f *frame, key string) bool {
	n := len(b.mems) - f.base
	if f.table == 0 {
		for k := f.base; k < len(b.mems); k++ {
			if b.mems[k].Key() == key {
				return true
			}
		}
		if n < smallObject {
			return false
		}
		if !b.seeded {
			b.seed, b.seeded = maphash.MakeSeed(), true
		}
		level := b.large
		b.large++
		if level == len(b.tables) {
			b.tables = append(b.tables, nil)
		}
		b.tables[level] = b.rehash(b.tables[level], 256, f.base)
		f.table = level + 1
	} else if tab := b.tables[f.table-1]; 2*(n+1) > len(tab) {
		clear(tab)
		b.tables[f.table-1] = b.rehash(tab, 2*len(tab), f.base)
	}
	tab := b.tables[f.table-1]
	mask := uint64(len(tab) - 1)
	h := maphash.String(b.seed, key) & mask
	for e := tab[h]; e != 0; e = tab[h] {
		if b.mems[e-1].Key() == key {
			return true
		}
		h = (h + 1) & mask
	}
	tab[h] = int32(len(b.mems) + 1)
	return false
}

// rehash returns a table of n slots (a power of two) holding the members from base
// on, in tab's memory when it is large enough. tab must be all zeros.
func (b *builder) rehash(tab []int32, n, base int) []int32 {
	if cap(tab) >= n {
		tab = tab[:n]
	} else {
		tab = make([]int32, n)
	}
	mask := uint64(n - 1)
	for j := base; j < len(b.mems); j++ {
		h := maphash.String(b.seed, b.mems[j].Key()) & mask
		for tab[h] != 0 {
			h = (h + 1) & mask
		}
		tab[h] = int32(j + 1)
	}
	return tab
}

// literal reads the string literal at i and returns its text and the index after
// it, or -1 for next when the literal is not valid. A literal of printable ASCII
// without '\\' is found 8 bytes at a time, and plain reports it: its text needs
// neither cleaning nor escaping. str reads any other from where this one stops.
func (b *builder) literal(i int) (s string, next int, plain bool) {
	buf := b.buf
	j := i + 1
	for ; j+8 <= len(buf); j += 8 {
		x := binary.LittleEndian.Uint64(buf[j : j+8])
		// The first '"', '\\' or byte that is not printable ASCII: zeroBytes
		// of x^'"' and of x^'\\', bytes below 0x20 (their borrow) and bytes
		// from DEL up (their high bit, or that of x+1). A borrow or carry
		// only marks bytes above the one it comes from, which is marked.
		q, bs := x^(ones*'"'), x^(ones*'\\')
		if m := ((q-ones)&^q | (bs-ones)&^bs | x | (x + ones) | (x - ones*0x20)) & highs; m != 0 {
			k := bits.TrailingZeros64(m)
			j += k / 8
			if byte(x>>(k&^7)) != '"' {
				return b.str(i, j)
			}
			return b.s[i+1 : j], j + 1, true
		}
	}
	return b.str(i, j)
}

// str reads the string literal at i, which is printable ASCII other than '"'
// and '\\' before j, and returns what literal returns. A literal without escapes
// is a substring of the input; one with escapes is unquoted into new memory.
func (b *builder) str(i, j int) (s string, next int, plain bool) {
	buf := b.buf
	plain = true
	for j < len(buf) && buf[j] != '"' && buf[j] != '\\' && buf[j]-0x20 < 0x60 {
		if buf[j] == 0x7F {
			plain = false
		}
		j++
	}
	switch c := at(buf, j); {
	case c == '"':
		return b.s[i+1 : j], j + 1, plain
	case c == '\\':
		s, next = b.escaped(i, j)
	case c >= utf8.RuneSelf:
		s, next = b.wide(i, j)
	default:
		next = -1
	}
	return s, next, false
}

// wide reads the string literal at i, whose first byte of a multi-byte character
// is at h.
func (b *builder) wide(i, h int) (s string, next int) {
	buf := b.buf
	j := h + 1
	// Up to the first '"', '\\' or control byte.
	for ; j+8 <= len(buf); j += 8 {
		x := binary.LittleEndian.Uint64(buf[j:])
		if m := zeroBytes(x^(ones*'"')) | zeroBytes(x^(ones*'\\')) | (x-ones*0x20)&^x&highs; m != 0 {
			j += bits.TrailingZeros64(m) / 8
			goto found
		}
	}
	for j < len(buf) && buf[j] != '"' && buf[j] != '\\' && buf[j] >= 0x20 {
		j++
	}
found:
	switch c := at(buf, j); {
	case c == '"':
		if !utf8.ValidString(b.s[h:j]) {
			return "", -1
		}
		return b.s[i+1 : j], j + 1
	case c == '\\':
		return b.escaped(i, j)
	}
	return "", -1
}

// escaped reads the string literal at i, whose first backslash is at j.
func (b *builder) escaped(i, j int) (s string, next int) {
	buf := b.buf
	// The closing quote is the first '"' not escaped.
	for {
		if j = quoteOrBackslash(buf, j+2); j >= len(buf) {
			return "", -1
		}
		if buf[j] == '"' {
			break
		}
	}
	out, err := jsontext.AppendUnquote(nil, buf[i:j+1])
	if err != nil {
		return "", -1
	}
	// out is new memory no one else holds: the string can be it.
	return b.arena.HoldText(unsafe.String(unsafe.SliceData(out), len(out))), j + 1
}

// quoteOrBackslash returns the index of the first '"' or '\\' at or after j, or an
// index at or past the end of buf when there is none.
func quoteOrBackslash(buf []byte, j int) int {
	for ; j+8 <= len(buf); j += 8 {
		x := binary.LittleEndian.Uint64(buf[j : j+8])
		if m := zeroBytes(x^(ones*'"')) | zeroBytes(x^(ones*'\\')); m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
	}
	for j < len(buf) && buf[j] != '"' && buf[j] != '\\' {
		j++
	}
	return j
}

// Masks for looking at 8 bytes at a time: ones has a 1 in every byte, highs the high
// bit of every byte.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// zeroBytes has the high bit of the first zero byte of x set, and none below it
// (bytes above a zero byte may be marked too); it is 0 when x has no zero byte.
func zeroBytes(x uint64) uint64 { return (x - ones) & ^x & highs }

// printablePrefix returns how many bytes at the start of s are printable ASCII,
// space to tilde: 8 bytes at a time, the first byte below 0x20, DEL or above it
// ending the run.
func printablePrefix(s string) int {
	b := bytesOf(s)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i : i+8])
		if m := nonPrintable(x); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	switch {
	case i == len(b):
	case len(b) >= 8:
		// The last eight bytes, which overlap those already read: the
		// first byte marked is past them, as they are printable.
		j := len(b) - 8
		if m := nonPrintable(binary.LittleEndian.Uint64(b[j:])); m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
		i = len(b)
	case len(b) >= 4:
		// The first and the last four bytes, which overlap below eight.
		if m := nonPrintable(uint64(binary.LittleEndian.Uint32(b)) | spaces<<32); m != 0 {
			return bits.TrailingZeros64(m) / 8
		}
		j := len(b) - 4
		if m := nonPrintable(uint64(binary.LittleEndian.Uint32(b[j:])) | spaces<<32); m != 0 {
			return j + bits.TrailingZeros64(m)/8
		}
		i = len(b)
	default:
		for i < len(b) && b[i] >= 0x20 && b[i] < 0x7F {
			i++
		}
	}
	return i
}

// spaces is four printable bytes, to fill the high half of a word of four.
const spaces = 0x20202020

// nonPrintable marks the high bit of the first byte of x, read little-endian,
// that is not printable ASCII (below 0x20, DEL or above), and maybe bytes
// after it; it is 0 when every byte is printable.
func nonPrintable(x uint64) uint64 {
	return (x | (x - ones*0x20) | zeroBytes(x^(ones*0x7F))) & highs
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
		return fmt.Sprintf("duplicate key %s in one object", termsafe.Quote(serr.JSONPointer.LastToken()))
	}
	if errors.Is(inner, io.ErrUnexpectedEOF) {
		return "unexpected end of input"
	}
	msg := inner.Error()
	if msg == "exceeded max depth" {
		return fmt.Sprintf("nesting deeper than %d levels", MaxDepth)
	}
	return termsafe.Sanitize(msg)
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
