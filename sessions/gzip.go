package sessions

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
)

// isGzip reports whether b starts with gzip's magic bytes, 1f 8b: content, not
// a name or a header, tells that a file or a body is gzip data.
func isGzip(b []byte) bool { return len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b }

// trimGz drops a ".gz" extension (in any case) from name, so that the name of
// what a gzip file holds may tell its format.
func trimGz(name string) string {
	if strings.HasSuffix(strings.ToLower(name), ".gz") {
		return name[:len(name)-3]
	}
	return name
}

// gunzipPrefix decompresses as much of data (gzip, possibly cut short) as it holds,
// up to peekSize bytes.
func gunzipPrefix(data []byte) []byte {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	out, _ := io.ReadAll(io.LimitReader(zr, peekSize))
	return out
}

// maxBody bounds a decompressed body.
const maxBody = 1 << 30

// readBounded reads r to its end, a decompressor's output: more than maxBody
// bytes is an error.
func readBounded(r io.Reader) ([]byte, error) {
	out, err := io.ReadAll(io.LimitReader(r, maxBody+1))
	if err != nil {
		return nil, err
	}
	if len(out) > maxBody {
		return nil, fmt.Errorf("more than %d bytes once decompressed", maxBody)
	}
	return out, nil
}
