package sessions

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// httprrTrace writes an httprr trace of raw request/response pairs.
func httprrTrace(pairs ...[2]string) string {
	var sb strings.Builder
	sb.WriteString("httprr trace v1\n")
	for _, p := range pairs {
		fmt.Fprintf(&sb, "%d %d\n%s%s", len(p[0]), len(p[1]), p[0], p[1])
	}
	return sb.String()
}

func rawRequest(path, body string) string {
	return fmt.Sprintf("POST https://api.openai.com%s HTTP/1.1\r\nHost: api.openai.com\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", path, len(body), body)
}

func rawResponse(status, headers, body string) string {
	return "HTTP/1.1 " + status + "\r\n" + headers + fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body)) + body
}

func chunked(b []byte) string {
	var sb strings.Builder
	for len(b) > 0 {
		n := min(7, len(b))
		fmt.Fprintf(&sb, "%x\r\n%s\r\n", n, b[:n])
		b = b[n:]
	}
	sb.WriteString("0\r\n\r\n")
	return sb.String()
}

func TestHTTPRRChunkedGzip(t *testing.T) {
	resp := "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(gzipped(t, completionJSON))
	trace := httprrTrace(
		[2]string{rawRequest("/v1/chat/completions", `{"model":"gpt-4o","messages":[]}`), resp},
		[2]string{rawRequest("/v1/responses", `{"model":"gpt-4o","input":"x"}`), rawResponse("400 Bad Request", "Content-Type: application/json\r\n", `{"error":{"message":"bad","type":"invalid_request_error","param":null,"code":null}}`)},
	)
	rec := mustLoad(t, "t.httprr", trace)
	if rec.Format != FormatHTTPRR || len(rec.Exchanges) != 2 {
		t.Fatalf("format %s, %d exchanges", rec.Format, len(rec.Exchanges))
	}
	a, b := rec.Exchanges[0], rec.Exchanges[1]
	if a.Response.String() != completionJSON || a.Status != 200 || a.API != adapter.Chat || a.Label != "exchange 1" {
		t.Errorf("exchange 1: %+v", a)
	}
	if b.Status != 400 || b.API != adapter.Responses || str(mustGet(b.Response, "error"), "message") != "bad" {
		t.Errorf("exchange 2: %+v", b)
	}
}

func TestHTTPRRCutShort(t *testing.T) {
	good := [2]string{rawRequest("/v1/chat/completions", `{}`), rawResponse("200 OK", "", completionJSON)}
	trace := httprrTrace(good, good)
	cut := trace[:len(trace)-50]
	rec := mustLoad(t, "t.httprr", cut)
	if len(rec.Exchanges) != 1 || len(rec.Warnings) != 1 || !strings.HasPrefix(rec.Warnings[0], "exchange 2: at byte ") || !strings.Contains(rec.Warnings[0], "the trace ends there") {
		t.Errorf("%d exchanges, warnings %q", len(rec.Exchanges), rec.Warnings)
	}
}

func TestHTTPRRBadExchange(t *testing.T) {
	good := [2]string{rawRequest("/v1/chat/completions", `{}`), rawResponse("200 OK", "", completionJSON)}
	bad := [2]string{"GARBAGE\r\n\r\n", "not http"}
	rec := mustLoad(t, "t.httprr", httprrTrace(bad, good))
	if len(rec.Exchanges) != 1 || rec.Exchanges[0].Label != "exchange 2" || !hasWarning(rec.Warnings, "exchange 1: the request cannot be read") {
		t.Errorf("%+v %q", rec.Exchanges, rec.Warnings)
	}
	_, err := LoadRecording("empty.httprr", []byte("httprr trace v1\n"))
	var le *LoadError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "no exchanges") {
		t.Errorf("err = %v", err)
	}
}
