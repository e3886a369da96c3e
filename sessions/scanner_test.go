package sessions

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loadStreamWay reassembles a stream with or without the scanner's fast way.
func loadStreamWay(t *testing.T, data []byte, sse, slow bool) (Exchange, *entryError) {
	t.Helper()
	s := newStreamLoader()
	s.slow = slow
	lr := &lineReader{r: bufio.NewReader(bytes.NewReader(data))}
	var err error
	if sse {
		err = s.readSSE(lr)
	} else {
		err = s.readJSONL(lr)
	}
	if err != nil {
		t.Fatal(err)
	}
	return s.exchange("stream")
}

// TestFastWayMatchesGeneralWay: the scanner's fast way and decoding every event give
// the same response and warnings, on real streams, hand-written ones, edge cases and
// a generated large one.
func TestFastWayMatchesGeneralWay(t *testing.T) {
	inputs := map[string][]byte{}
	for _, dir := range []string{"testdata", corpusDir} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".sse") || strings.HasSuffix(e.Name(), ".jsonl") {
				data, err := os.ReadFile(filepath.Join(dir, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				inputs[e.Name()] = data
			}
		}
	}
	var big bytes.Buffer
	writeLargeChatSSE(&big, 1<<20)
	inputs["generated.sse"] = big.Bytes()
	inputs["edge.sse"] = []byte(sse(
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant"}}]}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"caf\u00e9 \"q\""}}]}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":"0","delta":{"content":"bad index"}}]}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"function":{"arguments":"{"}}]}}]}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"id":"c2","function":{"name":"n","arguments":"}"}}]}}]}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":"no"}}]}`,
		`{"id":"x","object":"chat.completion.chunk","\u0063hoices":[{"index":0,"delta":{"content":"escaped name"}}]}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"dup"},"index":1}]}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":5}}]}`,
		`{"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"total_tokens":1}}`,
		`[DONE]`,
	))
	inputs["edge.jsonl"] = []byte(strings.Join([]string{
		`{"type":"response.output_item.added","output_index":0,"item":{"type":"message","id":"m","role":"assistant","content":[]}}`,
		`{"type":"response.output_text.delta","item_id":"m","output_index":0,"content_index":0,"delta":"a\u00e9"}`,
		`{"type":"response.refusal.delta","item_id":"m","output_index":0,"content_index":1,"delta":"no"}`,
		`{"type":"response.function_call_arguments.delta","item_id":"f","delta":"{}"}`,
		`{"type":"response.function_call_arguments.delta","item_id":"f","output_index":-1,"delta":"{}"}`,
		`{"type":"response.custom_tool_call_input.delta","item_id":"c","output_index":3,"delta":"x"}`,
		`{"type":"response.output_text.delta","delta":7}`,
	}, "\n"))
	for name, data := range inputs {
		isSSE := detectText(data) != FormatUnknown
		fast, ferr1 := loadStreamWay(t, data, isSSE, false)
		slow, ferr2 := loadStreamWay(t, data, isSSE, true)
		if (ferr1 == nil) != (ferr2 == nil) {
			t.Errorf("%s: errors differ: %v / %v", name, ferr1, ferr2)
			continue
		}
		if fast.Response.String() != slow.Response.String() {
			t.Errorf("%s: responses differ:\nfast %s\nslow %s", name, fast.Response, slow.Response)
		}
		if strings.Join(fast.Warnings, "\n") != strings.Join(slow.Warnings, "\n") {
			t.Errorf("%s: warnings differ:\nfast %q\nslow %q", name, fast.Warnings, slow.Warnings)
		}
	}
}
