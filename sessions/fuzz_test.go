package sessions

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/strictscope/strictscope/adapter"
)

// checkLoad holds the loader's promises for any input: no panic (the fuzzer sees
// one), a *LoadError on failure whose message is one clean line naming the file, and
// on success the format Detect tells and at least one exchange whose values are valid
// JSON text and whose warnings are clean; and a document read one entry at a time
// loads as it loads read whole (checkWays).
func checkLoad(t *testing.T, name string, data []byte) *Recording {
	_ = Detect(name, data)
	checkWays(t, name, data)
	rec, err := LoadRecording(name, data)
	if err != nil {
		var le *LoadError
		if !errors.As(err, &le) {
			t.Fatalf("error is a %T, not a *LoadError: %v", err, err)
		}
		checkLine(t, err.Error())
		if !strings.HasPrefix(err.Error(), name+": ") {
			t.Fatalf("error does not name the file: %q", err)
		}
		return nil
	}
	if rec == nil || len(rec.Exchanges) == 0 {
		t.Fatalf("no error and no exchanges")
	}
	if f := Detect(name, data); f != rec.Format {
		t.Fatalf("Detect says %s, LoadRecording read %s", f, rec.Format)
	}
	for _, w := range rec.AllWarnings() {
		checkLine(t, w)
	}
	for _, ex := range rec.Exchanges {
		for _, v := range []adapter.Value{ex.Request, ex.Response} {
			text := adapter.Marshal(v)
			if !utf8.Valid(text) {
				t.Fatalf("%s: value is not UTF-8", ex.Label)
			}
			if _, err := adapter.Decode(text); err != nil {
				t.Fatalf("%s: value does not encode to valid JSON: %v", ex.Label, err)
			}
		}
	}
	return rec
}

func checkLine(t *testing.T, s string) {
	t.Helper()
	for _, r := range s {
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) {
			t.Fatalf("message holds a control character %U: %q", r, s)
		}
	}
	if !utf8.ValidString(s) {
		t.Fatalf("message is not UTF-8: %q", s)
	}
}

// checkStreamWays: the scanner's fast way and the general way agree on any stream.
func checkStreamWays(t *testing.T, data []byte, sse bool) {
	fast, e1 := loadStreamWay(t, data, sse, false)
	slow, e2 := loadStreamWay(t, data, sse, true)
	if (e1 == nil) != (e2 == nil) {
		t.Fatalf("errors differ: %v / %v", e1, e2)
	}
	if fast.Response.String() != slow.Response.String() {
		t.Fatalf("responses differ:\nfast %s\nslow %s", fast.Response, slow.Response)
	}
	if strings.Join(fast.Warnings, "\n") != strings.Join(slow.Warnings, "\n") {
		t.Fatalf("warnings differ:\nfast %q\nslow %q", fast.Warnings, slow.Warnings)
	}
}

