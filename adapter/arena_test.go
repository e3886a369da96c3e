package adapter

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/strictscope/strictscope/adapter/internal/arena"
)

// An owners set is the memory a tree may point into: spans, sorted by start,
// and the program's static data (the test binary's own mappings), which lives
// as long as the program.
type owners struct {
	spans  []arena.Span
	static [][2]uintptr // [start, end)
}

// staticData returns the address ranges the test binary's file is mapped at
// (its read-only and initialized data), from /proc/self/maps; the ownership
// tests skip where there is none.
func staticData(t testing.TB) [][2]uintptr {
	t.Helper()
	ranges := staticRanges()
	if len(ranges) == 0 {
		t.Skip("the test binary is not in a memory map this test can read")
	}
	return ranges
}

// staticRanges reads the map once: fuzz targets check every input.
var staticRanges = sync.OnceValue(func() [][2]uintptr {
	exe, err := os.Executable()
	maps, err2 := os.ReadFile("/proc/self/maps")
	if err != nil || err2 != nil {
		return nil
	}
	var out [][2]uintptr
	for _, line := range strings.Split(string(maps), "\n") {
		f := strings.Fields(line)
		if len(f) < 6 || f[5] != exe {
			continue
		}
		var lo, hi uintptr
		if _, err := fmt.Sscanf(f[0], "%x-%x", &lo, &hi); err != nil {
			continue
		}
		out = append(out, [2]uintptr{lo, hi})
	}
	return out
})

func newOwners(t testing.TB) *owners {
	t.Helper()
	o := &owners{static: staticData(t)}
	// The converter's shared Values live as long as the package.
	o.addTree(nullSchema)
	for _, v := range nullableTypes {
		o.addTree(v)
	}
	for _, v := range nullableTypeSchemas {
		o.addTree(v)
	}
	return o
}

func (o *owners) add(p unsafe.Pointer, n uintptr) {
	if p != nil {
		o.spans = append(o.spans, arena.Span{P: p, N: max(n, 1)})
	}
}

// addArena adds what a keeps alive.
func (o *owners) addArena(a *arena.Arena) {
	for _, s := range a.Blocks() {
		o.add(s.P, s.N)
	}
	for _, s := range a.Kept() {
		o.add(s.P, s.N)
	}
}

// addTree adds the memory of every text, element and member of v: a tree the
// arena keeps alive as a whole (the input of a conversion).
func (o *owners) addTree(v Value) {
	switch v.kind() {
	case String, Number:
		o.add(v.ptr, uintptr(v.n()))
	case Array:
		o.add(v.ptr, uintptr(v.n())*unsafe.Sizeof(Value{}))
		for _, it := range v.items() {
			o.addTree(it)
		}
	case Object:
		o.add(v.ptr, uintptr(v.n())*unsafe.Sizeof(Member{}))
		for _, m := range v.mems() {
			if int(m.val.meta>>keyShift)&longKey == longKey {
				o.add(m.key, unsafe.Sizeof(""))
			}
			k := m.Key()
			o.add(unsafe.Pointer(unsafe.StringData(k)), uintptr(len(k)))
			o.addTree(m.Value())
		}
	}
}

func (o *owners) sort() {
	slices.SortFunc(o.spans, func(a, b arena.Span) int {
		switch {
		case uintptr(a.P) < uintptr(b.P):
			return -1
		case uintptr(a.P) > uintptr(b.P):
			return 1
		}
		return 0
	})
}

// holds reports whether p lies in static data or in one of the spans. The spans
// are sorted; several may start before p, and any of them may hold it.
func (o *owners) holds(p unsafe.Pointer) bool {
	a := uintptr(p)
	for _, s := range o.static {
		if a >= s[0] && a < s[1] {
			return true
		}
	}
	i, _ := slices.BinarySearchFunc(o.spans, a+1, func(s arena.Span, t uintptr) int {
		if uintptr(s.P) < t {
			return -1
		}
		return 1
	})
	for j := i - 1; j >= 0; j-- {
		s := o.spans[j]
		if a < uintptr(s.P)+s.N {
			return true
		}
		if a-uintptr(s.P) > 1<<30 {
			break
		}
	}
	return false
}

