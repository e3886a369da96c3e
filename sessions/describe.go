package sessions

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// describeValue says in a few words what a JSON document is, for "not a recording".
func describeValue(v adapter.Value) string {
	switch v.Kind() {
	case adapter.Object:
		if v.Len() == 0 {
			return "an empty JSON object"
		}
		return "a JSON object with " + describeKeys(v, 6)
	case adapter.Array:
		if items := v.Items(); len(items) > 0 {
			return fmt.Sprintf("a JSON array of %d elements, the first %s", len(items), describeValue(items[0]))
		}
		return "an empty JSON array"
	}
	return "a JSON " + v.Kind().String()
}

func describeKeys(v adapter.Value, max int) string {
	mems := v.Members()
	var parts []string
	for i, m := range mems {
		if i == max {
			parts = append(parts, fmt.Sprintf("%d more", len(mems)-max))
			break
		}
		parts = append(parts, quote(m.Key()))
	}
	if len(mems) == 1 {
		return "key " + parts[0]
	}
	return "keys " + strings.Join(parts, ", ")
}

// describeText says what a text file that is none of the formats starts with.
func describeText(data []byte) string {
	line := data
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimRight(line, "\r")
	return fmt.Sprintf("no supported format starts with %s (expected JSON, an SSE stream, JSONL, a YAML cassette or an httprr trace)", quote(string(line)))
}
