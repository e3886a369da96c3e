package live

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// DefaultTimeout bounds connecting to a server and listing its tools when
// ConnectOptions.Timeout is zero (SPEC §12's --timeout default).
const DefaultTimeout = 30 * time.Second

// DefaultGrace is how long Close waits for a stdio server to end by itself
// (its stdin closed) before SIGTERM, and after SIGTERM before SIGKILL, when
// ConnectOptions.Grace is zero.
const DefaultGrace = 2 * time.Second

// MaxPages bounds how many pages one listing follows: a server still giving a
// nextCursor after that many is an error.
const MaxPages = 10000

// ConnectOptions tune Connect. The zero value is ready to use.
type ConnectOptions struct {
	// Timeout bounds connecting and the first listing together, and each
	// later ListTools; 0 is DefaultTimeout.
	Timeout time.Duration
	// Grace is the time Close gives a stdio server at each step of ending it
	// (stdin closed, SIGTERM, SIGKILL); 0 is DefaultGrace.
	Grace time.Duration
	// Environ is the environment a stdio server inherits, before its Env; nil
	// is os.Environ().
	Environ []string
	// OnListChanged, when set, is called (on the SDK's goroutine: it must not
	// block) each time the server says its tool list changed.
	OnListChanged func()
	// Transport, when set, is used instead of the one the Server names (the
	// tests' in-memory transports); Close then has no process to end.
	Transport mcp.Transport
	// Client names strictscope to the server; nil is {"strictscope", "dev"}.
	Client *mcp.Implementation
	// Trace keeps every JSON-RPC message sent and received on the connection
	// in its log (Conn.Log): the last TraceMessages, each on one line, cut at
	// TraceMessageBytes. Without it nothing of the traffic is kept.
	Trace bool
}

// An Info is what a server said of itself when the session began.
type Info struct {
	ServerInfo      *mcp.Implementation
	ProtocolVersion string // the version negotiated
	Capabilities    *mcp.ServerCapabilities
	Instructions    string
	// Raw is the initialize (or server/discover) result as the server sent it;
	// nil when the SDK did not send one on this connection.
	Raw []byte
}

// A ToolList is a server's tool list as it sent it: the tools of every page,
// in order, read from the bytes of the tools/list results.
type ToolList struct {
	// Doc is {"tools":[…]}: the tools of the pages joined in order, each one
	// the Value the server sent (member order and number text kept).
	Doc      adapter.Value
	Tools    []adapter.Tool
	Warnings []string // adapter.ParseToolList's
	Pages    int
}

// An Error is a server that could not be connected to or listed, a call that
// failed, or a session that ended. It names the server and holds the last
// lines of its stderr (sanitized); Err says what went wrong. Log is the
// server's log when the error was made (Conn.Log), for showing why a server
// failed; Error() does not print it.
type Error struct {
	Server string
	Op     string // "connect", "list tools", `call tool "NAME"` or "session"
	Err    error
	Stderr []string
	Log    []LogEntry
}

// StderrTail is how many lines of stderr an Error keeps.
const StderrTail = 10

func (e *Error) Error() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "server %s: %s: %s", termsafe.Quote(e.Server), e.Op, termsafe.Sanitize(e.Err.Error()))
	if len(e.Stderr) > 0 {
		sb.WriteString("\n  its stderr ends with:")
		for _, l := range e.Stderr {
			sb.WriteString("\n  | " + l)
		}
	}
	return sb.String()
}

func (e *Error) Unwrap() error { return e.Err }

// ErrNotJSONRPC is wrapped by the error of a server that wrote what is not a
// JSON-RPC message.
var ErrNotJSONRPC = errors.New("the server wrote what is not JSON-RPC")

// A Conn is a live session with one server.
type Conn struct {
	server  Server
	opts    ConnectOptions
	client  *mcp.Client
	session *mcp.ClientSession
	capture *capture         // the capture of the current connection
	conn    mcp.Connection   // the Connection the SDK was given
	trace   *traceRing       // nil without ConnectOptions.Trace
	headers *headerTransport // HTTP only
	cmd     *exec.Cmd        // stdio only
	stderr  stderrRing
	info    Info

	listMu sync.Mutex
	list   *ToolList
	pages  map[string][]byte // the last listing's raw pages by cursor

	stale   atomic.Bool
	changed chan struct{}

	progressMu sync.Mutex
	progress   map[string]func(Progress) // the calls in flight's progress handlers, by token
	calls      atomic.Int64              // numbers the calls' progress tokens

	done    chan struct{} // closed once the session ended (watch)
	endErr  *Error        // why, unless Close ended it; set before done is closed
	closing atomic.Bool   // Close was called

	closeOnce sync.Once
	closeErr  error
}

