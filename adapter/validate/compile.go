package validate

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/strictscope/strictscope/adapter"
)

// noLoader refuses every URL: schemas are compiled from memory only.
type noLoader struct{}

func (noLoader) Load(u string) (any, error) {
	return nil, fmt.Errorf("%s is outside the input schema; remote schemas are never fetched", u)
}

// draftOf returns the draft a root `$schema` value names: 2020-12 for anything it
// does not recognise.
func draftOf(v adapter.Value, ok bool) *jsonschema.Draft {
	if !ok || v.Kind() != adapter.String {
		return jsonschema.Draft2020
	}
	s := strings.TrimSuffix(v.Str(), "#")
	if rest, found := strings.CutPrefix(s, "https://"); found {
		s = rest
	} else if rest, found := strings.CutPrefix(s, "http://"); found {
		s = rest
	} else {
		return jsonschema.Draft2020
	}
	switch s {
	case "json-schema.org/draft-04/schema":
		return jsonschema.Draft4
	case "json-schema.org/draft-06/schema":
		return jsonschema.Draft6
	case "json-schema.org/draft-07/schema":
		return jsonschema.Draft7
	case "json-schema.org/draft/2019-09/schema":
		return jsonschema.Draft2019
	}
	return jsonschema.Draft2020
}

func draftName(d *jsonschema.Draft) string {
	switch d {
	case jsonschema.Draft4:
		return "draft-04"
	case jsonschema.Draft6:
		return "draft-06"
	case jsonschema.Draft7:
		return "draft-07"
	case jsonschema.Draft2019:
		return "2019-09"
	}
	return "2020-12"
}

