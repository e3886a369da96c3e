package adapter

import (
	"testing"
	"unsafe"
)

// TestConverterSizeClass holds the converter to the 1280-byte size class its
// doc comment names: with the allocator's 8-byte header on objects of more
// than 512 bytes, a converter one word larger costs 128 bytes more on every
// conversion.
func TestConverterSizeClass(t *testing.T) {
	if size := unsafe.Sizeof(converter{}); size+8 > 1280 {
		t.Errorf("a converter is %d bytes: with its header it no longer fits 1280", size)
	}
}
