package adapter

import (
	"strings"
	"unsafe"
)

// Kind is the JSON kind of a Value.
type Kind uint8

// The six JSON kinds. The zero Value is Null.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

// String names the kind as JSON Schema does ("null", "boolean", …).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// A Value is one JSON value that keeps what a map would lose: object members stay in
// the order they were written, and numbers keep the exact text they were written with.
//
// Values are immutable by convention: every function of this package returns new
// values and never changes the ones it is given, so a Value may be shared freely
// between goroutines and between the results of different conversions. The trees
// Decode and StrictSchema build live in one piece of memory each (an arena, which
// the garbage collector does not scan): any Value taken out of such a tree keeps
// the whole tree, and a conversion's output its input, alive.
//
// A Value is two words: one holds its kind, a flag and a length, the other
// points to the first byte of a string or number text, the first element of an
// array or the first member of an object. Two words pass in two registers, and
// compare with two instructions.
type Value struct {
	// The kind in the low byte; the flag in bit 8 (Bool: the value; Array: the
	// last element is a null StrictSchema appended; String: the text is known
	// to be printable ASCII without '"' or '\\', as Decode finds most strings,
	// so that cleaning and quoting it change nothing); the length in the high
	// 32 bits (String, Number: bytes; Array: elements; Object: members). Bits
	// 9 to 31 are zero, except in a Member, which keeps its name's length there.
	meta uint64
	ptr  unsafe.Pointer // *byte, *Value or *Member: the first of n
}

const flagBit = 1 << 8

func (v Value) kind() Kind { return Kind(uint8(v.meta)) }
func (v Value) flag() bool { return v.meta&flagBit != 0 }
func (v Value) n() int     { return int(v.meta >> 32) }

// plain reports whether v is a string whose text is known to be printable
// ASCII without '"' or '\\' (see meta).
func (v Value) plain() bool { return v.meta&(flagBit|0xFF) == flagBit|uint64(String) }

// withFlag returns v with its flag set to f.
func (v Value) withFlag(f bool) Value {
	v.meta &^= flagBit
	if f {
		v.meta |= flagBit
	}
	return v
}

// valueOf makes a Value of kind k with n elements, members or bytes at ptr.
func valueOf(k Kind, n int, ptr unsafe.Pointer) Value {
	return Value{meta: uint64(k) | uint64(uint32(n))<<32, ptr: ptr}
}

func textOf(k Kind, s string) Value {
	return valueOf(k, len(s), unsafe.Pointer(unsafe.StringData(s)))
}

// text returns the string or number text of v.
func (v Value) text() string { return stringAt(v.ptr, v.n()) }

// appendedNull reports whether an enum's last null was appended by StrictSchema to
// make an optional property nullable: such a null counts toward no character limit.
// The mark lives in the array Value itself, so it costs nothing and travels with the
// enum; it is not part of the JSON and Equal ignores it. StrictSchema clears it on
// the enums it is given: there, every null is written.
func appendedNull(enum Value) bool { return enum.kind() == Array && enum.flag() }

func arrayOf(items []Value) Value {
	return valueOf(Array, len(items), unsafe.Pointer(unsafe.SliceData(items)))
}

func objectOf(mems []Member) Value {
	return valueOf(Object, len(mems), unsafe.Pointer(unsafe.SliceData(mems)))
}

func (v Value) items() []Value {
	if v.kind() != Array || v.n() == 0 {
		return nil
	}
	return sliceAt[Value](v.ptr, v.n())
}

func (v Value) mems() []Member {
	if v.kind() != Object || v.n() == 0 {
		return nil
	}
	return sliceAt[Member](v.ptr, v.n())
}

// A Member is one name/value pair of a JSON object; MemberOf makes one, and
// Key and Value read it. The zero Member has an empty name and a null value.
//
// A Member is three words: the name's first byte, and the Value, whose spare
// bits hold the name's length (a name of 8 MiB or more is held through a
// string of its own instead). An object's members are the most of a schema's
// memory, and a third less of them is a third less to allocate and to scan.
type Member struct {
	key unsafe.Pointer // *byte; or *string for a long name
	val Value          // with the name's length in keyLenBits
}

// The name's length is in bits 9 to 31 of its Value's meta, which a Value of
// its own leaves zero; longKey there says the name is held through a string.
const (
	keyShift   = 9
	longKey    = 1<<23 - 1
	keyLenBits = longKey << keyShift
)

// MemberOf returns the member named key with value v.
func MemberOf(key string, v Value) Member {
	if len(key) >= longKey {
		return longMember(key, v)
	}
	name := unsafe.Pointer(unsafe.StringData(key))
	return Member{key: name, val: Value{meta: v.meta | uint64(len(key))<<keyShift, ptr: v.ptr}}
}

// longMember is MemberOf for a name of longKey bytes or more, held through a
// string of its own.
func longMember(key string, v Value) Member {
	p := new(string)
	*p = key
	return Member{key: unsafe.Pointer(p), val: Value{meta: v.meta | keyLenBits, ptr: v.ptr}}
}

// stringAt is the n bytes at p as a string, and sliceAt the n elements at p
// as a slice. unsafe.String and unsafe.Slice would check that the size does
// not overflow or wrap around the address space, which what a Value points
// to never does: a Value's text, elements or members are read at every node
// converted, and the checks cost a third of the read.
func stringAt(p unsafe.Pointer, n int) string {
	type header struct {
		data unsafe.Pointer
		len  int
	}
	return *(*string)(unsafe.Pointer(&header{p, n}))
}

