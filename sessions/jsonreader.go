package sessions

import (
	"bytes"
	"errors"
	"io"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/strictscope/strictscope/adapter"
)

// A jsonReader is the jsontext Decoder streamJSON reads a document with, and
// what it needs besides: the cap on what one read may take, and enough of what
// was read to say, when the reading stops at a syntax error, the error
// adapter.Decode gives for the whole document, with its line and column, without
// the document.
//
// Each read (a token, or a value read whole) starts with a peek: the peek makes
// the decoder buffer the white space and delimiter before the token, which the
// reader counts the line breaks of; a value read whole has its line breaks
// counted too (a token has none: JSON strings hold no raw line break). So the
// line and column of the decoder's offset are known at every step, and those of
// any later place in the decoder's unread buffer.
type jsonReader struct {
	dec *jsontext.Decoder
	src io.Reader // what dec reads

	// bound, when not nil, is the reader under dec, a file's: when max > 0, a
	// read (a token, or a value read whole, with the white space before it) may
	// not make dec take more than max bytes past the offset the read starts at.
	bound *countingReader
	max   int64

	lines  int64 // line breaks before dec.InputOffset()
	lastNL int64 // offset of the last of them, -1 when none

	// The white space and delimiter before the next token, as the last peek
	// saw them: their line breaks, and where the last one is in them (-1 when
	// none).
	gapNL, gapLast int64

	frames []frame // the open objects and arrays, outermost first
}

// A frame is an object or an array the reader is inside of.
type frame struct {
	array bool
	n     int    // members (of an object) or elements (of an array) read whole
	name  string // the member whose value is being read, when named
	named bool
}

// newJSONReader reads from r; bound is r itself when r reads a file, nil when
// what is read is in memory already.
func newJSONReader(r io.Reader, bound *countingReader, max int64) *jsonReader {
	return &jsonReader{dec: jsontext.NewDecoder(r), src: r, bound: bound, max: max, lastNL: -1}
}

// capping reports whether reads are held to the cap.
func (j *jsonReader) capping() bool { return j.bound != nil && j.max > 0 }

// peek is the kind of the next token, 0 when there is none or it is invalid (the
// read that follows says why). It sets the bound for the read it begins.
func (j *jsonReader) peek() jsontext.Kind {
	if j.capping() {
		j.bound.limit = j.dec.InputOffset() + min(j.max, maxBody) + 1
	}
	k := j.dec.PeekKind()
	if k != 0 {
		u := j.dec.UnreadBuffer()
		gap := u[:len(u)-len(bytes.TrimLeft(u, ",: \t\r\n"))]
		j.gapNL = int64(bytes.Count(gap, newline))
		j.gapLast = int64(bytes.LastIndexByte(gap, '\n'))
	}
	return k
}

var newline = []byte{'\n'}

// capped reports whether the reading stopped at the bound.
func (j *jsonReader) capped() bool { return j.capping() && j.bound.refused }

// readToken reads the next token.
func (j *jsonReader) readToken() (jsontext.Token, error) {
	if j.peek() == 0 {
		return j.dec.ReadToken()
	}
	in := j.dec.InputOffset()
	tok, err := j.dec.ReadToken()
	if err != nil {
		return tok, err
	}
	j.advance(in, nil)
	switch k := tok.Kind(); {
	case k == '{' || k == '[':
		j.frames = append(j.frames, frame{array: k == '['})
	case k == '}' || k == ']':
		j.frames = j.frames[:len(j.frames)-1]
		j.valueDone()
	case k == '"' && len(j.frames) > 0 && !j.frames[len(j.frames)-1].array && !j.frames[len(j.frames)-1].named:
		f := &j.frames[len(j.frames)-1]
		f.name, f.named = tok.String(), true
	default:
		j.valueDone()
	}
	return tok, nil
}

// readValue reads the next value whole.
func (j *jsonReader) readValue() (jsontext.Value, error) {
	if j.peek() == 0 {
		return j.dec.ReadValue()
	}
	in := j.dec.InputOffset()
	raw, err := j.dec.ReadValue()
	if err != nil {
		return nil, err
	}
	j.advance(in, raw)
	j.valueDone()
	return raw, nil
}

// advance counts the line breaks of what a read from offset in took: the gap the
// peek saw, then the token, or raw, the value read whole.
func (j *jsonReader) advance(in int64, raw []byte) {
	if j.gapNL > 0 {
		j.lines += j.gapNL
		j.lastNL = in + j.gapLast
	}
	if n := bytes.Count(raw, newline); n > 0 {
		j.lines += int64(n)
		j.lastNL = j.dec.InputOffset() - int64(len(raw)) + int64(bytes.LastIndexByte(raw, '\n'))
	}
	j.gapNL, j.gapLast = 0, -1
}

