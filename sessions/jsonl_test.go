package sessions

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

func TestJSONLPairs(t *testing.T) {
	path := filepath.Join("testdata", "pairs.jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, how := range []string{"bytes", "file"} {
		var rec *Recording
		if how == "bytes" {
			rec, err = LoadRecording(path, data)
		} else {
			rec, err = LoadRecordingFile(path)
		}
		if err != nil {
			t.Fatal(err)
		}
		if rec.Format != FormatJSONLPairs || len(rec.Exchanges) != 3 {
			t.Fatalf("%s: format %s, %d exchanges", how, rec.Format, len(rec.Exchanges))
		}
		a, b, c := rec.Exchanges[0], rec.Exchanges[1], rec.Exchanges[2]
		if a.Label != "line 1" || callNames(a.Response)[0] != "add" || a.API != adapter.Chat || str(a.Request, "model") != "gpt-4o" {
			t.Errorf("%s: line 1: %+v", how, a)
		}
		if b.Label != "line 3" || callNames(b.Response)[0] != "mul" || !b.Streamed || b.API != adapter.Responses {
			t.Errorf("%s: line 3: %+v", how, b)
		}
		if c.Label != "line 5" || c.Status != 500 || c.API != adapter.Chat || c.Request.String() != `{"model":"gpt-4o","messages":[]}` {
			t.Errorf("%s: line 5: %+v", how, c)
		}
		if len(rec.Warnings) != 1 || !hasWarning(rec.Warnings, "line 2: the line is not valid JSON") {
			t.Errorf("%s: warnings %q", how, rec.Warnings)
		}
	}
}

func TestPairObjectWithCurl(t *testing.T) {
	text := `{"request_curl":"curl https://api.openai.com/v1/chat/completions \\\n  -H \"Content-Type: application/json\" \\\n  -d '{\"model\":\"m\",\"messages\":[]}'","response":{"id":"x","object":"chat.completion","choices":[]}}`
	rec := mustLoad(t, "example.json", text)
	ex := one(t, rec)
	if rec.Format != FormatJSONLPairs || ex.Request.String() != `{"model":"m","messages":[]}` || ex.API != adapter.Chat {
		t.Errorf("%s %+v", rec.Format, ex)
	}
}
