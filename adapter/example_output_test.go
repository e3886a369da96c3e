package adapter_test

import (
	"errors"
	"fmt"

	"github.com/strictscope/strictscope/adapter"
)

// A text result goes back as a Chat tool message.
func ExampleToolOutput() {
	result, _ := adapter.DecodeString(`{"content":[{"type":"text","text":"22°C, sunny"},{"type":"text","text":"wind 5 km/h"}]}`)
	out, err := adapter.ToolOutput("call_42", result, adapter.DefaultOutputOptions(adapter.Chat))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out.Item)
	// Output:
	// {"role":"tool","tool_call_id":"call_42","content":"22°C, sunny\nwind 5 km/h"}
}

// A result with a PNG takes the array form in the Responses API; Text keeps the text
// form, with the image as a placeholder.
func ExampleToolOutput_responsesImage() {
	result, _ := adapter.DecodeString(`{"content":[
		{"type":"text","text":"The chart:"},
		{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}]}`)
	out, _ := adapter.ToolOutput("call_7", result, adapter.DefaultOutputOptions(adapter.Responses))
	fmt.Print(string(adapter.MarshalIndent(out.Item)))
	fmt.Printf("%q\n", out.Text)
	// Output:
	// {
	//   "type": "function_call_output",
	//   "call_id": "call_7",
	//   "output": [
	//     {
	//       "type": "input_text",
	//       "text": "The chart:"
	//     },
	//     {
	//       "type": "input_image",
	//       "image_url": "data:image/png;base64,iVBORw0KGgo=",
	//       "detail": "auto"
	//     }
	//   ]
	// }
	// "The chart:\n[image: image/png, 8 bytes]"
}

// Media the output cannot carry becomes a placeholder; what went wrong is in Notes.
func ExampleToolOutput_placeholders() {
	result, _ := adapter.DecodeString(`{"content":[
		{"type":"audio","data":"UklGRg==","mimeType":"audio/wav"},
		{"type":"resource_link","uri":"file:///logs/today.txt","name":"today.txt"},
		{"type":"image","data":"not base64!","mimeType":"image/jpeg"}]}`)
	out, _ := adapter.ToolOutput("call_1", result, adapter.DefaultOutputOptions(adapter.Responses))
	fmt.Println(out.Text)
	fmt.Println(out.Notes)
	// Output:
	// [audio: audio/wav, 4 bytes]
	// [resource_link: file:///logs/today.txt]
	// [image: image/jpeg, invalid base64]
	// [content[2]: image data is not valid base64]
}

// An error result, and a client error, start with the error prefix.
func ExampleToolOutput_errors() {
	failed, _ := adapter.DecodeString(`{"content":[{"type":"text","text":"file not found"}],"isError":true}`)
	out, _ := adapter.ToolOutput("call_1", failed, adapter.DefaultOutputOptions(adapter.Responses))
	fmt.Println(out.Item, out.IsError)

	timeout, _ := adapter.DecodeString(`{"error":"timed out after 30s"}`)
	opts := adapter.DefaultOutputOptions(adapter.Chat)
	opts.ErrorPrefix = "Tool failed: "
	out, _ = adapter.ToolOutput("call_2", timeout, opts)
	fmt.Println(out.Item, out.IsError)
	// Output:
	// {"type":"function_call_output","call_id":"call_1","output":"Error: file not found"} true
	// {"role":"tool","tool_call_id":"call_2","content":"Tool failed: timed out after 30s"} true
}

// A JSON-RPC response to tools/call, or a capture of one, is read through its result
// or error; a JSON-RPC error keeps its code.
func ExampleToolOutput_jsonRPC() {
	response, _ := adapter.DecodeString(`{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"22°C"}]}}`)
	out, _ := adapter.ToolOutput("call_1", response, adapter.DefaultOutputOptions(adapter.Chat))
	fmt.Println(out.Item)

	capture, _ := adapter.DecodeString(`{"request":{"method":"tools/call","params":{"name":"no-such-tool"}},
		"error":{"code":-32602,"message":"unknown tool"}}`)
	out, _ = adapter.ToolOutput("call_2", capture, adapter.DefaultOutputOptions(adapter.Chat))
	fmt.Println(out.Item, out.IsError)
	// Output:
	// {"role":"tool","tool_call_id":"call_1","content":"22°C"}
	// {"role":"tool","tool_call_id":"call_2","content":"Error: JSON-RPC error -32602: unknown tool"} true
}

// structuredContent is written as compact JSON, keys in their order.
func ExampleToolOutput_structured() {
	result, _ := adapter.DecodeString(`{
		"content":[{"type":"text","text":"It is 22 degrees."}],
		"structuredContent":{"temperature":22.0,"unit":"°C"}}`)
	for _, mode := range []adapter.StructuredMode{adapter.StructuredAuto, adapter.StructuredPrefer, adapter.StructuredAppend} {
		opts := adapter.DefaultOutputOptions(adapter.Chat)
		opts.Structured = mode
		out, _ := adapter.ToolOutput("call_1", result, opts)
		fmt.Printf("%s: %q\n", mode, out.Text)
	}
	// Output:
	// auto: "It is 22 degrees."
	// prefer: "{\"temperature\":22.0,\"unit\":\"°C\"}"
	// append: "It is 22 degrees.\n{\"temperature\":22.0,\"unit\":\"°C\"}"
}

// Input that is not a tool result at all is an *OutputError with a path.
func ExampleToolOutput_notAToolResult() {
	bad, _ := adapter.DecodeString(`{"content":"hello"}`)
	_, err := adapter.ToolOutput("call_1", bad, adapter.DefaultOutputOptions(adapter.Chat))
	var oe *adapter.OutputError
	if errors.As(err, &oe) {
		fmt.Println(oe.Path, oe.Msg)
	}
	// Output:
	// ["content"] content is a string, not an array
}

func ExampleOutputError_Error() {
	err := &adapter.OutputError{Path: adapter.Keys("isError"), Msg: "isError is a string, not a boolean"}
	fmt.Println(err.Error())
	// Output:
	// invalid tool result at /isError: isError is a string, not a boolean
}

func ExampleParseStructuredMode() {
	for _, s := range []string{"append", "Append", ""} {
		mode, ok := adapter.ParseStructuredMode(s)
		fmt.Printf("%q %q %v\n", s, mode, ok)
	}
	// Output:
	// "append" "append" true
	// "Append" "" false
	// "" "" false
}

func ExampleDefaultOutputOptions() {
	opts := adapter.DefaultOutputOptions(adapter.Responses)
	fmt.Printf("%s %q %s\n", opts.API, opts.ErrorPrefix, opts.Structured)
	// Output:
	// responses "Error: " auto
}
