package common

import "github.com/strictscope/strictscope/adapter"

// NoStrictForm says that a schema has no strict form, and where and why
// the conversion failed (e) when it is known.
func NoStrictForm(e *adapter.StrictError) string {
	if e == nil {
		return "no strict form"
	}
	return "No strict form. At " + Safe(PointerOrRoot(e.Path)) + ", " + Safe(e.Keyword) + ": " + Safe(e.Message)
}

// PointerOrRoot writes p as a JSON pointer, or "the root" for the empty
// path.
func PointerOrRoot(p adapter.Path) string {
	if len(p) == 0 {
		return "the root"
	}
	return p.Pointer()
}
