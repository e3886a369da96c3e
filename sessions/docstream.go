package sessions

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// The lists of a whole document that are read one element at a time.
type listKey int

const (
	listEntries          listKey = iota // a HAR's log.entries
	listInteractions                    // a cassette's interactions
	listHTTPInteractions                // a Ruby VCR cassette's http_interactions
	listKeys
)

// A docStream is one JSON or YAML document read with its long lists taken one
// element at a time: each element becomes an exchange (or a failure, or a skip)
// as it is read, and is dropped. Everything else of the document is decoded as
// it is and gathered into the skeleton: the document with each list read so
// replaced by an empty array.
type docStream struct {
	l     *loader
	lists [listKeys]*collected // nil for a list not read one element at a time

	json     *jsonReader // reading JSON: the decoder
	elements int64       // reading JSON: the bytes of the elements read, each with the white space and comma before it
}

// start marks list k as read one element at a time.
func (s *docStream) start(k listKey) {
	if s.lists[k] == nil {
		s.lists[k] = &collected{}
	}
}

// add reads the next element of list k, which start marked.
func (s *docStream) add(k listKey, v adapter.Value) {
	c := s.lists[k]
	if k == listEntries {
		c.harEntry(s.l, v)
	} else {
		c.interaction(s.l, v)
	}
}

// label is how the failures of list k name its element number n (1-based).
func (k listKey) label(n int) string {
	if k == listEntries {
		return fmt.Sprintf("entry %d", n)
	}
	return fmt.Sprintf("interaction %d", n)
}

// next is the number of the element of list k read next, 1 for the first.
func (s *docStream) next(k listKey) int {
	if c := s.lists[k]; c != nil {
		return c.n + 1
	}
	return 1
}

// finish makes the recording of the document whose skeleton is skel, the way
// loadValue makes it of the whole document. handled is false when the elements read
// are not what loadValue would read (the document is no HAR or cassette, or
// another list of it is the one read): the document must then be read whole.
func (s *docStream) finish(skel adapter.Value, from Format) (rec *Recording, handled bool, err error) {
	streamed := false
	for _, c := range s.lists {
		streamed = streamed || c != nil
	}
	if !streamed {
		// The skeleton is the document.
		rec, err = s.l.loadValue(skel, from)
		return rec, true, err
	}
	switch sh, _ := classify(skel); sh {
	case shapeHAR:
		if c := s.lists[listEntries]; c != nil {
			rec, err = s.l.doneHAR(c)
			return rec, true, err
		}
	case shapeCassette:
		// loadCassette reads interactions when the document has them (of any
		// kind), else http_interactions.
		k := listHTTPInteractions
		if skel.Has("interactions") {
			k = listInteractions
		} else if !skel.Has("http_interactions") {
			return nil, false, nil
		}
		c := s.lists[k]
		if c == nil {
			return nil, false, nil
		}
		f := cassetteFlavor(skel)
		if k == listInteractions && c.n > 0 {
			f = c.flavor
		}
		rec, err = s.l.doneCassette(f, c)
		return rec, true, err
	}
	return nil, false, nil
}

// streamJSON reads the JSON document of r (after any byte-order mark) the way
// loadValue reads it decoded whole, but with a HAR's log.entries and a
// cassette's interactions or http_interactions read one element at a time
// (docStream), so that the memory a document needs is what its exchanges keep
// plus one element, not the decoded document.
//
// The document is read with jsontext's Decoder, which accepts exactly the texts
// adapter.Decode accepts. handled is false when it must be read whole instead: it is
// not one JSON object (or not valid JSON: the whole reading says why, and
// where), or its elements read are not the ones loadValue would read. When
// handled is false, err is nil, or, when r reads a file (bound is not nil) and
// the reading stopped at a syntax error inside the document's object, a
// *jsonStop that holds the *adapter.SyntaxError adapter.Decode gives for the
// whole document (see jsonReader.wholeError): a caller that would read the
// file whole only to report it can report it instead.
//
// bound, when not nil, is r itself (a file being read), and holds the reading
// to the cap max when max > 0, as a document read whole is held to it: an
// element of a list larger than max bytes (with the white space and comma
// before it), a member of the rest of the document larger than that, or the
// rest of the document (its skeleton: all but the elements) larger than that
// all together, fails the file with a LoadError (handled) that names the
// element ("entry 3", "interaction 2"), the member ("/log/pages"), or nothing
// for the skeleton as a whole, and TooLargeMsg. The reading stops as soon as
// one read would need more than max bytes: the decoder never buffers more than
// max bytes past the start of an element. A document in memory (bound nil) is
// not capped: it is held already.
func (l *loader) streamJSON(r io.Reader, bound *countingReader, max int64) (rec *Recording, handled bool, err error) {
	s := &docStream{l: l, json: newJSONReader(r, bound, max)}
	mems, err := s.document()
	if err != nil {
		if le := (*LoadError)(nil); errors.As(err, &le) {
			return nil, true, err
		}
		if bound == nil {
			return nil, false, nil // the whole reading has the document at hand
		}
		if stop := s.json.wholeError(err); stop != nil {
			return nil, false, stop
		}
		return nil, false, nil
	}
	return s.finish(adapter.ObjectValue(mems...), FormatUnknown)
}

