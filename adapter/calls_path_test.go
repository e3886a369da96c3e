package adapter

import "testing"

// TestCallItemPaths: every call, rejection and ignored item says where it stands in
// the response.
func TestCallItemPaths(t *testing.T) {
	sent := NewSentTools([]SentTool{{Exposed: "f", Tool: "f", InputSchema: ObjectValue()}})
	for _, tt := range []struct{ response, want string }{
		{`{"choices":[{"message":{"role":"assistant","tool_calls":[{"id":"a","type":"function","function":{"name":"f","arguments":"{}"}},{"id":"b","type":"function","function":{"name":"g","arguments":"{}"}}]}}]}`,
			`["choices",0,"message","tool_calls",0] ["choices",0,"message","tool_calls",1]`},
		{`{"output":[{"type":"reasoning"},{"type":"function_call","call_id":"a","name":"f","arguments":"{}"}]}`,
			`["output",0] ["output",1]`},
		{`{"role":"assistant","tool_calls":[{"id":"a","type":"function","function":{"name":"f","arguments":"{}"}}]}`,
			`["tool_calls",0]`},
		{`[{"id":"a","type":"function","function":{"name":"nope","arguments":"{}"}}]`, `[0]`},
		{`{"type":"function_call","call_id":"a","name":"f","arguments":"{}"}`, `[]`},
	} {
		v, err := DecodeString(tt.response)
		if err != nil {
			t.Fatal(err)
		}
		x, err := ToolCalls(v, sent, DefaultCallsOptions())
		if err != nil {
			t.Fatalf("%s: %v", tt.response, err)
		}
		var got []string
		for _, ig := range x.Ignored {
			got = append(got, ig.ItemPath.String())
		}
		for _, k := range x.Order {
			if k >= 0 {
				got = append(got, x.Calls[k].ItemPath.String())
			} else {
				got = append(got, x.Rejected[-1-k].ItemPath.String())
			}
		}
		s := ""
		for i, g := range got {
			if i > 0 {
				s += " "
			}
			s += g
		}
		if s != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.response, s, tt.want)
		}
		for _, c := range x.Calls {
			if it, ok := Lookup(v, c.ItemPath); !ok || !Equal(it, c.Item) {
				t.Errorf("%s: ItemPath %s does not lead to the item", tt.response, c.ItemPath)
			}
		}
	}
}
