// Package validate checks the arguments of a tool call against the tool's
// original input schema (SPEC §8), with github.com/santhosh-tekuri/jsonschema/v6:
// errors with concrete instance paths and messages a model can act on.
//
// A check has three outcomes: valid (no errors), invalid (an [Error] for every
// failing keyword) and not checked (a *[NotCheckedError]: checking the arguments
// would take too much work). Arguments that were not checked are not invalid:
// nothing was found wrong with them, and a caller reports that as a note, never
// as an error sent to the model. A schema that cannot be compiled gives a
// *[CompileError] instead.
//
// It is apart from package adapter because jsonschema/v6 compiles the
// meta-schemas of five drafts when a program starts: about 370 KB of small
// objects the garbage collector reads at every cycle. A program that links this
// package pays for that in every conversion it makes as well (in the benchmarks,
// StrictSchemaLargeLinked against adapter's StrictSchemaLarge); one that only
// converts schemas does not.
package validate

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/strictscope/strictscope/adapter"
)

// An Error is one way arguments fail the tool's original input schema.
//
// Path is concrete: member names, and array indices as adapter.IndexStep (never Every).
// Message is a short English sentence a model can act on, such as
// `missing required property "q"` or `expected integer, got string`; it does not
// repeat the path.
type Error struct {
	Path    adapter.Path // concrete instance path: member names and array indices (adapter.IndexStep)
	Message string       // a message a model can act on
}

// Error returns the message, after the path in its JSON form when the path is not
// the root: `["tags",0]: expected string, got number`.
func (e Error) Error() string {
	if len(e.Path) == 0 {
		return e.Message
	}
	return e.Path.String() + ": " + e.Message
}

// Value returns the error as SPEC §8 writes it: {"path":[…],"message":"…"}.
func (e Error) Value() adapter.Value {
	return adapter.ObjectValue(
		adapter.MemberOf("path", e.Path.Value()),
		adapter.MemberOf("message", adapter.StringValue(e.Message)),
	)
}

// A NotCheckedError says that arguments were not checked, and why (see
// [Validator]: checking them would take too much work). It is not an Error of
// the arguments: nothing was found wrong with them, and nothing is known to be
// right. Validate returns it as its error, with no errors beside it, so that a
// caller can tell three outcomes apart: valid (no errors, nil), invalid (errors,
// nil) and not checked (no errors, a *NotCheckedError).
type NotCheckedError struct {
	// Reason is why, one line of plain text with no text of the arguments or
	// the schema in it: "checking these arguments would take too long (…)".
	Reason string
}

// Error returns "not checked: " and the reason.
func (e *NotCheckedError) Error() string { return "not checked: " + e.Reason }

// A CompileError says why an input schema cannot be compiled, and where:
// Path is the schema path of the offending keyword or subschema ([] for the root).
type CompileError struct {
	Path    adapter.Path
	Message string
}

// Error returns "input schema at POINTER: MESSAGE" ("input schema: MESSAGE" for the
// root). Hidden characters in the pointer (a property's name holds whatever the
// server wrote) are written as \uXXXX escapes, as in the message.
func (e *CompileError) Error() string {
	if len(e.Path) == 0 {
		return "input schema: " + e.Message
	}
	return "input schema at " + vldEscapeHidden(e.Path.Pointer()) + ": " + e.Message
}

