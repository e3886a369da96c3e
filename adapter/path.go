package adapter

import (
	"math"
	"strconv"
	"strings"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// StepKind says what one step of a Path is.
type StepKind uint8

// The three kinds of step.
const (
	KeyStep   StepKind = iota // an object member name
	IndexStep                 // one array index
	EveryStep                 // every element of an array
)

// A Step is one step of a Path.
type Step struct {
	Key   string // KeyStep
	Index int32  // IndexStep
	Kind  StepKind
}

// Key returns a step into the object member named k.
func Key(k string) Step { return Step{Kind: KeyStep, Key: k} }

// Index returns a step into array element i. Indices are int32, as a Value's
// arrays are: an i outside that range gives a step no Value resolves.
func Index(i int) Step {
	if i < 0 || i > math.MaxInt32 {
		i = -1
	}
	return Step{Kind: IndexStep, Index: int32(i)}
}

// Every returns a step into every element of an array.
func Every() Step { return Step{Kind: EveryStep} }

// A Path locates a value inside a JSON document.
//
// A schema path walks a schema by keyword, property name and array index
// (["properties","v","anyOf",0]). An instance path walks arguments: property names,
// and Every for "every element" in a null path, or concrete indices in a validation
// error. In JSON a path is an array of strings (names), numbers (indices) and null
// (every element).
type Path []Step

// Append returns a new path: p followed by steps. p is never modified.
func (p Path) Append(steps ...Step) Path {
	out := make(Path, len(p), len(p)+len(steps))
	copy(out, p)
	return append(out, steps...)
}

// Keys returns a path of member names.
func Keys(keys ...string) Path {
	p := make(Path, len(keys))
	for i, k := range keys {
		p[i] = Key(k)
	}
	return p
}

// Equal reports whether p and q are the same path.
func (p Path) Equal(q Path) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}

// Value returns the path as JSON: ["tags", null, "k"], ["anyOf", 0].
func (p Path) Value() Value {
	items := make([]Value, len(p))
	for i, s := range p {
		switch s.Kind {
		case KeyStep:
			items[i] = StringValue(s.Key)
		case IndexStep:
			items[i] = NumberValue(strconv.Itoa(int(s.Index)))
		case EveryStep:
			items[i] = Value{}
		}
	}
	return ArrayValue(items...)
}

// PathFromValue reads a path written as JSON by Path.Value.
func PathFromValue(v Value) (Path, bool) {
	if v.Kind() != Array {
		return nil, false
	}
	p := make(Path, 0, v.Len())
	for _, it := range v.Items() {
		switch it.Kind() {
		case String:
			p = append(p, Key(it.Str()))
		case Null:
			p = append(p, Every())
		case Number:
			n, err := strconv.Atoi(it.NumberText())
			if err != nil || n < 0 || n > math.MaxInt32 {
				return nil, false
			}
			p = append(p, Index(n))
		default:
			return nil, false
		}
	}
	return p, true
}

// Pointer returns the path as a JSON pointer (RFC 6901): "/properties/v/anyOf/0".
// Every element is written "*" (a pointer has no such step). The root is "".
func (p Path) Pointer() string {
	var sb strings.Builder
	for _, s := range p {
		sb.WriteByte('/')
		switch s.Kind {
		case KeyStep:
			pointerEscaper.WriteString(&sb, s.Key)
		case IndexStep:
			sb.WriteString(strconv.Itoa(int(s.Index)))
		case EveryStep:
			sb.WriteByte('*')
		}
	}
	return sb.String()
}

// The escapes of a JSON pointer token (RFC 6901). A Replacer is safe for concurrent
// use and never changes, so one of each is shared.
var (
	pointerEscaper   = strings.NewReplacer("~", "~0", "/", "~1")
	pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

// String returns the path as its JSON text, for messages.
func (p Path) String() string { return p.Value().String() }

// Lookup returns the value at path p inside v. An Every step does not resolve.
func Lookup(v Value, p Path) (Value, bool) {
	for _, s := range p {
		switch s.Kind {
		case KeyStep:
			next, ok := v.Get(s.Key)
			if !ok {
				return Value{}, false
			}
			v = next
		case IndexStep:
			items := v.Items()
			if s.Index < 0 || int(s.Index) >= len(items) {
				return Value{}, false
			}
			v = items[s.Index]
		default:
			return Value{}, false
		}
	}
	return v, true
}

// ParsePointer reads a JSON pointer ("/a/0/b~1c") into a path. A token of decimal
// digits becomes an index step only where v, the document, has an array; elsewhere
// it is a member name. With no document (v null) digits are member names.
func ParsePointer(ptr string, v Value) (Path, bool) {
	if ptr == "" {
		return Path{}, true
	}
	if ptr[0] != '/' {
		return nil, false
	}
	var p Path
	cur, have := v, true
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = pointerUnescaper.Replace(tok)
		if have && cur.Kind() == Array {
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 {
				return nil, false
			}
			p = append(p, Index(n))
			items := cur.Items()
			if n < len(items) {
				cur = items[n]
			} else {
				have = false
			}
			continue
		}
		p = append(p, Key(tok))
		if have {
			cur, have = cur.Get(tok)
		}
	}
	return p, true
}

// atPointer writes a message about the place p in a document: "POINTER: MSG", or
// just MSG for the whole document.
func atPointer(p Path, msg string) string {
	if len(p) == 0 {
		return msg
	}
	return termsafe.Sanitize(p.Pointer()) + ": " + msg
}