// check returns the path of the first pointer of v the set does not hold.
func (o *owners) check(v Value, path string) error {
	if v.ptr != nil && !o.holds(v.ptr) {
		return fmt.Errorf("%s: a %s at %p that nothing keeps alive", path, v.kind(), v.ptr)
	}
	switch v.kind() {
	case Array:
		for i, it := range v.items() {
			if err := o.check(it, fmt.Sprintf("%s/%d", path, i)); err != nil {
				return err
			}
		}
	case Object:
		for _, m := range v.mems() {
			k := m.Key()
			if int(m.val.meta>>keyShift)&longKey == longKey && !o.holds(m.key) {
				return fmt.Errorf("%s: a long name's string that nothing keeps alive", path)
			}
			if len(k) > 0 && !o.holds(unsafe.Pointer(unsafe.StringData(k))) {
				return fmt.Errorf("%s: the name %.20q that nothing keeps alive", path, k)
			}
			if err := o.check(m.Value(), path+"/"+k[:min(len(k), 40)]); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkDecodeOwned decodes data and checks that the tree points only into what
// its arena keeps alive.
func checkDecodeOwned(t testing.TB, data []byte) (Value, bool) {
	t.Helper()
	v, a, out := build(string(data))
	if out != decoded {
		return Value{}, false
	}
	o := newOwners(t)
	o.addArena(a)
	o.sort()
	if err := o.check(v, ""); err != nil {
		t.Fatalf("decoding %.200s: %v", data, err)
	}
	return v, true
}

// checkStrictOwned converts v both ways and checks that each output points
// only into what its arena keeps alive: its blocks, what it holds, the input
// and static data.
func checkStrictOwned(t testing.TB, v Value, opts StrictOptions) {
	t.Helper()
	for _, noLeaf := range []bool{false, true} {
		res, _ := strictSchema(v, opts, noLeaf)
		if res == nil {
			continue
		}
		o := newOwners(t)
		o.addArena(res.arena)
		o.addTree(v)
		o.sort()
		if err := o.check(res.Schema, ""); err != nil {
			t.Fatalf("converting %.300s (noLeaf %v): %v", Marshal(v), noLeaf, err)
		}
	}
}

// arenaInputs are schemas that reach every way the decoder and the converter
// make memory: escaped and long names, texts made from defaults and cleaned
// descriptions, wrappers, definitions, anyOf branches, enums made nullable,
// and objects and lists larger than a slab's block.
func arenaInputs(t testing.TB) [][]byte {
	var out [][]byte
	for _, s := range []string{
		`{"type":"object","properties":{"q\u00e9\n":{"type":"string","description":"a\u200bb","default":"x\ty"}}}`,
		`{"type":"object","properties":{"a":{"$ref":"#/$defs/d","description":"x","title":"t\u200b","default":{"k":[1,"\u0007"]}},"b":{"$ref":"#/$defs/d"}},"$defs":{"d":{"type":"object","properties":{"k":{"enum":["a","b"],"default":1.5}}},"u":{"type":"string"}}}`,
		`{"type":"object","properties":{"c":{"const":3,"description":"","default":3},"e":{"enum":[1,2]},"t":{"type":["string","integer"],"enum":["a",1]}}}`,
		`{"type":"object","properties":{"l":{"type":"array","items":{"anyOf":[{"type":"object","properties":{"x":{"const":1,"title":"\u00ad"}}},{"type":"string","format":"uri"}]}}}}`,
		`{"type":"object","properties":{"o":{"anyOf":[{"type":"string","pattern":"(?=a)"},{"type":"integer","default":7}],"description":"d"}},"definitions":{"x":{"type":"number"}}}`,
		`{"type":"object","properties":{"w":{"type":"object","description":"d\u200b","default":{},"properties":{"n":{"type":"string","default":"v","description":"keep"}}}}}`,
		`{"type":"object","properties":{"r":{"$ref":"#"},"s":{"type":"string","description":"x","default":null,"examples":["a"]}},"required":["r"]}`,
	} {
		out = append(out, []byte(s))
	}
	// Objects, required lists and enums past a slab's blocks.
	for _, n := range []int{100, 700, 6000} {
		var b strings.Builder
		b.WriteString(`{"type":"object","properties":{`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"p%d":{"type":"string","enum":["a%d","b"],"description":"d%d","default":"a%d"}`, i, i, i, i)
		}
		b.WriteString(`},"required":["p0","p3"]}`)
		out = append(out, []byte(b.String()))
	}
	// A name held through a string of its own.
	long := strings.Repeat("k", longKey)
	out = append(out, []byte(`{"type":"object","properties":{"`+long+`":{"type":"string","default":1},"x":{"type":"integer"}}}`))
	for _, schema := range corpusInputSchemas() {
		out = append(out, Marshal(schema))
	}
	if data, err := os.ReadFile(corpusDir + "/bench/large_mixed.json"); err == nil {
		out = append(out, data)
	}
	return out
}

// TestArenaOwnsWhatItHolds checks the arena's rule (see package arena) on every tree
// the decoder and the converter build from arenaInputs: every pointer leads
// into memory the tree's arena keeps alive.
func TestArenaOwnsWhatItHolds(t *testing.T) {
	for _, data := range arenaInputs(t) {
		v, ok := checkDecodeOwned(t, data)
		if !ok {
			t.Fatalf("not JSON: %.200s", data)
		}
		checkStrictOwned(t, v, StrictOptions{})
		checkStrictOwned(t, v, StrictOptions{NoDefaultDescriptions: true})
		// A tree made by hand, in ordinary memory, converts under the same rule.
		checkStrictOwned(t, copyTree(v), StrictOptions{})
	}
}

// copyTree copies v into ordinary memory, as a caller building Values by hand
// would have it.
func copyTree(v Value) Value {
	switch v.kind() {
	case String:
		return StringValue(strings.Clone(v.text()))
	case Number:
		return NumberValue(strings.Clone(v.text()))
	case Array:
		items := make([]Value, v.n())
		for i, it := range v.items() {
			items[i] = copyTree(it)
		}
		return ArrayValue(items...)
	case Object:
		mems := make([]Member, v.n())
		for i, m := range v.mems() {
			mems[i] = MemberOf(strings.Clone(m.Key()), copyTree(m.Value()))
		}
		return ObjectValue(mems...)
	}
	return v
}

// TestArenaOutlivesCollections runs itself again with freed memory overwritten
// (GODEBUG=clobberfree=1), keeps only the outputs of decoding and converting
// arenaInputs, collects garbage, and checks that every output still reads as
// it did: nothing an output needs was freed with the input or the converter.
func TestArenaOutlivesCollections(t *testing.T) {
	if os.Getenv("STRICTSCOPE_ARENA_CHILD") == "" {
		if testing.Short() {
			t.Skip("runs the test binary again")
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestArenaOutlivesCollections$", "-test.v")
		cmd.Env = append(os.Environ(), "STRICTSCOPE_ARENA_CHILD=1", "GODEBUG=clobberfree=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestArenaOutlivesCollections") {
			t.Fatalf("the run with freed memory overwritten failed: %v\n%s", err, out)
		}
		return
	}
	type kept struct {
		v    Value
		text string
	}
	var outs []kept
	for _, data := range arenaInputs(t) {
		v, err := Decode(slices.Clone(data))
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, kept{v, string(Marshal(v))})
		for _, in := range []Value{v, copyTree(v)} {
			if res, _ := StrictSchema(in, StrictOptions{}); res != nil {
				outs = append(outs, kept{res.Schema, string(Marshal(res.Schema))})
			}
		}
	}
	for range 3 {
		runtime.GC()
	}
	// Memory freed now and handed out again must not show either.
	garbage := make([][]byte, 0, 1024)
	for i := range cap(garbage) {
		garbage = append(garbage, []byte(strings.Repeat("!", 16+i%512)))
	}
	runtime.KeepAlive(garbage)
	for i, k := range outs {
		if got := string(Marshal(k.v)); got != k.text {
			t.Fatalf("output %d changed after collections:\n%.300s\nwant\n%.300s", i, got, k.text)
		}
	}
}
