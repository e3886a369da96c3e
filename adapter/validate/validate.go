// Package validate checks the arguments of a tool call against the tool's original
// input schema (docs/calls-and-outputs.md#validation), with
// github.com/santhosh-tekuri/jsonschema/v6: errors with concrete instance paths and
// messages a model can act on.
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
	"errors"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

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

// Value returns the error as the calls output writes it: {"path":[…],"message":"…"}
// (docs/calls-and-outputs.md#validation-messages).
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
	return "input schema at " + escapeHidden(e.Path.Pointer()) + ": " + e.Message
}

// A Validator compiles input schemas once and checks arguments against them. Safe for concurrent use. No global state.
//
// The rules (docs/calls-and-outputs.md#validation):
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
//   - A schema of more than [MaxSubschemas] subschemas is not compiled, and
//     arguments against it are not checked (a *[NotCheckedError] again): the
//     JSON Schema engine's compile time grows with the square of their number
//     (a half second at 10,000 here, ten seconds at 44,000). A schema OpenAI
//     accepts in strict mode has at most 5,000 properties, far below it.
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
//     [termsafe.Sanitize] would show (controls, line separators, format and tag characters)
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
	cache map[string]*cacheEntry
}

// cacheMax is how many compiled schemas a Validator keeps.
const cacheMax = 4096

// MaxSubschemas is the most subschemas a schema may have for arguments to be
// checked against it (see [Validator]).
const MaxSubschemas = 10000

// baseURL is where a schema is registered for compilation. The .invalid top-level
// domain never resolves, and the loader refuses every URL anyway.
const baseURL = "https://strictscope.invalid/inputSchema.json"

type cacheEntry struct {
	once   sync.Once
	schema adapter.Value // the schema as given, for exact keyword values in messages
	sch    *jsonschema.Schema
	plan   *plan // what each subschema applies, to count the work of a check
	err    error
}

// New returns an empty Validator.
func New() *Validator {
	return &Validator{cache: make(map[string]*cacheEntry)}
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
		plan := newPlan(e.schema)
		plan.node("")
		if n := len(plan.nodes); n > MaxSubschemas {
			e.err = &NotCheckedError{Reason: fmt.Sprintf("the schema has %d subschemas, more than the %d checked in proportion to their number", n, MaxSubschemas)}
			return
		}
		e.sch, e.err = compile(e.schema)
		var se *CompileError
		if errors.As(e.err, &se) {
			se.Message = escapeHidden(se.Message)
		}
		if e.err == nil {
			e.plan = plan
		}
	})
	if e.err != nil {
		return nil, e.err
	}
	bad := false
	inst := toAny(args, &bad)
	if bad {
		var errs []Error
		badNumbers(args, adapter.Path{}, &errs)
		return finish(args, errs), nil
	}
	if e.plan.branches {
		if nc := tooMuchWork(e.plan, args); nc != nil {
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
	r := reporter{schema: e.schema, doc: args}
	r.collect(verr)
	if len(r.out) == 0 {
		return []Error{{Path: adapter.Path{}, Message: "does not match the input schema"}}, nil
	}
	return finish(args, r.out), nil
}

// entry returns the cache entry for schema, creating it when needed.
func (v *Validator) entry(schema adapter.Value) *cacheEntry {
	key := string(adapter.Marshal(schema))
	v.mu.Lock()
	defer v.mu.Unlock()
	if e, ok := v.cache[key]; ok {
		return e
	}
	if v.cache == nil || len(v.cache) >= cacheMax {
		v.cache = make(map[string]*cacheEntry)
	}
	e := &cacheEntry{schema: schema}
	v.cache[key] = e
	return e
}

// --- compiling ---
