package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// callNames lists the function calls a response holds, walking the value as the calls
// are read from it (docs/calls-and-outputs.md#response-shapes): Chat tool_calls of
// type function (every choice), Responses output items of type function_call, and the
// bare lists of either.
func callNames(v adapter.Value) []string {
	names := []string{}
	chatCalls := func(msg adapter.Value) {
		tc, _ := msg.Get("tool_calls")
		for _, c := range tc.Items() {
			if t := str(c, "type"); t != "" && t != "function" {
				continue
			}
			fn, _ := c.Get("function")
			names = append(names, str(fn, "name"))
		}
	}
	items := func(list adapter.Value) {
		for _, it := range list.Items() {
			switch {
			case str(it, "type") == "function_call":
				names = append(names, str(it, "name"))
			case it.Has("function"):
				fn, _ := it.Get("function")
				names = append(names, str(fn, "name"))
			}
		}
	}
	switch {
	case v.Kind() == adapter.Array:
		items(v)
	case v.Has("choices"):
		choices, _ := v.Get("choices")
		for _, ch := range choices.Items() {
			msg, _ := ch.Get("message")
			chatCalls(msg)
		}
	case v.Has("output"):
		out, _ := v.Get("output")
		items(out)
	case v.Has("tool_calls"):
		chatCalls(v)
	}
	return names
}

const corpusDir = "../../shared/corpus/openai"

