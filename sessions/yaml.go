package sessions

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/strictscope/strictscope/adapter"
)

// A yamlError is a YAML document that cannot become a JSON value, with its line.
type yamlError struct {
	line int // 0 when unknown
	msg  string
}

func (e *yamlError) Error() string {
	if e.line > 0 {
		return fmt.Sprintf("line %d: %s", e.line, e.msg)
	}
	return e.msg
}

func (e *yamlError) where() string {
	if e.line > 0 {
		return fmt.Sprintf("line %d", e.line)
	}
	return ""
}

// yamlToValue reads the first YAML document of data into a JSON value, keeping the
// order of mapping keys.
//
// Scalars become JSON by their resolved tag: !!null, !!bool, !!int and !!float become
// null, booleans and numbers (a number keeps its text when it is valid JSON, "1.0"
// stays "1.0"; 0x1F, 1_000 or +5 are rewritten in decimal; .inf and .nan, which JSON
// cannot hold, stay strings); !!binary becomes a string of the decoded bytes (which
// the cassette loader checks: gzip, text or binary); everything else (!!str,
// !!timestamp, application tags) is a string as written. A duplicate key in one
// mapping is an error with its line; merge keys (<<) are applied; aliases are
// expanded, with a bound on the total size so that an alias bomb is an error.
func yamlToValue(data []byte) (v adapter.Value, err error) {
	v, _, err = yamlDocument(data)
	return v, err
}

// yamlDocument is yamlToValue, and reports whether data goes on after the
// first document (see goesOn).
func yamlDocument(data []byte) (v adapter.Value, more bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &yamlError{msg: fmt.Sprintf("invalid YAML: %v", p)}
		}
	}()
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return adapter.Value{}, false, &yamlError{msg: "the YAML document is empty"}
		}
		return adapter.Value{}, false, yamlParseError(err, data)
	}
	c := &yamlConv{budget: 64*len(data) + 1<<16}
	v, err = c.node(&doc, 0)
	if err != nil {
		return adapter.Value{}, false, err
	}
	return v, goesOn(dec), nil
}

// moreYAMLMsg is the warning for a YAML file that goes on after its first
// document: a cassette is one document, and only the first is read.
const moreYAMLMsg = "the file goes on after its first YAML document: only the first document is read"

// goesOn reports whether dec, which has read a document, has more: a document
// that is not empty ("---" then nothing but comments), or text that is no YAML
// document. A second document is parsed, not converted.
func goesOn(dec *yaml.Decoder) (more bool) {
	defer func() {
		if p := recover(); p != nil {
			more = true
		}
	}()
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		switch {
		case errors.Is(err, io.EOF):
			return false
		case err != nil:
			return true
		case len(doc.Content) > 0 && !emptyNode(doc.Content[0]):
			return true
		}
	}
}

// emptyNode reports whether n is the null an empty document holds.
func emptyNode(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Value == "" && n.Style == 0 && n.Anchor == ""
}

// yamlParseError turns "yaml: line 3: mapping values are not allowed…" into a
// yamlError with its line. The errors yaml.v3 finds while reading characters (a
// control character, invalid UTF-8) name no line: the line is that of the first
// character of data that YAML does not allow.
func yamlParseError(err error, data []byte) *yamlError {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	e := &yamlError{msg: "invalid YAML: " + msg}
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.Index(rest, ": "); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				e.line, e.msg = n, "invalid YAML: "+rest[i+2:]
			}
		}
	}
	if e.line == 0 {
		if at := badYAMLChar(data); at >= 0 {
			e.line = 1 + bytes.Count(data[:at], []byte{'\n'})
		}
	}
	return e
}

