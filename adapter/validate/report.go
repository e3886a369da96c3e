package validate

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/internal/words"
)

// reporter turns a jsonschema error tree into messages.
type reporter struct {
	schema adapter.Value // the schema as given (Null when unknown), for exact keyword values
	doc    adapter.Value // the instance
	out    []Error
}

// collect adds the leaf errors under e.
func (r *reporter) collect(e *jsonschema.ValidationError) {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if len(e.Causes) > 0 {
			r.collectBranches(e)
			return
		}
	case *kind.PropertyNames, *kind.Contains, *kind.MinContains, *kind.MaxContains:
		r.addKind(e)
		return
	}
	if len(e.Causes) == 0 {
		r.addKind(e)
		return
	}
	for _, c := range e.Causes {
		r.collect(c)
	}
}

// collectBranches reports the failed branches of an anyOf or oneOf. A branch whose
// only failure is its type at the place of the anyOf is left out when another
// branch accepted the type (its errors say what is wrong); when every branch fails
// on type alone, they give one "expected A or B, got C".
func (r *reporter) collectBranches(e *jsonschema.ValidationError) {
	var (
		want  []string
		got   string
		other []*jsonschema.ValidationError
	)
	for _, c := range e.Causes {
		if w, g, ok := typeOnly(c, e.InstanceLocation); ok {
			got = g
			for _, t := range w {
				if !slices.Contains(want, t) {
					want = append(want, t)
				}
			}
			continue
		}
		other = append(other, c)
	}
	if len(other) == 0 {
		r.add(e.InstanceLocation, "expected "+joinOr(want)+", got "+got)
		return
	}
	loc := e.InstanceLocation
	other = prefer(other, func(c *jsonschema.ValidationError) bool { return !discriminated(c, loc) })
	other = prefer(other, func(c *jsonschema.ValidationError) bool { return !failsAt(c, loc) })
	for _, c := range other {
		r.collect(c)
	}
}

// prefer returns the branches keep accepts, or all of them when it accepts
// none.
func prefer(branches []*jsonschema.ValidationError, keep func(*jsonschema.ValidationError) bool) []*jsonschema.ValidationError {
	var kept []*jsonschema.ValidationError
	for _, b := range branches {
		if keep(b) {
			kept = append(kept, b)
		}
	}
	if len(kept) == 0 {
		return branches
	}
	return kept
}

// eachLeaf calls f with every error of e that has no causes.
func eachLeaf(e *jsonschema.ValidationError, f func(*jsonschema.ValidationError)) {
	if len(e.Causes) == 0 {
		f(e)
		return
	}
	for _, c := range e.Causes {
		eachLeaf(c, f)
	}
}

// discriminated reports whether branch e fails on the const of a member or
// element of the value at loc: the value names another alternative there (its
// "type" or "kind" is another branch's constant).
func discriminated(e *jsonschema.ValidationError, loc []string) bool {
	found := false
	eachLeaf(e, func(l *jsonschema.ValidationError) {
		if _, isConst := l.ErrorKind.(*kind.Const); isConst && len(l.InstanceLocation) == len(loc)+1 && slices.Equal(l.InstanceLocation[:len(loc)], loc) {
			found = true
		}
	})
	return found
}

// failsAt reports whether branch e fails at the value at loc itself (a
// missing or unexpected property, a bound of its own), not only inside it.
func failsAt(e *jsonschema.ValidationError, loc []string) bool {
	found := false
	eachLeaf(e, func(l *jsonschema.ValidationError) {
		if slices.Equal(l.InstanceLocation, loc) {
			found = true
		}
	})
	return found
}

// typeOnly reports whether every leaf under e is a type error at loc, and the
// types they want.
func typeOnly(e *jsonschema.ValidationError, loc []string) (want []string, got string, ok bool) {
	if len(e.Causes) == 0 {
		t, isType := e.ErrorKind.(*kind.Type)
		if !isType || !slices.Equal(e.InstanceLocation, loc) {
			return nil, "", false
		}
		return t.Want, t.Got, true
	}
	for _, c := range e.Causes {
		w, g, ok := typeOnly(c, loc)
		if !ok {
			return nil, "", false
		}
		want, got = append(want, w...), g
	}
	return want, got, true
}

