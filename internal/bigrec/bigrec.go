// Package bigrec writes large recordings of Chat Completions traffic, for the
// tests that hold the recording loaders to a memory bound and the benchmarks
// that measure them. It is test support: no program imports it.
//
// The traffic is an agent at work: conversations of Turns exchanges each, every
// request carrying the same system prompt and tools and the conversation's
// whole history so far (each earlier call and its tool answer), every response
// but the last of a conversation one tool call. The history makes most of a
// recording's bytes, as it does in real agent traffic.
package bigrec

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Turns is how many exchanges one conversation has.
const Turns = 6

// Tools are the tools every request carries, as JSON.
const Tools = `[{"type":"function","function":{"name":"get_weather","description":"Current weather of a city.","strict":true,"parameters":{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":["string","null"],"enum":["celsius","fahrenheit",null]}},"required":["city","unit"],"additionalProperties":false}}},` +
	`{"type":"function","function":{"name":"search_docs","description":"Search the documentation.","strict":true,"parameters":{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":["integer","null"]},"filters":{"type":["object","null"],"properties":{"section":{"type":["string","null"]},"since":{"type":["string","null"],"format":"date"}},"required":["section","since"],"additionalProperties":false}},"required":["query","limit","filters"],"additionalProperties":false}}},` +
	`{"type":"function","function":{"name":"read_file","strict":true,"parameters":{"type":"object","properties":{"path":{"type":"string"},"offset":{"type":["integer","null"]},"length":{"type":["integer","null"]}},"required":["path","offset","length"],"additionalProperties":false}}},` +
	`{"type":"function","function":{"name":"create_ticket","description":"Open a support ticket.","parameters":{"type":"object","properties":{"title":{"type":"string"},"priority":{"type":"string","enum":["low","normal","high"]},"labels":{"type":"array","items":{"type":"string"}}},"required":["title"]}}}]`

// System is the system prompt of every conversation.
const System = "You are a support agent. Use the tools to look up the documentation, read files and open tickets; answer briefly and cite what you used."

// toolNames are the tools the calls go to, in turn.
var toolNames = []string{"search_docs", "read_file", "get_weather", "search_docs", "create_ticket", "read_file", "search_docs"}

// CallID is the id of the call of turn t of conversation c.
func CallID(c, t int) string { return fmt.Sprintf("call_%05d_%d", c, t) }

// CallName is the name of the tool the call of turn t calls.
func CallName(t int) string { return toolNames[t%len(toolNames)] }

func arguments(c, t int) string {
	switch CallName(t) {
	case "get_weather":
		return fmt.Sprintf(`{"city":"City %d","unit":null}`, c)
	case "read_file":
		return fmt.Sprintf(`{"path":"docs/guide-%d.md","offset":null,"length":%d}`, t, 4000+c%97)
	case "create_ticket":
		return fmt.Sprintf(`{"title":"Follow up on conversation %d","priority":"normal","labels":["agent","turn-%d"]}`, c, t)
	}
	return fmt.Sprintf(`{"query":"how do I configure option %d for case %d","limit":null,"filters":{"section":"admin","since":null}}`, t, c)
}

func toolAnswer(c, t int) string {
	return fmt.Sprintf(`{"ok":true,"summary":"Result %d of conversation %d: the setting is under Admin, then Options."}`, t, c)
}

func quoted(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // a string always marshals
	}
	return string(b)
}

// Exchange returns the request and response bodies of exchange i (from 0), as
// compact JSON.
func Exchange(i int) (request, response string) {
	c, t := i/Turns, i%Turns
	var sb strings.Builder
	sb.WriteString(`{"model":"gpt-4o-2024-08-06","messages":[{"role":"system","content":`)
	sb.WriteString(quoted(System))
	sb.WriteString(`},{"role":"user","content":`)
	sb.WriteString(quoted(fmt.Sprintf("Conversation %d: how do I set up the product for my team?", c)))
	sb.WriteString(`}`)
	for j := 0; j < t; j++ {
		fmt.Fprintf(&sb, `,{"role":"assistant","content":null,"tool_calls":[{"id":%q,"type":"function","function":{"name":%q,"arguments":%s}}]}`, CallID(c, j), CallName(j), quoted(arguments(c, j)))
		fmt.Fprintf(&sb, `,{"role":"tool","tool_call_id":%q,"content":%s}`, CallID(c, j), quoted(toolAnswer(c, j)))
	}
	sb.WriteString(`],"tools":`)
	sb.WriteString(Tools)
	sb.WriteString(`,"tool_choice":"auto","temperature":0.2,"stream":false}`)
	request = sb.String()

	msg := fmt.Sprintf(`{"role":"assistant","content":null,"tool_calls":[{"id":%q,"type":"function","function":{"name":%q,"arguments":%s}}],"refusal":null}`, CallID(c, t), CallName(t), quoted(arguments(c, t)))
	finish := "tool_calls"
	if t == Turns-1 {
		msg = `{"role":"assistant","content":` + quoted(fmt.Sprintf("Here is what to check first for conversation %d: the Admin options, then restart the service.", c)) + `,"refusal":null}`
		finish = "stop"
	}
	response = fmt.Sprintf(`{"id":"chatcmpl-%08d","object":"chat.completion","created":%d,"model":"gpt-4o-2024-08-06","choices":[{"index":0,"message":%s,"logprobs":null,"finish_reason":%q}],"usage":{"prompt_tokens":%d,"completion_tokens":31,"total_tokens":%d},"system_fingerprint":"fp_50cad350e4"}`,
		i, 1727000000+i, msg, finish, 900+t*120, 931+t*120)
	return request, response
}

