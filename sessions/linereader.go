package sessions

import (
	"bufio"
	"bytes"
	"io"
)

// lineReader reads lines of any length, without their terminator: "\n", "\r\n",
// or a lone "\r", the three line ends of SSE (a raw CR cannot stand inside a line
// of JSONL either: JSON escapes it). A line that fits the bufio buffer is
// returned without a copy; the slice is valid until the next call. A line
// longer than max (when max > 0) is an error, *tooLargeError, read no further
// than the byte past max.
type lineReader struct {
	r      *bufio.Reader
	buf    []byte // the line being returned, when it did not fit the buffer
	long   blocks // a long line's parts so far, joined once it ends
	line   int    // number of the line last returned, from 1
	skipLF bool   // the last line ended at a "\r": a "\n" right after it ends nothing
	max    int64  // the longest line read; 0: no bound
}

// tooLargeError is a line, or an SSE event, longer than the input cap; line is
// where it starts.
type tooLargeError struct {
	line int
	max  int64
}

func (e *tooLargeError) Error() string { return TooLargeMsg(e.max) }

// next returns the next line, or io.EOF when there is none. A last line without a
// terminator is returned too.
func (lr *lineReader) next() ([]byte, error) {
	lr.buf = lr.buf[:0]
	for {
		if lr.r.Buffered() == 0 {
			if _, err := lr.r.Peek(1); err == io.EOF {
				if lr.long.n == 0 {
					return nil, io.EOF
				}
				lr.buf = lr.long.join(lr.buf, nil)
				return lr.done(lr.buf), nil
			} else if err != nil {
				return nil, err
			}
		}
		data, _ := lr.r.Peek(lr.r.Buffered())
		if lr.skipLF {
			lr.skipLF = false
			if data[0] == '\n' {
				lr.r.Discard(1)
				continue
			}
		}
		// The line ends at the first "\n", or at a "\r" before it that does
		// not start a "\r\n" seen whole.
		end, used := bytes.IndexByte(data, '\n'), 0
		seg := data
		if end >= 0 {
			seg, used = data[:end], end+1
		}
		if cr := bytes.IndexByte(seg, '\r'); cr >= 0 {
			if cr == end-1 {
				end = cr
			} else {
				end, used, lr.skipLF = cr, cr+1, true
			}
		}
		if end < 0 {
			// The line goes on past the buffer: its part is kept as a block
			// of its own, none copied again until the line ends.
			if lr.max > 0 && int64(lr.long.n+len(data)) > lr.max {
				return nil, &tooLargeError{line: lr.line + 1, max: lr.max}
			}
			lr.long.add(append([]byte(nil), data...))
			lr.r.Discard(len(data))
			continue
		}
		line := data[:end]
		if lr.max > 0 && int64(lr.long.n+len(line)) > lr.max {
			return nil, &tooLargeError{line: lr.line + 1, max: lr.max}
		}
		if lr.long.n > 0 {
			lr.buf = lr.long.join(lr.buf, line)
			line = lr.buf
		}
		lr.r.Discard(used)
		return lr.done(line), nil
	}
}

// done counts a line and returns it, without a byte-order mark on the first.
func (lr *lineReader) done(line []byte) []byte {
	lr.line++
	if lr.line == 1 {
		line = bytes.TrimPrefix(line, []byte(utf8BOM))
	}
	return line
}