// A Validator compiles input schemas once and checks arguments against them. Safe for concurrent use. No global state.
//
// The rules (SPEC §8):
//
//   - The draft is the one the schema's root `$schema` names: draft-04, draft-06,
//     draft-07, 2019-09 or 2020-12, written with http or https and with or without a
//     trailing '#'. With no `$schema`, or one that names anything else (or is not a
//     string), the schema is read as 2020-12.
//   - `format` is never asserted, in any draft (draft-07 and older would assert it by
//     default): it is an annotation for the model, not a check on the server's side.
//   - `pattern` and `patternProperties` use Go's regexp dialect (RE2). A `pattern`
//     RE2 cannot compile (look-around, back-references, written for JavaScript or
//     PCRE) is not asserted, so that the rest of the schema is still checked;
//     [Validator.Unchecked] lists where such patterns are. A `patternProperties` key
//     RE2 cannot compile makes the schema fail to compile.
//   - The schema is compiled from memory only. Nothing is read from the network or the
//     file system: a `$ref` (or an embedded resource's `$schema`) that points outside
//     the schema fails compilation with a *CompileError. The standard
//     meta-schemas of the five drafts are built in and may be referenced.
//   - Numbers keep their exact value: 12345678901234567890 is not rounded and 1e400
//     is a number, not an overflow. A number whose magnitude is 10^10000 or more (or a
//     non-zero one below 10^-10000) is compared as ±1e10000 (or ±1e-10000), in the
//     schema and in the arguments alike; exact arithmetic that far out would cost
//     unbounded time.
//   - A schema that nests arrays and objects more than 512 levels deep is refused
//     (a *CompileError): checking it would take unbounded time.
//   - Arguments whose check would take too long are not checked. That is not a
//     failure of the arguments, so it gives no Error: Validate returns a
//     *[NotCheckedError] that says why, and no errors. Nothing was found wrong
//     with such arguments, and nothing is known to be right; a caller reports a
//     note, never a rejection. Before checking, the visits of a subschema to a
//     value the check may make are counted along every path through the $ref,
//     anyOf, oneOf, allOf, not, if/then/else and dependentSchemas branches, as
//     if every branch failed, each weighed by what it costs: more for a value
//     deeper in the arguments, for more branches on its way, for a longer
//     string or a larger object, and for an enum, const, required list, pattern
//     or uniqueItems that checks it. Past 300,000,000 units (about 300 MB of
//     memory, or a second), and past 16 times what visiting each value once
//     costs, the check is not made; the reason says whether the schema's
//     branches or the arguments' depth is the cause. Only branches reaching the
//     same subschemas along many paths (six levels of a 10-way anyOf each of
//     whose branches leads to the next, or a recursive filter schema against
//     arguments nested 16 deep) or arguments nested thousands of levels deep
//     come near it; checking such arguments would take gigabytes of memory.
//   - Every failing keyword gives one error (one per missing property for `required`,
//     one per unexpected property for `additionalProperties: false`), at the instance
//     location of the value that fails. A value of the wrong type is checked against
//     the `enum` and `const` beside its `type` too, although jsonschema/v6 stops
//     checking a schema at a failing type.
//   - For an `anyOf` or `oneOf` that no branch matches: when every branch fails on
//     its `type` alone, they give one error that lists every accepted type
//     ("expected string or null, got number"); otherwise the branches that failed on
//     their type alone are left out, since the value was meant for another branch,
//     whose errors say what to fix. Of the branches left, those that fail on the
//     `const` of a member or element are left out too, when others do not (the
//     value's "type" member names another alternative); and then those
//     that fail at the value itself (a missing or unexpected property), when
//     others fail only inside it (they took the value's shape, and the fault is
//     deeper). The errors of every branch left are given.
//   - Names and values are quoted in messages as JSON text, cut after 200 bytes
//     with "…". Every character
//     [adapter.Sanitize] would show (controls, line separators, format and tag characters)
//     is written there as a \uXXXX escape, in schema compile errors too: a message
//     is one visible line that still names the exact text.
//   - Errors are sorted by where their value is in the arguments (document order; a
//     value before the values inside it), then by message; duplicates are removed.
//
// Compiled schemas (and compile errors) are cached by the schema's compact JSON text.
// The cache holds at most 4096 schemas; when it is full it starts again empty. The
// zero Validator is ready to use.
type Validator struct {
	mu    sync.Mutex
	cache map[string]*vldEntry
}

// vldCacheMax is how many compiled schemas a Validator keeps.
const vldCacheMax = 4096

// vldBaseURL is where a schema is registered for compilation. The .invalid top-level
// domain never resolves, and the loader refuses every URL anyway.
const vldBaseURL = "https://strictscope.invalid/inputSchema.json"

// vldNumLimit is the decimal exponent beyond which numbers are clamped (see Validator).
const vldNumLimit = 10000

type vldEntry struct {
	once   sync.Once
	schema adapter.Value // the schema as given, for exact keyword values in messages
	sch    *jsonschema.Schema
	plan   *vldPlan // what each subschema applies, to count the work of a check
	err    error
}

// New returns an empty Validator.
func New() *Validator {
	return &Validator{cache: make(map[string]*vldEntry)}
}

// Validate checks args against schema (the tool's original inputSchema as the server sent it).
// It returns every failing keyword's error (leaf errors of the jsonschema output), each with its concrete instance path; nil when valid.
// err is non-nil, and errs nil, in two cases:
//
//   - the schema itself cannot be compiled: err is a *CompileError that says why,
//     with the schema location. It is cached with the schema, so it must not be
//     modified.
//   - the arguments were not checked, because checking them would take too much
//     work (see [Validator]): err is a *[NotCheckedError] that says why. The
//     arguments are not known to be invalid.
//
// The leaf errors are refined for anyOf and oneOf as [Validator]
// describes. A number in args whose text is not a JSON number (possible only for a
// Value built with NumberValue) is reported as an Error at its place.
func (v *Validator) Validate(schema, args adapter.Value) ([]Error, error) {
	e := v.entry(schema)
	e.once.Do(func() {
		e.sch, e.err = vldCompile(e.schema)
		var se *CompileError
		if errors.As(e.err, &se) {
			se.Message = vldEscapeHidden(se.Message)
		}
		if e.err == nil {
			e.plan = newVldPlan(e.schema)
			e.plan.node("")
		}
	})
	if e.err != nil {
		return nil, e.err
	}
	bad := false
	inst := vldToAny(args, &bad)
	if bad {
		var errs []Error
		vldBadNumbers(args, adapter.Path{}, &errs)
		return vldFinish(args, errs), nil
	}
	if e.plan.branches {
		if nc := vldTooMuchWork(e.plan, args); nc != nil {
			return nil, nc
		}
	}
	err := e.sch.Validate(inst)
	if err == nil {
		return nil, nil
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return []Error{{Path: adapter.Path{}, Message: err.Error()}}, nil
	}
	r := vldReporter{schema: e.schema, doc: args}
	r.collect(verr)
	if len(r.out) == 0 {
		return []Error{{Path: adapter.Path{}, Message: "does not match the input schema"}}, nil
	}
	return vldFinish(args, r.out), nil
}