// Calls is how many of the first n exchanges answer with a tool call.
func Calls(n int) int { return n - n/Turns }

// WriteHAR writes a HAR 1.2 of n exchanges, as a browser saves it: each entry
// a POST to /v1/chat/completions with its headers, timings and both bodies.
func WriteHAR(w io.Writer, n int) error { return writeHAR(w, n, Exchange) }

// WriteShortHAR is WriteHAR of n first exchanges, each of its own conversation:
// no history, so each entry is small, and one tool call (CallID(i, 0)) each.
// Many small entries test what a loader keeps per exchange, where WriteHAR's
// long histories test what it keeps of a request.
func WriteShortHAR(w io.Writer, n int) error {
	return writeHAR(w, n, func(i int) (string, string) { return Exchange(i * Turns) })
}

func writeHAR(w io.Writer, n int, exchange func(int) (string, string)) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString(`{"log":{"version":"1.2","creator":{"name":"WebInspector","version":"537.36"},"pages":[{"startedDateTime":"2024-09-22T10:00:00.000Z","id":"page_1","title":"agent","pageTimings":{"onContentLoad":-1,"onLoad":-1}}],"entries":[`)
	for i := range n {
		req, resp := exchange(i)
		if i > 0 {
			bw.WriteString(",")
		}
		fmt.Fprintf(bw, `{"_resourceType":"fetch","cache":{},"connection":"443","pageref":"page_1",`+
			`"request":{"method":"POST","url":"https://api.openai.com/v1/chat/completions","httpVersion":"http/2.0","headers":[{"name":"content-type","value":"application/json"},{"name":"user-agent","value":"OpenAI/JS 4.63.0"}],"queryString":[],"cookies":[],"headersSize":-1,"bodySize":%d,"postData":{"mimeType":"application/json","text":%s}},`+
			`"response":{"status":200,"statusText":"","httpVersion":"http/2.0","headers":[{"name":"content-type","value":"application/json"},{"name":"openai-processing-ms","value":"%d"},{"name":"x-request-id","value":"req_%08x"}],"cookies":[],"content":{"size":%d,"mimeType":"application/json","text":%s},"redirectURL":"","headersSize":-1,"bodySize":-1,"_transferSize":%d,"_error":null},`+
			`"serverIPAddress":"162.159.140.245","startedDateTime":"2024-09-22T10:00:%02d.000Z","time":812.4,"timings":{"blocked":1.2,"dns":-1,"ssl":-1,"connect":-1,"send":0.3,"wait":806.1,"receive":4.8,"_blocked_queueing":0.9}}`,
			len(req), quoted(req), 300+i%500, i, len(resp), quoted(resp), len(resp)+220, i%60)
	}
	bw.WriteString(`]}}`)
	return bw.Flush()
}

// WriteVCRPy writes a vcrpy cassette of n exchanges, as vcrpy saves one: the
// bodies as single-quoted YAML strings folded at spaces near 80 columns, and
// the headers pydantic-ai's cassettes keep.
func WriteVCRPy(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString("interactions:\n")
	for i := range n {
		req, resp := Exchange(i)
		bw.WriteString("- request:\n    body: ")
		writeFolded(bw, req, "      ")
		fmt.Fprintf(bw, "    headers:\n      accept:\n      - application/json\n      accept-encoding:\n      - gzip, deflate\n      connection:\n      - keep-alive\n      content-length:\n      - '%d'\n      content-type:\n      - application/json\n      host:\n      - api.openai.com\n", len(req))
		bw.WriteString("    method: POST\n    uri: https://api.openai.com/v1/chat/completions\n")
		bw.WriteString("  response:\n    body:\n      string: ")
		writeFolded(bw, resp, "        ")
		fmt.Fprintf(bw, "    headers:\n      access-control-expose-headers:\n      - X-Request-ID\n      alt-svc:\n      - h3=\":443\"; ma=86400\n      connection:\n      - keep-alive\n      content-length:\n      - '%d'\n      content-type:\n      - application/json\n      openai-organization:\n      - acme-research\n      openai-processing-ms:\n      - '%d'\n      openai-version:\n      - '2020-10-01'\n      strict-transport-security:\n      - max-age=31536000; includeSubDomains; preload\n      transfer-encoding:\n      - chunked\n    status:\n      code: 200\n      message: OK\n", len(resp), 300+i%500)
	}
	bw.WriteString("version: 1\n")
	return bw.Flush()
}

// writeFolded writes s as a single-quoted YAML scalar, breaking lines at single
// spaces once a line passes 80 bytes; continuation lines start with indent. A
// break folds back to the one space it replaced.
func writeFolded(w *bufio.Writer, s, indent string) {
	s = strings.ReplaceAll(s, "'", "''")
	w.WriteByte('\'')
	col := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' && col > 80 && i > 0 && s[i-1] != ' ' && i+1 < len(s) && s[i+1] != ' ' {
			w.WriteByte('\n')
			w.WriteString(indent)
			col = len(indent)
			continue
		}
		w.WriteByte(c)
		col++
	}
	w.WriteString("'\n")
}
