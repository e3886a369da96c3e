package sessions

import (
	"bytes"
	"fmt"
	"strings"
)

// earlyError is the error reading a whole file would end in, told from its
// beginning (decompressed) when the beginning decides it, so that a file that
// can be nothing strictscope reads is refused before the rest of it is read:
// /dev/zero, the output of `yes`, a JSON document broken in its first bytes. It
// follows the order of loader.load: a file that starts like none of the formats
// (JSON, an SSE stream, JSONL, a YAML cassette, an httprr trace), or a JSON
// document whose beginning holds a syntax error that no other reading of it (as
// JSONL, or as YAML for a file named .yaml) gets past. nil when the beginning
// does not decide: head is a beginning, with more to come, so a first line it
// cuts may yet make the file JSONL. file names the file in the error; hint is
// the name whose extension may tell the format.
func earlyError(file, hint string, head []byte) error {
	head = bytes.TrimPrefix(head, []byte(utf8BOM))
	if isGzip(head) || isHTTPRR(head) {
		return nil
	}
	trimmed := bytes.TrimLeft(head, " \t\r\n")
	if len(trimmed) == 0 {
		return nil
	}
	switch c := trimmed[0]; {
	case c == '{' || c == '[':
		if f, decided := detectLinesIn(head, false); looksLikeYAMLName(hint) || f != FormatUnknown || !decided {
			return nil
		}
		if err := prefixError(head); err != nil {
			return JSONFileError(file, err)
		}
		return nil
	case strings.IndexByte("\"-0123456789tfn", c) >= 0:
		return nil
	}
	if f := detectText(head); f == FormatChatSSE || f == FormatResponsesSSE {
		return nil
	}
	if looksLikeYAML(head) || looksLikeYAMLName(hint) {
		return nil
	}
	return &LoadError{File: file, Msg: "not a recording: " + describeText(head)}
}

// binaryError refuses data that holds a NUL byte in its beginning: every format
// strictscope reads is text (gzip aside, which is undone first). nil otherwise.
func binaryError(file string, head []byte) error {
	if isGzip(head) {
		return nil
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return &LoadError{File: file, Where: fmt.Sprintf("byte %d", i), Msg: "binary data (a NUL byte): strictscope reads JSON, SSE and JSONL streams, YAML cassettes, httprr traces and error messages, all text"}
	}
	return nil
}
