package sessions

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// loadHAR loads an HTTP Archive (HAR 1.2, as browsers, mitmproxy and Polly.JS write
// it): log.entries[].request{url, postData{text, encoding}} and
// response{status, headers, content{text, encoding, mimeType}}.
//
// Entries whose URL is not an OpenAI endpoint (/chat/completions, /responses) and
// whose content is not a Chat or Responses response are skipped, with one warning that counts
// them (a browser HAR holds pages, scripts and images too). content.text with
// encoding "base64" is decoded; Polly.JS's variants are read too: a JSON array of
// base64 chunks, and the older _isBinary hex text (or array of hex chunks). A body
// that is then gzip is gunzipped (see decodeContent).
func (l *loader) loadHAR(v adapter.Value) (*Recording, error) {
	log, _ := v.Get("log")
	entries, ok := log.Get("entries")
	if !ok || entries.Kind() != adapter.Array {
		return nil, l.fail("/log", "a HAR without a log.entries list")
	}
	var c collected
	for _, e := range entries.Items() {
		c.harEntry(l, e)
	}
	return l.doneHAR(&c)
}

// doneHAR builds the Recording of a HAR whose entries c collected.
func (l *loader) doneHAR(c *collected) (*Recording, error) {
	if c.n == 0 {
		return nil, l.fail("/log/entries", "the HAR has no entries")
	}
	return l.done(FormatHAR, c.exs, c.fails, c.skipped)
}

// A collected is what the entries of a list (a HAR's entries, a cassette's
// interactions) gave so far: read one at a time, each becomes an exchange, a
// failure or a skip, and nothing else of it is kept.
type collected struct {
	n       int // entries read
	exs     []Exchange
	fails   []*entryError
	skipped int
	flavor  Format // for a cassette's interactions: the flavor the first one tells
}

// harEntry reads the next entry of a HAR's log.entries.
func (c *collected) harEntry(l *loader, e adapter.Value) {
	c.n++
	label := fmt.Sprintf("entry %d", c.n)
	if e.Kind() != adapter.Object {
		c.fails = append(c.fails, failf(label, "is a JSON %s, not an object", e.Kind()))
		return
	}
	req, _ := e.Get("request")
	resp, _ := e.Get("response")
	r := rawExchange{label: label, url: str(req, "url")}
	api := apiFromURL(r.url)
	if pd, ok := req.Get("postData"); ok && pd.Kind() == adapter.Object {
		if t, ok := pd.Get("text"); ok && t.Kind() == adapter.String {
			raw := []byte(t.Str())
			if strings.EqualFold(str(pd, "encoding"), "base64") {
				if b, err := decodeBase64Loose(t.Str()); err == nil {
					raw = b
				}
			}
			r.req = body{present: true, raw: raw}
		}
	}
	reqHdr, _ := req.Get("headers")
	r.reqCE = headerValue(reqHdr, "content-encoding")
	r.status = statusOf(resp, "status")
	hdr, _ := resp.Get("headers")
	r.respCE = headerValue(hdr, "content-encoding")
	content, _ := resp.Get("content")
	r.respCT = str(content, "mimeType")
	if r.respCT == "" {
		r.respCT = headerValue(hdr, "content-type")
	}
	var contentErr error
	if t, ok := content.Get("text"); ok && t.Kind() == adapter.String && t.Str() != "" {
		raw, err := harContent(content, r.respCE)
		if err != nil {
			contentErr = err
		} else {
			r.resp = body{present: true, raw: raw}
		}
	}
	if api == "" {
		// Not an OpenAI URL: keep the entry only if its body is an OpenAI response.
		if !r.resp.present {
			c.skipped++
			return
		}
		ex, ferr := finishExchange(r)
		if ferr != nil || !isOpenAIResponse(ex.Response) {
			c.skipped++
			return
		}
		c.exs = append(c.exs, l.keepExchange(ex))
		return
	}
	switch {
	case contentErr != nil:
		c.fails = append(c.fails, failf(label, "response content %v", contentErr))
		return
	case !r.resp.present:
		why := "content.text is missing"
		if t, ok := content.Get("text"); ok && t.Kind() == adapter.String {
			why = "content.text is empty"
		}
		if r.status == 0 {
			why += "; the request got no response (status 0)"
		} else {
			why += "; was the HAR saved without content?"
		}
		c.fails = append(c.fails, failf(label, "response has no content (%s)", why))
		return
	}
	ex, ferr := finishExchange(r)
	if ferr != nil {
		c.fails = append(c.fails, ferr)
		return
	}
	c.exs = append(c.exs, l.keepExchange(ex))
}

// isOpenAIResponse reports whether v has the shape of a response of either API (an
// error body alone does not tell: many services answer {"error":…}).
func isOpenAIResponse(v adapter.Value) bool {
	_, api := classify(v)
	return api != ""
}

// harContent returns the bytes of a HAR response content.
func harContent(content adapter.Value, contentEncoding string) ([]byte, error) {
	text := str(content, "text")
	encoded := strings.EqualFold(str(content, "encoding"), "base64")
	isBinary := mustGet(content, "_isBinary").Bool()
	if !encoded && !isBinary && contentEncoding != "" && !strings.EqualFold(contentEncoding, "identity") {
		// Polly.JS keeps a content-encoded body as a JSON array of hex chunks.
		if chunks, ok := stringArray(text); ok {
			if b, err := joinChunks(chunks, hex.DecodeString); err == nil {
				return b, nil
			}
		}
	}
	switch {
	case encoded:
		if chunks, ok := stringArray(text); ok {
			return joinChunks(chunks, decodeBase64Loose)
		}
		b, err := decodeBase64Loose(text)
		if err != nil {
			return nil, bodyErr("is not valid base64 (encoding \"base64\"): " + err.Error())
		}
		return b, nil
	case isBinary:
		if chunks, ok := stringArray(text); ok {
			return joinChunks(chunks, hex.DecodeString)
		}
		b, err := hex.DecodeString(text)
		if err != nil {
			return nil, bodyErr("is not valid hex (_isBinary): " + err.Error())
		}
		return b, nil
	}
	return []byte(text), nil
}

// stringArray reads text that is a JSON array of strings.
func stringArray(text string) ([]string, bool) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "[") {
		return nil, false
	}
	v, err := adapter.DecodeString(t)
	if err != nil || v.Kind() != adapter.Array {
		return nil, false
	}
	out := make([]string, 0, v.Len())
	for _, it := range v.Items() {
		if it.Kind() != adapter.String {
			return nil, false
		}
		out = append(out, it.Str())
	}
	return out, true
}

func joinChunks(chunks []string, decode func(string) ([]byte, error)) ([]byte, error) {
	var buf bytes.Buffer
	for i, c := range chunks {
		b, err := decode(c)
		if err != nil {
			return nil, bodyErr(fmt.Sprintf("chunk %d cannot be decoded: %v", i+1, err))
		}
		buf.Write(b)
	}
	return buf.Bytes(), nil
}
