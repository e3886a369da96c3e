package sessions

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/strictscope/strictscope/adapter"
)

// DefaultMaxInput is the largest whole-document input strictscope reads: 256 MiB.
// Schemas, tool lists, results, responses and session files are read whole into
// memory before they are decoded. A recording read as it goes has no cap as a
// whole: SSE and JSONL streams a line at a time, and a HAR's entries or a
// cassette's interactions one at a time; each line, SSE event and entry is held
// to the cap.
const DefaultMaxInput int64 = 256 << 20

// Limits bound what is read whole into memory. The zero value holds the defaults.
type Limits struct {
	// MaxInput is the largest whole-document input, in bytes: 0 means
	// DefaultMaxInput, a negative value no cap.
	MaxInput int64
}

// Cap is the cap in force, in bytes; 0 when there is none.
func (lim Limits) Cap() int64 { return lim.maxInput() }

// maxInput is the cap in force; 0 when there is none. A cap too large for any
// input to reach (past 1<<62 bytes) is none.
func (lim Limits) maxInput() int64 {
	switch {
	case lim.MaxInput == 0:
		return DefaultMaxInput
	case lim.MaxInput < 0 || lim.MaxInput > 1<<62:
		return 0
	}
	return lim.MaxInput
}

// jsonCheckSize is how much of a JSON document ReadDocument reads before it
// checks that what it has so far can be JSON.
const jsonCheckSize = 64 << 10

// ReadDocument reads a whole-document input from r; name says what it is in
// errors (*LoadError). More than the cap is an error, and nothing past it is
// read. When isJSON, the input must be one JSON document: its first 64 KiB are
// decoded as soon as they are read, and a syntax error there ends the read with
// the error the whole decode would give, so that a file of NUL bytes, or the
// output of `yes`, is refused at once rather than read to the cap. Otherwise the
// input must be text (or gzip data): a NUL byte in its first 64 KiB ends the read.
func (lim Limits) ReadDocument(name string, r io.Reader, isJSON bool) ([]byte, error) {
	var size int64
	if f, ok := r.(*os.File); ok {
		// Standard input redirected from a file: its size is known, and one
		// over the cap is refused before it is read.
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			if pos, err := f.Seek(0, io.SeekCurrent); err == nil {
				size = st.Size() - pos
			}
		}
		if max := lim.maxInput(); max > 0 && size > max {
			return nil, &LoadError{File: name, Msg: TooLargeMsg(max)}
		}
	}
	return lim.readDocument(name, r, isJSON, size)
}

// readDocument is ReadDocument with the size the input is expected to have, so
// that a file is read into one buffer of its size.
//
// An input of unknown size (a pipe) is read into blocks that double up to
// maxBlock and joined once at its end: no block is copied while reading, so an
// input over the cap is refused having taken about the cap, and one under it
// takes twice its size at most, once, while it is joined.
func (lim Limits) readDocument(name string, r io.Reader, isJSON bool, size int64) ([]byte, error) {
	limit := lim.maxInput()
	if limit > 0 {
		r = io.LimitReader(r, limit+1)
		size = min(size, limit)
	}
	var read blocks
	initial := int64(jsonCheckSize)
	if size > 0 {
		initial = size + 1
	}
	buf := make([]byte, 0, initial)
	checked := !isJSON
	textChecked := isJSON // JSON is checked as JSON, which refuses binary data too
	for {
		if len(buf) == cap(buf) {
			read.add(buf)
			next := min(2*cap(buf), maxBlock)
			if limit > 0 {
				next = int(min(int64(next), limit+1-int64(read.n)))
			}
			buf = make([]byte, 0, max(next, 1))
		}
		// Reads of at most a block: the checks of the beginning come before
		// the rest of a large file is read.
		n, err := r.Read(buf[len(buf):min(cap(buf), len(buf)+readChunk)])
		buf = buf[:len(buf)+n]
		// The first block holds the first 64 KiB whole.
		first := buf
		if len(read.parts) > 0 {
			first = read.parts[0]
		}
		if !checked && len(first) >= jsonCheckSize {
			checked = true
			if derr := prefixError(first[:jsonCheckSize]); derr != nil {
				return nil, JSONFileError(name, derr)
			}
		}
		if !textChecked && len(first) >= jsonCheckSize {
			textChecked = true
			if berr := binaryError(name, first[:jsonCheckSize]); berr != nil {
				return nil, berr
			}
		}
		if limit > 0 && int64(read.n+len(buf)) > limit {
			return nil, &LoadError{File: name, Msg: TooLargeMsg(limit)}
		}
		if err == io.EOF {
			if read.n == 0 {
				return buf, nil
			}
			return read.join(nil, buf), nil
		}
		if err != nil {
			return nil, &LoadError{File: name, Msg: "cannot read: " + err.Error(), Err: err}
		}
	}
}

