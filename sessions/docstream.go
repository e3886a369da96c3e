package sessions

import (
	"errors"
	"io"

	"github.com/go-json-experiment/json/jsontext"

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
// where), or its elements read are not the ones loadValue would read.
func (l *loader) streamJSON(r io.Reader) (rec *Recording, handled bool, err error) {
	s := &docStream{l: l}
	dec := jsontext.NewDecoder(r)
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil, false, nil
	}
	mems, err := s.members(dec, 0)
	if err != nil {
		return nil, false, nil
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, false, nil // text after the document
	}
	return s.finish(adapter.ObjectValue(mems...), FormatUnknown)
}

// errNotDecoded is a value jsontext accepted that adapter.Decode did not; the
// two accept the same texts, so it is never returned.
var errNotDecoded = errors.New("a value jsontext accepts does not decode")

// members reads the members of the object whose '{' was just read, to its '}':
// at level 0 the document, at level 1 its log. log.entries, interactions and
// http_interactions, when they are arrays, are read one element at a time.
func (s *docStream) members(dec *jsontext.Decoder, level int) ([]adapter.Member, error) {
	var mems []adapter.Member
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, err
		}
		if tok.Kind() == '}' {
			return mems, nil
		}
		key := tok.String()
		next := dec.PeekKind()
		switch {
		case level == 0 && key == "log" && next == '{':
			dec.ReadToken()
			log, err := s.members(dec, 1)
			if err != nil {
				return nil, err
			}
			mems = append(mems, adapter.MemberOf(key, adapter.ObjectValue(log...)))
			continue
		case level == 1 && key == "entries" && next == '[':
			err = s.list(dec, listEntries)
		case level == 0 && key == "interactions" && next == '[':
			err = s.list(dec, listInteractions)
		case level == 0 && key == "http_interactions" && next == '[':
			err = s.list(dec, listHTTPInteractions)
		default:
			raw, err := dec.ReadValue()
			if err != nil {
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

// list reads the array at the decoder one element at a time, each into list k.
func (s *docStream) list(dec *jsontext.Decoder, k listKey) error {
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	s.start(k)
	for dec.PeekKind() != ']' {
		raw, err := dec.ReadValue()
		if err != nil {
			return err
		}
		v, err := adapter.Decode(raw)
		if err != nil {
			return errNotDecoded
		}
		s.add(k, v)
	}
	_, err := dec.ReadToken()
	return err
}