// TestCorpusRecordings loads every recording of the shared corpus and checks what each
// holds. The table was written by reading the files (see the corpus INDEX.md).
func TestCorpusRecordings(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not present (%v)", err)
	}
	type want struct {
		format   Format
		api      adapter.API
		calls    [][]string // per exchange
		streamed bool       // every exchange was reassembled from a stream
		request  bool       // every exchange has a request body
		warns    bool       // the file or its exchanges have warnings
	}
	none := []string{}
	table := map[string]want{
		"chat_nested_anyof_arguments.openai-python.json":                     {FormatChatCompletion, adapter.Chat, [][]string{{"Query"}}, false, false, false},
		"chat_parallel_two_tools.openai-python.json":                         {FormatChatCompletion, adapter.Chat, [][]string{{"GetWeatherArgs", "get_stock_price"}}, false, false, false},
		"chat_refusal.openai-python.json":                                    {FormatChatCompletion, adapter.Chat, [][]string{none}, false, false, false},
		"chat_roundtrip_empty_args_tool_choice_required.pydantic-ai.yaml":    {FormatVCRPy, adapter.Chat, [][]string{{"get_user_country"}, {"final_result"}}, false, true, false},
		"chat_roundtrip_tool_message.langchaingo.httprr":                     {FormatHTTPRR, adapter.Chat, [][]string{{"calculator"}, none}, false, true, false},
		"chat_stream_parallel_two_tools.openai-python.sse":                   {FormatChatSSE, adapter.Chat, [][]string{{"GetWeatherArgs", "get_stock_price"}}, true, false, false},
		"chat_stream_refusal.openai-python.sse":                              {FormatChatSSE, adapter.Chat, [][]string{none}, true, false, false},
		"chat_stream_roundtrip_strict.pydantic-ai.yaml":                      {FormatVCRPy, adapter.Chat, [][]string{{"get_capital"}, none}, true, true, false},
		"chat_stream_strict_tool.openai-python.sse":                          {FormatChatSSE, adapter.Chat, [][]string{{"get_weather"}}, true, false, false},
		"chat_strict_tool.langchaingo.httprr":                                {FormatHTTPRR, adapter.Chat, [][]string{{"search"}}, false, true, false},
		"chat_strict_tool.openai-python.json":                                {FormatChatCompletion, adapter.Chat, [][]string{{"get_weather"}}, false, false, false},
		"chat_tool_call_MOCKED.go-vcr-v2.yaml":                               {FormatGoVCR, adapter.Chat, [][]string{{"get_weather"}}, false, true, false},
		"chat_tool_result_image_via_user_message.pydantic-ai.yaml":           {FormatVCRPy, adapter.Chat, [][]string{{"get_file"}, none}, false, true, false},
		"error_responses_400_stream_request.pydantic-ai.yaml":                {FormatVCRPy, adapter.Responses, [][]string{none}, false, true, false},
		"errors_invalid_schema.from-issue-threads.json":                      {FormatErrorBody, "", slices.Repeat([][]string{none}, 20), false, false, true},
		"responses_custom_tool_call.vercel-ai.json":                          {FormatResponsesResponse, adapter.Responses, [][]string{none}, false, false, false},
		"responses_function_call_output_input_file_pdf.pydantic-ai.yaml":     {FormatVCRPy, adapter.Responses, [][]string{{"get_file"}, none}, false, true, false},
		"responses_function_call_output_input_image.pydantic-ai.yaml":        {FormatVCRPy, adapter.Responses, [][]string{{"get_file"}, none}, false, true, false},
		"responses_parallel_calls_with_retry_output.pydantic-ai.yaml":        {FormatVCRPy, adapter.Responses, [][]string{{"get_location", "get_location"}, none}, false, true, false},
		"responses_parallel_wrapper_SYNTHETIC.vercel-ai.json":                {FormatResponsesResponse, adapter.Responses, [][]string{{"parallel"}}, false, false, false},
		"responses_reasoning_encrypted_with_tool_call.pydantic-ai.yaml":      {FormatVCRPy, adapter.Responses, [][]string{{"update_plan"}, none}, false, true, false},
		"responses_reasoning_forced_tool_zero_filled_args.vercel-ai.json":    {FormatResponsesResponse, adapter.Responses, [][]string{{"semantic_scholar_search"}}, false, false, false},
		"responses_roundtrip.pydantic-ai.yaml":                               {FormatVCRPy, adapter.Responses, [][]string{{"get_capital"}, none}, false, true, false},
		"responses_stream_parallel_wrapper_SYNTHETIC.vercel-ai.chunks.jsonl": {FormatResponsesJSONL, adapter.Responses, [][]string{{"parallel"}}, true, false, true},
		"responses_stream_roundtrip.pydantic-ai.yaml":                        {FormatVCRPy, adapter.Responses, [][]string{{"get_capital"}, none}, true, true, false},
		"responses_stream_tool_call_obfuscation.vercel-ai.chunks.jsonl":      {FormatResponsesJSONL, adapter.Responses, [][]string{{"get_weather"}}, true, false, false},
		"responses_tool_search_namespace.pydantic-ai.yaml":                   {FormatVCRPy, adapter.Responses, [][]string{{"get_exchange_rate"}, none}, false, true, false},
		"spec_example_chat_functions.openai-openapi.json":                    {FormatJSONLPairs, adapter.Chat, [][]string{{"get_current_weather"}}, false, true, false},
		"spec_example_responses_functions.openai-openapi.json":               {FormatJSONLPairs, adapter.Responses, [][]string{{"get_current_weather"}}, false, true, false},
	}
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range entries {
		if e.IsDir() || e.Name() == "INDEX.md" {
			continue
		}
		name := e.Name()
		t.Run(name, func(t *testing.T) {
			w, ok := table[name]
			if !ok {
				t.Fatalf("a corpus file the table does not know: add it")
			}
			seen++
			path := filepath.Join(corpusDir, name)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := Detect(name, data); got != w.format {
				t.Errorf("Detect = %s, want %s", got, w.format)
			}
			for _, how := range []string{"bytes", "file"} {
				var rec *Recording
				if how == "bytes" {
					rec, err = LoadRecording(name, data)
				} else {
					rec, err = LoadRecordingFile(path)
				}
				if err != nil {
					t.Fatalf("%s: %v", how, err)
				}
				if rec.Format != w.format {
					t.Errorf("%s: format %s, want %s", how, rec.Format, w.format)
				}
				if len(rec.Exchanges) != len(w.calls) {
					t.Fatalf("%s: %d exchanges, want %d", how, len(rec.Exchanges), len(w.calls))
				}
				warned := len(rec.Warnings) > 0
				for i, ex := range rec.Exchanges {
					if got := callNames(ex.Response); !slices.Equal(got, w.calls[i]) {
						t.Errorf("%s: %s: calls %q, want %q", how, ex.Label, got, w.calls[i])
					}
					if w.api != "" && ex.API != w.api {
						t.Errorf("%s: %s: API %q, want %q", how, ex.Label, ex.API, w.api)
					}
					if ex.Streamed != w.streamed {
						t.Errorf("%s: %s: streamed %v, want %v", how, ex.Label, ex.Streamed, w.streamed)
					}
					if !ex.Request.IsNull() != w.request {
						t.Errorf("%s: %s: has request %v, want %v", how, ex.Label, !ex.Request.IsNull(), w.request)
					}
					warned = warned || len(ex.Warnings) > 0
				}
				if warned != w.warns {
					t.Errorf("%s: warnings %v (file %q), want some: %v", how, warned, rec.Warnings, w.warns)
				}
			}
		})
	}
	if seen != len(table) {
		t.Errorf("the table lists %d files, the corpus has %d of them", len(table), seen)
	}
}

