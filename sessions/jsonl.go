package sessions

import (
	"bytes"
	"fmt"
	"io"

	"github.com/strictscope/strictscope/adapter"
)

// loadPairLines loads JSONL request/response pairs: one {"request":…,"response":…}
// object a line (see pairExchange for what request and response may be). Blank lines
// are skipped; a line that fails is a warning and the other lines still load.
func (l *loader) loadPairLines(lr *lineReader) (*Recording, error) {
	var exs []Exchange
	var fails []*entryError
	for {
		line, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, l.readError(lr, err)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		label := fmt.Sprintf("line %d", lr.line)
		v, err := adapter.Decode(line)
		if err != nil {
			fails = append(fails, &entryError{where: label, msg: syntaxMsg("the line", err), err: err})
			continue
		}
		if v.Kind() != adapter.Object || !v.Has("response") {
			fails = append(fails, failf(label, "is not a {\"request\":…,\"response\":…} pair but %s", describeValue(v)))
			continue
		}
		ex, ferr := l.pairExchange(label, v)
		if ferr != nil {
			fails = append(fails, ferr)
			continue
		}
		exs = append(exs, ex)
	}
	return l.done(FormatJSONLPairs, exs, fails, 0)
}
