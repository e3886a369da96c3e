// Package words writes counts in English for messages: the one way the
// command line, the loaders, the validator and the inspector say "1 tool" and
// "3 tools".
package words

import "strconv"

// Count writes n and the noun in the number n asks for: "1 entry", "0 entries",
// "3 entries".
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Form(n, one, many)
}

// Form is the noun, or the words, in the number n asks for: one when n is 1,
// many otherwise ("entry is", "entries are").
func Form(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
