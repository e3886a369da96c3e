package sessions

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// loadHTTPRR loads a Go httprr trace: the line "httprr trace v1", then for each
// exchange a line "<request bytes> <response bytes>" followed by exactly that many
// bytes of raw HTTP/1.1 request and raw response (as net/http writes and reads them,
// so chunked bodies are undone; a gzip body is gunzipped). A length line that cannot
// be read, or lengths that run past the end of the file, end the trace there: the
// exchanges before it load, with a warning.
func (l *loader) loadHTTPRR(data []byte) (*Recording, error) {
	nl := bytes.IndexByte(data, '\n')
	rest := data[nl+1:]
	offset := nl + 1
	var exs []Exchange
	var fails []*entryError
	for n := 1; len(rest) > 0; n++ {
		label := fmt.Sprintf("exchange %d", n)
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			fails = append(fails, failf(label, "the length line at byte %d is cut short; the trace ends there", offset))
			break
		}
		line := strings.TrimSuffix(string(rest[:nl]), "\r")
		reqLen, respLen, ok := parseLengths(line, len(rest)-nl-1)
		if !ok {
			fails = append(fails, failf(label, "at byte %d, %s is not a length line \"<request bytes> <response bytes>\" that fits the file; the trace ends there", offset, quote(line)))
			break
		}
		rest = rest[nl+1:]
		offset += nl + 1
		ex, ferr := httprrExchange(label, rest[:reqLen], rest[reqLen:reqLen+respLen])
		rest = rest[reqLen+respLen:]
		offset += reqLen + respLen
		if ferr != nil {
			fails = append(fails, ferr)
			continue
		}
		exs = append(exs, l.keepExchange(ex))
	}
	if len(exs) == 0 && len(fails) == 0 {
		return nil, l.fail("", "the httprr trace has no exchanges")
	}
	return l.done(FormatHTTPRR, exs, fails, 0)
}

// parseLengths reads "<n> <m>" with n+m at most avail.
func parseLengths(line string, avail int) (int, int, bool) {
	a, b, ok := strings.Cut(line, " ")
	if !ok {
		return 0, 0, false
	}
	n, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || n < 0 || m < 0 || n > avail || m > avail-n {
		return 0, 0, false
	}
	return n, m, true
}

func httprrExchange(label string, reqBytes, respBytes []byte) (Exchange, *entryError) {
	req, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(reqBytes)))
	if err != nil {
		return Exchange{}, failf(label, "the request cannot be read: %v", err)
	}
	reqBody, err := io.ReadAll(req.Body)
	var w warnings
	if err != nil {
		w.add("the request body is cut short: %v", err)
	}
	url := req.URL.String()
	if !req.URL.IsAbs() {
		url = "https://" + req.Host + req.URL.RequestURI()
	}
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(respBytes)), req)
	if err != nil {
		return Exchange{}, failf(label, "the response cannot be read: %v", err)
	}
	respBody, err := io.ReadAll(resp.Body)
	if err != nil {
		if len(respBody) == 0 {
			return Exchange{}, failf(label, "the response body cannot be read: %v", err)
		}
		w.add("the response body is cut short (%v): loaded as far as it goes", err)
	}
	r := rawExchange{
		label:  label,
		url:    url,
		status: resp.StatusCode,
		req:    body{present: len(reqBody) > 0, raw: reqBody},
		reqCE:  req.Header.Get("Content-Encoding"),
		resp:   body{present: len(respBody) > 0, raw: respBody},
		respCT: resp.Header.Get("Content-Type"),
		respCE: resp.Header.Get("Content-Encoding"),
	}
	ex, ferr := finishExchange(r)
	if ferr != nil {
		return ex, ferr
	}
	if len(w.list) > 0 {
		ex.Warnings = append(w.result(), ex.Warnings...)
	}
	return ex, nil
}