// TestCorpusDetails checks values the reassembly must get exactly right on real data.
func TestCorpusDetails(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not present (%v)", err)
	}
	load := func(name string) *Recording {
		t.Helper()
		rec, err := LoadRecordingFile(filepath.Join(corpusDir, name))
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	at := func(v adapter.Value, ptr string) adapter.Value {
		t.Helper()
		p, ok := adapter.ParsePointer(ptr, v)
		if !ok {
			t.Fatalf("bad pointer %s", ptr)
		}
		got, ok := adapter.Lookup(v, p)
		if !ok {
			t.Fatalf("nothing at %s in %s", ptr, v)
		}
		return got
	}
	// The streamed parallel calls add up to the same arguments as the non-streamed
	// recording of the same test.
	sse := load("chat_stream_parallel_two_tools.openai-python.sse").Exchanges[0].Response
	if got := at(sse, "/choices/0/message/tool_calls/0/function/arguments").Str(); got != `{"city": "Edinburgh", "country": "GB", "units": "c"}` {
		t.Errorf("call 0 arguments %q", got)
	}
	if got := at(sse, "/choices/0/message/tool_calls/1/id").Str(); got != "call_DNYTawLBoN8fj3KN6qU9N1Ou" {
		t.Errorf("call 1 id %q", got)
	}
	if got := at(sse, "/usage/total_tokens").NumberText(); got != "209" {
		t.Errorf("usage total %q", got)
	}
	if got := at(sse, "/choices/0/finish_reason").Str(); got != "tool_calls" {
		t.Errorf("finish_reason %q", got)
	}
	ref := load("chat_stream_refusal.openai-python.sse").Exchanges[0].Response
	if got := at(ref, "/choices/0/message/refusal").Str(); got != "I'm sorry, I can't assist with that request." {
		t.Errorf("refusal %q", got)
	}
	if !at(ref, "/choices/0/message/content").IsNull() {
		t.Errorf("content of a refusal should be null")
	}
	// pydantic-ai's second streamed answer is text.
	py := load("chat_stream_roundtrip_strict.pydantic-ai.yaml")
	if got := at(py.Exchanges[1].Response, "/choices/0/message/content").Str(); got != "The capital of the UK is London." {
		t.Errorf("content %q", got)
	}
	if got := at(py.Exchanges[0].Response, "/choices/0/message/tool_calls/0/function/arguments").Str(); got != `{"country":"UK"}` {
		t.Errorf("arguments %q", got)
	}
	// The JSONL stream's arguments.done has no name: the name comes from the item.
	js := load("responses_stream_tool_call_obfuscation.vercel-ai.chunks.jsonl").Exchanges[0].Response
	if got := at(js, "/output/0/arguments").Str(); got != `{"city":"Beijing"}` {
		t.Errorf("arguments %q", got)
	}
	if got := at(js, "/status").Str(); got != "completed" {
		t.Errorf("status %q", got)
	}
	// YAML numbers keep their text; the request is the parsed body.
	rt := load("responses_roundtrip.pydantic-ai.yaml").Exchanges[0]
	if got := at(rt.Response, "/temperature").NumberText(); got != "1.0" {
		t.Errorf("temperature %q", got)
	}
	if got := at(rt.Request, "/tools/0/name").Str(); got != "get_capital" {
		t.Errorf("request tool %q", got)
	}
	// The 400 to a streaming request is a plain JSON error body.
	e400 := load("error_responses_400_stream_request.pydantic-ai.yaml").Exchanges[0]
	if e400.Status != 400 || at(e400.Response, "/error/code").Str() != "decimal_below_min_value" {
		t.Errorf("error exchange %d %s", e400.Status, e400.Response)
	}
	errs := load("errors_invalid_schema.from-issue-threads.json")
	for _, ex := range errs.Exchanges {
		if ex.Status != 400 || at(ex.Response, "/error/message").Str() == "" {
			t.Errorf("%s: status %d, response %s", ex.Label, ex.Status, ex.Response)
		}
	}
	// httprr: the status line is HTTP/2.0, the request holds the tools.
	hr := load("chat_strict_tool.langchaingo.httprr").Exchanges[0]
	if hr.Status != 200 || at(hr.Request, "/tools/0/function/name").Str() != "search" {
		t.Errorf("httprr exchange %d %s", hr.Status, hr.Request)
	}
	// The OpenAPI example's request comes from its curl command.
	spec := load("spec_example_responses_functions.openai-openapi.json").Exchanges[0]
	if got := at(spec.Request, "/tools/0/name").Str(); got != "get_current_weather" {
		t.Errorf("curl request tool %q", got)
	}
}

