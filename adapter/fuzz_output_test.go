package adapter

import (
	"errors"
	"testing"
)

// FuzzToolOutput renders arbitrary JSON as a tool result for both APIs and every
// structured mode. Properties: ToolOutput never panics; it either returns an
// *OutputError or an item that is valid JSON of the shape the API takes
// (docs/calls-and-outputs.md#rendering-results),
// whose Text agrees with what is sent, and which starts with the error prefix when
// IsError.
func FuzzToolOutput(f *testing.F) {
	seeds := []string{
		`{}`,
		`{"content":[]}`,
		`{"content":[{"type":"text","text":"hi"},{"type":"text","text":"there"}]}`,
		`{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}],"isError":true}`,
		`{"content":[{"type":"text","text":"a"},{"type":"image","data":"AAEC","mimeType":"IMAGE/JPEG"}]}`,
		`{"content":[{"type":"image","data":"R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUQAOw==","mimeType":"image/gif"}]}`,
		`{"content":[{"type":"audio","data":"AA\r\n==","mimeType":"audio/wav"}]}`,
		`{"content":[{"type":"resource_link","uri":"file:///a.txt","name":"a"}]}`,
		`{"content":[{"type":"resource","resource":{"uri":"file:///r.pdf","mimeType":"application/pdf","blob":"JVBERi0="}}]}`,
		`{"content":[{"type":"resource","resource":{"uri":"demo://t","text":"inline"}}]}`,
		`{"content":[{"type":"video"},{"no":"type"},7,null,{"type":"image","data":"!"}]}`,
		`{"content":[{"type":"text","text":"T"}],"structuredContent":{"b":1.0,"a":[null,"<&>"]}}`,
		`{"structuredContent":[1,2,3]}`,
		`{"error":"boom"}`,
		`{"error":{"code":-32602,"message":"unknown tool"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"x"}]}}`,
		`{"id":1,"request":{"method":"tools/call"},"result":{"content":[{"type":"text","text":"x"}]}}`,
		`{"tool":null,"error":{"code":-32602,"message":"unknown tool"}}`,
		`{"content":"x"}`,
		`{"isError":"yes"}`,
		`[1,2]`,
	}
	for i, s := range seeds {
		f.Add([]byte(s), "call_"+s[:min(len(s), 3)], "Error: ", uint8(i))
	}
	modes := []StructuredMode{"", StructuredAuto, StructuredPrefer, StructuredAppend, StructuredIgnore}
	f.Fuzz(func(t *testing.T, data []byte, callID, prefix string, mode uint8) {
		result, err := Decode(data)
		if err != nil {
			return
		}
		for _, api := range []API{Chat, Responses} {
			opts := OutputOptions{API: api, ErrorPrefix: prefix, Structured: modes[int(mode)%len(modes)]}
			out, err := ToolOutput(callID, result, opts)
			if err != nil {
				var oe *OutputError
				if !errors.As(err, &oe) {
					t.Fatalf("%s: error that is not an *OutputError: %v", api, err)
				}
				continue
			}
			want := callID
			if back, err := Decode(Marshal(StringValue(callID))); err == nil {
				want = back.Str() // invalid UTF-8 is written as U+FFFD
			}
			roundTrip, err := Decode(Marshal(out.Item))
			if err != nil {
				t.Fatalf("%s: item is not valid JSON: %v", api, err)
			}
			// Check the shape on the decoded item, as OpenAI would see it.
			checked := out
			checked.Item = roundTrip
			if back, err := Decode(Marshal(StringValue(out.Text))); err == nil {
				checked.Text = back.Str()
			}
			checkItem(t, api, want, checked)
			if out.IsError && len(out.Text) < len(prefix) {
				t.Fatalf("%s: error output %q shorter than the prefix %q", api, out.Text, prefix)
			}
			if out.IsError && out.Text[:len(prefix)] != prefix {
				t.Fatalf("%s: error output %q does not start with the prefix %q", api, out.Text, prefix)
			}
		}
	})
}
