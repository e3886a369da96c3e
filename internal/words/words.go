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

// Number writes n with a comma between each group of three digits, as the
// inspector's counts read: 1,990.
func Number(n int) string {
	if n < 0 {
		return "-" + Number(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Form is the noun, or the words, in the number n asks for: one when n is 1,
// many otherwise ("entry is", "entries are").
func Form(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
