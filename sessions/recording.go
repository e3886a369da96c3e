package sessions

import (
	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// Format names a recording format (and, from Detect, the other files strictscope
// reads: tool lists and session files).
type Format string

// The formats LoadRecording reads, and the other answers of Detect.
const (
	FormatChatCompletion    Format = "chat-completion"    // a Chat completion object
	FormatChatMessage       Format = "chat-message"       // a Chat assistant message
	FormatResponsesResponse Format = "responses-response" // a Responses response object
	FormatOutputList        Format = "output-list"        // a bare list of Chat tool_calls or Responses output items
	FormatErrorBody         Format = "error-body"         // {"error":{…}}, or a collection of them
	FormatChatSSE           Format = "chat-sse"           // a Chat Completions event stream
	FormatChatJSONL         Format = "chat-jsonl"         // Chat chunks, one JSON object a line
	FormatResponsesSSE      Format = "responses-sse"      // a Responses event stream
	FormatResponsesJSONL    Format = "responses-jsonl"    // Responses events, one JSON object a line
	FormatVCRPy             Format = "vcrpy-yaml"         // a vcrpy cassette (and VCR-style cassettes like it)
	FormatGoVCR             Format = "go-vcr-yaml"        // a go-vcr cassette
	FormatHAR               Format = "har"                // an HTTP Archive 1.2
	FormatHTTPRR            Format = "httprr"             // a Go httprr trace
	FormatJSONLPairs        Format = "jsonl-pairs"        // {"request":…,"response":…} a line (or one such object)
	FormatSession           Format = "session"            // a strictscope session file
	FormatToolList          Format = "tool-list"          // an MCP tool list; Detect only
	FormatUnknown           Format = "unknown"            // none of these; Detect only
)

// readAsItGoes tells the formats LoadRecordingFile reads as it goes, a line or
// an entry at a time, which the cap on whole documents does not bound.
func (f Format) readAsItGoes() bool {
	switch f {
	case FormatChatSSE, FormatChatJSONL, FormatResponsesSSE, FormatResponsesJSONL, FormatJSONLPairs, FormatHAR, FormatVCRPy, FormatGoVCR:
		return true
	}
	return false
}

// An Exchange is one request/response pair of a recording, the response reassembled
// into one whole JSON value.
type Exchange struct {
	Label    string        // where it is in the file: "interaction 2", "entry 5", "exchange 1", "line 3", "response", "stream"
	API      adapter.API   // chat or responses, from the response, the URL or the request ("" when unknown)
	Request  adapter.Value // the request body, its history lists cut to the tool answers (null when the recording has none; see the package doc)
	Response adapter.Value // a Chat completion, a Responses response, a list of calls or output items, or an error body {"error":{…}}
	Status   int           // HTTP status when recorded, else 0
	Streamed bool          // the response was SSE/JSONL and was reassembled
	Warnings []string      // e.g. "stream ends before [DONE]: loaded as far as it goes"
}

// A Recording is what LoadRecording read from one file.
type Recording struct {
	Name      string     // file name as given
	Format    Format     // the format it was read as
	Exchanges []Exchange // in file order
	Warnings  []string   // file-level, including entries that failed to load while the others loaded
}

// AllWarnings returns every warning of the recording as one line naming the file
// (and the exchange, for an exchange's own warnings), sanitized: the file-level
// warnings first, then each exchange's in order.
func (r *Recording) AllWarnings() []string {
	file := termsafe.Sanitize(r.Name)
	var out []string
	for _, w := range r.Warnings {
		out = append(out, file+": "+termsafe.Sanitize(w))
	}
	for _, ex := range r.Exchanges {
		for _, w := range ex.Warnings {
			out = append(out, file+": "+termsafe.Sanitize(ex.Label)+": "+termsafe.Sanitize(w))
		}
	}
	return out
}