// maxBlock is the largest block readDocument reads an input of unknown size
// into.
const maxBlock = 16 << 20

// readChunk is the most readDocument asks of one Read.
const readChunk = 1 << 20

// ReadDocumentFile reads the file at path as ReadDocument does. A regular file
// larger than the cap is refused before it is read.
func (lim Limits) ReadDocumentFile(path string, isJSON bool) ([]byte, error) {
	f, size, err := openInput(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if max := lim.maxInput(); max > 0 && size > max {
		return nil, &LoadError{File: path, Msg: TooLargeMsg(max)}
	}
	return lim.readDocument(path, f, isJSON, size)
}

// openInput opens the file at path for reading, and says how large it is when it
// is a regular file (0 otherwise: a pipe, a device). A directory is refused.
// Errors are *LoadError.
func openInput(path string) (f *os.File, size int64, err error) {
	f, err = os.Open(path)
	if err != nil {
		return nil, 0, &LoadError{File: path, Msg: openMsg(err), Err: err}
	}
	if st, err := f.Stat(); err == nil {
		if st.IsDir() {
			f.Close()
			return nil, 0, &LoadError{File: path, Msg: "is a directory, not a file"}
		}
		if st.Mode().IsRegular() {
			size = st.Size()
		}
	}
	return f, size, nil
}

// TooLargeMsg says that an input is larger than the cap max.
//
// It names --max-input, the flag of every command and of the inspector that
// sets the cap.
func TooLargeMsg(max int64) string {
	return "larger than the input cap of " + FormatSize(max) + ", which whole documents are held to (--max-input sets another)"
}

// FormatSize writes a byte count as the cap flags read it: in GiB, MiB or KiB
// when it is a whole number of them, else in bytes.
func FormatSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// prefixError decodes the beginning of a JSON document and returns the syntax
// error found inside it, or nil when the beginning can be the start of a JSON
// document (it may end mid-value).
func prefixError(prefix []byte) error {
	_, err := adapter.Decode(prefix)
	var se *adapter.SyntaxError
	if err == nil || !errors.As(err, &se) {
		return nil
	}
	// An error at the very end may be the cut itself (a value, a string or a
	// character split across it); only one well inside the prefix is sure.
	if se.Msg == "unexpected end of input" || se.Offset >= int64(len(prefix))-8 {
		return nil
	}
	return err
}

// ReadFile reads the whole file at path, within the default Limits; errors are
// *LoadError.
func ReadFile(path string) ([]byte, error) {
	return Limits{}.ReadFile(path)
}

// ReadFile reads the whole file at path, held to the cap (see ReadDocument).
func (lim Limits) ReadFile(path string) ([]byte, error) {
	return lim.ReadDocumentFile(path, false)
}

// openMsg says why a file could not be opened or read, without its path (the
// LoadError names the file).
func openMsg(err error) string {
	if errors.Is(err, os.ErrNotExist) {
		return "no such file"
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return "cannot " + pe.Op + ": " + pe.Err.Error()
	}
	return "cannot read: " + err.Error()
}

// utf8BOM is the byte-order mark a file may start with; it is skipped.
const utf8BOM = "\xEF\xBB\xBF"

// A countingReader counts the bytes read through it, and reads no more once
// they are more than maxBody. When limit is more than 0, it reads no more than
// limit bytes in all: a read past them fails, and sets refused.
type countingReader struct {
	r       io.Reader
	n       int64
	limit   int64
	refused bool
}

// Read reads from c.r, within maxBody and c.limit.
func (c *countingReader) Read(p []byte) (int, error) {
	if c.n > maxBody {
		return 0, errTooLarge
	}
	if c.limit > 0 {
		if c.n >= c.limit {
			c.refused = true
			return 0, errPastLimit
		}
		if int64(len(p)) > c.limit-c.n {
			p = p[:c.limit-c.n]
		}
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// errPastLimit is a read past a countingReader's limit.
var errPastLimit = errors.New("more than one read may take")

var errTooLarge = errors.New("more than the bound of a recording")
