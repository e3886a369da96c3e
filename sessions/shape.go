package sessions

import (
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// shape is what a JSON document is, as far as loading goes.
type shape int

const (
	shapeNone shape = iota
	shapeChatCompletion
	shapeChatMessage
	shapeResponse
	shapeOutputList
	shapeErrorBody
	shapeErrorList
	shapeChatChunk
	shapeRespEvent
	shapeChunkList
	shapeEventList
	shapePair
	shapePairList
	shapeCassette
	shapeHAR
	shapeSession
	shapeToolList
	shapeRequest
)

// shapeFormat names the format of a whole document of a shape (FormatUnknown for
// the shapes that need their container to tell).
func shapeFormat(sh shape) Format {
	switch sh {
	case shapeChatCompletion:
		return FormatChatCompletion
	case shapeChatMessage:
		return FormatChatMessage
	case shapeResponse:
		return FormatResponsesResponse
	case shapeOutputList:
		return FormatOutputList
	case shapeErrorBody, shapeErrorList:
		return FormatErrorBody
	case shapeChatChunk, shapeChunkList:
		return FormatChatJSONL
	case shapeRespEvent, shapeEventList:
		return FormatResponsesJSONL
	case shapePair, shapePairList:
		return FormatJSONLPairs
	case shapeHAR:
		return FormatHAR
	case shapeSession:
		return FormatSession
	case shapeToolList:
		return FormatToolList
	}
	return FormatUnknown
}

// classify tells what a decoded document is, and for OpenAI shapes which API.
func classify(v adapter.Value) (shape, adapter.API) {
	switch v.Kind() {
	case adapter.Object:
		return classifyObject(v)
	case adapter.Array:
		return classifyArray(v)
	}
	return shapeNone, ""
}

// classifyObject is classify for an object: containers first (a session file,
// a HAR, a cassette), then the OpenAI shapes, then pairs, requests and tool
// lists.
func classifyObject(v adapter.Value) (shape, adapter.API) {
	obj := str(v, "object")
	typ := str(v, "type")
	switch {
	case v.Has("strictscope_session"):
		return shapeSession, ""
	case isKind(v, "log", adapter.Object):
		log, _ := v.Get("log")
		if log.Has("entries") || log.Has("creator") || log.Has("version") {
			return shapeHAR, ""
		}
	case isKind(v, "interactions", adapter.Array), isKind(v, "http_interactions", adapter.Array):
		return shapeCassette, ""
	case isKind(v, "requests", adapter.Array) && isKind(v, "responses", adapter.Array):
		return shapeCassette, ""
	}
	switch {
	case obj == "chat.completion.chunk":
		return shapeChatChunk, adapter.Chat
	case obj == "chat.completion" || (isKind(v, "choices", adapter.Array) && obj == ""):
		return shapeChatCompletion, adapter.Chat
	case obj == "response" || (isKind(v, "output", adapter.Array) && obj == ""):
		return shapeResponse, adapter.Responses
	case strings.HasPrefix(typ, "response."):
		return shapeRespEvent, adapter.Responses
	}
	if e, ok := v.Get("error"); ok && !e.IsNull() && (e.Kind() == adapter.Object || e.Kind() == adapter.String) {
		return shapeErrorBody, ""
	}
	if isKind(v, "errors", adapter.Array) && isErrorList(v) {
		return shapeErrorList, ""
	}
	if str(v, "role") == "assistant" || (isKind(v, "tool_calls", adapter.Array) && !v.Has("model")) {
		return shapeChatMessage, adapter.Chat
	}
	if v.Has("response") && (v.Has("request") || v.Has("request_curl") || v.Len() <= 4) {
		return shapePair, ""
	}
	if isRequestBody(v) {
		return shapeRequest, ""
	}
	if isKind(v, "tools", adapter.Array) {
		return shapeToolList, ""
	}
	if r, ok := v.Get("result"); ok && isKind(r, "tools", adapter.Array) {
		return shapeToolList, ""
	}
	return shapeNone, ""
}

// isRequestBody reports whether v is an OpenAI request body: a model and what
// a request sends with it.
func isRequestBody(v adapter.Value) bool {
	return v.Has("model") && (v.Has("messages") || v.Has("input") || v.Has("tools") || v.Has("instructions"))
}

// classifyArray is classify for an array, told by its first element; an empty
// array is an empty list of calls.
func classifyArray(v adapter.Value) (shape, adapter.API) {
	items := v.Items()
	if len(items) == 0 {
		return shapeOutputList, ""
	}
	first := items[0]
	if first.Kind() != adapter.Object {
		return shapeNone, ""
	}
	switch {
	case str(first, "object") == "chat.completion.chunk":
		return shapeChunkList, adapter.Chat
	case strings.HasPrefix(str(first, "type"), "response."):
		return shapeEventList, adapter.Responses
	case first.Has("request") && first.Has("response"):
		return shapePairList, ""
	case first.Has("inputSchema"), isOpenAIToolDefinition(first):
		// An OpenAI tool definition is a tool list too: reading it as one
		// says it is not an MCP tool list (adapter.ParseToolList).
		return shapeToolList, ""
	case isKind(first, "function", adapter.Object) || isKind(first, "custom", adapter.Object):
		return shapeOutputList, adapter.Chat
	case isKind(first, "type", adapter.String):
		return shapeOutputList, adapter.Responses
	case isKind(first, "name", adapter.String) && !first.Has("arguments"):
		return shapeToolList, ""
	}
	return shapeNone, ""
}

// isOpenAIToolDefinition tells an OpenAI function tool's definition, the
// Responses {"type":"function","name","parameters"} or the Chat
// {"type":"function","function":{"name","parameters"}}, from a call: a Chat
// tool call has an "id" and its function has "arguments"; a Responses call's
// type is "function_call".
func isOpenAIToolDefinition(v adapter.Value) bool {
	if str(v, "type") != "function" || v.Has("id") {
		return false
	}
	if v.Has("parameters") {
		return true
	}
	fn, _ := v.Get("function")
	return fn.Kind() == adapter.Object && !fn.Has("arguments") && (fn.Has("parameters") || fn.Has("description"))
}

// isErrorList reports whether every entry of v's "errors" is an object quoting
// an error: a body, an error, or a message.
func isErrorList(v adapter.Value) bool {
	errs, _ := v.Get("errors")
	for _, e := range errs.Items() {
		if e.Kind() != adapter.Object {
			return false
		}
		if !(e.Has("body") || e.Has("error") || e.Has("message_only") || e.Has("message")) {
			return false
		}
	}
	return true
}