func FuzzLoadRecording(f *testing.F) {
	seeds := []string{
		`{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}`,
		`{"object":"response","output":[{"type":"function_call","call_id":"c","name":"f","arguments":"{}"}]}`,
		`[{"type":"function_call","call_id":"c","name":"f","arguments":"{}"}]`,
		`{"error":{"message":"bad"}}`,
		`{"errors":[{"body":{"error":{"message":"x"}},"http_status":400},{"message_only":"y"}]}`,
		sse(`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"a"}}]}`, `[DONE]`),
		events(evCreated, evAdded, evDelta1, evCompleted),
		evCreated + "\n" + evAdded + "\n",
		`{"request":{"model":"m","messages":[]},"response":{"object":"chat.completion","choices":[]}}` + "\n",
		"interactions:\n- request: {uri: 'https://api.openai.com/v1/responses', body: '{}'}\n  response: {status: {code: 200}, body: {string: '{\"object\":\"response\",\"output\":[]}'}}\n",
		`{"log":{"entries":[{"request":{"url":"https://api.openai.com/v1/responses"},"response":{"status":200,"content":{"text":"{\"object\":\"response\",\"output\":[]}"}}}]}}`,
		httprrTrace([2]string{rawRequest("/v1/responses", `{}`), rawResponse("200 OK", "", `{"object":"response","output":[]}`)}),
		`{"strictscope_session":1}`,
		"\xEF\xBB\xBF{}",
		"",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Add(gzipped(f, sse(`{"object":"chat.completion.chunk","choices":[]}`, `[DONE]`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkLoad(t, "fuzz.in", data)
	})
}

func FuzzChatSSE(f *testing.F) {
	f.Add([]byte(sse(
		`{"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"f","arguments":""}}]},"finish_reason":null}],"obfuscation":"ab"}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"a\":1}"}}]},"finish_reason":null}]}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[],"usage":{"total_tokens":3}}`,
		`[DONE]`)))
	f.Add([]byte(sse(`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"refusal":"no"}}]}`, `{"error":{"message":"x"}}`)))
	f.Add([]byte("data: {\"object\":\"chat.completion.chunk\",\n\ndata: \"choices\":[]}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkLoad(t, "fuzz.sse", data)
		checkStreamWays(t, data, true)
		checkStreamWays(t, data, false)
	})
}

func FuzzResponsesSSE(f *testing.F) {
	f.Add([]byte(events(evCreated, evAdded, evDelta1, evDelta2, evArgsDone, evItemDone, evCompleted)))
	f.Add([]byte(strings.Join([]string{evCreated, evAdded, evDelta1}, "\n")))
	f.Add([]byte(events(`{"type":"response.output_text.delta","item_id":"m","output_index":0,"content_index":0,"delta":"hi"}`, `{"type":"error","message":"x"}`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkLoad(t, "fuzz.sse", data)
		checkStreamWays(t, data, true)
		checkStreamWays(t, data, false)
	})
}

func FuzzCassette(f *testing.F) {
	f.Add([]byte(vcrpyCassette("'"+completionJSON+"'\n", "")))
	f.Add([]byte(vcrpyCassette(binaryYAML([]byte{0x1f, 0x8b, 0, 1}), "gzip")))
	f.Add([]byte("version: 2\ninteractions:\n- request:\n    url: https://api.openai.com/v1/chat/completions\n    body: '{}'\n  response:\n    body: 'data: [DONE]'\n    code: 200\n    status: 200 OK\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Add([]byte("interactions:\n- request: {parsed_body: {x: !!binary /w==}}\n  response: {parsed_body: {object: response, output: []}}\n"))
	f.Add([]byte("---\nversion: 2\ninteractions:\n" + goVCRItem + goVCRItem))
	f.Add([]byte("# c\ninteractions: # n\n" + vcrItem("f") + "\n" + vcrItem("g") + "...\nx: 1\n"))
	f.Add([]byte("http_interactions:\n- request: {uri: 'https://api.openai.com/v1/responses'}\n  response: {body: {string: '{}'}}\nrecorded_with: VCR\n"))
	f.Add([]byte("interactions:\n- request: &r {a: 1}\n  response: *r\n- request: *r\n  response: {body: '{}'}\n"))
	f.Add([]byte("interactions:\n" + vcrItem("f") + "---\nother: document\n---\n"))
	f.Add([]byte("interactions:\n" + vcrItem("f") + "...\ngarbage: [\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkLoad(t, "fuzz.yaml", data)
	})
}

func FuzzHAR(f *testing.F) {
	f.Add([]byte(har(harEntry("https://api.openai.com/v1/chat/completions", 200, `[{"name":"content-encoding","value":"gzip"}]`, `{"encoding":"base64","text":"WyJIMHNJIl0="}`))))
	f.Add([]byte(har(harEntry("https://api.openai.com/v1/responses", 200, `[]`, `{"_isBinary":true,"text":"7b7d"}`))))
	f.Add([]byte(har(harEntry("https://example.com/", 0, `[]`, `{}`))))
	f.Add([]byte(`{"log":{"entries":[` + okEntry + `,` + pageEntry + `],` + harPages + `}}`))
	f.Add([]byte(`{"version":1,"interactions":[` + casItem + `],"http_interactions":[]}`))
	f.Add([]byte(`{"log":{"entries":[` + "\x00\x00\n" + `{"object":"chat.completion.chunk","choices":[]}` + "\n"))
	f.Add([]byte("{\n  \"log\": {\"pages\": [1,\n2],\n  \"entries\": [\n    " + okEntry + ",\n    {\"a\":\n \xff}\n  ]\n}}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkLoad(t, "fuzz.har", data)
	})
}

func FuzzHTTPRR(f *testing.F) {
	f.Add([]byte(httprrTrace([2]string{rawRequest("/v1/chat/completions", `{"model":"m"}`), rawResponse("200 OK", "Content-Type: application/json\r\n", completionJSON)})))
	f.Add([]byte(httprrTrace([2]string{rawRequest("/v1/responses", `{}`), "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"})))
	f.Add([]byte("httprr trace v1\n5 5\nGET / HTTP/1.1\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkLoad(t, "fuzz.httprr", data)
	})
}

// FuzzParseSession holds the session reader's promises for any input: no panic, a
// *LoadError naming the file in one clean line on failure; on success the session
// writes back to a file that reads as the same session, and replays (with its own
// tools, or the tools its turns recorded) to a trace that is valid JSON.
func FuzzParseSession(f *testing.F) {
	for _, name := range []string{"session_two_turns.json", "session_chat_media.json"} {
		data, err := os.ReadFile(filepath.Join("..", "fixtures", "recordings", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"strictscope_session":1,"api":"chat","servers":[],"turns":[{"response":{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{\"a\":null}"}}]},"finish_reason":"tool_calls"}]},"results":{"c1":{"content":[{"type":"text","text":"ok"}]}},"request_tools":[{"type":"function","function":{"name":"f","strict":true,"parameters":{"type":"object","properties":{"a":{"type":["string","null"]}},"required":["a"],"additionalProperties":false}}}]}]}`))
	f.Add([]byte(`{"strictscope_session":1,"api":"responses","options":{"strict":"true","prefix":false},"servers":[{"name":"s","tools":[{"name":"t","inputSchema":{"type":"object"}}]}],"turns":[{"response":"data: {}\n\n"}]}`))
	f.Add([]byte(`{"strictscope_session":1,"api":"chat","options":{"error_prefix":"","structured":"prefer","apply_defaults":true},"servers":[],"turns":[]}`))
	f.Add([]byte(`{"strictscope_session":2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSession("fuzz.json", data)
		if err != nil {
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("error is a %T, not a *LoadError: %v", err, err)
			}
			checkLine(t, err.Error())
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") {
				t.Fatalf("error does not name the file: %q", err)
			}
			return
		}
		written := adapter.Marshal(s.Value())
		again, err := ParseSession("again.json", written)
		if err != nil {
			t.Fatalf("the written session does not read back: %v\n%s", err, written)
		}
		if rewritten := adapter.Marshal(again.Value()); !bytes.Equal(rewritten, written) {
			t.Fatalf("the session changes when written again:\n%s\n%s", written, rewritten)
		}
		tr := ReplaySession("fuzz.json", s, DefaultReplayOptions())
		if _, err := adapter.Decode(adapter.Marshal(tr.Value(true))); err != nil {
			t.Fatalf("the trace is not valid JSON: %v", err)
		}
	})
}
