package explain

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// pyDictString finds 'key': and the Python str after it in s, the repr of a dict,
// and returns the str and the text after it. ok is false when the key is not there
// or its value is not a str (None, a number).
func pyDictString(s, key string) (value, rest string, ok bool) {
	i := strings.Index(s, "'"+key+"': ")
	if i < 0 {
		return "", "", false
	}
	s = s[i+len(key)+4:]
	if s == "" || (s[0] != '\'' && s[0] != '"') {
		return "", "", false
	}
	value, n, err := readPyString(s)
	if err != nil {
		return "", "", false
	}
	return value, s[n:], true
}

// readPyTuple reads Python's repr of a tuple of str and int at the start of s:
// "()", "('x',)", "('properties', 'x')", "('anyOf', 0)". A str is read by
// readPyString; an int is an optional minus sign and decimal digits, kept as
// written. Space may stand around items and commas, and a comma may follow the
// last item (Python writes one after the only item of a one-element tuple; one
// missing there is forgiven). It returns the items as text and the length of s
// read, through the closing parenthesis.
func readPyTuple(s string) (items []string, n int, err error) {
	if !strings.HasPrefix(s, "(") {
		return nil, 0, errors.New("no opening parenthesis")
	}
	items = []string{}
	i := 1
	for {
		i = skipSpaces(s, i)
		if i >= len(s) {
			return nil, 0, errors.New("no closing parenthesis")
		}
		if s[i] == ')' {
			return items, i + 1, nil
		}
		var item string
		var n int
		switch c := s[i]; {
		case c == '\'' || c == '"':
			item, n, err = readPyString(s[i:])
		case c == '-' || '0' <= c && c <= '9':
			item, n, err = readPyInt(s[i:])
		default:
			err = fmt.Errorf("%q where an item should be", c)
		}
		if err != nil {
			return nil, 0, fmt.Errorf("item %d: %w", len(items)+1, err)
		}
		items = append(items, item)
		i = skipSpaces(s, i+n)
		switch {
		case i < len(s) && s[i] == ',':
			i++
		case i < len(s) && s[i] == ')':
		default:
			return nil, 0, fmt.Errorf("no comma or closing parenthesis after item %d", len(items))
		}
	}
}

func skipSpaces(s string, i int) int {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}

// readPyInt reads Python's repr of an int at the start of s: an optional minus
// sign and decimal digits. It returns them as written and their length.
func readPyInt(s string) (string, int, error) {
	i := 0
	if strings.HasPrefix(s, "-") {
		i++
	}
	j := i
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	if j == i {
		return "", 0, errors.New("a minus sign without digits")
	}
	return s[:j], j, nil
}

// readPyString reads Python's repr of a str at the start of s: between single
// quotes, or double quotes (Python's choice when the text holds ' and no "), with
// backslash escapes: \\ \' \" \n \r \t \a \b \f \v, \ooo (octal), \xNN, \uNNNN and
// \UNNNNNNNN; a backslash before any other character stands for itself, as in
// Python. A code point that is a surrogate (Python writes a lone one as \udXXX)
// becomes U+FFFD. It returns the text and the length of s read, through the
// closing quote.
func readPyString(s string) (string, int, error) {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); {
		switch c := s[i]; c {
		case q:
			return b.String(), i + 1, nil
		case '\\':
			n, err := readPyEscape(&b, s[i:])
			if err != nil {
				return "", 0, err
			}
			i += n
		default:
			b.WriteByte(c)
			i++
		}
	}
	return "", 0, fmt.Errorf("a string with no closing %c", q)
}

// readPyEscape writes the character the escape at the start of s stands for and
// returns the escape's length.
func readPyEscape(b *strings.Builder, s string) (int, error) {
	if len(s) < 2 {
		return 0, errors.New("a backslash at the end")
	}
	c := s[1]
	if r, ok := pySimpleEscapes[c]; ok {
		b.WriteByte(r)
		return 2, nil
	}
	start, end, base := 2, 0, 16 // the digits are s[start:end]
	switch c {
	case 'x', 'u', 'U':
		end = start + 2
		if c == 'u' {
			end = start + 4
		} else if c == 'U' {
			end = start + 8
		}
		if len(s) < end {
			return 0, fmt.Errorf("a \\%c escape cut short", c)
		}
	case '0', '1', '2', '3', '4', '5', '6', '7':
		start, base = 1, 8
		end = start + 1
		for end < 4 && end < len(s) && '0' <= s[end] && s[end] <= '7' {
			end++
		}
	default:
		b.WriteByte('\\') // an unknown escape stands for itself
		return 1, nil
	}
	r, err := strconv.ParseUint(s[start:end], base, 32)
	if err != nil || r > unicode.MaxRune {
		return 0, fmt.Errorf("a bad escape %q", s[:end])
	}
	b.WriteRune(rune(r)) // a surrogate is written as U+FFFD
	return end, nil
}

// pySimpleEscapes are Python's one-character escapes.
var pySimpleEscapes = map[byte]byte{
	'\\': '\\', '\'': '\'', '"': '"', 'n': '\n', 'r': '\r', 't': '\t',
	'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v',
}
