// Package explain reads an error OpenAI returned about a tool or a schema, as an
// error body or as the message a client printed, and says which tool it is
// about, where in its schema, which keyword, and what strictscope's conversion
// does about it ([Explanation]). It reads values that package sessions loads
// (an error body is a recording's response) and depends on package adapter
// only: the tools it resolves are an [adapter.ToolsReport].
//
// # Explaining an error
//
// [Error] reads an error body OpenAI returned. Text that is not JSON is an
// error only when [ParseErrorText] reads it as one: an OpenAI message about tools
// or schemas, from its first word ("Invalid schema for function '…'", "Invalid
// JSON schema", "Invalid 'tools[N]…'", "No tool output found for function call",
// …), after the prefixes clients print before it ("Error code: 400 - " and the
// body as a Python dict, an exception's name). Any other text, a document that
// quotes such a message further on included, holds no error.
//
// # Files
//
// explain.go holds [Error] and the [Explanation] it gives; text.go,
// [ParseErrorText]; pyrepr.go, the reader of what Python's repr writes (a str,
// an int, a tuple of them, a str in a dict) that Python clients print;
// schemapath.go, the rule that makes a schema path of a message's tokens;
// advice.go, the sentences of the advice.
package explain