// entry returns the cache entry for schema, creating it when needed.
func (v *Validator) entry(schema adapter.Value) *vldEntry {
	key := string(adapter.Marshal(schema))
	v.mu.Lock()
	defer v.mu.Unlock()
	if e, ok := v.cache[key]; ok {
		return e
	}
	if v.cache == nil || len(v.cache) >= vldCacheMax {
		v.cache = make(map[string]*vldEntry)
	}
	e := &vldEntry{schema: schema}
	v.cache[key] = e
	return e
}

// --- compiling ---

// vldNoLoader refuses every URL: schemas are compiled from memory only.
type vldNoLoader struct{}

func (vldNoLoader) Load(u string) (any, error) {
	return nil, fmt.Errorf("%s is outside the input schema; remote schemas are never fetched", u)
}

// vldDraftOf returns the draft a root `$schema` value names: 2020-12 for anything it
// does not recognise.
func vldDraftOf(v adapter.Value, ok bool) *jsonschema.Draft {
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

func vldDraftName(d *jsonschema.Draft) string {
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

// vldCompile compiles schema in memory. The root `$schema` is taken out and its
// draft set as the compiler's default; string `format` members at schema positions
// are taken out so that no draft asserts them.
func vldCompile(schema adapter.Value) (*jsonschema.Schema, error) {
	if vldDeeper(schema, vldMaxSchemaDepth) {
		return nil, &CompileError{Path: adapter.Path{}, Message: fmt.Sprintf("nested deeper than %d levels", vldMaxSchemaDepth)}
	}
	draft := jsonschema.Draft2020
	doc := schema
	if schema.Kind() == adapter.Object {
		draft = vldDraftOf(schema.Get("$schema"))
		if schema.Has("$schema") {
			doc = schema.Without("$schema")
		}
	}
	bad := false
	anyDoc := vldSchemaToAny(doc, &bad)
	if bad {
		var errs []Error
		vldBadNumbers(doc, adapter.Path{}, &errs)
		return nil, &CompileError{Path: errs[0].Path, Message: errs[0].Message}
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(draft)
	c.UseLoader(vldNoLoader{})
	if err := c.AddResource(vldBaseURL, anyDoc); err != nil {
		return nil, &CompileError{Path: adapter.Path{}, Message: err.Error()}
	}
	sch, err := c.Compile(vldBaseURL)
	if err != nil {
		return nil, vldCompileError(schema, draft, err)
	}
	return sch, nil
}

// vldMaxSchemaDepth is the deepest nesting of arrays and objects a schema may have.
// Checking a schema against its meta-schema costs time that grows faster than the
// square of its depth; real tool schemas stay far below this.
const vldMaxSchemaDepth = 512

// vldDeeper reports whether v nests arrays and objects more than limit levels deep.
func vldDeeper(v adapter.Value, limit int) bool {
	if v.Kind() != adapter.Array && v.Kind() != adapter.Object {
		return false
	}
	if limit == 0 {
		return true
	}
	for _, it := range v.Items() {
		if vldDeeper(it, limit-1) {
			return true
		}
	}
	for _, m := range v.Members() {
		if vldDeeper(m.Value(), limit-1) {
			return true
		}
	}
	return false
}

// vldCompileError turns a jsonschema compile error into a *CompileError with
// the schema path of the problem.
func vldCompileError(schema adapter.Value, draft *jsonschema.Draft, err error) *CompileError {
	var (
		metaErr  *jsonschema.SchemaValidationError
		regexErr *jsonschema.InvalidRegexError
		loadErr  *jsonschema.LoadURLError
		ptrErr   *jsonschema.JSONPointerNotFoundError
		anchErr  *jsonschema.AnchorNotFoundError
	)
	switch {
	case errors.As(err, &metaErr):
		at := vldSchemaPath(schema, metaErr.URL)
		sub, _ := adapter.Lookup(schema, at)
		var verr *jsonschema.ValidationError
		if !errors.As(metaErr.Err, &verr) {
			return &CompileError{Path: at, Message: metaErr.Err.Error()}
		}
		r := vldReporter{doc: sub}
		r.collect(verr)
		errs := vldFinish(sub, r.out)
		if len(errs) == 0 {
			return &CompileError{Path: at, Message: "not a valid " + vldDraftName(draft) + " JSON Schema"}
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
		msg := "not a valid " + vldDraftName(draft) + " JSON Schema: " + strings.Join(msgs, "; ")
		return &CompileError{Path: at.Append(deepest...), Message: msg}
	case errors.As(err, &regexErr):
		msg := fmt.Sprintf("%s is not a valid pattern in Go's regexp (RE2) syntax", vldQuote(regexErr.Regex))
		if regexErr.Err != nil {
			msg += ": " + strings.TrimPrefix(regexErr.Err.Error(), "error parsing regexp: ")
		}
		return &CompileError{Path: vldSchemaPath(schema, regexErr.URL), Message: msg}
	case errors.As(err, &loadErr):
		at, key, ref, ok := vldFindRef(schema, loadErr.URL, false)
		if !ok {
			return &CompileError{Path: adapter.Path{}, Message: fmt.Sprintf("%s is outside the input schema; remote schemas are never fetched", vldShowURL(loadErr.URL))}
		}
		if key == "$schema" {
			return &CompileError{Path: at, Message: fmt.Sprintf("$schema %s names no known draft; remote meta-schemas are never fetched", vldQuote(ref))}
		}
		return &CompileError{Path: at, Message: fmt.Sprintf("%s %s points outside the input schema; remote schemas are never fetched", key, vldQuote(ref))}
	case errors.As(err, &ptrErr):
		if at, key, ref, ok := vldFindRef(schema, ptrErr.URL, true); ok {
			return &CompileError{Path: at, Message: fmt.Sprintf("%s %s does not resolve: no such location in the schema", key, vldQuote(ref))}
		}
		return &CompileError{Path: adapter.Path{}, Message: fmt.Sprintf("%s does not resolve: no such location in the schema", vldShowURL(ptrErr.URL))}
	case errors.As(err, &anchErr):
		if at, key, ref, ok := vldFindRef(schema, anchErr.Reference, true); ok {
			return &CompileError{Path: at, Message: fmt.Sprintf("%s %s does not resolve: no such anchor in the schema", key, vldQuote(ref))}
		}
		return &CompileError{Path: adapter.Path{}, Message: fmt.Sprintf("%s does not resolve: no such anchor in the schema", vldShowURL(anchErr.Reference))}
	}
	return &CompileError{Path: adapter.Path{}, Message: strings.ReplaceAll(err.Error(), vldBaseURL, "")}
}

// vldShowURL writes a URL for a message, without the synthetic base.
func vldShowURL(u string) string {
	if rest, ok := strings.CutPrefix(u, vldBaseURL); ok {
		if rest == "" {
			rest = "#"
		}
		return vldQuote(rest)
	}
	return vldQuote(u)
}

// vldSchemaPath reads the schema path out of a jsonschema location
// (BASE#/json/pointer, URL-escaped). Anything else is the root.
func vldSchemaPath(schema adapter.Value, loc string) adapter.Path {
	frag, ok := strings.CutPrefix(loc, vldBaseURL+"#")
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

// vldNameMap reports whether keyword's value maps names to subschemas.
func vldNameMap(keyword string) bool {
	switch keyword {
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
		return true
	}
	return false
}

// vldDataKeyword reports whether keyword's value is data, not schemas.
func vldDataKeyword(keyword string) bool {
	switch keyword {
	case "enum", "const", "default", "examples":
		return true
	}
	return false
}

// vldFindRef finds, in document order, the first `$ref`, `$dynamicRef`,
// `$recursiveRef` or `$schema` whose value resolves to target (compared without
// fragments unless withFrag). Bases change with `$id` (and draft-04 `id`).
func vldFindRef(schema adapter.Value, target string, withFrag bool) (adapter.Path, string, string, bool) {
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
	base, _ := url.Parse(vldBaseURL)
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
				case vldDataKeyword(m.Key()):
				default:
					if walk(m.Value(), at.Append(adapter.Key(m.Key())), base, vldNameMap(m.Key())) {
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

// --- converting values ---

// vldToAny converts an instance to the form jsonschema/v6 validates: map[string]any,
// []any, string, bool, nil and json.Number. *bad is set when a number's text is not
// a JSON number.
func vldToAny(v adapter.Value, bad *bool) any {
	switch v.Kind() {
	case adapter.Bool:
		return v.Bool()
	case adapter.String:
		return v.Str()
	case adapter.Number:
		n, ok := vldNumber(v.NumberText())
		if !ok {
			*bad = true
		}
		return n
	case adapter.Array:
		items := v.Items()
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = vldToAny(it, bad)
		}
		return out
	case adapter.Object:
		mems := v.Members()
		out := make(map[string]any, len(mems))
		for _, m := range mems {
			out[m.Key()] = vldToAny(m.Value(), bad)
		}
		return out
	}
	return nil
}

// vldBadNumbers reports every number under v whose text is not a JSON number.
func vldBadNumbers(v adapter.Value, at adapter.Path, out *[]Error) {
	switch v.Kind() {
	case adapter.Number:
		if _, ok := vldNumber(v.NumberText()); !ok {
			*out = append(*out, Error{Path: at.Append(), Message: "invalid JSON number " + vldQuote(v.NumberText())})
		}
	case adapter.Array:
		for i, it := range v.Items() {
			vldBadNumbers(it, at.Append(adapter.Index(i)), out)
		}
	case adapter.Object:
		for _, m := range v.Members() {
			vldBadNumbers(m.Value(), at.Append(adapter.Key(m.Key())), out)
		}
	}
}

// vldSchemaToAny converts a schema like vldToAny and leaves out every string-valued
// `format` member at a schema position, so that format is never asserted.
func vldSchemaToAny(v adapter.Value, bad *bool) any {
	switch v.Kind() {
	case adapter.Array:
		items := v.Items()
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = vldSchemaToAny(it, bad)
		}
		return out
	case adapter.Object:
		mems := v.Members()
		out := make(map[string]any, len(mems))
		for _, m := range mems {
			switch {
			case m.Key() == "format" && m.Value().Kind() == adapter.String:
			case m.Key() == "pattern" && m.Value().Kind() == adapter.String && !vldRE2(m.Value().Str()):
			case vldDataKeyword(m.Key()):
				out[m.Key()] = vldToAny(m.Value(), bad)
			case vldCountKeyword(m.Key()) && m.Value().Kind() == adapter.Number:
				out[m.Key()] = vldCount(m.Value().NumberText(), bad)
			case vldNameMap(m.Key()) && m.Value().Kind() == adapter.Object:
				sub := m.Value().Members()
				o := make(map[string]any, len(sub))
				for _, s := range sub {
					o[s.Key()] = vldSchemaToAny(s.Value(), bad)
				}
				out[m.Key()] = o
			default:
				out[m.Key()] = vldSchemaToAny(m.Value(), bad)
			}
		}
		return out
	}
	return vldToAny(v, bad)
}

// vldRE2 reports whether Go's regexp (RE2) compiles a pattern.
func vldRE2(pattern string) bool {
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
					if !vldRE2(m.Value().Str()) {
						out = append(out, at.Append(adapter.Key("pattern")))
					}
				case vldDataKeyword(k):
				default:
					walk(m.Value(), at.Append(adapter.Key(k)), vldNameMap(k))
				}
			}
		}
	}
	walk(schema, adapter.Path{}, false)
	return out
}

// vldCountKeyword reports whether keyword takes a count (of characters, items or
// properties).
func vldCountKeyword(keyword string) bool {
	switch keyword {
	case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains":
		return true
	}
	return false
}

// vldCount converts a count keyword's number. jsonschema/v6 reads counts into an
// int and wraps around beyond it, so an integer count beyond ±(2^31-1) is taken as
// ±(2^31-1): more characters, items or properties than any argument holds.
func vldCount(text string, bad *bool) json.Number {
	n, ok := vldNumber(text)
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

// vldNumber returns the json.Number jsonschema/v6 gets for a number's text: the
// text itself when it has no exponent and is not huge; otherwise its exact value
// written as DIGITSeEXP, or the clamped value described on Validator. ok is false
// when text is not a JSON number.
func vldNumber(text string) (json.Number, bool) {
	neg, intPart, frac, exp, ok := vldSplitNumber(text)
	if !ok {
		return json.Number("0"), false
	}
	if exp == "" && len(text) <= vldNumLimit {
		return json.Number(text), true
	}
	// |value| = digits × 10^e, digits without leading or trailing zeros.
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return json.Number("0"), true
	}
	e := vldAtoiSat(exp) - int64(len(frac))
	trimmed := strings.TrimRight(digits, "0")
	e += int64(len(digits) - len(trimmed))
	digits = trimmed
	sign := ""
	if neg {
		sign = "-"
	}
	mag := int64(len(digits)) + e // 10^(mag-1) <= |value| < 10^mag
	switch {
	case mag > vldNumLimit:
		return json.Number(sign + "1e" + strconv.Itoa(vldNumLimit)), true
	case mag <= -vldNumLimit:
		return json.Number(sign + "1e-" + strconv.Itoa(vldNumLimit)), true
	case e < -2*vldNumLimit:
		// More digits after the point than any bound can have: keep 2×limit of them.
		digits = digits[:int64(len(digits))-(-2*vldNumLimit-e)]
		e = -2 * vldNumLimit
	}
	return json.Number(sign + digits + "e" + strconv.FormatInt(e, 10)), true
}

// vldSplitNumber splits JSON number text into its parts; ok is false when the text
// does not follow the JSON grammar. exp keeps its sign.
func vldSplitNumber(s string) (neg bool, intPart, frac, exp string, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	intPart = s[start:i]
	if intPart == "" || (len(intPart) > 1 && intPart[0] == '0') {
		return false, "", "", "", false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start = i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		frac = s[start:i]
		if frac == "" {
			return false, "", "", "", false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		start = i
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		digStart := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == digStart {
			return false, "", "", "", false
		}
		exp = s[start:i]
	}
	return neg, intPart, frac, exp, i == len(s)
}

// vldAtoiSat reads a signed decimal exponent, saturating far beyond any limit used.
func vldAtoiSat(s string) int64 {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	var n int64
	for _, c := range []byte(s) {
		n = n*10 + int64(c-'0')
		if n > 1<<40 {
			n = 1 << 40
			break
		}
	}
	if neg {
		return -n
	}
	return n
}

// --- reporting ---

// vldRaw is one error before sorting: where jsonschema says it is, and the message.
type vldRaw struct {
	loc []string
	msg string
}

// vldReporter turns a jsonschema error tree into messages.
type vldReporter struct {
	schema adapter.Value // the schema as given (Null when unknown), for exact keyword values
	doc    adapter.Value // the instance
	out    []Error
}

// collect adds the leaf errors under e.
func (r *vldReporter) collect(e *jsonschema.ValidationError) {
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
func (r *vldReporter) collectBranches(e *jsonschema.ValidationError) {
	var (
		want  []string
		got   string
		other []*jsonschema.ValidationError
	)
	for _, c := range e.Causes {
		if w, g, ok := vldTypeOnly(c, e.InstanceLocation); ok {
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
		r.add(e.InstanceLocation, "expected "+vldOr(want)+", got "+got)
		return
	}
	loc := e.InstanceLocation
	other = vldPrefer(other, func(c *jsonschema.ValidationError) bool { return !vldDiscriminated(c, loc) })
	other = vldPrefer(other, func(c *jsonschema.ValidationError) bool { return !vldFailsAt(c, loc) })
	for _, c := range other {
		r.collect(c)
	}
}

// vldPrefer returns the branches keep accepts, or all of them when it accepts
// none.
func vldPrefer(branches []*jsonschema.ValidationError, keep func(*jsonschema.ValidationError) bool) []*jsonschema.ValidationError {
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

// vldLeaves calls f with every error of e that has no causes.
func vldLeaves(e *jsonschema.ValidationError, f func(*jsonschema.ValidationError)) {
	if len(e.Causes) == 0 {
		f(e)
		return
	}
	for _, c := range e.Causes {
		vldLeaves(c, f)
	}
}

// vldDiscriminated reports whether branch e fails on the const of a member or
// element of the value at loc: the value names another alternative there (its
// "type" or "kind" is another branch's constant).
func vldDiscriminated(e *jsonschema.ValidationError, loc []string) bool {
	found := false
	vldLeaves(e, func(l *jsonschema.ValidationError) {
		if _, isConst := l.ErrorKind.(*kind.Const); isConst && len(l.InstanceLocation) == len(loc)+1 && slices.Equal(l.InstanceLocation[:len(loc)], loc) {
			found = true
		}
	})
	return found
}

// vldFailsAt reports whether branch e fails at the value at loc itself (a
// missing or unexpected property, a bound of its own), not only inside it.
func vldFailsAt(e *jsonschema.ValidationError, loc []string) bool {
	found := false
	vldLeaves(e, func(l *jsonschema.ValidationError) {
		if slices.Equal(l.InstanceLocation, loc) {
			found = true
		}
	})
	return found
}

// vldTypeOnly reports whether every leaf under e is a type error at loc, and the
// types they want.
func vldTypeOnly(e *jsonschema.ValidationError, loc []string) (want []string, got string, ok bool) {
	if len(e.Causes) == 0 {
		t, isType := e.ErrorKind.(*kind.Type)
		if !isType || !slices.Equal(e.InstanceLocation, loc) {
			return nil, "", false
		}
		return t.Want, t.Got, true
	}
	for _, c := range e.Causes {
		w, g, ok := vldTypeOnly(c, loc)
		if !ok {
			return nil, "", false
		}
		want, got = append(want, w...), g
	}
	return want, got, true
}

func (r *vldReporter) add(loc []string, msg string) {
	p, ok := vldResolve(r.doc, loc)
	if !ok {
		p = adapter.Path{}
	}
	r.out = append(r.out, Error{Path: p, Message: msg})
}

// addKind adds the messages of one leaf error.
func (r *vldReporter) addKind(e *jsonschema.ValidationError) {
	loc := e.InstanceLocation
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		for _, p := range k.Missing {
			r.add(loc, "missing required property "+vldQuote(p))
		}
	case *kind.AdditionalProperties:
		for _, p := range k.Properties {
			r.add(loc, "unexpected property "+vldQuote(p))
		}
	case *kind.Dependency:
		for _, p := range k.Missing {
			r.add(loc, fmt.Sprintf("property %s is required when %s is present", vldQuote(p), vldQuote(k.Prop)))
		}
	case *kind.DependentRequired:
		for _, p := range k.Missing {
			r.add(loc, fmt.Sprintf("property %s is required when %s is present", vldQuote(p), vldQuote(k.Prop)))
		}
	case *kind.Type:
		r.add(loc, r.message(e))
		r.addValueKeywords(e)
	default:
		r.add(loc, r.message(e))
	}
}

// message is the sentence for one leaf error of any other kind.
func (r *vldReporter) message(e *jsonschema.ValidationError) string {
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		return "expected " + vldOr(r.typeNames(e, k.Want)) + ", got " + k.Got
	case *kind.Enum:
		return r.enumMessage(e, k.Want)
	case *kind.Const:
		return r.constMessage(e, k.Want)
	case *kind.MinLength:
		return fmt.Sprintf("must be at least %s character%s long", r.count(e, "minLength", k.Want), vldPlural(k.Want))
	case *kind.MaxLength:
		return fmt.Sprintf("must be at most %s character%s long", r.count(e, "maxLength", k.Want), vldPlural(k.Want))
	case *kind.Pattern:
		return "must match pattern " + vldQuote(k.Want)
	case *kind.Format:
		// Only meta-schema checks assert a format; "regex" is a pattern RE2 rejects.
		if str, ok := k.Got.(string); ok && k.Want == "regex" {
			msg := vldQuote(str) + " is not a valid pattern in Go's regexp (RE2) syntax"
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
		return fmt.Sprintf("must have at least %s item%s", r.count(e, "minItems", k.Want), vldPlural(k.Want))
	case *kind.MaxItems:
		return fmt.Sprintf("must have at most %s item%s", r.count(e, "maxItems", k.Want), vldPlural(k.Want))
	case *kind.MinProperties:
		return fmt.Sprintf("must have at least %s propert%s", r.count(e, "minProperties", k.Want), vldPluralY(k.Want))
	case *kind.MaxProperties:
		return fmt.Sprintf("must have at most %s propert%s", r.count(e, "maxProperties", k.Want), vldPluralY(k.Want))
	case *kind.AdditionalItems:
		if arr, ok := vldLookupLoc(r.doc, e.InstanceLocation); ok && arr.Kind() == adapter.Array {
			n := arr.Len() - k.Count
			return fmt.Sprintf("must have at most %d item%s", n, vldPlural(n))
		}
		return fmt.Sprintf("has %d item%s more than allowed", k.Count, vldPlural(k.Count))
	case *kind.UniqueItems:
		return fmt.Sprintf("items must be unique: items %d and %d are equal", k.Duplicates[0], k.Duplicates[1])
	case *kind.Contains:
		return `must contain at least one item that matches "contains"`
	case *kind.MinContains:
		return fmt.Sprintf(`must contain at least %s item%s that %s "contains", found %d`, r.count(e, "minContains", k.Want), vldPlural(k.Want), vldMatch(k.Want), len(k.Got))
	case *kind.MaxContains:
		return fmt.Sprintf(`must contain at most %s item%s that %s "contains", found %d`, r.count(e, "maxContains", k.Want), vldPlural(k.Want), vldMatch(k.Want), len(k.Got))
	case *kind.PropertyNames:
		sub := vldReporter{doc: adapter.StringValue(k.Property)}
		for _, c := range e.Causes {
			sub.collect(c)
		}
		msg := "property name " + vldQuote(k.Property) + " is not allowed"
		if errs := vldFinish(sub.doc, sub.out); len(errs) > 0 {
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
			if parent, ok := vldLookupLoc(r.doc, e.InstanceLocation[:n-1]); ok && parent.Kind() == adapter.Object {
				return "property " + vldQuote(e.InstanceLocation[n-1]) + " is not allowed"
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
func (r *vldReporter) enumMessage(e *jsonschema.ValidationError, want []any) string {
	vals := r.keywordItems(e, "enum")
	if vals == nil {
		for _, w := range want {
			vals = append(vals, vldAnyText(w))
		}
	}
	switch len(vals) {
	case 0:
		return `no value is allowed here: "enum" lists no values`
	case 1:
		return "must be " + vals[0]
	}
	return "must be one of " + vldList(vals)
}

// constMessage is the sentence for a const that e's value is not equal to.
func (r *vldReporter) constMessage(e *jsonschema.ValidationError, want any) string {
	if t, ok := r.keywordText(e, "const"); ok {
		return "must be " + t
	}
	return "must be " + vldAnyText(want)
}

// addValueKeywords adds the errors of the enum and const beside a type that failed.
// jsonschema/v6 stops checking a schema at its first failing keyword when that is
// type; but the value fails an enum or const that does not list it too, and saying
// so lets a model fix both at once.
func (r *vldReporter) addValueKeywords(e *jsonschema.ValidationError) {
	inst, ok := vldLookupLoc(r.doc, e.InstanceLocation)
	if !ok {
		return
	}
	if enum, ok := r.keywordValue(e, "enum"); ok && enum.Kind() == adapter.Array &&
		!slices.ContainsFunc(enum.Items(), func(it adapter.Value) bool { return vldSame(it, inst) }) {
		r.add(e.InstanceLocation, r.enumMessage(e, nil))
	}
	if c, ok := r.keywordValue(e, "const"); ok && !vldSame(c, inst) {
		r.add(e.InstanceLocation, r.constMessage(e, nil))
	}
}

// vldSame reports whether a and b are equal as JSON Schema compares values: numbers
// by their value (1, 1.0 and 1e0 are equal, clamped as Validator describes), objects
// whatever the order of their members.
func vldSame(a, b adapter.Value) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case adapter.Null:
		return true
	case adapter.Bool:
		return a.Bool() == b.Bool()
	case adapter.String:
		return a.Str() == b.Str()
	case adapter.Number:
		x, okx := vldNumber(a.NumberText())
		y, oky := vldNumber(b.NumberText())
		if !okx || !oky {
			return false
		}
		rx, okx := new(big.Rat).SetString(string(x))
		ry, oky := new(big.Rat).SetString(string(y))
		return okx && oky && rx.Cmp(ry) == 0
	case adapter.Array:
		return slices.EqualFunc(a.Items(), b.Items(), vldSame)
	case adapter.Object:
		if a.Len() != b.Len() {
			return false
		}
		for _, m := range a.Members() {
			if v, ok := b.Get(m.Key()); !ok || !vldSame(m.Value(), v) {
				return false
			}
		}
		return true
	}
	return false
}

// keywordValue returns the schema's own value of keyword for error e, when e's schema
// location is inside the schema this reporter knows.
func (r *vldReporter) keywordValue(e *jsonschema.ValidationError, keyword string) (adapter.Value, bool) {
	frag, ok := strings.CutPrefix(e.SchemaURL, vldBaseURL+"#")
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
func (r *vldReporter) typeNames(e *jsonschema.ValidationError, want []string) []string {
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
func (r *vldReporter) keywordText(e *jsonschema.ValidationError, keyword string) (string, bool) {
	v, ok := r.keywordValue(e, keyword)
	if !ok {
		return "", false
	}
	return vldShort(string(adapter.Marshal(v))), true
}

// keywordItems is the compact JSON text of each element of keyword's array value.
func (r *vldReporter) keywordItems(e *jsonschema.ValidationError, keyword string) []string {
	v, ok := r.keywordValue(e, keyword)
	if !ok || v.Kind() != adapter.Array || v.Len() == 0 {
		return nil
	}
	out := make([]string, 0, v.Len())
	for _, it := range v.Items() {
		out = append(out, vldShort(string(adapter.Marshal(it))))
	}
	return out
}

// number writes a bound as the schema wrote it, or from its exact value. Draft-04's
// boolean exclusiveMinimum/exclusiveMaximum bound is minimum/maximum.
func (r *vldReporter) number(e *jsonschema.ValidationError, keyword string, want *big.Rat) string {
	v, ok := r.keywordValue(e, keyword)
	if ok && v.Kind() == adapter.Bool {
		v, ok = r.keywordValue(e, strings.ToLower(strings.TrimPrefix(keyword, "exclusive")))
	}
	if ok && v.Kind() == adapter.Number {
		return v.NumberText()
	}
	return vldRatText(want)
}

// count writes a count bound: the number itself, or the schema's text for a count
// that vldCount clamped.
func (r *vldReporter) count(e *jsonschema.ValidationError, keyword string, want int) string {
	if want == math.MaxInt32 || want == -math.MaxInt32 {
		if v, ok := r.keywordValue(e, keyword); ok && v.Kind() == adapter.Number {
			return v.NumberText()
		}
	}
	return strconv.Itoa(want)
}

// vldRatText writes an exact rational as a decimal (a bound from the schema always has
// one), or as an approximation when it has none.
func vldRatText(x *big.Rat) string {
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
	for k < 2*vldNumLimit+10 {
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

// vldResolve turns jsonschema's instance location into a concrete path: a token
// under an array is an index.
func vldResolve(doc adapter.Value, loc []string) (adapter.Path, bool) {
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

func vldLookupLoc(doc adapter.Value, loc []string) (adapter.Value, bool) {
	p, ok := vldResolve(doc, loc)
	if !ok {
		return adapter.Value{}, false
	}
	return adapter.Lookup(doc, p)
}

// vldFinish sorts errors by document position in doc (a value before the values
// inside it), then by message, and removes duplicates.
func vldFinish(doc adapter.Value, errs []Error) []Error {
	if len(errs) == 0 {
		return nil
	}
	type keyed struct {
		ord []int
		e   Error
	}
	ks := make([]keyed, len(errs))
	for i, e := range errs {
		e.Message = vldEscapeHidden(e.Message)
		ks[i] = keyed{vldOrdinals(doc, e.Path), e}
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

// vldOrdinals gives, for each step of p, the position of that step's value among its
// siblings in doc (member order, or the index).
func vldOrdinals(doc adapter.Value, p adapter.Path) []int {
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

// --- small text helpers ---

// vldQuote writes s as a JSON string, shortened as vldShort does.
func vldQuote(s string) string { return vldShort(string(adapter.AppendQuoted(nil, s))) }

// vldMaxQuoted is the most of a name or value's JSON text a message quotes.
const vldMaxQuoted = 200

// vldShort cuts JSON text longer than vldMaxQuoted bytes at a character's start,
// ending it with "…", so that a huge const or enum value does not make a
// message of its size.
func vldShort(text string) string { return adapter.Shorten(text, vldMaxQuoted) }

// vldEscapeHidden writes every character of msg that Sanitize would show (C0 and C1
// controls, DEL, line and paragraph separators, format and tag characters) as a
// JSON \uXXXX escape, a surrogate pair beyond U+FFFF. Such characters reach a
// message only inside the JSON text of a name or value, where the escape denotes the
// same character: the message stays one visible line that names the exact text.
func vldEscapeHidden(msg string) string {
	i := strings.IndexFunc(msg, vldHidden)
	if i < 0 {
		return msg
	}
	var sb strings.Builder
	sb.Grow(len(msg) + 16)
	sb.WriteString(msg[:i])
	for _, r := range msg[i:] {
		switch {
		case !vldHidden(r):
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

// vldHidden reports whether adapter.Sanitize would show r as an escape.
func vldHidden(r rune) bool {
	s := string(r)
	return adapter.Sanitize(s) != s
}

// vldMaxListed is how many enum values a message lists.
const vldMaxListed = 30

// vldList joins values with ", ", cut after vldMaxListed of them.
func vldList(vals []string) string {
	if len(vals) <= vldMaxListed {
		return strings.Join(vals, ", ")
	}
	return strings.Join(vals[:vldMaxListed], ", ") + fmt.Sprintf(", … (%d more)", len(vals)-vldMaxListed)
}

// vldOr joins names with ", " and a final " or ".
func vldOr(names []string) string {
	switch len(names) {
	case 0:
		return "nothing"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func vldPlural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// vldMatch is the verb "match" agreeing with n items.
func vldMatch(n int) string {
	if n == 1 {
		return "matches"
	}
	return "match"
}

func vldPluralY(n int) string {
	if n == 1 {
		return "y"
	}
	return "ies"
}

// vldAnyText writes a value of the jsonschema form as compact JSON (object members
// sorted by name, since a map has no order).
func vldAnyText(v any) string {
	return string(vldAppendAny(nil, v))
}

func vldAppendAny(dst []byte, v any) []byte {
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
			dst = vldAppendAny(dst, it)
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
			dst = vldAppendAny(dst, v[k])
		}
		return append(dst, '}')
	}
	return fmt.Append(dst, v)
}
