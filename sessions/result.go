package sessions

import "github.com/strictscope/strictscope/adapter"

// UnwrapResult finds the CallToolResult in what a user gives for a tool's result:
// the result itself, a JSON-RPC response to tools/call ({"result":{…}}), or a
// JSON-RPC error response, which becomes a client error {"error":"MESSAGE"} (SPEC
// §9). A capture that carries "result" or "error" beside other members (as the
// corpus files do) is read the same way. Anything else is returned as it is.
func UnwrapResult(v adapter.Value) adapter.Value {
	if v.Kind() != adapter.Object || v.Has("content") || v.Has("structuredContent") || v.Has("isError") {
		return v
	}
	if r, ok := v.Get("result"); ok && r.Kind() == adapter.Object {
		return r
	}
	if e, ok := v.Get("error"); ok && e.Kind() == adapter.Object {
		msg, _ := e.Get("message")
		text := msg.Str()
		if code, ok := e.Get("code"); ok && code.Kind() == adapter.Number {
			text = "JSON-RPC error " + code.NumberText() + ": " + text
		}
		return adapter.ObjectValue(adapter.Member{Key: "error", Value: adapter.StringValue(text)})
	}
	return v
}
