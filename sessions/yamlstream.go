package sessions

import (
	"bufio"
	"bytes"
	"io"

	"go.yaml.in/yaml/v3"

	"github.com/strictscope/strictscope/adapter"
)

// streamYAML reads a YAML cassette from r (after any byte-order mark) the way
// loadYAML reads it whole, but one interaction at a time: yaml.v3 builds a node
// tree of a whole document, many times its size. handled is false when the document
// is not of the plain shape read this way: it must then be read whole.
//
// The plain shape is the one vcrpy, go-vcr and Ruby VCR write: a top-level key
// line "interactions:" (or "http_interactions:") with nothing after it but a
// comment, then a block sequence whose items start with "- " at one column K.
// The text is cut at those item lines: each item runs to the next line at
// column K that starts an item, or to the first line, not blank and not a
// comment, at a column below K or at K not starting an item, which must be at
// column 0 (the next top-level key, or a document marker). Each item is parsed
// alone, as a one-item sequence, and converted as it would be in the whole
// document (at its depth), then read into an exchange and dropped. The rest,
// the head before the key line and the tail after the sequence, is parsed as
// the skeleton: the head, "KEY: []" on the key line, the tail.
//
// A cut is sound because only a scalar can hold a line at column K or below in
// a block sequence at column K: a block scalar's lines and a plain scalar's
// continuation lines are indented more; a quoted scalar or a flow collection
// cut there leaves its item unterminated, which fails to parse. So any item
// that does not parse alone, or is not one sequence item, sends the document to
// the whole reading, as do: a directive line (%TAG can change what a tag
// means), an alias in the skeleton (an anchor may be redefined in an item), a
// skeleton whose key is not on the key line at the top level (the key line was
// inside a scalar), a line break yaml.v3 sees and this cutter does not (a lone
// CR, NEL, LS, PS: the key would not be on its line), and a document whose
// aliases expand past the bound the whole reading sets (yamlConv's budget,
// counted over the skeleton and every item).
//
// max, when more than 0, holds the reading to the cap on whole documents, as
// streamJSON's bound does: an item (an interaction, with the blank and comment
// lines after it) larger than max bytes, or a head and tail larger than that
// together, or a line longer than that, fails the file with a LoadError
// (handled) that names the interaction ("interaction 3"; nothing for the head
// and tail) and TooLargeMsg; nothing past the line that passes the cap is read.
// A document in memory is read with max 0: it is held already.
//
// Text after the cassette's document (a second "---" document) is read by the
// skeleton's parse, as the whole reading reads it: a file that goes on after
// its first document has the warning moreYAMLMsg (see goesOn).
func (l *loader) streamYAML(r io.Reader, max int64) (rec *Recording, handled bool, err error) {
	defer func() {
		// yaml.v3 may panic on hostile input; the whole reading says why.
		if p := recover(); p != nil {
			rec, handled, err = nil, false, nil
		}
	}()
	const (
		inHead = iota
		afterKey
		inItems
		inTail
	)
	br := bufio.NewReaderSize(r, 64<<10)
	s := &docStream{l: l}
	var head, tail, item, line []byte
	var key string
	list := listInteractions
	state, lineNo, keyLine, col := inHead, 0, 0, 0
	total, used := 0, 0
	tooLarge := func(where string) (*Recording, bool, error) {
		return nil, true, &LoadError{File: l.file, Where: where, Msg: TooLargeMsg(max)}
	}
	for {
		var rerr error
		var over bool
		line, over, rerr = readLine(br, line[:0], max)
		if rerr != nil && rerr != io.EOF {
			return nil, false, nil
		}
		if over {
			// The line alone is larger than the cap: it fails the item
			// it belongs to, or the skeleton.
			switch n := indentOf(line); {
			case state == afterKey && startsItem(line[n:]):
				return tooLarge(list.label(1))
			case state == inItems && n == col && startsItem(line[n:]):
				return tooLarge(list.label(s.next(list) + 1))
			case state == inItems && (n > col || blankOrComment(line)):
				return tooLarge(list.label(s.next(list)))
			}
			return tooLarge("")
		}
		if len(line) == 0 {
			break
		}
		lineNo++
		total += len(line)
		if hiddenBreak(line) {
			return nil, false, nil
		}
		switch state {
		case inHead:
			if line[0] == '%' {
				return nil, false, nil
			}
			if k, found := sequenceKey(line); found {
				key, keyLine, state = k, lineNo, afterKey
				if k == "http_interactions" {
					list = listHTTPInteractions
				}
				s.start(list)
				break
			}
			head = append(head, line...)
		case afterKey:
			if blankOrComment(line) {
				break // nothing of the value
			}
			n := indentOf(line)
			if !startsItem(line[n:]) {
				return nil, false, nil
			}
			col, state = n, inItems
			item = append(item[:0], line...)
		case inItems:
			n := indentOf(line)
			switch {
			case blankOrComment(line), n > col:
				item = append(item, line...)
			case n == col && startsItem(line[n:]):
				if !s.yamlItem(list, item, &used) {
					return nil, false, nil
				}
				item = append(item[:0], line...)
			case n == 0:
				if !s.yamlItem(list, item, &used) {
					return nil, false, nil
				}
				item, state = nil, inTail
				tail = append(tail, line...)
			default:
				return nil, false, nil
			}
		case inTail:
			tail = append(tail, line...)
		}
		if max > 0 {
			if state == inItems && int64(len(item)) > max {
				return tooLarge(list.label(s.next(list)))
			}
			if int64(len(head)+len(tail)) > max {
				return tooLarge("")
			}
		}
		if rerr == io.EOF {
			break
		}
	}
	switch state {
	case inHead, afterKey:
		return nil, false, nil
	case inItems:
		if !s.yamlItem(list, item, &used) {
			return nil, false, nil
		}
	}
	skel, more, ok := yamlSkeleton(append(append(head, key+": []\n"...), tail...), key, keyLine, &used)
	if !ok || used > yamlBudget(total) {
		return nil, false, nil
	}
	if sh, _ := classify(skel); sh == shapeNone {
		return nil, false, nil // loadYAML's "not a cassette" is said by the whole reading
	}
	if more {
		l.w.add("%s", moreYAMLMsg)
	}
	rec, handled, err = s.finish(skel, FormatVCRPy)
	if !handled {
		l.w = warnings{} // the whole reading gives its own
	}
	return rec, handled, err
}

