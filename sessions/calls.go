package sessions

import (
	"errors"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/validate"
)

// A CheckedCall is a call with its arguments validated against the tool's input
// schema (docs/calls-and-outputs.md#validation).
//
// Valid says that nothing was found wrong: it is false when there are Errors or
// the schema cannot be compiled. Arguments that were not checked (NotChecked:
// checking them would take too long) are not invalid: Valid is true, Errors is
// empty, and NotChecked says why, as a note (see the package doc, "Checked calls").
type CheckedCall struct {
	adapter.Call
	Valid bool
	// Errors lists every failing keyword; SchemaErr is set instead when the tool's
	// schema cannot be compiled (then Valid is false and Errors is empty).
	Errors    []validate.Error
	SchemaErr error
	// NotChecked is set when the arguments were not checked; Valid is true and
	// Errors empty then.
	NotChecked *validate.NotCheckedError
	// Unchecked lists the schema paths of patterns RE2 cannot compile, which
	// were not asserted.
	Unchecked []adapter.Path
	// Validated is what was validated: the stripped arguments, or for a tool whose
	// strict schema was inferred from a recorded request, the arguments as sent
	// (the server's own schema is not known, and the strict one wants the nulls).
	Validated adapter.Value
}

// CheckCalls validates every call of x.
func CheckCalls(x *adapter.Extracted, v *validate.Validator) []CheckedCall {
	out := make([]CheckedCall, len(x.Calls))
	for i, c := range x.Calls {
		cc := CheckedCall{Call: c, Validated: c.Arguments}
		if c.Sent.Inferred && c.Sent.Strict {
			cc.Validated = c.Decoded
		}
		errs, err := v.Validate(c.Sent.InputSchema, cc.Validated)
		if !errors.As(err, &cc.NotChecked) {
			cc.Errors, cc.SchemaErr = errs, err
		}
		if cc.SchemaErr == nil {
			cc.Unchecked = v.Unchecked(c.Sent.InputSchema)
		}
		cc.Valid = cc.SchemaErr == nil && len(cc.Errors) == 0
		out[i] = cc
	}
	return out
}

// Value writes the call as the calls command prints it
// (docs/calls-and-outputs.md#the-calls-output): {"call_id","name","server","tool",
// "arguments","stripped","valid","errors"}. A call whose arguments were not
// checked has "checked": false and "note": why, after "valid" (true); other calls
// have neither.
func (c CheckedCall) Value() adapter.Value {
	errs := make([]adapter.Value, 0, len(c.Errors)+1)
	for _, e := range c.Errors {
		errs = append(errs, e.Value())
	}
	if c.SchemaErr != nil {
		errs = append(errs, adapter.ObjectValue(
			adapter.MemberOf("path", adapter.ArrayValue()),
			adapter.MemberOf("message", adapter.StringValue("the tool's input schema cannot be compiled: "+c.SchemaErr.Error())),
		))
	}
	mems := []adapter.Member{
		adapter.MemberOf("call_id", adapter.StringValue(c.CallID)),
		adapter.MemberOf("name", adapter.StringValue(c.Name)),
		adapter.MemberOf("server", adapter.StringValue(c.Sent.Server)),
		adapter.MemberOf("tool", adapter.StringValue(c.Sent.Tool)),
		adapter.MemberOf("arguments", c.Arguments),
		adapter.MemberOf("stripped", adapter.PathsValue(c.Stripped)),
		adapter.MemberOf("valid", adapter.BoolValue(c.Valid)),
	}
	if c.NotChecked != nil {
		mems = append(mems,
			adapter.MemberOf("checked", adapter.BoolValue(false)),
			adapter.MemberOf("note", adapter.StringValue(c.NotChecked.Error())),
		)
	}
	return adapter.ObjectValue(append(mems, adapter.MemberOf("errors", adapter.ArrayValue(errs...)))...)
}

// RejectedValues lists the rejected outputs of x.
func RejectedValues(x *adapter.Extracted) []adapter.Value {
	out := make([]adapter.Value, len(x.Rejected))
	for i, r := range x.Rejected {
		out[i] = r.Output
	}
	return out
}

// ApplyDefaultsUsed reports whether defaults were put back into the arguments.
func (c CheckedCall) ApplyDefaultsUsed() bool { return len(c.Defaulted) > 0 }
