package sessions

import (
	"bytes"

	"github.com/strictscope/strictscope/adapter"
)

// How a document is read, from its beginning: whole (by load), or one entry at
// a time as JSON (streamJSON) or as a YAML cassette (streamYAML).
type route int

const (
	routeWhole route = iota
	routeJSON
	routeYAML
)

// documentRoute tells from the beginning of a file (decompressed; complete
// when it is the whole file) whether load would read it as a JSON object, or
// as YAML (its loadYAML branch), so that it can be read one entry at a time
// instead. It answers routeYAML only when the file's first lines decide it
// whatever follows: the first line that is not empty is no SSE field (so
// detectText tells no stream) and the first significant line is "---" or a
// top-level key (so looksLikeYAML holds, and the file is no JSON scalar), both
// read whole.
func documentRoute(head []byte, complete bool) route {
	head = bytes.TrimPrefix(head, []byte(utf8BOM))
	if isGzip(head) || isHTTPRR(head) {
		return routeWhole
	}
	trimmed := bytes.TrimLeft(head, " \t\r\n")
	switch {
	case len(trimmed) == 0:
		return routeWhole
	case trimmed[0] == '{':
		return routeJSON
	case trimmed[0] == '[':
		return routeWhole
	}
	var first, significant []byte
	for line := range bytes.Lines(head) {
		whole := complete || bytes.HasSuffix(line, []byte("\n"))
		if first == nil && len(bytes.TrimRight(line, "\r\n")) > 0 {
			if !whole {
				return routeWhole
			}
			first = line
		}
		if t := bytes.TrimRight(line, "\r\n \t"); len(t) > 0 && t[0] != '#' {
			if !whole {
				return routeWhole
			}
			significant = line
			break
		}
	}
	if significant == nil {
		return routeWhole
	}
	field, _, _ := bytes.Cut(bytes.TrimRight(first, "\r\n"), []byte(":"))
	switch string(field) {
	case "", "id", "retry", "event", "data":
		return routeWhole
	}
	if !bytes.HasPrefix(significant, []byte("---")) && !isKeyLine(significant) {
		return routeWhole
	}
	return routeYAML
}

// isKeyLine reports whether line starts a top-level YAML key as looksLikeYAML
// sees one: a name of letters, digits, '_', '-' and '.', then ':' and a space
// or the line's end.
func isKeyLine(line []byte) bool {
	line = bytes.TrimRight(line, "\r\n \t")
	i := 0
	for i < len(line) && (isWordByte(line[i]) || line[i] == '-' || line[i] == '.') {
		i++
	}
	return i > 0 && i < len(line) && line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ')
}

// streamable tells, from the beginning of a file, whether it is a line-oriented
// recording that can be read line by line: an SSE stream, or JSONL whose first line is
// a whole JSON value. A JSON document spread over lines is not.
func streamable(head []byte) Format {
	head = bytes.TrimPrefix(head, []byte(utf8BOM))
	if isHTTPRR(head) {
		return FormatUnknown
	}
	trimmed := bytes.TrimLeft(head, " \t\r\n")
	if len(trimmed) == 0 {
		return FormatUnknown
	}
	if trimmed[0] == '{' {
		if _, err := adapter.Decode(head); err == nil {
			return FormatUnknown // one JSON document
		}
		return detectLines(head)
	}
	if f := detectText(head); f == FormatChatSSE || f == FormatResponsesSSE {
		return f
	}
	return FormatUnknown
}
