package adapter

import (
	"errors"
	"strconv"
)

// StrictMode says which tools are sent with "strict": true.
type StrictMode string

// The three strict modes (docs/strict-mode.md#strict-modes).
const (
	// StrictAuto sends the strict schema where it converts, otherwise the original
	// schema with "strict": false (a fallback).
	StrictAuto StrictMode = "auto"
	// StrictOn sends only tools that convert; the others are excluded.
	StrictOn StrictMode = "true"
	// StrictOff sends every tool with its original schema and "strict": false.
	StrictOff StrictMode = "false"
)

// ParseStrictMode reads "auto", "true" or "false".
func ParseStrictMode(s string) (StrictMode, bool) {
	switch StrictMode(s) {
	case StrictAuto, StrictOn, StrictOff:
		return StrictMode(s), true
	}
	return "", false
}

// ToolsOptions adjust Tools.
type ToolsOptions struct {
	API    API
	Strict StrictMode // "" means auto
	// DescriptionCap caps tool descriptions in the API's unit (code points for Chat,
	// bytes for Responses); 0 means the API's default
	// (docs/tool-lists.md#description-caps).
	DescriptionCap        int
	NoDefaultDescriptions bool
}

// ToolStatus is what became of one tool.
type ToolStatus string

// The statuses of a tool in a ToolsReport.
const (
	StatusStrict    ToolStatus = "strict"     // sent with its strict schema
	StatusFallback  ToolStatus = "fallback"   // strict auto: sent as written, strict false
	StatusExcluded  ToolStatus = "excluded"   // strict true: left out
	StatusNonStrict ToolStatus = "non-strict" // strict false: sent as written
)

// A ToolOutcome is what Tools did with one tool, with everything needed to
// explain it.
type ToolOutcome struct {
	Entry  *Entry
	Status ToolStatus
	Tool   Value // the rendered tool; null when excluded

	// Conversion is the strict conversion of the tool's input schema, made in
	// every mode so that it can be shown; ConversionErr is set when it failed
	// (Conversion may then still hold a schema that crossed a limit).
	Conversion    *StrictResult
	ConversionErr *StrictError

	Description string  // the description as sent ("" when omitted)
	Truncated   bool    // the description was cut to the cap
	Removed     Removed // hidden characters removed from the description and schema
}

// NullPaths returns the null paths the model's arguments carry for this tool: the
// conversion's when the tool was sent strict, none otherwise.
func (o *ToolOutcome) NullPaths() []Path {
	if o.Status == StatusStrict {
		return o.Conversion.NullPaths.Paths()
	}
	return nil
}

// A ToolsReport describes a tool list sent to one API.
type ToolsReport struct {
	API      API
	Strict   StrictMode
	Outcomes []*ToolOutcome // every tool of the set, in order, excluded ones too
}

// Tools renders the tools request parameter for a ToolSet and reports what it did
// (docs/strict-mode.md#rendering-tools).
//
// Chat tools are {"type":"function","function":{"name","description","parameters",
// "strict"}}, Responses tools {"type":"function","name","description","parameters",
// "strict"}, keys in that order. "strict" is always sent. The description is the
// tool's, cleaned of hidden characters and capped
// (docs/tool-lists.md#description-caps); an empty one is omitted. A schema sent as
// written still has its description and title strings cleaned.
func Tools(set *ToolSet, opts ToolsOptions) ([]Value, *ToolsReport) {
	if opts.Strict == "" {
		opts.Strict = StrictAuto
	}
	capLen := opts.DescriptionCap
	if capLen <= 0 {
		capLen = DefaultDescriptionCap(opts.API)
	}
	rep := &ToolsReport{API: opts.API, Strict: opts.Strict}
	var tools []Value
	for _, e := range set.Entries {
		o := &ToolOutcome{Entry: e}
		res, err := StrictSchema(e.Tool.InputSchema, StrictOptions{NoDefaultDescriptions: opts.NoDefaultDescriptions})
		o.Conversion = res
		if err != nil {
			errors.As(err, &o.ConversionErr)
		}
		desc, rem := CleanText(e.Tool.Description)
		o.Removed = rem
		o.Description, o.Truncated = CapDescription(desc, opts.API, capLen)

		var params Value
		strict := false
		switch {
		case opts.Strict == StrictOff:
			o.Status = StatusNonStrict
		case err == nil:
			o.Status = StatusStrict
			strict = true
			params = res.Schema
			o.Removed.Add(res.Removed)
		case opts.Strict == StrictOn:
			o.Status = StatusExcluded
			o.Removed, o.Truncated, o.Description = Removed{}, false, ""
		default:
			o.Status = StatusFallback
		}
		if o.Status == StatusExcluded {
			rep.Outcomes = append(rep.Outcomes, o)
			continue
		}
		if !strict {
			var srem Removed
			params, srem = CleanSchema(e.Tool.InputSchema)
			o.Removed.Add(srem)
		}
		o.Tool = renderTool(opts.API, e.Exposed, o.Description, params, strict)
		tools = append(tools, o.Tool)
		rep.Outcomes = append(rep.Outcomes, o)
	}
	if tools == nil {
		tools = []Value{}
	}
	return tools, rep
}