// Connect starts or reaches the server s, begins an MCP session with it (the
// protocol version negotiated by the SDK) and lists its tools, all within
// opts.Timeout. A stdio server runs in a process group of its own, with
// s.Environ(opts.Environ) in s.Cwd, its stderr kept (Stderr). An HTTP server
// gets s.Headers on every request; HTTPAuto tries Streamable HTTP and, when the
// first POST is answered 400, 404 or 405, the legacy SSE transport.
//
// The error is an *Error naming the server. On error nothing is left running.
// The caller must Close a Conn it got.
func Connect(ctx context.Context, s Server, opts ConnectOptions) (*Conn, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Grace <= 0 {
		opts.Grace = DefaultGrace
	}
	if opts.Client == nil {
		opts.Client = &mcp.Implementation{Name: "strictscope", Version: "dev"}
	}
	c := &Conn{server: s, opts: opts, changed: make(chan struct{}, 1), done: make(chan struct{})}
	if opts.Trace {
		c.trace = &traceRing{}
	}
	c.client = mcp.NewClient(opts.Client, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { c.markStale() },
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			c.onProgress(r.Params)
		},
	})
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	if err := c.connect(ctx); err != nil {
		c.Close()
		return nil, c.fail("connect", ctx, err)
	}
	go c.watch()
	if _, err := c.listTools(ctx); err != nil {
		c.Close()
		return nil, c.fail("list tools", ctx, err)
	}
	return c, nil
}

// connect begins the session over the server's transport.
func (c *Conn) connect(ctx context.Context) error {
	if c.opts.Transport != nil {
		return c.connectOver(ctx, c.opts.Transport)
	}
	switch c.server.Transport {
	case Stdio:
		return c.connectOver(ctx, c.commandTransport())
	case StreamableHTTP:
		return c.connectStreamable(ctx)
	case SSE:
		return c.connectOver(ctx, c.sseTransport())
	case HTTPAuto:
		err := c.connectStreamable(ctx)
		if err == nil || !c.headers.firstPostRefused() || ctx.Err() != nil {
			return err
		}
		return c.connectOver(ctx, c.sseTransport())
	}
	return fmt.Errorf("no transport (%s)", c.server.Transport)
}

// connectOver begins the session over t, its Connection wrapped to capture
// raw results.
func (c *Conn) connectOver(ctx context.Context, t mcp.Transport) error {
	c.capture = newCapture(c.trace)
	return c.begin(ctx, &captureTransport{Transport: t, cap: c.capture, wrap: true})
}

// connectStreamable begins the session over Streamable HTTP, its messages
// captured below the SDK (captureHTTP).
func (c *Conn) connectStreamable(ctx context.Context) error {
	c.capture = newCapture(c.trace)
	client := &http.Client{Transport: &captureHTTP{base: c.headerTransport(), cap: c.capture}}
	t := &mcp.StreamableClientTransport{Endpoint: c.server.URL, HTTPClient: client, MaxRetries: -1}
	return c.begin(ctx, &captureTransport{Transport: t, cap: c.capture})
}

// begin begins the session over ct.
func (c *Conn) begin(ctx context.Context, ct *captureTransport) error {
	cs, err := c.client.Connect(ctx, ct, nil)
	c.conn = ct.conn
	if err != nil {
		return err
	}
	c.session = cs
	res := cs.InitializeResult()
	c.info = Info{ServerInfo: res.ServerInfo, ProtocolVersion: res.ProtocolVersion, Capabilities: res.Capabilities, Instructions: res.Instructions}
	c.info.Raw = c.capture.initRaw()
	if c.headers != nil {
		c.headers.setProtocolVersion(res.ProtocolVersion)
	}
	return nil
}

// commandTransport is the SDK's command transport for a stdio server.
func (c *Conn) commandTransport() mcp.Transport {
	s := c.server
	cmd := exec.Command(s.Command, s.Args...)
	base := c.opts.Environ
	if base == nil {
		base = os.Environ()
	}
	cmd.Env = s.Environ(base)
	cmd.Dir = s.Cwd
	cmd.Stderr = &c.stderr
	cmd.WaitDelay = c.opts.Grace // a child keeping stderr open does not hold Wait
	ownGroup(cmd)
	c.cmd = cmd
	return &mcp.CommandTransport{Command: cmd, TerminateDuration: c.opts.Grace}
}

// headerTransport is the RoundTripper sending the server's headers on every
// request, made once.
func (c *Conn) headerTransport() *headerTransport {
	if c.headers == nil {
		c.headers = &headerTransport{base: http.DefaultTransport, headers: c.server.Headers}
	}
	return c.headers
}

func (c *Conn) sseTransport() mcp.Transport {
	return &mcp.SSEClientTransport{Endpoint: c.server.URL, HTTPClient: &http.Client{Transport: c.headerTransport()}}
}

