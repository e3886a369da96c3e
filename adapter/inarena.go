package adapter

import (
	"unsafe"

	"github.com/strictscope/strictscope/adapter/internal/arena"
)

// Values and Members in arena memory (see package arena): Decode and
// StrictSchema build their trees there, where the collector reads no pointer
// and so puts no write barrier on a write. These write the words of Members
// and Values as plain integers, only into arena memory, and only what the
// arena keeps alive.

// holdValue keeps what v points to (its text, elements or members) alive for
// as long as a is.
func holdValue(a *arena.Arena, v Value) {
	size := uintptr(v.n())
	switch v.kind() {
	case Array:
		size *= unsafe.Sizeof(Value{})
	case Object:
		size *= unsafe.Sizeof(Member{})
	}
	a.Hold(v.ptr, size)
}

// putMember writes m at dst, in arena memory.
func putMember(dst *Member, m Member) {
	*(*[3]uintptr)(unsafe.Pointer(dst)) = [3]uintptr{uintptr(m.key), uintptr(m.val.meta), uintptr(m.val.ptr)}
}

// putMemberValue is setValue for a member in arena memory.
func putMemberValue(dst *Member, v Value) {
	w := (*[3]uintptr)(unsafe.Pointer(dst))
	w[1] = uintptr(v.meta | dst.val.meta&keyLenBits)
	w[2] = uintptr(v.ptr)
}

// putValue writes v at dst, in arena memory.
func putValue(dst *Value, v Value) {
	*(*[2]uintptr)(unsafe.Pointer(dst)) = [2]uintptr{uintptr(v.meta), uintptr(v.ptr)}
}

// members and values hand out slices from the converter's slabs.
func (c *converter) members(n int) []Member { return c.memSlab.Take(n) }

func (c *converter) values(n int) []Value { return c.valSlab.Take(n) }

// push appends m to out, a slice from members, growing it in the arena: an
// append past its capacity would move it to memory the arena does not keep.
func (c *converter) push(out []Member, m Member) []Member {
	if len(out) == cap(out) {
		grown := c.members(2*len(out) + 1)[:len(out)]
		arena.Copy(grown, out)
		out = grown
	}
	out = out[:len(out)+1]
	putMember(&out[len(out)-1], m)
	return out
}

// hold keeps the memory of v, a text or an array or object made outside the
// arena, alive for as long as the output that holds it (see package arena).
func (c *converter) hold(v Value) Value {
	holdValue(c.arena, v)
	return v
}

// copyOf returns a copy of mems from the converter's slab, for a node whose
// members change one by one after the first that does.
func (c *converter) copyOf(mems []Member) []Member {
	out := c.members(len(mems))
	arena.Copy(out, mems)
	return out
}

func (c *converter) bools(n int) []bool { return c.boolSlab.Take(n) }
