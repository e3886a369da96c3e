// Command mcptestserver runs the test MCP server of package testserver, for
// tests that need a real process:
//
//	mcptestserver [flags]               serve over stdin and stdout
//	mcptestserver --http 127.0.0.1:0    serve Streamable HTTP
//	mcptestserver --sse 127.0.0.1:0     serve the legacy HTTP+SSE transport
//
// With --http or --sse it prints the URL it listens on, alone on the first
// line of stdout ("http://127.0.0.1:43117/"), then serves until interrupted.
// Flags:
//
//	--page-size N           tools per tools/list page (default 3)
//	--crash-mid-call        exit with status 3 while answering any tools/call
//	--hang-on-initialize    never answer initialize
//	--noise before|instead  write a line that is not JSON-RPC on stdout before
//	                        serving, or instead of serving (over HTTP: answer
//	                        every request with that line)
//	--stderr-lines N        write N numbered lines on stderr at start
//	--linger DURATION       over stdio: once stdin ends, keep running for
//	                        DURATION (or until interrupted or terminated), as
//	                        a server that does not notice its client went away;
//	                        SIGPIPE is ignored, so that writing on the stderr of
//	                        a client that is gone does not end it either
//
// It logs each call on stderr. Bad flags exit 2 with a message on stderr.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/strictscope/strictscope/internal/testserver"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// crashStatus is the exit status of --crash-mid-call.
const crashStatus = 3 // keep in step with testserver's command test

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcptestserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	httpAddr := fs.String("http", "", "serve Streamable HTTP on `ADDR`")
	sseAddr := fs.String("sse", "", "serve the legacy HTTP+SSE transport on `ADDR`")
	pageSize := fs.Int("page-size", testserver.DefaultPageSize, "tools per tools/list page")
	crash := fs.Bool("crash-mid-call", false, "exit with status 3 while answering any tools/call")
	hang := fs.Bool("hang-on-initialize", false, "never answer initialize")
	noise := fs.String("noise", "", "write non-JSON-RPC on stdout: `before` or instead of serving")
	stderrLines := fs.Int("stderr-lines", 0, "write `N` numbered lines on stderr at start")
	linger := fs.Duration("linger", 0, "over stdio: once stdin ends, keep running for `DURATION`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "mcptestserver: "+format+"\n", a...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q", fs.Arg(0))
	case *httpAddr != "" && *sseAddr != "":
		return fail("--http and --sse exclude each other")
	case *pageSize < 1:
		return fail("--page-size must be at least 1, not %d", *pageSize)
	case *stderrLines < 0:
		return fail("--stderr-lines must be at least 0, not %d", *stderrLines)
	case *linger < 0:
		return fail("--linger must not be negative, not %s", *linger)
	case *linger > 0 && (*httpAddr != "" || *sseAddr != ""):
		return fail("--linger is for stdio only")
	}
	opts := testserver.Options{
		PageSize:         *pageSize,
		Stderr:           stderr,
		StderrLines:      *stderrLines,
		HangOnInitialize: *hang,
		Noise:            testserver.Noise(*noise),
	}
	switch opts.Noise {
	case testserver.NoNoise, testserver.NoiseBefore, testserver.NoiseInstead:
	default:
		return fail("--noise must be before or instead, not %q", *noise)
	}
	if *crash {
		opts.CrashMidCall = func() { os.Exit(crashStatus) }
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *linger > 0 {
		signal.Ignore(syscall.SIGPIPE)
	}
	if *httpAddr == "" && *sseAddr == "" {
		err := testserver.ServeStdio(ctx, opts, stdin, stdout)
		if *linger > 0 {
			fmt.Fprintf(stderr, "mcptestserver: stdin ended; lingering for %s\n", *linger)
			t := time.NewTimer(*linger)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "mcptestserver: %v\n", err)
			return 1
		}
		return 0
	}
	addr, sse := *httpAddr, false
	if *sseAddr != "" {
		addr, sse = *sseAddr, true
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fail("listening on %s: %v", addr, err)
	}
	srv := &http.Server{Handler: testserver.Handler(opts, sse)}
	fmt.Fprintf(stdout, "http://%s/\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "mcptestserver: serving %s: %v\n", ln.Addr(), err)
		return 1
	case <-ctx.Done():
	}
	// Sessions' streams stay open, so Shutdown would wait for them: close.
	if err := srv.Close(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "mcptestserver: closing: %v\n", err)
		return 1
	}
	return 0
}