// errNotDecoded is a value jsontext accepted that adapter.Decode did not; the
// two accept the same texts, so it is never returned.
var errNotDecoded = errors.New("a value jsontext accepts does not decode")

// errNotOne is a document that is not one JSON object: it is read whole.
var errNotOne = errors.New("not one JSON object")

// document reads the document's object, to the end of the input, and
// returns its skeleton's members.
func (s *docStream) document() ([]adapter.Member, error) {
	j := s.json
	tok, err := j.readToken()
	if err != nil {
		return nil, s.tooLarge(err, "")
	}
	if tok.Kind() != '{' {
		return nil, errNotOne
	}
	mems, err := s.members(0, "")
	if err != nil {
		return nil, err
	}
	j.peek() // bounds the read of the white space after the object
	if _, err := j.dec.ReadToken(); err != io.EOF {
		if j.capped() {
			return nil, s.tooLarge(err, "")
		}
		return nil, errNotOne // text after the object
	}
	return mems, s.skeletonBound("")
}

// tooLarge is err, or the LoadError that says that the read stopped at the
// bound, naming where (an element's label, a member's JSON pointer, or "").
func (s *docStream) tooLarge(err error, where string) error {
	if !s.json.capped() {
		return err
	}
	return &LoadError{File: s.l.file, Where: where, Msg: TooLargeMsg(s.json.max)}
}

// skeletonBound fails, naming where, once the skeleton (every byte read that is
// no element of a list read one at a time) is larger than the cap.
func (s *docStream) skeletonBound(where string) error {
	j := s.json
	if !j.capping() || j.dec.InputOffset()-s.elements <= j.max {
		return nil
	}
	return &LoadError{File: s.l.file, Where: where, Msg: TooLargeMsg(j.max)}
}

// members reads the members of the object whose '{' was just read, to its '}':
// at level 0 the document, at level 1 its log, whose JSON pointer is ptr.
// log.entries, interactions and http_interactions, when they are arrays, are
// read one element at a time.
func (s *docStream) members(level int, ptr string) ([]adapter.Member, error) {
	j := s.json
	var mems []adapter.Member
	for {
		tok, err := j.readToken()
		if err != nil {
			return nil, s.tooLarge(err, ptr)
		}
		if tok.Kind() == '}' {
			return mems, nil
		}
		key := tok.String()
		at := ptr + "/" + pointerToken(key)
		next := j.peek()
		switch {
		case level == 0 && key == "log" && next == '{':
			if _, err := j.readToken(); err != nil {
				return nil, s.tooLarge(err, at)
			}
			log, err := s.members(1, at)
			if err != nil {
				return nil, err
			}
			mems = append(mems, adapter.MemberOf(key, adapter.ObjectValue(log...)))
			continue
		case level == 1 && key == "entries" && next == '[':
			err = s.list(listEntries, at)
		case level == 0 && key == "interactions" && next == '[':
			err = s.list(listInteractions, at)
		case level == 0 && key == "http_interactions" && next == '[':
			err = s.list(listHTTPInteractions, at)
		default:
			raw, err := j.readValue()
			if err != nil {
				return nil, s.tooLarge(err, at)
			}
			if err := s.skeletonBound(at); err != nil {
				return nil, err
			}
			v, err := adapter.Decode(raw)
			if err != nil {
				return nil, errNotDecoded
			}
			mems = append(mems, adapter.MemberOf(key, v))
			continue
		}
		if err != nil {
			return nil, err
		}
		mems = append(mems, adapter.MemberOf(key, adapter.ArrayValue()))
	}
}

// list reads the array at the decoder (at JSON pointer ptr) one element at a
// time, each into list k.
func (s *docStream) list(k listKey, ptr string) error {
	j := s.json
	if _, err := j.readToken(); err != nil {
		return s.tooLarge(err, ptr)
	}
	s.start(k)
	for j.peek() != ']' {
		in := j.dec.InputOffset()
		raw, err := j.readValue()
		if err != nil {
			return s.tooLarge(err, k.label(s.next(k)))
		}
		s.elements += j.dec.InputOffset() - in
		v, err := adapter.Decode(raw)
		if err != nil {
			return errNotDecoded
		}
		s.add(k, v)
	}
	if _, err := j.readToken(); err != nil {
		return s.tooLarge(err, ptr)
	}
	return nil
}

// pointerToken escapes a member name as a JSON pointer token (RFC 6901).
func pointerToken(name string) string {
	return strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
}