func renderTool(api API, name, desc string, params Value, strict bool) Value {
	fn := make([]Member, 0, 5)
	if api == Responses {
		fn = append(fn, MemberOf("type", StringValue("function")))
	}
	fn = append(fn, MemberOf("name", StringValue(name)))
	if desc != "" {
		fn = append(fn, MemberOf("description", StringValue(desc)))
	}
	fn = append(fn, MemberOf("parameters", params), MemberOf("strict", BoolValue(strict)))
	if api == Responses {
		return ObjectValue(fn...)
	}
	return ObjectValue(MemberOf("type", StringValue("function")), MemberOf("function", ObjectValue(fn...)))
}

// Tools returns the rendered tools, excluded ones left out.
func (r *ToolsReport) Tools() []Value {
	out := []Value{}
	for _, o := range r.Outcomes {
		if o.Status != StatusExcluded {
			out = append(out, o.Tool)
		}
	}
	return out
}

// Lookup finds a tool's outcome by exposed name.
func (r *ToolsReport) Lookup(exposed string) (*ToolOutcome, bool) {
	for _, o := range r.Outcomes {
		if o.Entry.Exposed == exposed {
			return o, true
		}
	}
	return nil, false
}

// Value returns the report (docs/strict-mode.md#the-report):
// {"null_paths":{NAME:[…]}, "fallbacks":[…], "excluded":[…], "notes":{NAME:{…}}},
// tools in set order.
func (r *ToolsReport) Value() Value {
	var nullPaths, notes []Member
	fallbacks, excluded := []Value{}, []Value{}
	for _, o := range r.Outcomes {
		name := o.Entry.Exposed
		switch o.Status {
		case StatusStrict:
			nullPaths = append(nullPaths, MemberOf(name, o.Conversion.NullPaths.Value()))
		case StatusFallback:
			fallbacks = append(fallbacks, failureValue(name, o.ConversionErr))
		case StatusExcluded:
			excluded = append(excluded, failureValue(name, o.ConversionErr))
			continue
		}
		if n := o.Notes(); n.Len() > 0 {
			notes = append(notes, MemberOf(name, n))
		}
	}
	return ObjectValue(
		MemberOf("null_paths", ObjectValue(nullPaths...)),
		MemberOf("fallbacks", ArrayValue(fallbacks...)),
		MemberOf("excluded", ArrayValue(excluded...)),
		MemberOf("notes", ObjectValue(notes...)),
	)
}

// Notes returns what the report says of the tool beside its null paths:
// {"truncated":true, "removed":{"count":N,"tags":"TEXT"}, "dropped":[…] (a
// strict tool's dropped keywords), "renamed":{"from":"SERVER__TOOL"}}, each member
// only when it applies, so a tool with nothing to say has {}.
func (o *ToolOutcome) Notes() Value {
	var mems []Member
	if o.Truncated {
		mems = append(mems, MemberOf("truncated", BoolValue(true)))
	}
	if o.Removed.Count > 0 {
		rem := []Member{MemberOf("count", NumberValue(strconv.Itoa(o.Removed.Count)))}
		if o.Removed.Tags != "" {
			rem = append(rem, MemberOf("tags", StringValue(o.Removed.Tags)))
		}
		mems = append(mems, MemberOf("removed", ObjectValue(rem...)))
	}
	if o.Status == StatusStrict && o.Conversion.Dropped.Len() > 0 {
		mems = append(mems, MemberOf("dropped", o.Conversion.Dropped.Value()))
	}
	if o.Entry.Renamed {
		mems = append(mems, MemberOf("renamed", ObjectValue(MemberOf("from", StringValue(o.Entry.Plain)))))
	}
	return ObjectValue(mems...)
}

func failureValue(name string, e *StrictError) Value {
	return ObjectValue(append([]Member{MemberOf("name", StringValue(name))}, e.Value().Members()...)...)
}

// Sent returns what the model saw: every tool sent, with its null paths.
func (r *ToolsReport) Sent() *SentTools {
	var list []SentTool
	for _, o := range r.Outcomes {
		if o.Status == StatusExcluded {
			continue
		}
		list = append(list, SentTool{
			Exposed:     o.Entry.Exposed,
			Server:      o.Entry.Server,
			Tool:        o.Entry.Tool.Name,
			Strict:      o.Status == StatusStrict,
			NullPaths:   o.NullPaths(),
			InputSchema: o.Entry.Tool.InputSchema,
		})
	}
	return NewSentTools(list)
}