func (r *reporter) add(loc []string, msg string) {
	p, ok := resolve(r.doc, loc)
	if !ok {
		p = adapter.Path{}
	}
	r.out = append(r.out, Error{Path: p, Message: msg})
}

// addKind adds the messages of one leaf error.
func (r *reporter) addKind(e *jsonschema.ValidationError) {
	loc := e.InstanceLocation
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		for _, p := range k.Missing {
			r.add(loc, "missing required property "+quote(p))
		}
	case *kind.AdditionalProperties:
		for _, p := range k.Properties {
			r.add(loc, "unexpected property "+quote(p))
		}
	case *kind.Dependency:
		for _, p := range k.Missing {
			r.add(loc, fmt.Sprintf("property %s is required when %s is present", quote(p), quote(k.Prop)))
		}
	case *kind.DependentRequired:
		for _, p := range k.Missing {
			r.add(loc, fmt.Sprintf("property %s is required when %s is present", quote(p), quote(k.Prop)))
		}
	case *kind.Type:
		r.add(loc, r.message(e))
		r.addValueKeywords(e)
	default:
		r.add(loc, r.message(e))
	}
}

// message is the sentence for one leaf error of any other kind.
func (r *reporter) message(e *jsonschema.ValidationError) string {
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		return "expected " + joinOr(r.typeNames(e, k.Want)) + ", got " + k.Got
	case *kind.Enum:
		return r.enumMessage(e, k.Want)
	case *kind.Const:
		return r.constMessage(e, k.Want)
	case *kind.MinLength:
		return fmt.Sprintf("must be at least %s %s long", r.count(e, "minLength", k.Want), words.Form(k.Want, "character", "characters"))
	case *kind.MaxLength:
		return fmt.Sprintf("must be at most %s %s long", r.count(e, "maxLength", k.Want), words.Form(k.Want, "character", "characters"))
	case *kind.Pattern:
		return "must match pattern " + quote(k.Want)
	case *kind.Format:
		// Only meta-schema checks assert a format; "regex" is a pattern RE2 rejects.
		if str, ok := k.Got.(string); ok && k.Want == "regex" {
			msg := quote(str) + " is not a valid pattern in Go's regexp (RE2) syntax"
			if k.Err != nil {
				msg += ": " + strings.TrimPrefix(k.Err.Error(), "error parsing regexp: ")
			}
			return msg
		}
		return "must be a valid " + k.Want
	case *kind.Minimum:
		return "must be at least " + r.number(e, "minimum", k.Want)
	case *kind.Maximum:
		return "must be at most " + r.number(e, "maximum", k.Want)
	case *kind.ExclusiveMinimum:
		return "must be greater than " + r.number(e, "exclusiveMinimum", k.Want)
	case *kind.ExclusiveMaximum:
		return "must be less than " + r.number(e, "exclusiveMaximum", k.Want)
	case *kind.MultipleOf:
		return "must be a multiple of " + r.number(e, "multipleOf", k.Want)
	case *kind.MinItems:
		return fmt.Sprintf("must have at least %s %s", r.count(e, "minItems", k.Want), words.Form(k.Want, "item", "items"))
	case *kind.MaxItems:
		return fmt.Sprintf("must have at most %s %s", r.count(e, "maxItems", k.Want), words.Form(k.Want, "item", "items"))
	case *kind.MinProperties:
		return fmt.Sprintf("must have at least %s %s", r.count(e, "minProperties", k.Want), words.Form(k.Want, "property", "properties"))
	case *kind.MaxProperties:
		return fmt.Sprintf("must have at most %s %s", r.count(e, "maxProperties", k.Want), words.Form(k.Want, "property", "properties"))
	case *kind.AdditionalItems:
		if arr, ok := lookupLoc(r.doc, e.InstanceLocation); ok && arr.Kind() == adapter.Array {
			n := arr.Len() - k.Count
			return fmt.Sprintf("must have at most %d %s", n, words.Form(n, "item", "items"))
		}
		return fmt.Sprintf("has %d %s more than allowed", k.Count, words.Form(k.Count, "item", "items"))
	case *kind.UniqueItems:
		return fmt.Sprintf("items must be unique: items %d and %d are equal", k.Duplicates[0], k.Duplicates[1])
	case *kind.Contains:
		return `must contain at least one item that matches "contains"`
	case *kind.MinContains:
		return fmt.Sprintf(`must contain at least %s %s that %s "contains", found %d`, r.count(e, "minContains", k.Want), words.Form(k.Want, "item", "items"), words.Form(k.Want, "matches", "match"), len(k.Got))
	case *kind.MaxContains:
		return fmt.Sprintf(`must contain at most %s %s that %s "contains", found %d`, r.count(e, "maxContains", k.Want), words.Form(k.Want, "item", "items"), words.Form(k.Want, "matches", "match"), len(k.Got))
	case *kind.PropertyNames:
		sub := reporter{doc: adapter.StringValue(k.Property)}
		for _, c := range e.Causes {
			sub.collect(c)
		}
		msg := "property name " + quote(k.Property) + " is not allowed"
		if errs := finish(sub.doc, sub.out); len(errs) > 0 {
			var ms []string
			for _, x := range errs {
				ms = append(ms, x.Message)
			}
			msg += ": " + strings.Join(ms, "; ")
		}
		return msg
	case *kind.Not:
		return `must not match the schema in "not"`
	case *kind.OneOf:
		if k.Subschemas != nil && len(k.Subschemas) >= 2 {
			return fmt.Sprintf(`must match exactly one schema in "oneOf", but matches %d and %d`, k.Subschemas[0], k.Subschemas[1])
		}
		return `must match exactly one schema in "oneOf"`
	case *kind.AnyOf:
		return `must match at least one schema in "anyOf"`
	case *kind.FalseSchema:
		if n := len(e.InstanceLocation); n > 0 {
			if parent, ok := lookupLoc(r.doc, e.InstanceLocation[:n-1]); ok && parent.Kind() == adapter.Object {
				return "property " + quote(e.InstanceLocation[n-1]) + " is not allowed"
			}
		}
		return "no value is allowed here"
	case *kind.RefCycle:
		return "the schema's $ref cycle never reaches a check for this value"
	}
	return e.ErrorKind.LocalizedString(message.NewPrinter(language.English))
}