// compile compiles schema in memory. The root `$schema` is taken out and its
// draft set as the compiler's default; string `format` members at schema positions
// are taken out so that no draft asserts them.
func compile(schema adapter.Value) (*jsonschema.Schema, error) {
	if deeper(schema, maxSchemaDepth) {
		return nil, &CompileError{Path: adapter.Path{}, Message: fmt.Sprintf("nested deeper than %d levels", maxSchemaDepth)}
	}
	draft := jsonschema.Draft2020
	doc := schema
	if schema.Kind() == adapter.Object {
		draft = draftOf(schema.Get("$schema"))
		if schema.Has("$schema") {
			doc = schema.Without("$schema")
		}
	}
	bad := false
	anyDoc := schemaToAny(doc, &bad)
	if bad {
		var errs []Error
		badNumbers(doc, adapter.Path{}, &errs)
		return nil, &CompileError{Path: errs[0].Path, Message: errs[0].Message}
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(draft)
	c.UseLoader(noLoader{})
	if err := c.AddResource(baseURL, anyDoc); err != nil {
		return nil, &CompileError{Path: adapter.Path{}, Message: err.Error()}
	}
	sch, err := c.Compile(baseURL)
	if err != nil {
		return nil, compileError(schema, draft, err)
	}
	return sch, nil
}

// maxSchemaDepth is the deepest nesting of arrays and objects a schema may have.
// Checking a schema against its meta-schema costs time that grows faster than the
// square of its depth; real tool schemas stay far below this.
const maxSchemaDepth = 512

// deeper reports whether v nests arrays and objects more than limit levels deep.
func deeper(v adapter.Value, limit int) bool {
	if v.Kind() != adapter.Array && v.Kind() != adapter.Object {
		return false
	}
	if limit == 0 {
		return true
	}
	for _, it := range v.Items() {
		if deeper(it, limit-1) {
			return true
		}
	}
	for _, m := range v.Members() {
		if deeper(m.Value(), limit-1) {
			return true
		}
	}
	return false
}

// compileError turns a jsonschema compile error into a *CompileError with
// the schema path of the problem.
func compileError(schema adapter.Value, draft *jsonschema.Draft, err error) *CompileError {
	var (
		metaErr  *jsonschema.SchemaValidationError
		regexErr *jsonschema.InvalidRegexError
		loadErr  *jsonschema.LoadURLError
		ptrErr   *jsonschema.JSONPointerNotFoundError
		anchErr  *jsonschema.AnchorNotFoundError
	)
	switch {
	case errors.As(err, &metaErr):
		at := schemaPath(schema, metaErr.URL)
		sub, _ := adapter.Lookup(schema, at)
		var verr *jsonschema.ValidationError
		if !errors.As(metaErr.Err, &verr) {
			return &CompileError{Path: at, Message: metaErr.Err.Error()}
		}
		r := reporter{doc: sub}
		r.collect(verr)
		errs := finish(sub, r.out)
		if len(errs) == 0 {
			return &CompileError{Path: at, Message: "not a valid " + draftName(draft) + " JSON Schema"}
		}
		// The deepest place is the most specific one (a shallower error is often an
		// anyOf branch that was not meant).
		deepest := errs[0].Path
		for _, e := range errs {
			if len(e.Path) > len(deepest) {
				deepest = e.Path
			}
		}
		var msgs []string
		for _, e := range errs {
			if e.Path.Equal(deepest) {
				msgs = append(msgs, e.Message)
			}
		}
		msg := "not a valid " + draftName(draft) + " JSON Schema: " + strings.Join(msgs, "; ")
		return &CompileError{Path: at.Append(deepest...), Message: msg}
	case errors.As(err, &regexErr):
		msg := fmt.Sprintf("%s is not a valid pattern in Go's regexp (RE2) syntax", quote(regexErr.Regex))
		if regexErr.Err != nil {
			msg += ": " + strings.TrimPrefix(regexErr.Err.Error(), "error parsing regexp: ")
		}
		return &CompileError{Path: schemaPath(schema, regexErr.URL), Message: msg}
	case errors.As(err, &loadErr):
		at, key, ref, ok := findRef(schema, loadErr.URL, false)
		if !ok {
			return &CompileError{Path: adapter.Path{}, Message: fmt.Sprintf("%s is outside the input schema; remote schemas are never fetched", showURL(loadErr.URL))}
		}
		if key == "$schema" {
			return &CompileError{Path: at, Message: fmt.Sprintf("$schema %s names no known draft; remote meta-schemas are never fetched", quote(ref))}
		}
		return &CompileError{Path: at, Message: fmt.Sprintf("%s %s points outside the input schema; remote schemas are never fetched", key, quote(ref))}
	case errors.As(err, &ptrErr):
		if at, key, ref, ok := findRef(schema, ptrErr.URL, true); ok {
			return &CompileError{Path: at, Message: fmt.Sprintf("%s %s does not resolve: no such location in the schema", key, quote(ref))}
		}
		return &CompileError{Path: adapter.Path{}, Message: fmt.Sprintf("%s does not resolve: no such location in the schema", showURL(ptrErr.URL))}
	case errors.As(err, &anchErr):
		if at, key, ref, ok := findRef(schema, anchErr.Reference, true); ok {
			return &CompileError{Path: at, Message: fmt.Sprintf("%s %s does not resolve: no such anchor in the schema", key, quote(ref))}
		}
		return &CompileError{Path: adapter.Path{}, Message: fmt.Sprintf("%s does not resolve: no such anchor in the schema", showURL(anchErr.Reference))}
	}
	return &CompileError{Path: adapter.Path{}, Message: strings.ReplaceAll(err.Error(), baseURL, "")}
}

// showURL writes a URL for a message, without the synthetic base.
func showURL(u string) string {
	if rest, ok := strings.CutPrefix(u, baseURL); ok {
		if rest == "" {
			rest = "#"
		}
		return quote(rest)
	}
	return quote(u)
}

// schemaPath reads the schema path out of a jsonschema location
// (BASE#/json/pointer, URL-escaped). Anything else is the root.
func schemaPath(schema adapter.Value, loc string) adapter.Path {
	frag, ok := strings.CutPrefix(loc, baseURL+"#")
	if !ok {
		return adapter.Path{}
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	p, ok := adapter.ParsePointer(frag, schema)
	if !ok {
		return adapter.Path{}
	}
	return p
}

// mapsNames reports whether keyword's value maps names to subschemas.
func mapsNames(keyword string) bool {
	switch keyword {
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
		return true
	}
	return false
}

// dataKeyword reports whether keyword's value is data, not schemas.
func dataKeyword(keyword string) bool {
	switch keyword {
	case "enum", "const", "default", "examples":
		return true
	}
	return false
}

// findRef finds, in document order, the first `$ref`, `$dynamicRef`,
// `$recursiveRef` or `$schema` whose value resolves to target (compared without
// fragments unless withFrag). Bases change with `$id` (and draft-04 `id`).
func findRef(schema adapter.Value, target string, withFrag bool) (adapter.Path, string, string, bool) {
	norm := func(u *url.URL) string {
		c := *u
		if !withFrag {
			c.Fragment, c.RawFragment = "", ""
		}
		return c.String()
	}
	want, err := url.Parse(target)
	if err != nil {
		return nil, "", "", false
	}
	wantS := norm(want)
	base, _ := url.Parse(baseURL)
	var (
		found             adapter.Path
		foundKey, foundRf string
	)
	var walk func(v adapter.Value, at adapter.Path, base *url.URL, names bool) bool
	walk = func(v adapter.Value, at adapter.Path, base *url.URL, names bool) bool {
		switch v.Kind() {
		case adapter.Array:
			for i, it := range v.Items() {
				if walk(it, at.Append(adapter.Index(i)), base, false) {
					return true
				}
			}
		case adapter.Object:
			if names {
				for _, m := range v.Members() {
					if walk(m.Value(), at.Append(adapter.Key(m.Key())), base, false) {
						return true
					}
				}
				return false
			}
			for _, idKey := range []string{"$id", "id"} {
				if id, ok := v.Get(idKey); ok && id.Kind() == adapter.String {
					if u, err := url.Parse(id.Str()); err == nil {
						base = base.ResolveReference(u)
					}
					break
				}
			}
			for _, m := range v.Members() {
				switch {
				case m.Value().Kind() == adapter.String && (m.Key() == "$ref" || m.Key() == "$dynamicRef" || m.Key() == "$recursiveRef" || m.Key() == "$schema"):
					if u, err := url.Parse(m.Value().Str()); err == nil && norm(base.ResolveReference(u)) == wantS {
						found, foundKey, foundRf = at.Append(adapter.Key(m.Key())), m.Key(), m.Value().Str()
						return true
					}
				case dataKeyword(m.Key()):
				default:
					if walk(m.Value(), at.Append(adapter.Key(m.Key())), base, mapsNames(m.Key())) {
						return true
					}
				}
			}
		}
		return false
	}
	if walk(schema, adapter.Path{}, base, false) {
		return found, foundKey, foundRf, true
	}
	return nil, "", "", false
}

// schemaToAny converts a schema like toAny and leaves out every string-valued
// `format` member at a schema position, so that format is never asserted.
func schemaToAny(v adapter.Value, bad *bool) any {
	switch v.Kind() {
	case adapter.Array:
		items := v.Items()
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = schemaToAny(it, bad)
		}
		return out
	case adapter.Object:
		mems := v.Members()
		out := make(map[string]any, len(mems))
		for _, m := range mems {
			switch {
			case m.Key() == "format" && m.Value().Kind() == adapter.String:
			case m.Key() == "pattern" && m.Value().Kind() == adapter.String && !re2Compiles(m.Value().Str()):
			case dataKeyword(m.Key()):
				out[m.Key()] = toAny(m.Value(), bad)
			case countKeyword(m.Key()) && m.Value().Kind() == adapter.Number:
				out[m.Key()] = clampCount(m.Value().NumberText(), bad)
			case mapsNames(m.Key()) && m.Value().Kind() == adapter.Object:
				sub := m.Value().Members()
				o := make(map[string]any, len(sub))
				for _, s := range sub {
					o[s.Key()] = schemaToAny(s.Value(), bad)
				}
				out[m.Key()] = o
			default:
				out[m.Key()] = schemaToAny(m.Value(), bad)
			}
		}
		return out
	}
	return toAny(v, bad)
}

// re2Compiles reports whether Go's regexp (RE2) compiles a pattern.
func re2Compiles(pattern string) bool {
	_, err := regexp.Compile(pattern)
	return err == nil
}

// Unchecked lists the schema paths of the `pattern`s of schema that are not asserted
// because RE2 cannot compile them (see [Validator]), in document order.
//
// The members of properties, patternProperties, $defs, definitions,
// dependentSchemas and dependencies are schemas whatever their names: a property
// called "default" or "enum" is walked like any other.
func (v *Validator) Unchecked(schema adapter.Value) []adapter.Path {
	var out []adapter.Path
	// names says that n's members are named schemas, not keywords.
	var walk func(n adapter.Value, at adapter.Path, names bool)
	walk = func(n adapter.Value, at adapter.Path, names bool) {
		switch n.Kind() {
		case adapter.Array:
			for i, it := range n.Items() {
				walk(it, at.Append(adapter.Index(i)), false)
			}
		case adapter.Object:
			for _, m := range n.Members() {
				k := m.Key()
				switch {
				case names:
					walk(m.Value(), at.Append(adapter.Key(k)), false)
				case k == "pattern" && m.Value().Kind() == adapter.String:
					if !re2Compiles(m.Value().Str()) {
						out = append(out, at.Append(adapter.Key("pattern")))
					}
				case dataKeyword(k):
				default:
					walk(m.Value(), at.Append(adapter.Key(k)), mapsNames(k))
				}
			}
		}
	}
	walk(schema, adapter.Path{}, false)
	return out
}

// countKeyword reports whether keyword takes a count (of characters, items or
// properties).
func countKeyword(keyword string) bool {
	switch keyword {
	case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains":
		return true
	}
	return false
}

// clampCount converts a count keyword's number. jsonschema/v6 reads counts into an
// int and wraps around beyond it, so an integer count beyond ±(2^31-1) is taken as
// ±(2^31-1): more characters, items or properties than any argument holds.
func clampCount(text string, bad *bool) json.Number {
	n, ok := jsonNumber(text)
	if !ok {
		*bad = true
		return n
	}
	r, ok := new(big.Rat).SetString(string(n))
	if !ok || !r.IsInt() || r.Num().IsInt64() && r.Num().Int64() <= math.MaxInt32 && r.Num().Int64() >= -math.MaxInt32 {
		return n
	}
	if r.Sign() < 0 {
		return json.Number(strconv.Itoa(-math.MaxInt32))
	}
	return json.Number(strconv.Itoa(math.MaxInt32))
}
