package testserver

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServeStdio serves one session of New(opts) over newline-delimited JSON-RPC
// on in and out until in ends or ctx is done, honouring opts.Noise:
// NoiseBefore writes NoiseLine on out first, NoiseInstead answers every line
// read with NoiseLine and serves no JSON-RPC at all.
func ServeStdio(ctx context.Context, opts Options, in io.Reader, out io.Writer) error {
	switch opts.Noise {
	case NoNoise:
	case NoiseBefore:
		if _, err := fmt.Fprintln(out, NoiseLine); err != nil {
			return fmt.Errorf("testserver: writing noise: %w", err)
		}
	case NoiseInstead:
		return answerWithNoise(in, out)
	default:
		return fmt.Errorf("testserver: unknown noise mode %q (want %q or %q)", opts.Noise, NoiseBefore, NoiseInstead)
	}
	s := New(opts)
	err := s.Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}})
	if err != nil && ctx.Err() == nil && err != io.EOF {
		return fmt.Errorf("testserver: serving stdio: %w", err)
	}
	return nil
}

// answerWithNoise writes NoiseLine once, then once per line read, until in
// ends.
func answerWithNoise(in io.Reader, out io.Writer) error {
	if _, err := fmt.Fprintln(out, NoiseLine); err != nil {
		return fmt.Errorf("testserver: writing noise: %w", err)
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		if _, err := fmt.Fprintln(out, NoiseLine); err != nil {
			return fmt.Errorf("testserver: writing noise: %w", err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("testserver: reading stdin: %w", err)
	}
	return nil
}

// nopWriteCloser keeps the SDK from closing the writer it was given (the
// process's stdout, or a test's pipe) when the session ends.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// Handler serves New(opts), one server shared by every session, over
// Streamable HTTP, or over the legacy HTTP+SSE transport when sse is true (a
// POST without a session then gets 400, which is how clients know to fall
// back). With opts.Noise set, every request is answered instead with status
// 200, Content-Type application/json and NoiseLine as the body.
func Handler(opts Options, sse bool) http.Handler {
	if opts.Noise != NoNoise {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintln(w, NoiseLine)
		})
	}
	s := New(opts)
	get := func(*http.Request) *mcp.Server { return s }
	if sse {
		return mcp.NewSSEHandler(get, nil)
	}
	return mcp.NewStreamableHTTPHandler(get, nil)
}