func TestSchemaSubsetIsNotARecording(t *testing.T) {
	path := filepath.Join(corpusDir, "spec", "tool-calling-schemas.subset.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("corpus not present (%v)", err)
	}
	if got := Detect(path, data); got != FormatUnknown {
		t.Errorf("Detect = %s", got)
	}
	_, err = LoadRecording(path, data)
	var le *LoadError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "not a recording") || !strings.HasPrefix(err.Error(), path+": ") {
		t.Errorf("err = %v", err)
	}
}

func TestLoadResponse(t *testing.T) {
	stream := sse(`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}`, "[DONE]")
	cases := []struct {
		in       adapter.Value
		api      adapter.API
		calls    []string
		streamed bool
	}{
		{mustDecode(t, completionJSON), adapter.Chat, []string{"zipped"}, false},
		{adapter.StringValue(stream), adapter.Chat, []string{"f"}, true},
		{adapter.StringValue(evCreated + "\n" + evAdded + "\n" + evDelta1 + "\n" + evDelta2 + "\n" + evCompleted + "\n"), adapter.Responses, []string{"get_weather"}, true},
		{adapter.StringValue(completionJSON), adapter.Chat, []string{"zipped"}, false},
		{mustDecode(t, "["+evCreated+","+evAdded+","+evCompleted+"]"), adapter.Responses, []string{"get_weather"}, true},
		{mustDecode(t, `[{"type":"function_call","call_id":"c","name":"g","arguments":"{}"}]`), adapter.Responses, []string{"g"}, false},
	}
	for i, c := range cases {
		ex, err := LoadResponse("session.json: turn 1", c.in)
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		if ex.API != c.api || ex.Streamed != c.streamed || !slices.Equal(callNames(ex.Response), c.calls) {
			t.Errorf("case %d: %s %v %q", i, ex.API, ex.Streamed, callNames(ex.Response))
		}
	}
	// JSON given as text is held to the shapes the same JSON given as a value
	// must have ({} is neither).
	for _, bad := range []adapter.Value{adapter.StringValue("  "), adapter.StringValue("hello"), mustDecode(t, `{"a":1}`), adapter.NumberValue("3"),
		adapter.StringValue("{}"), adapter.StringValue(`{"a":1}`), adapter.StringValue("[1,2]")} {
		_, err := LoadResponse("session.json: turn 1", bad)
		var le *LoadError
		if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), "session.json: turn 1: ") {
			t.Errorf("%s: err = %v", bad, err)
		}
	}
}

// TestLoadResponseSaysWhatAResponseIs: a value that is no response is refused with
// a message that names what it is and lists the shapes a response may have.
func TestLoadResponseSaysWhatAResponseIs(t *testing.T) {
	_, err := LoadResponse("session.json: turn 1", mustDecode(t, `{"a":1}`))
	want := `session.json: turn 1: not a response: a JSON object with key "a" is none of the response shapes (a Chat completion or message, a Responses response, a list of Chat tool calls or Responses output items), an error body or a stream`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
}
