package sessions

import (
	"errors"
	"fmt"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// A LoadError says why a file could not be loaded, and where. Error returns one line:
// the file, the place, the reason, each passed through termsafe.Sanitize so that text
// taken from the file can never reach a terminal as a control sequence.
type LoadError struct {
	File  string // the file name as given
	Where string // "line 3, column 5 (byte 40)", "interaction 2", "entry 5", a JSON pointer, or ""
	Msg   string // what is wrong
	Err   error  // the underlying error, when there is one (an *adapter.SyntaxError, …)
}

func (e *LoadError) Error() string {
	var sb strings.Builder
	sb.WriteString(termsafe.Sanitize(e.File))
	if e.Where != "" {
		sb.WriteString(": ")
		sb.WriteString(termsafe.Sanitize(e.Where))
	}
	sb.WriteString(": ")
	sb.WriteString(termsafe.Sanitize(e.Msg))
	return sb.String()
}

func (e *LoadError) Unwrap() error { return e.Err }

// entryError is the failure of one entry of a file (one interaction, one line): it
// becomes a file-level warning while the other entries still load, or the LoadError
// of the file when no entry loads.
type entryError struct {
	where string
	msg   string
	err   error
}

func (e *entryError) Error() string {
	if e.where == "" {
		return e.msg
	}
	return e.where + ": " + e.msg
}

func failf(where, format string, args ...any) *entryError {
	return &entryError{where: where, msg: fmt.Sprintf(format, args...)}
}

// syntaxMsg describes a JSON syntax error found inside a part of a file (a body, a
// line, an event), with the error's position relative to that part. Text after a
// whole JSON value is said plainly: "… is not valid JSON (column 9: text after the
// JSON value)".
func syntaxMsg(what string, err error) string {
	var se *adapter.SyntaxError
	if errors.As(err, &se) {
		at := fmt.Sprintf("line %d, column %d", se.Line, se.Column)
		if se.Line == 1 {
			at = fmt.Sprintf("column %d", se.Column)
		}
		if textAfterValue(se) {
			return fmt.Sprintf("%s is not valid JSON (%s: %s)", what, at, afterValueMsg)
		}
		if se.Pointer != "" {
			at += " at " + snippet(se.Pointer, 80)
		}
		return fmt.Sprintf("%s is not valid JSON (%s: %s)", what, at, se.Msg)
	}
	return fmt.Sprintf("%s is not valid JSON (%s)", what, err.Error())
}

// afterValueMsg is what an error for text after a whole JSON value says, without
// the decoder's account of what it found there.
const afterValueMsg = "text after the JSON value"

// textAfterValue reports whether a syntax error is about text after a whole JSON
// value: something that does not start a value, or a second value. The decoder
// says what it found in brackets ("(invalid character 'x')", "(expecting end of
// input)"); the messages leave that out, since the text after the value is wrong
// whatever it is.
func textAfterValue(se *adapter.SyntaxError) bool {
	return strings.HasPrefix(se.Msg, afterValueMsg) || strings.HasPrefix(se.Msg, "more than one JSON value")
}

// JSONFileError is the LoadError for an error decoding the whole of the JSON
// file name: it says "invalid JSON" and where (line, column, byte, and the JSON
// pointer of the value it was in, shortened past 80 bytes). Text after the whole
// value is said plainly, where it is: "FILE: line L, column C (byte N): invalid
// JSON: text after the JSON value".
func JSONFileError(name string, err error) *LoadError {
	where, msg := syntaxWhere(err)
	return &LoadError{File: name, Where: where, Msg: msg, Err: err}
}

// syntaxWhere turns a JSON syntax error of a whole file into the Where of a LoadError.
func syntaxWhere(err error) (where, msg string) {
	var se *adapter.SyntaxError
	if errors.As(err, &se) {
		where = fmt.Sprintf("line %d, column %d (byte %d)", se.Line, se.Column, se.Offset)
		if textAfterValue(se) {
			return where, "invalid JSON: " + afterValueMsg
		}
		if se.Pointer != "" {
			where += " at " + snippet(se.Pointer, 80)
		}
		return where, "invalid JSON: " + se.Msg
	}
	return "", "invalid JSON: " + err.Error()
}

// snippet returns at most max bytes of s (cut at a rune boundary, with "…"), for
// quoting file content in a message. The caller's message is sanitized on output.
func snippet(s string, max int) string { return termsafe.Shorten(s, max) }

// quote writes s between double quotes, shortened, for a message.
func quote(s string) string {
	return `"` + snippet(s, 60) + `"`
}

// maxWarnings caps the warnings kept for one recording or exchange; a broken 100 MB
// stream must not produce millions of them. The rest are counted.
const maxWarnings = 100

// warnings collects messages up to maxWarnings and counts the rest.
type warnings struct {
	list    []string
	dropped int
}

func (w *warnings) add(format string, args ...any) {
	if len(w.list) >= maxWarnings {
		w.dropped++
		return
	}
	w.list = append(w.list, termsafe.Sanitize(fmt.Sprintf(format, args...)))
}

// addLazy adds the warning text makes, calling it only when there is room: a
// flood of skipped lines costs no formatting past the cap.
func (w *warnings) addLazy(text func() string) {
	if len(w.list) >= maxWarnings {
		w.dropped++
		return
	}
	w.list = append(w.list, termsafe.Sanitize(text()))
}

// result returns the collected warnings, with a last line counting those left out.
func (w *warnings) result() []string {
	if w.dropped > 0 {
		return append(w.list, fmt.Sprintf("… and %d more warnings", w.dropped))
	}
	return w.list
}
