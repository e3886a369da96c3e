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

// DroppedValue writes dropped keywords as [{"path":[…],"keyword":"…"}].
func DroppedValue(dropped []Dropped) Value {
	items := make([]Value, len(dropped))
	for i, d := range dropped {
		items[i] = ObjectValue(Member{"path", d.Path.Value()}, Member{"keyword", StringValue(d.Keyword)})
	}
	return ArrayValue(items...)
}

// Value writes the error as {"path":[…],"keyword":"…","message":"…"}.
func (e *StrictError) Value() Value {
	return ObjectValue(
		Member{"path", e.Path.Value()},
		Member{"keyword", StringValue(e.Keyword)},
		Member{"message", StringValue(e.Message)},
	)
}

// Value writes the result as SPEC §10's strict command prints it:
// {"ok":true,"schema":…,"null_paths":[…],"dropped":[…]}.
func (r *StrictResult) Value() Value {
	return ObjectValue(
		Member{"ok", BoolValue(true)},
		Member{"schema", r.Schema},
		Member{"null_paths", PathsValue(r.NullPaths)},
		Member{"dropped", DroppedValue(r.Dropped)},
	)
}
