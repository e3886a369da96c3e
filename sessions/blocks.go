package sessions

// blocks holds an input read in parts, none copied again until it is joined,
// once: an input over a cap is refused having taken about the cap, and one
// under it takes twice its size at most, while it is joined. readDocument
// reads a pipe so, and lineReader a line longer than its buffer.
type blocks struct {
	parts [][]byte
	n     int // bytes in parts
}

// add keeps p, which the caller no longer writes.
func (b *blocks) add(p []byte) {
	b.parts = append(b.parts, p)
	b.n += len(p)
}

// join returns the parts, then last, as one slice, in buf's storage when it
// is large enough, and empties b.
func (b *blocks) join(buf, last []byte) []byte {
	if need := b.n + len(last); cap(buf) < need {
		buf = make([]byte, 0, need)
	}
	buf = buf[:0]
	for i, p := range b.parts {
		buf = append(buf, p...)
		b.parts[i] = nil
	}
	b.parts, b.n = b.parts[:0], 0
	return append(buf, last...)
}
