package adapter

import (
	"strings"
	"unicode/utf8"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// Removed says what cleaning took out of a text: how many characters, and the ASCII
// text that tag characters (U+E0020–U+E007E) spelled, in order. Hidden instructions
// written in tag characters are a known attack on MCP clients; Tags shows them.
type Removed struct {
	Count int
	Tags  string
}

// Add accumulates another cleaning's report into r.
func (r *Removed) Add(o Removed) {
	r.Count += o.Count
	r.Tags += o.Tags
}

// CleanText removes the hidden characters (docs/tool-lists.md#description-cleaning)
// from s and reports what it removed. Text without them is returned unchanged (and
// unallocated). Invalid UTF-8 bytes are kept as they are; Decode never produces them.
func CleanText(s string) (string, Removed) {
	first := -1
	for i := 0; i < len(s); {
		if i += printablePrefix(s[i:]); i == len(s) {
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if termsafe.Hidden(r) {
			first = i
			break
		}
		i += size
	}
	if first < 0 {
		return s, Removed{}
	}
	var sb strings.Builder
	var rem Removed
	var tags []byte
	sb.Grow(len(s))
	sb.WriteString(s[:first])
	for i := first; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if size == 1 && r == utf8.RuneError {
			sb.WriteByte(s[i])
			i++
			continue
		}
		if termsafe.Hidden(r) {
			rem.Count++
			if r >= 0xE0020 && r <= 0xE007E {
				tags = append(tags, byte(r-0xE0000))
			}
		} else {
			sb.WriteString(s[i : i+size])
		}
		i += size
	}
	rem.Tags = string(tags)
	return sb.String(), rem
}

// Default description caps (docs/tool-lists.md#description-caps): the Chat
// Completions API rejects tool descriptions over 1024 characters; the Responses cap
// is 4 KiB (4096 bytes).
const (
	ChatDescriptionCap      = 1024 // code points
	ResponsesDescriptionCap = 4096 // bytes
)

// DefaultDescriptionCap returns the cap for api, in that API's unit.
func DefaultDescriptionCap(api API) int {
	if api == Chat {
		return ChatDescriptionCap
	}
	return ResponsesDescriptionCap
}

// MinDescriptionCap is the smallest cap that leaves room for the ellipsis: one code
// point for Chat, four bytes (the three of "…" and one more) for Responses.
func MinDescriptionCap(api API) int {
	if api == Chat {
		return 1
	}
	return 4
}

// CapDescription shortens s to capLen in the unit of api: code points for Chat,
// bytes for Responses. A longer text keeps its first capLen-1 code points (Chat) or
// its longest prefix of at most capLen-3 bytes (Responses), then "…". Text at or
// under the cap is returned as is; nothing is trimmed. A cap under
// MinDescriptionCap(api) counts as that minimum (the command line rejects it as a
// usage error before it gets here).
func CapDescription(s string, api API, capLen int) (string, bool) {
	capLen = max(capLen, MinDescriptionCap(api))
	if api == Chat {
		if len(s) <= capLen || utf8.RuneCountInString(s) <= capLen {
			return s, false
		}
		n := 0
		for i := range s {
			if n == capLen-1 {
				return s[:i] + "…", true
			}
			n++
		}
		return s, false
	}
	if len(s) <= capLen {
		return s, false
	}
	return termsafe.Shorten(s, capLen-len("…")), true
}
