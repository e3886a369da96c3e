package pane

import (
	"github.com/strictscope/strictscope/adapter"
)

// TextMarks puts the marks of views on the lines of text, the JSON they show
// as the editor holds it (the text must parse): a mark on the line a value
// starts on goes on the line that value starts on in text, one on a closing
// line on the line the value ends on, and a value dimmed as dropped is dimmed
// on every line of text it spans. A value text does not have (the view shows
// it changed) is marked on its nearest enclosing value. Where marks meet on a
// line, an error wins over a null path, which wins over a call, which wins over
// a dropped keyword. The result has one mark per line of text.
func TextMarks(text string, views ...*Content) []MarkKind {
	lines := 1
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			lines++
		}
	}
	out := make([]MarkKind, lines)
	// The pointers the marks need, each with its prefixes (for a value text
	// does not have), then their spans in text.
	want := map[string]*span{}
	for _, c := range views {
		if c == nil || c.Doc == nil || c.Doc.Plain {
			continue
		}
		for l := range c.Marks {
			p := c.Doc.PathAt(l)
			for n := len(p); n >= 0; n-- {
				want[PointerOf(p[:n])] = &span{start: -1}
			}
		}
	}
	if len(want) == 0 {
		return out
	}
	s := &textScanner{text: text, want: want}
	s.value()
	for _, c := range views {
		if c == nil || c.Doc == nil || c.Doc.Plain {
			continue
		}
		for l, k := range c.Marks {
			p := c.Doc.PathAt(l)
			sp := want[PointerOf(p)]
			for n := len(p) - 1; sp.start < 0 && n >= 0; n-- {
				sp = want[PointerOf(p[:n])]
			}
			if sp.start < 0 {
				continue
			}
			if k == markDropped {
				for i := sp.start; i <= sp.end; i++ {
					out[i] = stronger(out[i], k)
				}
				continue
			}
			at := sp.start
			if c.Doc.Closes(l) {
				at = sp.end
			}
			out[at] = stronger(out[at], k)
		}
	}
	return out
}

// stronger is the mark a line keeps when marks a and b meet on it.
func stronger(a, b MarkKind) MarkKind {
	rank := func(m MarkKind) int {
		switch m {
		case MarkError:
			return 4
		case MarkNull:
			return 3
		case MarkCall:
			return 2
		case markDropped:
			return 1
		}
		return 0
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// span is the lines a value of the text starts and ends on (-1: not found).
type span struct{ start, end int }

// textScanner walks JSON text that parses, keeping the JSON pointer of the
// value it is in and the line it is on, and notes the spans of the values
// whose pointers are wanted.
type textScanner struct {
	text string
	i    int
	line int
	ptr  []byte
	want map[string]*span
}

func (s *textScanner) space() {
	for ; s.i < len(s.text); s.i++ {
		switch s.text[s.i] {
		case '\n':
			s.line++
		case ' ', '\t', '\r':
		default:
			return
		}
	}
}

// value scans the value at the scanner's place.
func (s *textScanner) value() {
	s.space()
	if s.i >= len(s.text) {
		return
	}
	sp := s.want[string(s.ptr)]
	start := s.line
	switch s.text[s.i] {
	case '{', '[':
		obj, closer := s.text[s.i] == '{', s.text[s.i]+2 // '}' or ']'
		s.i++
		for idx := 0; ; {
			s.space()
			if s.i >= len(s.text) || s.text[s.i] == closer {
				break
			}
			if s.text[s.i] == ',' {
				s.i++
				idx++
				continue
			}
			n := len(s.ptr)
			s.ptr = append(s.ptr, '/')
			if obj {
				key := s.str()
				s.space()
				if s.i < len(s.text) && s.text[s.i] == ':' {
					s.i++
				}
				s.ptr = append(s.ptr, escapePointer(key)...)
			} else {
				s.ptr = append(s.ptr, itoa(idx)...)
			}
			s.value()
			s.ptr = s.ptr[:n]
		}
		s.i++
	case '"':
		s.str()
	default:
		for s.i < len(s.text) && !isDelim(s.text[s.i]) {
			s.i++
		}
	}
	if sp != nil {
		sp.start, sp.end = start, s.line
	}
}

func isDelim(c byte) bool {
	switch c {
	case ',', '}', ']', ' ', '\n', '\t', '\r', ':':
		return true
	}
	return false
}

// str scans a string and returns what it says.
func (s *textScanner) str() string {
	s.i++ // the opening quote
	from, escaped := s.i, false
	for s.i < len(s.text) && s.text[s.i] != '"' {
		if s.text[s.i] == '\\' {
			escaped = true
			s.i++
		}
		s.i++
	}
	raw := s.text[from:min(s.i, len(s.text))]
	s.i++
	if !escaped {
		return raw
	}
	v, err := adapter.DecodeString(`"` + raw + `"`)
	if err != nil {
		return raw
	}
	return v.Str()
}
