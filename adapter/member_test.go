package adapter

import (
	"strings"
	"testing"
)

// TestMemberNames: a member gives back its name and its value, however long
// the name (the length is held in the value's spare bits up to longKey-1
// bytes, and through a string of its own from longKey on), and whatever the
// value's kind, flag and length; a value taken out of a member compares equal
// to the one put in, and replacing it keeps the name.
func TestMemberNames(t *testing.T) {
	values := []Value{NullValue(), BoolValue(true), BoolValue(false), NumberValue("-1.5e3"),
		StringValue(""), StringValue("héllo"), ArrayValue(StringValue("a"), NullValue()),
		ObjectValue(MemberOf("x", NumberValue("1"))), appendedNullEnum()}
	long := strings.Repeat("k", longKey+1)
	for _, key := range []string{"", "a", "type", strings.Repeat("n", 300), long[:longKey-1], long[:longKey], long} {
		for _, v := range values {
			m := MemberOf(key, v)
			if got := m.Key(); got != key {
				t.Fatalf("name of %d bytes: got %d bytes", len(key), len(got))
			}
			if got := m.Value(); got != v {
				t.Fatalf("name of %d bytes, value %v: got %v (meta %x, want %x)", len(key), v, got, got.meta, v.meta)
			}
			w := m.withValue(StringValue("z"))
			if w.Key() != key || w.Value() != StringValue("z") {
				t.Fatalf("name of %d bytes: withValue gave %d bytes, %v", len(key), len(w.Key()), w.Value())
			}
			m.setValue(v)
			if m.Key() != key || m.Value() != v {
				t.Fatalf("name of %d bytes: setValue gave %d bytes, %v", len(key), len(m.Key()), m.Value())
			}
		}
	}
	var zero Member
	if zero.Key() != "" || !zero.Value().IsNull() {
		t.Fatalf("zero Member: %q, %v", zero.Key(), zero.Value())
	}
}

// appendedNullEnum is an enum whose flag says StrictSchema appended its null.
func appendedNullEnum() Value { return ArrayValue(StringValue("a"), NullValue()).withFlag(true) }

// TestDecodeLongName: a name long enough to be held through a string decodes,
// reads back and encodes as written.
func TestDecodeLongName(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 8 MiB")
	}
	long := strings.Repeat("k", longKey+5)
	data := `{"a":1,"` + long + `":[true,{"` + long + `x":null}],"b":"c"}`
	v, err := DecodeString(data)
	if err != nil {
		t.Fatal(err)
	}
	mems := v.Members()
	if len(mems) != 3 || mems[1].Key() != long || mems[1].Value().Len() != 2 {
		t.Fatalf("decoded %d members; the long one has %d bytes", len(mems), len(mems[1].Key()))
	}
	if got, ok := v.Get(long); !ok || got.Kind() != Array {
		t.Fatalf("Get(long name) = %v, %v", got.Kind(), ok)
	}
	if got := v.String(); got != data {
		t.Fatalf("encoded %d bytes, want %d (equal: %v)", len(got), len(data), got == data)
	}
}