// enumMessage is the sentence for an enum that e's value is not in; want is the enum
// as jsonschema read it, for when the schema's own text is not at hand.
func (r *reporter) enumMessage(e *jsonschema.ValidationError, want []any) string {
	vals := r.keywordItems(e, "enum")
	if vals == nil {
		for _, w := range want {
			vals = append(vals, anyText(w))
		}
	}
	switch len(vals) {
	case 0:
		return `no value is allowed here: "enum" lists no values`
	case 1:
		return "must be " + vals[0]
	}
	return "must be one of " + joinValues(vals)
}

// constMessage is the sentence for a const that e's value is not equal to.
func (r *reporter) constMessage(e *jsonschema.ValidationError, want any) string {
	if t, ok := r.keywordText(e, "const"); ok {
		return "must be " + t
	}
	return "must be " + anyText(want)
}

// addValueKeywords adds the errors of the enum and const beside a type that failed.
// jsonschema/v6 stops checking a schema at its first failing keyword when that is
// type; but the value fails an enum or const that does not list it too, and saying
// so lets a model fix both at once.
func (r *reporter) addValueKeywords(e *jsonschema.ValidationError) {
	inst, ok := lookupLoc(r.doc, e.InstanceLocation)
	if !ok {
		return
	}
	if enum, ok := r.keywordValue(e, "enum"); ok && enum.Kind() == adapter.Array &&
		!slices.ContainsFunc(enum.Items(), func(it adapter.Value) bool { return sameValue(it, inst) }) {
		r.add(e.InstanceLocation, r.enumMessage(e, nil))
	}
	if c, ok := r.keywordValue(e, "const"); ok && !sameValue(c, inst) {
		r.add(e.InstanceLocation, r.constMessage(e, nil))
	}
}