// badYAMLChar is the offset of the first character YAML does not allow in a
// stream (YAML 1.2, 5.1: tab, line breaks, printable ASCII, U+0085, and
// U+00A0 on, except surrogates and U+FFFE, U+FFFF), or of the first byte that
// is not UTF-8; -1 when there is none.
func badYAMLChar(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1,
			r < 0x20 && r != '\t' && r != '\n' && r != '\r',
			r >= 0x7F && r <= 0x9F && r != 0x85,
			r == 0xFFFE || r == 0xFFFF:
			return i
		}
		i += size
	}
	return -1
}

type yamlConv struct {
	budget   int                 // nodes left to build; aliases can multiply a document
	visiting map[*yaml.Node]bool // aliases being expanded, to stop cycles
}

func (c *yamlConv) node(n *yaml.Node, depth int) (adapter.Value, error) {
	if c.budget--; c.budget < 0 {
		return adapter.Value{}, &yamlError{line: n.Line, msg: "the YAML document expands to too many values (alias bomb?)"}
	}
	if depth > adapter.MaxDepth {
		return adapter.Value{}, &yamlError{line: n.Line, msg: fmt.Sprintf("nesting deeper than %d levels", adapter.MaxDepth)}
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return adapter.NullValue(), nil
		}
		return c.node(n.Content[0], depth)
	case yaml.AliasNode:
		if n.Alias == nil {
			return adapter.Value{}, &yamlError{line: n.Line, msg: "alias to an unknown anchor"}
		}
		if c.visiting == nil {
			c.visiting = make(map[*yaml.Node]bool)
		}
		if c.visiting[n.Alias] {
			return adapter.Value{}, &yamlError{line: n.Line, msg: "alias refers to a value that contains it"}
		}
		c.visiting[n.Alias] = true
		v, err := c.node(n.Alias, depth+1)
		delete(c.visiting, n.Alias)
		return v, err
	case yaml.SequenceNode:
		items := make([]adapter.Value, 0, len(n.Content))
		for _, it := range n.Content {
			v, err := c.node(it, depth+1)
			if err != nil {
				return adapter.Value{}, err
			}
			items = append(items, v)
		}
		return adapter.ArrayValue(items...), nil
	case yaml.MappingNode:
		return c.mapping(n, depth)
	case yaml.ScalarNode:
		return scalarValue(n)
	}
	return adapter.Value{}, &yamlError{line: n.Line, msg: "unsupported YAML node"}
}

func (c *yamlConv) mapping(n *yaml.Node, depth int) (adapter.Value, error) {
	mems := make([]adapter.Member, 0, len(n.Content)/2)
	lines := make(map[string]int, len(n.Content)/2)
	var merged []adapter.Member
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		if kn.Kind == yaml.ScalarNode && kn.ShortTag() == "!!merge" {
			v, err := c.node(vn, depth+1)
			if err != nil {
				return adapter.Value{}, err
			}
			srcs := []adapter.Value{v}
			if v.Kind() == adapter.Array {
				srcs = v.Items()
			}
			for _, src := range srcs {
				if src.Kind() != adapter.Object {
					return adapter.Value{}, &yamlError{line: vn.Line, msg: "a merge key (<<) needs a mapping or a list of mappings"}
				}
				merged = append(merged, src.Members()...)
			}
			continue
		}
		key, err := c.key(kn, depth)
		if err != nil {
			return adapter.Value{}, err
		}
		if first, dup := lines[key]; dup {
			return adapter.Value{}, &yamlError{line: kn.Line, msg: fmt.Sprintf("duplicate key %s (first at line %d)", quote(key), first)}
		}
		lines[key] = kn.Line
		v, err := c.node(vn, depth+1)
		if err != nil {
			return adapter.Value{}, err
		}
		mems = append(mems, adapter.MemberOf(key, v))
	}
	// Merged keys come after the mapping's own, which win; among the merged
	// mappings the first wins.
	for _, m := range merged {
		if _, ok := lines[m.Key()]; ok {
			continue
		}
		lines[m.Key()] = 0
		mems = append(mems, m)
	}
	return adapter.ObjectValue(mems...), nil
}

