package sessions

import (
	"github.com/strictscope/strictscope/adapter"
)

// str is the string member key of v; "" when v has none or it is no string.
func str(v adapter.Value, key string) string {
	m, _ := v.Get(key)
	return m.Str()
}

// isKind reports whether v has a member key of kind k.
func isKind(v adapter.Value, key string, k adapter.Kind) bool {
	m, ok := v.Get(key)
	return ok && m.Kind() == k
}

// mustGet is the member key of v; the zero Value when v has none.
func mustGet(v adapter.Value, key string) adapter.Value {
	m, _ := v.Get(key)
	return m
}

// smallInt reads a JSON number (or a string of digits) that is a non-negative integer
// below a billion.
func smallInt(v adapter.Value) (int, bool) {
	s := v.NumberText()
	if v.Kind() == adapter.String {
		s = v.Str()
	}
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// statusOf reads the first of keys that holds an integer HTTP status.
func statusOf(v adapter.Value, keys ...string) int {
	for _, k := range keys {
		m, ok := v.Get(k)
		if !ok {
			continue
		}
		if n, ok := smallInt(m); ok && n >= 100 && n <= 999 {
			return n
		}
	}
	return 0
}
