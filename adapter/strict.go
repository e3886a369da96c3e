package adapter

import (
	"fmt"

	"github.com/strictscope/strictscope/adapter/internal/arena"
)

// StrictOptions adjust StrictSchema.
type StrictOptions struct {
	// NoDefaultDescriptions turns off the "Default: …." text that a property's
	// dropped default otherwise leaves in its description (docs/strict-mode.md#defaults).
	NoDefaultDescriptions bool
}

// Dropped is one keyword the conversion left out, at its schema path in the input,
// and why (one of the Reason constants).
type Dropped struct {
	Path    Path
	Keyword string
	Reason  string
}

// Why a keyword is dropped (Dropped.Reason).
const (
	ReasonUnsupported   = "strict mode does not use it; the server still checks it"
	ReasonDefault       = "strict mode has no default; a property's default is written into its description"
	ReasonDefaultNoText = "strict mode has no default"
	ReasonNotObject     = "kept only on a node whose type is object"
	ReasonNotArray      = "kept only on a node whose type is array"
	ReasonNotString     = "a description or title must be a string"
	ReasonLookaround    = "a pattern with look-around is rejected by newer models"
	ReasonFormat        = "not one of the formats strict mode accepts"
	ReasonNestedDefs    = "definitions are kept only at the root"
	ReasonUnreachable   = "no kept $ref reaches this definition"
)

// StrictResult is a schema converted to OpenAI's strict mode, with what the
// conversion did: the instance paths it made nullable, the keywords it dropped, and
// the hidden characters it removed from description and title strings.
type StrictResult struct {
	Schema    Value
	NullPaths PathList
	Dropped   DroppedList
	Removed   Removed

	// For NullSites, the sites of null path i after its first (which the
	// path itself holds).
	moreSites map[int][]*pathNode

	arena *arena.Arena // owns the Schema's new memory; its Values keep it alive anyway
}

// NullSites says where each null path was made: NullSites()[i] are the schema
// paths, in the input, of the property declarations made nullable for
// NullPaths[i]. There is more than one when anyOf branches, or a definition and
// its uses, declare the property more than once; a declaration that already
// accepted null is not one. The converted schema holds each one's nullable form
// at the same path. The paths are made when asked for (a result not made by
// StrictSchema has none).
func (r *StrictResult) NullSites() [][]Path {
	out := make([][]Path, r.NullPaths.Len())
	for i, end := range eachPath(&r.NullPaths.seq) {
		if end.group.site == nil {
			continue
		}
		site := func(k *pathNode) Path {
			// A null path ends at the property's name, which follows the
			// object's "properties" in its declaration's schema path.
			return k.pathThen(end.key())
		}
		out[i] = []Path{site(end.group.site)}
		for _, k := range r.moreSites[i] {
			out[i] = append(out[i], site(k))
		}
	}
	return out
}

// A StrictError says why a schema has no strict form: the schema path of the node
// (in the input, or in the output for limits), the keyword or limit name, and what
// to change.
type StrictError struct {
	Path    Path
	Keyword string
	Message string
}

func (e *StrictError) Error() string {
	return fmt.Sprintf("%s at %s: %s", e.Keyword, e.Path.String(), e.Message)
}

// StrictSchema rewrites a JSON Schema into the subset OpenAI accepts with
// "strict": true, by the rules of docs/strict-mode.md (see also the package
// documentation). On
// failure the error is a *StrictError.
//
// When the conversion succeeds but the result crosses one of OpenAI's size limits,
// both the result and the error are returned: the error's path points into the
// result's schema, which must not be sent as strict.
func StrictSchema(schema Value, opts StrictOptions) (*StrictResult, error) {
	return strictSchema(schema, opts, false)
}

// strictSchema is StrictSchema; noLeaf converts plain leaves the general way,
// for the tests that hold the two ways to the same result.
func strictSchema(schema Value, opts StrictOptions, noLeaf bool) (*StrictResult, error) {
	c := &converter{opts: opts, root: schema, noLeaf: noLeaf}
	c.sp.frames = c.spathBuf[:0]
	c.sp.live, c.sp.liveAt = &c.curProp, &c.propAt
	// The output shares memory with the input, which its arena keeps.
	c.arena = arena.New()
	holdValue(c.arena, schema)
	c.memSlab, c.valSlab = arena.NewSlab[Member](c.arena), arena.NewSlab[Value](c.arena)
	out, ok := c.run()
	if !ok && out.Kind() == Null {
		return nil, c.err
	}
	res := &StrictResult{Schema: out, NullPaths: PathList{c.nullPaths}, Dropped: DroppedList{c.dropped}, Removed: c.removed,
		moreSites: c.moreSites, arena: c.arena}
	if !ok {
		return res, c.err
	}
	return res, nil
}

// Strict-mode limits (docs/strict-mode.md#limits).
const (
	MaxStrictProperties = 5000
	MaxStrictDepth      = 10
	MaxStrictChars      = 120000
	MaxStrictEnumValues = 1000
	// A string enum with more than MaxStrictEnumLargeCount values may hold at most
	// MaxStrictEnumChars characters.
	MaxStrictEnumLargeCount = 250
	MaxStrictEnumChars      = 15000
	// MaxNullPaths bounds the null paths of one schema. $refs used many times can
	// multiply paths without bound; past this the schema fails with keyword "$ref".
	MaxNullPaths = 100000
)

// UnsupportedKeyword reports whether strict mode has no equivalent for a keyword
// (allOf, oneOf, not, if, …), so that a schema holding it has no strict form, and
// what to write instead.
func UnsupportedKeyword(keyword string) (advice string, unsupported bool) {
	return unsupportedAdvice(keyword)
}

// Value writes the error as {"path":[…],"keyword":"…","message":"…"}.
func (e *StrictError) Value() Value {
	return ObjectValue(
		MemberOf("path", e.Path.Value()),
		MemberOf("keyword", StringValue(e.Keyword)),
		MemberOf("message", StringValue(e.Message)),
	)
}

// Value writes the result as the strict command prints it (docs/cli.md#strict):
// {"ok":true,"schema":…,"null_paths":[…],"dropped":[…]}.
func (r *StrictResult) Value() Value {
	return ObjectValue(
		MemberOf("ok", BoolValue(true)),
		MemberOf("schema", r.Schema),
		MemberOf("null_paths", r.NullPaths.Value()),
		MemberOf("dropped", r.Dropped.Value()),
	)
}
