package adapter

// The JSON forms of the library's results, as the command line prints them.

// PathsValue writes paths as a JSON array of paths.
func PathsValue(paths []Path) Value {
	items := make([]Value, len(paths))
	for i, p := range paths {
		items[i] = p.Value()
	}
	return ArrayValue(items...)
}

// Value writes the error as {"path":[…],"keyword":"…","message":"…"}.
func (e *StrictError) Value() Value {
	return ObjectValue(
		MemberOf("path", e.Path.Value()),
		MemberOf("keyword", StringValue(e.Keyword)),
		MemberOf("message", StringValue(e.Message)),
	)
}

// Value writes the result as SPEC §10's strict command prints it:
// {"ok":true,"schema":…,"null_paths":[…],"dropped":[…]}.
func (r *StrictResult) Value() Value {
	return ObjectValue(
		MemberOf("ok", BoolValue(true)),
		MemberOf("schema", r.Schema),
		MemberOf("null_paths", r.NullPaths.Value()),
		MemberOf("dropped", r.Dropped.Value()),
	)
}