// fail makes err an *Error naming the server, with its stderr's last lines.
// A deadline passed becomes "no answer within TIMEOUT"; a read that failed
// on what is not JSON-RPC says so.
func (c *Conn) fail(op string, ctx context.Context, err error) error {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		err = fmt.Errorf("no answer within %s (--timeout)", c.opts.Timeout)
	case c.capture != nil && notJSONRPC(c.capture.ReadErr()):
		err = fmt.Errorf("%w: %v", ErrNotJSONRPC, c.capture.ReadErr())
	case c.capture != nil && c.capture.ReadErr() != nil && c.cmd != nil:
		err = fmt.Errorf("%v (the server closed its stdout: it may have exited)", err)
	}
	return c.newError(op, err)
}

// newError is an *Error naming the server, with the last lines of its stderr
// and its log. When a stdio server's stdout has closed (it went away), the
// stderr it wrote last is let in first: it usually says why.
func (c *Conn) newError(op string, err error) *Error {
	if c.cmd != nil && c.capture != nil && c.capture.ReadErr() != nil {
		c.stderr.settle(50*time.Millisecond, time.Second)
	}
	return &Error{Server: c.server.Name, Op: op, Err: err, Stderr: c.stderr.Tail(StderrTail), Log: c.Log()}
}

// notJSONRPC reports whether a read error is the server's output not being
// JSON-RPC, rather than the connection ending.
func notJSONRPC(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	msg := err.Error()
	for _, end := range []string{"EOF", "closed pipe", "connection closed", "file already closed", "use of closed"} {
		if strings.Contains(msg, end) {
			return false
		}
	}
	return true
}

// markStale records that the server's tool list changed.
func (c *Conn) markStale() {
	c.stale.Store(true)
	select {
	case c.changed <- struct{}{}:
	default:
	}
	if c.opts.OnListChanged != nil {
		c.opts.OnListChanged()
	}
}

// Server is the spec the Conn was made from.
func (c *Conn) Server() Server { return c.server }

// Info is what the server said of itself when the session began.
func (c *Conn) Info() Info { return c.info }

// Session is the SDK's client session, for calls.
func (c *Conn) Session() *mcp.ClientSession { return c.session }

// Tools is the last tool list read (Connect reads the first).
func (c *Conn) Tools() *ToolList {
	c.listMu.Lock()
	defer c.listMu.Unlock()
	return c.list
}

// Stale reports whether the server said its tool list changed since it was
// last read.
func (c *Conn) Stale() bool { return c.stale.Load() }

// Changed receives when the server says its tool list changed (one pending
// signal at most: several changes before it is read are one). Refresh with
// ListTools.
func (c *Conn) Changed() <-chan struct{} { return c.changed }

// Stderr is the kept stderr of a stdio server (the last StderrLines lines,
// each at most StderrLineBytes), oldest first, sanitized for a terminal.
func (c *Conn) Stderr() []string { return c.stderr.Lines() }

// Log is the server's log: the kept lines of its stderr (StderrLines at most)
// and, with ConnectOptions.Trace, the kept JSON-RPC messages sent and received
// (TraceMessages at most, sent and received together), merged in time order,
// each sanitized. A stderr line's Time is when its first bytes were written; a
// message's, when it was handed to the connection to write, or read from it.
// It may be called from any goroutine while the server writes.
func (c *Conn) Log() []LogEntry {
	stderr := c.stderr.entries()
	if c.trace == nil {
		return stderr
	}
	return mergeLog(stderr, c.trace.list())
}