// key returns a mapping key as a string: a scalar's text, or the compact JSON of a
// complex key.
func (c *yamlConv) key(kn *yaml.Node, depth int) (string, error) {
	if kn.Kind == yaml.ScalarNode {
		if kn.ShortTag() == "!!null" {
			return "null", nil
		}
		return kn.Value, nil
	}
	v, err := c.node(kn, depth+1)
	if err != nil {
		return "", err
	}
	if v.Kind() == adapter.String {
		return v.Str(), nil
	}
	return v.String(), nil
}

func scalarValue(n *yaml.Node) (adapter.Value, error) {
	s := n.Value
	switch n.ShortTag() {
	case "!!null":
		return adapter.NullValue(), nil
	case "!!bool":
		switch strings.ToLower(s) {
		case "true", "yes", "on", "y":
			return adapter.BoolValue(true), nil
		case "false", "no", "off", "n":
			return adapter.BoolValue(false), nil
		}
		return adapter.StringValue(s), nil
	case "!!int":
		if isJSONNumber(s) {
			return adapter.NumberValue(s), nil
		}
		plain := strings.ReplaceAll(s, "_", "")
		var b big.Int
		if _, ok := b.SetString(plain, 0); ok {
			return adapter.NumberValue(b.String()), nil
		}
		return adapter.StringValue(s), nil
	case "!!float":
		if isJSONNumber(s) {
			return adapter.NumberValue(s), nil
		}
		if f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64); err == nil {
			if t := strconv.FormatFloat(f, 'g', -1, 64); isJSONNumber(t) {
				return adapter.NumberValue(t), nil
			}
		}
		return adapter.StringValue(s), nil
	case "!!binary":
		b, err := decodeBase64Loose(s)
		if err != nil {
			return adapter.Value{}, &yamlError{line: n.Line, msg: "invalid !!binary data: " + err.Error()}
		}
		return adapter.StringValue(string(b)), nil
	}
	return adapter.StringValue(s), nil
}

// decodeBase64Loose decodes standard base64, ignoring white space and padding.
func decodeBase64Loose(s string) ([]byte, error) {
	clean := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\n', '\r', '=':
			return -1
		}
		return r
	}, s)
	return base64.RawStdEncoding.DecodeString(clean)
}

// isJSONNumber reports whether s is a number as JSON writes it.
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(s)
}

// validText replaces what is not valid UTF-8 in the strings and keys of v (only a
// !!binary scalar outside a body can bring it) with U+FFFD, so that every value that
// leaves the loader is text. changed says whether anything was replaced.
func validText(v adapter.Value) (out adapter.Value, changed bool) {
	switch v.Kind() {
	case adapter.String:
		if s := v.Str(); !utf8.ValidString(s) {
			return adapter.StringValue(strings.ToValidUTF8(s, "\uFFFD")), true
		}
	case adapter.Array:
		items := v.Items()
		var fixed []adapter.Value
		for i, it := range items {
			f, ch := validText(it)
			if ch && fixed == nil {
				fixed = append(make([]adapter.Value, 0, len(items)), items[:i]...)
			}
			if fixed != nil {
				fixed = append(fixed, f)
			}
		}
		if fixed != nil {
			return adapter.ArrayValue(fixed...), true
		}
	case adapter.Object:
		mems := v.Members()
		var fixed []adapter.Member
		for i, m := range mems {
			f, ch := validText(m.Value())
			key := m.Key()
			if !utf8.ValidString(key) {
				key, ch = strings.ToValidUTF8(key, "\uFFFD"), true
			}
			if ch && fixed == nil {
				fixed = append(make([]adapter.Member, 0, len(mems)), mems[:i]...)
			}
			if fixed != nil {
				fixed = append(fixed, adapter.MemberOf(key, f))
			}
		}
		if fixed != nil {
			return adapter.ObjectValue(fixed...), true
		}
	}
	return v, false
}