// sameText reports whether two strings are equal, with no call when they
// are the same bytes (a constant, most often).
func sameText(a, b string) bool {
	return len(a) == len(b) && (unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// bytesOf is the bytes of s, which must not be changed.
func bytesOf(s string) []byte { return sliceAt[byte](unsafe.Pointer(unsafe.StringData(s)), len(s)) }

func sliceAt[T any](p unsafe.Pointer, n int) []T {
	type header struct {
		data     unsafe.Pointer
		len, cap int
	}
	return *(*[]T)(unsafe.Pointer(&header{p, n, n}))
}

// Key returns the member's name.
func (m Member) Key() string {
	n := int(m.val.meta>>keyShift) & longKey
	if n == longKey {
		return *(*string)(m.key)
	}
	return stringAt(m.key, n)
}

// Value returns the member's value.
func (m Member) Value() Value { return Value{meta: m.val.meta &^ keyLenBits, ptr: m.val.ptr} }

// withValue returns the member with its name and the value v.
func (m Member) withValue(v Value) Member {
	return Member{key: m.key, val: Value{meta: v.meta | m.val.meta&keyLenBits, ptr: v.ptr}}
}

// setValue replaces the member's value with v, keeping its name.
func (m *Member) setValue(v Value) { m.val = Value{meta: v.meta | m.val.meta&keyLenBits, ptr: v.ptr} }

// NullValue returns JSON null (the zero Value).
func NullValue() Value { return Value{} }

// BoolValue returns true or false.
func BoolValue(b bool) Value { return valueOf(Bool, 0, nil).withFlag(b) }

// StringValue returns a JSON string.
func StringValue(s string) Value { return textOf(String, s) }

// NumberValue returns a JSON number written exactly as text. The text is not checked;
// use [Decode] for untrusted input.
func NumberValue(text string) Value { return textOf(Number, text) }

// ArrayValue returns a JSON array of the given elements. The slice is kept, not copied.
func ArrayValue(items ...Value) Value { return arrayOf(items) }

// ObjectValue returns a JSON object with the members in the given order. The slice is
// kept, not copied. Duplicate keys are the caller's to avoid.
func ObjectValue(members ...Member) Value { return objectOf(members) }

// Kind reports the JSON kind of v.
func (v Value) Kind() Kind { return v.kind() }

// IsNull reports whether v is JSON null.
func (v Value) IsNull() bool { return v.kind() == Null }

// Bool returns the value of a boolean (false for other kinds).
func (v Value) Bool() bool { return v.kind() == Bool && v.flag() }

// Str returns the text of a string (empty for other kinds).
func (v Value) Str() string {
	if v.kind() == String {
		return v.text()
	}
	return ""
}

// NumberText returns a number's literal text as it was written (empty for other kinds).
func (v Value) NumberText() string {
	if v.kind() == Number {
		return v.text()
	}
	return ""
}

// Len is the number of elements of an array or members of an object (0 otherwise).
func (v Value) Len() int {
	if k := v.kind(); k == Array || k == Object {
		return v.n()
	}
	return 0
}

// Items returns the elements of an array (nil for other kinds). The slice must not be
// modified.
func (v Value) Items() []Value {
	return v.items()
}

// Members returns the members of an object in order (nil for other kinds). The slice
// must not be modified.
func (v Value) Members() []Member {
	return v.mems()
}

// Get returns the member named key of an object, and whether it is there.
func (v Value) Get(key string) (Value, bool) {
	mems := v.mems()
	for i := range mems {
		if mems[i].Key() == key {
			return mems[i].Value(), true
		}
	}
	return Value{}, false
}

// Has reports whether an object has a member named key.
func (v Value) Has(key string) bool {
	_, ok := v.Get(key)
	return ok
}

// With returns a copy of the object v in which key is set to val: in its place when
// the key exists, appended at the end otherwise. v itself is unchanged.
func (v Value) With(key string, val Value) Value {
	old := v.mems()
	mems := make([]Member, 0, len(old)+1)
	found := false
	for _, m := range old {
		if m.Key() == key {
			m.setValue(val)
			found = true
		}
		mems = append(mems, m)
	}
	if !found {
		mems = append(mems, MemberOf(key, val))
	}
	return objectOf(mems)
}

// Without returns a copy of the object v without the member named key.
func (v Value) Without(key string) Value {
	old := v.mems()
	mems := make([]Member, 0, len(old))
	for _, m := range old {
		if m.Key() != key {
			mems = append(mems, m)
		}
	}
	return objectOf(mems)
}

// Equal reports whether a and b are the same JSON text up to white space: same kinds,
// same member order, and numbers written the same way.
func Equal(a, b Value) bool {
	if a.kind() != b.kind() {
		return false
	}
	switch a.kind() {
	case Null:
		return true
	case Bool:
		return a.flag() == b.flag()
	case Number, String:
		return a.text() == b.text()
	case Array:
		ai, bi := a.items(), b.items()
		if len(ai) != len(bi) {
			return false
		}
		for i := range ai {
			if !Equal(ai[i], bi[i]) {
				return false
			}
		}
		return true
	case Object:
		am, bm := a.mems(), b.mems()
		if len(am) != len(bm) {
			return false
		}
		for i := range am {
			if am[i].Key() != bm[i].Key() || !Equal(am[i].Value(), bm[i].Value()) {
				return false
			}
		}
		return true
	}
	return false
}

// String returns the compact JSON text of v.
func (v Value) String() string {
	var sb strings.Builder
	sb.Write(AppendCompact(nil, v))
	return sb.String()
}