// Done is closed when the session ended, for any reason: the server exited or
// closed its stdout, the HTTP session ended or broke, or Close. Close must
// still be called after it (it ends what is left of a stdio server's group).
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err is why the session ended, once Done is closed: an *Error (Op
// "session"), with the server's stderr tail and Log. It is nil before Done is
// closed, and after a session that Close ended.
func (c *Conn) Err() error {
	select {
	case <-c.done:
	default:
		return nil
	}
	if c.endErr == nil {
		return nil
	}
	return c.endErr
}

// watch waits for the session to end, then says why (unless Close ended it)
// and closes done.
func (c *Conn) watch() {
	err := c.session.Wait()
	if !c.closing.Load() {
		c.endErr = c.newError("session", c.endCause(err))
	}
	close(c.done)
}

// endCause says why a session that Close did not end ended; err is what the
// SDK said of it.
func (c *Conn) endCause(err error) error {
	switch {
	case notJSONRPC(c.capture.ReadErr()):
		return fmt.Errorf("%w: %v", ErrNotJSONRPC, c.capture.ReadErr())
	case c.cmd != nil && c.cmd.ProcessState != nil:
		return fmt.Errorf("the server exited (%s)", c.cmd.ProcessState)
	case c.cmd != nil:
		return errors.New("the server closed its stdout")
	case err != nil:
		return fmt.Errorf("the session broke: %w", err)
	}
	return errors.New("the server ended the session")
}

// Pid is the stdio server's process id, 0 when there is no process.
func (c *Conn) Pid() int {
	if c.cmd == nil || c.cmd.Process == nil {
		return 0
	}
	return c.cmd.Process.Pid
}

// ListTools reads the server's tool list again, following nextCursor to the
// end, within the Conn's timeout, and makes it the one Tools returns. The
// error is an *Error.
func (c *Conn) ListTools(ctx context.Context) (*ToolList, error) {
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	l, err := c.listTools(ctx)
	if err != nil {
		return nil, c.fail("list tools", ctx, err)
	}
	return l, nil
}

// listTools lists every page, joins their tools and parses them.
func (c *Conn) listTools(ctx context.Context) (*ToolList, error) {
	c.listMu.Lock()
	defer c.listMu.Unlock()
	c.stale.Store(false) // a change from now on is after this listing
	var (
		tools []adapter.Value
		seen  = map[string]bool{}
		pages = map[string][]byte{}
	)
	cursor := ""
	for n := 1; ; n++ {
		if n > MaxPages {
			return nil, fmt.Errorf("tools/list gave more than %d pages", MaxPages)
		}
		raw, err := c.page(ctx, cursor)
		if err != nil {
			return nil, err
		}
		pages[cursor] = raw
		items, next, err := readPage(raw)
		if err != nil {
			return nil, fmt.Errorf("tools/list page %d: %w", n, err)
		}
		tools = append(tools, items...)
		if next == "" {
			l := &ToolList{Doc: adapter.ObjectValue(adapter.MemberOf("tools", adapter.ArrayValue(tools...))), Pages: n}
			l.Tools, l.Warnings, err = adapter.ParseToolList(l.Doc)
			if err != nil {
				return nil, err
			}
			c.list, c.pages = l, pages
			return l, nil
		}
		if seen[next] {
			return nil, fmt.Errorf("tools/list page %d gave nextCursor %s again", n, termsafe.Quote(termsafe.Shorten(next, 60)))
		}
		seen[next] = true
		cursor = next
	}
}

// page asks for one page and returns the bytes of its result. The SDK's own
// decoding of the result is not used: it may fail where the bytes are fine
// (a number like 1e400 does not fit a float64) and drops tools it finds
// invalid. An SDK answer from its cache (protocol 2026-07-28 lets a server
// give results a time to live) is the page the last listing read.
func (c *Conn) page(ctx context.Context, cursor string) ([]byte, error) {
	p := &rawPage{}
	var params *mcp.ListToolsParams
	if cursor != "" {
		params = &mcp.ListToolsParams{Cursor: cursor}
	}
	_, err := c.session.ListTools(withPage(ctx, p), params)
	switch {
	case p.got:
		return p.raw, nil
	case err != nil:
		return nil, err
	}
	if raw, ok := c.pages[cursor]; ok {
		return raw, nil
	}
	return nil, errors.New("tools/list was answered from the SDK's cache, without the bytes of the result")
}

// readPage reads a tools/list result: an object with a "tools" array and
// maybe a "nextCursor" string ("" or null is the last page).
func readPage(raw []byte) ([]adapter.Value, string, error) {
	v, err := adapter.Decode(raw)
	if err != nil {
		return nil, "", err
	}
	if v.Kind() != adapter.Object {
		return nil, "", fmt.Errorf("the result is %s, not an object", v.Kind())
	}
	tools, ok := v.Get("tools")
	if !ok || tools.Kind() != adapter.Array {
		return nil, "", errors.New(`the result has no "tools" array`)
	}
	next := ""
	if nc, ok := v.Get("nextCursor"); ok && !nc.IsNull() {
		if nc.Kind() != adapter.String {
			return nil, "", fmt.Errorf(`"nextCursor" is %s, not a string`, nc.Kind())
		}
		next = nc.Str()
	}
	return tools.Items(), next, nil
}

// Close ends the session and, for a stdio server, its process and every
// process of its group: stdin closed, then SIGTERM and SIGKILL each after the
// grace. Nothing the server started is left running when it returns. It may
// be called more than once.
func (c *Conn) Close() error {
	c.closeOnce.Do(func() {
		c.closing.Store(true)
		if c.session != nil {
			c.closeErr = c.session.Close()
		} else if c.conn != nil {
			c.closeErr = c.conn.Close()
		}
		if c.cmd != nil && c.cmd.Process != nil {
			endGroup(c.cmd.Process.Pid, c.opts.Grace)
		}
		if c.session != nil {
			<-c.done // the session closed: watch returns
		}
	})
	return c.closeErr
}
