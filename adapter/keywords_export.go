package adapter

// UnsupportedKeyword reports whether strict mode has no equivalent for a keyword
// (allOf, oneOf, not, if, …), so that a schema holding it has no strict form, and
// what to write instead.
func UnsupportedKeyword(keyword string) (advice string, unsupported bool) {
	return unsupportedAdvice(keyword)
}
