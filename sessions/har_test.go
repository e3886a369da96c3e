package sessions

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

func TestHARMixedEntries(t *testing.T) {
	data, err := os.ReadFile("testdata/mixed.har")
	if err != nil {
		t.Fatal(err)
	}
	if f := Detect("capture.json", data); f != FormatHAR {
		t.Errorf("Detect = %s", f)
	}
	rec, err := LoadRecording("mixed.har", data)
	if err != nil {
		t.Fatal(err)
	}
	ex := one(t, rec)
	if ex.Label != "entry 2" || ex.API != adapter.Responses || ex.Status != 200 || callNames(ex.Response)[0] != "get_weather" || str(ex.Request, "input") != "weather?" {
		t.Errorf("%+v", ex)
	}
	// The entry without content names itself; the page is skipped and counted.
	want := []string{
		"entry 3: response has no content (content.text is missing; was the HAR saved without content?)",
		"skipped 1 entry that is not an OpenAI API call",
	}
	if strings.Join(rec.Warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings %q", rec.Warnings)
	}
}

// har writes a HAR with the given entries (JSON text each).
func har(entries ...string) string {
	return `{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[` + strings.Join(entries, ",") + `]}}`
}

func harEntry(url string, status int, headers, content string) string {
	return `{"request":{"method":"POST","url":"` + url + `","headers":[]},"response":{"status":` + strconv.Itoa(status) + `,"headers":` + headers + `,"content":` + content + `}}`
}

func TestHARPollyVariants(t *testing.T) {
	z := gzipped(t, completionJSON)
	gz := `[{"name":"content-encoding","value":"gzip"}]`
	b64Chunks := quoteJSON(`["` + base64.StdEncoding.EncodeToString(z[:10]) + `","` + base64.StdEncoding.EncodeToString(z[10:]) + `"]`)
	hexChunks := quoteJSON(`["` + hex.EncodeToString(z[:7]) + `","` + hex.EncodeToString(z[7:]) + `"]`)
	cases := map[string]string{
		"base64 chunks":          `{"mimeType":"application/json","encoding":"base64","text":` + b64Chunks + `}`,
		"hex chunks":             `{"mimeType":"application/json","text":` + hexChunks + `}`,
		"_isBinary hex":          `{"mimeType":"application/json","_isBinary":true,"text":"` + hex.EncodeToString(z) + `"}`,
		"plain base64":           `{"mimeType":"application/json","encoding":"base64","text":"` + base64.StdEncoding.EncodeToString(z) + `"}`,
		"decoded by the browser": `{"mimeType":"application/json","text":` + quoteJSON(completionJSON) + `}`,
	}
	for name, content := range cases {
		rec, err := LoadRecording("polly.har", []byte(har(harEntry("https://api.openai.com/v1/chat/completions", 200, gz, content))))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if ex := one(t, rec); ex.Response.String() != completionJSON {
			t.Errorf("%s: %s", name, ex.Response)
		}
	}
}

func TestHARStreamAndProxyURL(t *testing.T) {
	stream := sse(`{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}`, "[DONE]")
	rec, err := LoadRecording("s.har", []byte(har(
		harEntry("https://api.openai.com/v1/chat/completions", 200, `[]`, `{"mimeType":"text/event-stream","text":`+quoteJSON(stream)+`}`),
		// a gateway path: kept because the body is an OpenAI response
		harEntry("https://gateway.example/llm/call", 200, `[]`, `{"mimeType":"application/json","text":`+quoteJSON(completionJSON)+`}`),
	)))
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Exchanges) != 2 || !rec.Exchanges[0].Streamed || rec.Exchanges[1].API != adapter.Chat || len(rec.Warnings) != 0 {
		t.Errorf("%+v %q", rec.Exchanges, rec.Warnings)
	}
}

func TestHARErrors(t *testing.T) {
	cases := map[string]struct{ text, want string }{
		"no entries list": {`{"log":{"version":"1.2","creator":{}}}`, "h.har: /log: a HAR without a log.entries list"},
		"empty":           {har(), "h.har: /log/entries: the HAR has no entries"},
		"no API entry":    {har(harEntry("https://example.com/", 200, `[]`, `{"text":"<html>"}`)), "h.har: no OpenAI API exchange found (1 entry is no call to /chat/completions or /responses)"},
		"aborted":         {har(harEntry("https://api.openai.com/v1/responses", 0, `[]`, `{"size":0}`)), "h.har: entry 1: response has no content (content.text is missing; the request got no response (status 0))"},
		"bad base64":      {har(harEntry("https://api.openai.com/v1/responses", 200, `[]`, `{"encoding":"base64","text":"!!!"}`)), "h.har: entry 1: response content is not valid base64"},
	}
	for name, c := range cases {
		_, err := LoadRecording("h.har", []byte(c.text))
		var le *LoadError
		if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v\nwant %s", name, err, c.want)
		}
	}
}
