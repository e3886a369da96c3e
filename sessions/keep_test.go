package sessions

import (
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// TestKeptRequest: a request keeps every member as recorded but the history
// lists, which keep only the tool answers.
func TestKeptRequest(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"chat history",
			`{"model":"gpt-4o","messages":[{"role":"system","content":"be brief"},{"role":"user","content":"hi"},{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c1","content":"42"},{"role":"user","content":"and?"}],"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object"}}}],"temperature":0.20}`,
			`{"model":"gpt-4o","messages":[{"role":"tool","tool_call_id":"c1","content":"42"}],"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object"}}}],"temperature":0.20}`},
		{"responses input items",
			`{"model":"o3","instructions":"answer","input":[{"role":"user","content":"hi"},{"type":"reasoning","id":"rs_1","summary":[]},{"type":"function_call","call_id":"c1","name":"f","arguments":"{}"},{"type":"function_call_output","call_id":"c1","output":[{"type":"input_text","text":"ok"}]}],"tools":[]}`,
			`{"model":"o3","instructions":"answer","input":[{"type":"function_call_output","call_id":"c1","output":[{"type":"input_text","text":"ok"}]}],"tools":[]}`},
		{"no tool answers", `{"model":"m","messages":[{"role":"user","content":"hi"}]}`, `{"model":"m","messages":[]}`},
		{"input as text", `{"model":"m","input":"weather?"}`, `{"model":"m","input":"weather?"}`},
		{"history not a list", `{"messages":{"role":"user"},"input":7}`, `{"messages":{"role":"user"},"input":7}`},
		{"items that are not objects", `{"messages":["tool",null,{"role":"tool"}]}`, `{"messages":[{"role":"tool"}]}`},
		{"member order and number text", `{"z":1.0,"a":[1e2],"m":{"y":true,"x":null}}`, `{"z":1.0,"a":[1e2],"m":{"y":true,"x":null}}`},
		{"not an object", `["a",{"b":1}]`, `["a",{"b":1}]`},
		{"null", `null`, `null`},
	}
	for _, c := range cases {
		got := newKeeper().request(mustDecode(t, c.in))
		if got.String() != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestKeptRequestsShare: the tools, the instructions and the tool answers that
// requests repeat are kept once.
func TestKeptRequestsShare(t *testing.T) {
	k := newKeeper()
	long := strings.Repeat("Answer in one sentence. ", 8)
	tools := `[{"type":"function","function":{"name":"f","strict":true,"parameters":{"type":"object","properties":{"a":{"type":["string","null"]}},"required":["a"],"additionalProperties":false}}}]`
	answer := `{"role":"tool","tool_call_id":"c1","content":"42"}`
	reqs := []string{
		`{"model":"m","messages":[{"role":"system","content":"` + long + `"},{"role":"user","content":"q"}],"tools":` + tools + `}`,
		`{"model":"m","messages":[{"role":"system","content":"` + long + `"},{"role":"user","content":"q"},` + answer + `],"tools":` + tools + `}`,
		`{"model":"m","messages":[{"role":"system","content":"` + long + `"},{"role":"user","content":"q"},` + answer + `,{"role":"tool","tool_call_id":"c2","content":"43"}],"tools":` + tools + `,"instructions":"` + long + `"}`,
	}
	var kept []adapter.Value
	for _, r := range reqs {
		kept = append(kept, k.request(mustDecode(t, r)))
	}
	// One tools list, one answer list per distinct answer, one long text.
	if len(k.shared) != 3 || len(k.texts) != 1 {
		t.Errorf("shared %d values and %d texts, want 3 and 1", len(k.shared), len(k.texts))
	}
	for i, v := range kept {
		if got := adapter.Marshal(mustGet(v, "tools")); string(got) != tools {
			t.Errorf("request %d: tools %s", i, got)
		}
	}
	if got := mustGet(kept[2], "messages").String(); got != `[`+answer+`,{"role":"tool","tool_call_id":"c2","content":"43"}]` {
		t.Errorf("answers %s", got)
	}
	if got := str(kept[2], "instructions"); got != long {
		t.Errorf("instructions %q", got)
	}
}

// TestPack: a packed value is the same JSON as the value it packs.
func TestPack(t *testing.T) {
	for _, in := range []string{
		`null`, `true`, `-1.50e+3`, `""`, `"caf\u00e9 \"q\""`, `[]`, `{}`,
		`[[],{},[[1]],{"":{"":[]}}]`,
		`{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{\"a\":[1,2]}"}}]},"finish_reason":"tool_calls"}],"usage":{"total_tokens":3}}`,
		`{"b":1,"a":2,"b2":[true,false,null,"x"]}`,
	} {
		v := mustDecode(t, in)
		p := pack(v)
		if !adapter.Equal(p, v) || p.String() != v.String() {
			t.Errorf("pack(%s) = %s", v, p)
		}
	}
}