// keywordValue returns the schema's own value of keyword for error e, when e's schema
// location is inside the schema this reporter knows.
func (r *reporter) keywordValue(e *jsonschema.ValidationError, keyword string) (adapter.Value, bool) {
	frag, ok := strings.CutPrefix(e.SchemaURL, baseURL+"#")
	if !ok || r.schema.Kind() != adapter.Object {
		return adapter.Value{}, false
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	p, ok := adapter.ParsePointer(frag, r.schema)
	if !ok {
		return adapter.Value{}, false
	}
	node, ok := adapter.Lookup(r.schema, p)
	if !ok {
		return adapter.Value{}, false
	}
	return node.Get(keyword)
}

// typeNames lists the types of a type error in the order the schema writes them.
func (r *reporter) typeNames(e *jsonschema.ValidationError, want []string) []string {
	v, ok := r.keywordValue(e, "type")
	if !ok || v.Kind() != adapter.Array || v.Len() != len(want) {
		return want
	}
	names := make([]string, 0, v.Len())
	for _, it := range v.Items() {
		if it.Kind() != adapter.String || !slices.Contains(want, it.Str()) {
			return want
		}
		names = append(names, it.Str())
	}
	return names
}

// keywordText is the compact JSON text of keyword's value for e.
func (r *reporter) keywordText(e *jsonschema.ValidationError, keyword string) (string, bool) {
	v, ok := r.keywordValue(e, keyword)
	if !ok {
		return "", false
	}
	return shorten(string(adapter.Marshal(v))), true
}

// keywordItems is the compact JSON text of each element of keyword's array value.
func (r *reporter) keywordItems(e *jsonschema.ValidationError, keyword string) []string {
	v, ok := r.keywordValue(e, keyword)
	if !ok || v.Kind() != adapter.Array || v.Len() == 0 {
		return nil
	}
	out := make([]string, 0, v.Len())
	for _, it := range v.Items() {
		out = append(out, shorten(string(adapter.Marshal(it))))
	}
	return out
}

// number writes a bound as the schema wrote it, or from its exact value. Draft-04's
// boolean exclusiveMinimum/exclusiveMaximum bound is minimum/maximum.
func (r *reporter) number(e *jsonschema.ValidationError, keyword string, want *big.Rat) string {
	v, ok := r.keywordValue(e, keyword)
	if ok && v.Kind() == adapter.Bool {
		v, ok = r.keywordValue(e, strings.ToLower(strings.TrimPrefix(keyword, "exclusive")))
	}
	if ok && v.Kind() == adapter.Number {
		return v.NumberText()
	}
	return ratText(want)
}

// count writes a count bound: the number itself, or the schema's text for a count
// that clampCount clamped.
func (r *reporter) count(e *jsonschema.ValidationError, keyword string, want int) string {
	if want == math.MaxInt32 || want == -math.MaxInt32 {
		if v, ok := r.keywordValue(e, keyword); ok && v.Kind() == adapter.Number {
			return v.NumberText()
		}
	}
	return strconv.Itoa(want)
}

// ratText writes an exact rational as a decimal (a bound from the schema always has
// one), or as an approximation when it has none.
func ratText(x *big.Rat) string {
	if x == nil {
		return "?"
	}
	if x.IsInt() {
		return x.Num().String()
	}
	d := new(big.Int).Set(x.Denom())
	k := 0
	two, five, zero := big.NewInt(2), big.NewInt(5), big.NewInt(0)
	var m big.Int
	for k < 2*numLimit+10 {
		if m.Mod(d, two).Cmp(zero) == 0 {
			d.Quo(d, two)
		} else if m.Mod(d, five).Cmp(zero) == 0 {
			d.Quo(d, five)
		} else {
			break
		}
		k++
	}
	if d.Cmp(big.NewInt(1)) == 0 {
		s := x.FloatString(k)
		if strings.Contains(s, ".") {
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
		return s
	}
	f, _ := x.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// resolve turns jsonschema's instance location into a concrete path: a token
// under an array is an index.
func resolve(doc adapter.Value, loc []string) (adapter.Path, bool) {
	p := make(adapter.Path, 0, len(loc))
	cur := doc
	for _, tok := range loc {
		if cur.Kind() == adapter.Array {
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= cur.Len() {
				return nil, false
			}
			p = append(p, adapter.Index(i))
			cur = cur.Items()[i]
			continue
		}
		v, ok := cur.Get(tok)
		if !ok {
			return nil, false
		}
		p = append(p, adapter.Key(tok))
		cur = v
	}
	return p, true
}

func lookupLoc(doc adapter.Value, loc []string) (adapter.Value, bool) {
	p, ok := resolve(doc, loc)
	if !ok {
		return adapter.Value{}, false
	}
	return adapter.Lookup(doc, p)
}

// finish sorts errors by document position in doc (a value before the values
// inside it), then by message, and removes duplicates.
func finish(doc adapter.Value, errs []Error) []Error {
	if len(errs) == 0 {
		return nil
	}
	type keyed struct {
		ord []int
		e   Error
	}
	ks := make([]keyed, len(errs))
	for i, e := range errs {
		e.Message = escapeHidden(e.Message)
		ks[i] = keyed{ordinals(doc, e.Path), e}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		if c := slices.Compare(a.ord, b.ord); c != 0 {
			return c
		}
		return cmp.Compare(a.e.Message, b.e.Message)
	})
	out := make([]Error, 0, len(ks))
	for i, k := range ks {
		if i > 0 && k.e.Message == ks[i-1].e.Message && k.e.Path.Equal(ks[i-1].e.Path) {
			continue
		}
		out = append(out, k.e)
	}
	return out
}

// ordinals gives, for each step of p, the position of that step's value among its
// siblings in doc (member order, or the index).
func ordinals(doc adapter.Value, p adapter.Path) []int {
	ord := make([]int, len(p))
	cur := doc
	for i, s := range p {
		switch s.Kind {
		case adapter.IndexStep:
			ord[i] = int(s.Index)
			if items := cur.Items(); s.Index >= 0 && int(s.Index) < len(items) {
				cur = items[s.Index]
			} else {
				cur = adapter.Value{}
			}
		default:
			ord[i] = int(^uint(0) >> 1)
			for j, m := range cur.Members() {
				if m.Key() == s.Key {
					ord[i] = j
					cur = m.Value()
					break
				}
			}
		}
	}
	return ord
}

// quote writes s as a JSON string, shortened as shorten does.
func quote(s string) string { return shorten(string(adapter.AppendQuoted(nil, s))) }

// maxQuoted is the most of a name or value's JSON text a message quotes.
const maxQuoted = 200

// shorten cuts JSON text longer than maxQuoted bytes at a character's start,
// ending it with "…", so that a huge const or enum value does not make a
// message of its size.
func shorten(text string) string { return termsafe.Shorten(text, maxQuoted) }

// escapeHidden writes every character of msg that Sanitize would show (C0 and C1
// controls, DEL, line and paragraph separators, format and tag characters) as a
// JSON \uXXXX escape, a surrogate pair beyond U+FFFF. Such characters reach a
// message only inside the JSON text of a name or value, where the escape denotes the
// same character: the message stays one visible line that names the exact text.
func escapeHidden(msg string) string {
	i := strings.IndexFunc(msg, hidden)
	if i < 0 {
		return msg
	}
	var sb strings.Builder
	sb.Grow(len(msg) + 16)
	sb.WriteString(msg[:i])
	for _, r := range msg[i:] {
		switch {
		case !hidden(r):
			sb.WriteRune(r)
		case r > 0xFFFF:
			hi, lo := utf16.EncodeRune(r)
			fmt.Fprintf(&sb, `\u%04x\u%04x`, hi, lo)
		default:
			fmt.Fprintf(&sb, `\u%04x`, r)
		}
	}
	return sb.String()
}

// hidden reports whether termsafe.Sanitize would show r as an escape.
func hidden(r rune) bool {
	s := string(r)
	return termsafe.Sanitize(s) != s
}

// maxListed is how many enum values a message lists.
const maxListed = 30

// joinValues joins values with ", ", cut after maxListed of them.
func joinValues(vals []string) string {
	if len(vals) <= maxListed {
		return strings.Join(vals, ", ")
	}
	return strings.Join(vals[:maxListed], ", ") + fmt.Sprintf(", … (%d more)", len(vals)-maxListed)
}

// joinOr joins names with ", " and a final " or ".
func joinOr(names []string) string {
	switch len(names) {
	case 0:
		return "nothing"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// anyText writes a value of the jsonschema form as compact JSON (object members
// sorted by name, since a map has no order).
func anyText(v any) string {
	return string(appendAny(nil, v))
}

func appendAny(dst []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...)
	case bool:
		return strconv.AppendBool(dst, v)
	case string:
		return adapter.AppendQuoted(dst, v)
	case json.Number:
		return append(dst, v...)
	case []any:
		dst = append(dst, '[')
		for i, it := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendAny(dst, it)
		}
		return append(dst, ']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = adapter.AppendQuoted(dst, k)
			dst = append(dst, ':')
			dst = appendAny(dst, v[k])
		}
		return append(dst, '}')
	}
	return fmt.Append(dst, v)
}
