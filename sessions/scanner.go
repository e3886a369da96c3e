package sessions

import (
	"bytes"
	"io"

	"github.com/go-json-experiment/json/jsontext"
)

// A scanner reads the common events of a large stream (a Chat chunk with one small
// delta, a Responses argument delta) without building a Value for each: decoding
// every event whole would cost more than everything else the loader does. It reads
// with one reused jsontext.Decoder into reused scratch space; anything it does not
// fully understand makes it give up, and the event goes the general way
// (adapter.Decode), so both ways give the same result.
type scanner struct {
	bb      bytes.Buffer
	dec     jsontext.Decoder
	buf     []byte // unquoted strings of the current event; spans point into it
	choices []fastChoice
	frags   []fastFrag
}

// A span is a string of the current event, unquoted into scanner.buf. ok is false for
// a JSON null or an absent member.
type span struct {
	off, n int
	ok     bool
}

// start makes data the event to read, and empties the scratch space of the last.
func (s *scanner) start(data []byte) {
	s.bb.Reset()
	s.bb.Write(data)
	s.dec.Reset(&s.bb)
	s.buf = s.buf[:0]
	s.choices = s.choices[:0]
	s.frags = s.frags[:0]
}

// text is the bytes of sp.
func (s *scanner) text(sp span) []byte { return s.buf[sp.off : sp.off+sp.n] }

// end reports whether the event had nothing after its value.
func (s *scanner) end() bool {
	_, err := s.dec.ReadToken()
	return err == io.EOF
}

// str reads a string or null.
func (s *scanner) str() (span, bool) {
	switch s.dec.PeekKind() {
	case 'n':
		_, err := s.dec.ReadToken()
		return span{}, err == nil
	case '"':
		raw, err := s.dec.ReadValue()
		if err != nil {
			return span{}, false
		}
		off := len(s.buf)
		s.buf, err = jsontext.AppendUnquote(s.buf, raw)
		if err != nil {
			return span{}, false
		}
		return span{off: off, n: len(s.buf) - off, ok: true}, true
	}
	return span{}, false
}

// int reads a small non-negative integer.
func (s *scanner) int() (int, bool) {
	if s.dec.PeekKind() != '0' {
		return 0, false
	}
	tok, err := s.dec.ReadToken()
	if err != nil {
		return 0, false
	}
	n, err := tok.Int()
	if err != nil || n < 0 || n > 999_999_999 {
		return 0, false
	}
	return int(n), true
}

// isNull reports whether the next value is null, and reads it if so.
func (s *scanner) isNull() bool {
	if s.dec.PeekKind() != 'n' {
		return false
	}
	_, err := s.dec.ReadToken()
	return err == nil
}

// object reads an object, calling member for each name (raw, with its quotes) with
// the decoder at the value, which member must read. A name written with escapes
// makes the scanner give up (the general way compares names unescaped).
func (s *scanner) object(member func(name []byte) bool) bool {
	if s.dec.PeekKind() != '{' {
		return false
	}
	if _, err := s.dec.ReadToken(); err != nil {
		return false
	}
	for {
		if s.dec.PeekKind() == '}' {
			_, err := s.dec.ReadToken()
			return err == nil
		}
		name, err := s.dec.ReadValue()
		if err != nil || bytes.IndexByte(name, '\\') >= 0 {
			return false
		}
		if !member(name) {
			return false
		}
	}
}

// array reads an array, calling elem with the decoder at each element.
func (s *scanner) array(elem func() bool) bool {
	if s.dec.PeekKind() != '[' {
		return false
	}
	if _, err := s.dec.ReadToken(); err != nil {
		return false
	}
	for {
		if s.dec.PeekKind() == ']' {
			_, err := s.dec.ReadToken()
			return err == nil
		}
		if !elem() {
			return false
		}
	}
}

// skip reads past the next value; false when it is not valid JSON.
func (s *scanner) skip() bool { return s.dec.SkipValue() == nil }