// yamlBudget is how many values a YAML document of size bytes may expand to
// (see yamlConv).
func yamlBudget(size int) int { return 64*size + 1<<16 }

// readLine appends the next line of br, with its '\n' when it has one, to buf.
// When max is more than 0 and the line is longer than max bytes, it stops
// there: over reports it, and buf holds the line's first bytes, more than max.
func readLine(br *bufio.Reader, buf []byte, max int64) (line []byte, over bool, err error) {
	start := len(buf)
	for {
		frag, err := br.ReadSlice('\n')
		buf = append(buf, frag...)
		if max > 0 && int64(len(buf)-start) > max {
			return buf, true, nil
		}
		if err != bufio.ErrBufferFull {
			return buf, false, err
		}
	}
}

// hiddenBreak reports whether line holds a line break that yaml.v3 sees and
// a split at '\n' does not: a CR not before the final LF, NEL, LS or PS.
func hiddenBreak(line []byte) bool {
	body := bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
	return bytes.IndexByte(body, '\r') >= 0 || bytes.Contains(body, []byte("\u0085")) ||
		bytes.Contains(body, []byte("\u2028")) || bytes.Contains(body, []byte("\u2029"))
}

// sequenceKey reports whether line is a top-level key line "interactions:" or
// "http_interactions:", with nothing after it but white space and a comment.
func sequenceKey(line []byte) (string, bool) {
	for _, k := range []string{"interactions", "http_interactions"} {
		rest, found := bytes.CutPrefix(line, []byte(k+":"))
		if !found {
			continue
		}
		rest = bytes.TrimRight(rest, "\r\n")
		trimmed := bytes.TrimLeft(rest, " \t")
		if len(trimmed) == 0 || (trimmed[0] == '#' && len(trimmed) < len(rest)) {
			return k, true
		}
	}
	return "", false
}

// indentOf is how many spaces line starts with.
func indentOf(line []byte) int {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	return n
}

// blankOrComment reports whether line is spaces only, or spaces then a comment.
func blankOrComment(line []byte) bool {
	rest := bytes.TrimRight(line[indentOf(line):], "\r\n")
	return len(rest) == 0 || rest[0] == '#'
}

// startsItem reports whether text (a line after its indentation) starts a block
// sequence item: "-" then white space or the line's end.
func startsItem(text []byte) bool {
	return len(text) > 0 && text[0] == '-' && (len(text) == 1 || text[1] == ' ' || text[1] == '\t' || text[1] == '\n' || text[1] == '\r')
}

// yamlItem parses the text of one sequence item alone and reads it into list k.
// It reports false when the text is not one block sequence item, or does not
// convert; used counts the values converted.
func (s *docStream) yamlItem(k listKey, text []byte, used *int) bool {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(text)).Decode(&doc); err != nil {
		return false
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return false
	}
	seq := doc.Content[0]
	if seq.Kind != yaml.SequenceNode || seq.Style&yaml.FlowStyle != 0 || len(seq.Content) != 1 || seq.Anchor != "" || seq.Tag != "!!seq" {
		return false
	}
	// In the document, an item is a value of the top-level mapping's value:
	// at depth 2.
	budget := yamlBudget(len(text))
	c := &yamlConv{budget: budget}
	v, err := c.node(seq.Content[0], 2)
	if err != nil {
		return false
	}
	*used += budget - c.budget
	s.add(k, v)
	return true
}

// yamlSkeleton parses the skeleton of a cassette cut at its items: its key must
// be a key of the top-level mapping on line keyLine, holding the empty flow
// sequence written there, and it must have no alias. used counts the values
// converted; more reports whether the text goes on after the skeleton's
// document (goesOn).
func yamlSkeleton(text []byte, key string, keyLine int, used *int) (v adapter.Value, more, ok bool) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(text))
	if err := dec.Decode(&doc); err != nil {
		return adapter.Value{}, false, false
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode || hasAlias(&doc) {
		return adapter.Value{}, false, false
	}
	root := doc.Content[0]
	found := false
	for i := 0; i+1 < len(root.Content); i += 2 {
		kn, vn := root.Content[i], root.Content[i+1]
		if kn.Kind == yaml.ScalarNode && kn.Value == key && kn.Line == keyLine && kn.Column == 1 &&
			vn.Kind == yaml.SequenceNode && len(vn.Content) == 0 && vn.Line == keyLine {
			found = true
		}
	}
	if !found {
		return adapter.Value{}, false, false
	}
	budget := yamlBudget(len(text))
	c := &yamlConv{budget: budget}
	v, err := c.node(&doc, 0)
	if err != nil {
		return adapter.Value{}, false, false
	}
	*used += budget - c.budget
	return v, goesOn(dec), true
}

func hasAlias(n *yaml.Node) bool {
	if n.Kind == yaml.AliasNode {
		return true
	}
	for _, c := range n.Content {
		if hasAlias(c) {
			return true
		}
	}
	return false
}