// valueDone counts a value read whole in the innermost frame.
func (j *jsonReader) valueDone() {
	if len(j.frames) == 0 {
		return
	}
	f := &j.frames[len(j.frames)-1]
	f.n++
	f.name, f.named = "", false
}

// A jsonStop is where a JSON document read one entry at a time stopped at a
// syntax error: the error adapter.Decode gives for the whole document, whether
// it is on the document's first line (no line break before it), and the bytes
// the decoder holds from the error on (the rest of the input follows them).
type jsonStop struct {
	err       *adapter.SyntaxError
	firstLine bool
	after     []byte
}

func (s *jsonStop) Error() string { return s.err.Error() }
func (s *jsonStop) Unwrap() error { return s.err }

// wholeError is where the reading stopped, when it stopped at err and the
// error adapter.Decode gives for the whole document is sure; nil otherwise.
//
// The Decoder that reads the whole document is, at the offset where this
// reader's Decoder stands, in a state that only the open objects and arrays
// tell: their kinds, how many members or elements each has so far, the name
// of the member being read in each object. Past that offset, both read the
// same bytes. So the whole document's error is that of a short document that
// opens the same objects and arrays, with as many members and elements (whose
// names and values do not matter), followed by the unread buffer, which holds
// the place of the error, and the next bytes of the input, up to
// errorLookahead, which the error's message may quote: its message and JSON
// pointer are the whole document's, and its offset moved by the difference in
// length. The line and column come from the line breaks counted before the
// offset and those of the unread buffer.
//
// It is not sure, and wholeError is nil, when err is no syntax error (a read
// error, the bound), when it is a duplicate name (the whole decode reports
// the first syntax error after it instead, when there is one), when it is
// found outside the document's object, and when the short document's error is
// not at the place err says.
func (j *jsonReader) wholeError(err error) *jsonStop {
	var serr *jsontext.SyntacticError
	if !errors.As(err, &serr) || errors.Is(err, jsontext.ErrDuplicateName) || len(j.frames) == 0 {
		return nil
	}
	in := j.dec.InputOffset()
	unread := j.dec.UnreadBuffer()
	if j.bound != nil {
		j.bound.limit = 0
	}
	next := make([]byte, errorLookahead)
	n, rerr := io.ReadFull(j.src, next)
	if rerr != nil && rerr != io.EOF && rerr != io.ErrUnexpectedEOF {
		return nil
	}
	unread = append(unread[:len(unread):len(unread)], next[:n]...)
	prefix := j.openedPrefix()
	_, derr := adapter.Decode(append(prefix, unread...))
	var se *adapter.SyntaxError
	if !errors.As(derr, &se) || se.Offset < int64(len(prefix)) {
		return nil
	}
	off := se.Offset - int64(len(prefix)) + in
	atEnd := se.Msg == "unexpected end of input"
	if off != serr.ByteOffset || off > in+int64(len(unread)) || atEnd != errors.Is(err, io.ErrUnexpectedEOF) {
		return nil
	}
	before := unread[:off-in]
	lines, last := j.lines+int64(bytes.Count(before, newline)), j.lastNL
	if i := bytes.LastIndexByte(before, '\n'); i >= 0 {
		last = in + int64(i)
	}
	return &jsonStop{
		err:       &adapter.SyntaxError{Offset: off, Line: int(lines) + 1, Column: int(off - last), Pointer: se.Pointer, Msg: se.Msg},
		firstLine: lines == 0,
		after:     unread[off-in:],
	}
}

// errorLookahead is how many bytes after the place of a syntax error its
// message may quote: jsontext quotes an invalid character (a rune, up to 4
// bytes), an invalid escape sequence (up to 6) or surrogate pair (12), with
// the bytes it has.
const errorLookahead = 16

// openedPrefix writes a JSON text that opens the frames the reader is in, each
// with as many members or elements read as it has, and stops where the reader
// stands: after the name of the member being read in the innermost object (the
// ':' is still unread), or after its last member or element.
func (j *jsonReader) openedPrefix() []byte {
	var b []byte
	for i, f := range j.frames {
		inner := i == len(j.frames)-1
		if f.array {
			b = append(b, '[')
			for e := range f.n {
				if e > 0 {
					b = append(b, ',')
				}
				b = append(b, '0')
			}
			if !inner && f.n > 0 {
				b = append(b, ',')
			}
			continue
		}
		b = append(b, '{')
		for m := range f.n {
			if m > 0 {
				b = append(b, ',')
			}
			b = append(b, `"":0`...)
		}
		if f.named {
			if f.n > 0 {
				b = append(b, ',')
			}
			b, _ = jsontext.AppendQuote(b, f.name)
			if !inner {
				b = append(b, ':')
			}
		}
	}
	return b
}
