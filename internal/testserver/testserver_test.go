package testserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// recorder is a client transport that keeps the raw result of every response
// to a tools/list request, in order: what the SDK decodes into maps.
type recorder struct {
	mcp.Transport
	mu      sync.Mutex
	methods map[jsonrpc.ID]string
	pages   []json.RawMessage
}

func (r *recorder) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := r.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &recordingConn{Connection: c, r: r}, nil
}

func (r *recorder) listPages() []json.RawMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.pages)
}

type recordingConn struct {
	mcp.Connection
	r *recorder
}

func (c *recordingConn) Write(ctx context.Context, m jsonrpc.Message) error {
	if req, ok := m.(*jsonrpc.Request); ok && req.IsCall() {
		c.r.mu.Lock()
		c.r.methods[req.ID] = req.Method
		c.r.mu.Unlock()
	}
	return c.Connection.Write(ctx, m)
}

func (c *recordingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	m, err := c.Connection.Read(ctx)
	if resp, ok := m.(*jsonrpc.Response); ok {
		c.r.mu.Lock()
		if c.r.methods[resp.ID] == "tools/list" && resp.Error == nil {
			c.r.pages = append(c.r.pages, slices.Clone(resp.Result))
		}
		c.r.mu.Unlock()
	}
	return m, err
}

// waitFor polls cond until it holds or a generous deadline passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// connect starts New(opts) on an in-memory transport and connects a client
// with copts through a recorder; both end with the test.
func connect(t *testing.T, opts Options, copts *mcp.ClientOptions) (*mcp.ClientSession, *recorder) {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := New(opts).Connect(ctx, st, nil)
	if err != nil {
		t.Fatalf("server connect: %v", err)
	}
	t.Cleanup(func() { ss.Close() })
	rec := &recorder{Transport: ct, methods: map[jsonrpc.ID]string{}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "0"}, copts).Connect(ctx, rec, nil)
	if err != nil {
		t.Fatalf("client connect: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, rec
}

// listAll follows nextCursor to the end and returns each page's tool names,
// read from the recorded bytes: the SDK's client cannot decode a page that
// holds the numbers tool (it decodes inputSchema into float64s, and 1e400
// overflows), so a page it rejects is read below it, as strictscope must.
func listAll(t *testing.T, cs *mcp.ClientSession, rec *recorder) [][]string {
	t.Helper()
	var pages [][]string
	params := &mcp.ListToolsParams{}
	for {
		before := len(rec.listPages())
		_, sdkErr := cs.ListTools(context.Background(), params)
		recorded := rec.listPages()
		if len(recorded) != before+1 {
			t.Fatalf("tools/list page %d: no result recorded (SDK: %v)", len(pages)+1, sdkErr)
		}
		raw := recorded[before]
		if sdkErr != nil && !bytes.Contains(raw, []byte("1e400")) {
			t.Fatalf("tools/list page %d: %v", len(pages)+1, sdkErr)
		}
		var p wirePage
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatalf("page %d: %v: %s", len(pages)+1, err, raw)
		}
		var names []string
		for _, tool := range p.Tools {
			names = append(names, tool.Name)
		}
		pages = append(pages, names)
		if p.NextCursor == "" {
			return pages
		}
		params = &mcp.ListToolsParams{Cursor: p.NextCursor}
	}
}

type wirePage struct {
	Tools []struct {
		Name        string          `json:"name"`
		InputSchema json.RawMessage `json:"inputSchema"`
	} `json:"tools"`
	NextCursor string `json:"nextCursor"`
}

// rawSchemasOnWire decodes the recorded pages, keeping each inputSchema's
// bytes, by tool name.
func rawSchemasOnWire(t *testing.T, pages []json.RawMessage) map[string]string {
	t.Helper()
	got := map[string]string{}
	for i, raw := range pages {
		var p wirePage
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatalf("page %d: %v: %s", i+1, err, raw)
		}
		for _, tool := range p.Tools {
			got[tool.Name] = string(tool.InputSchema)
		}
	}
	return got
}

func wantNames() []string {
	var names []string
	for name := range Schemas() {
		if name != AddedLaterTool {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

func TestListPagesKeepRawSchemas(t *testing.T) {
	for _, size := range []int{0, 1, 4, 100} {
		cs, rec := connect(t, Options{PageSize: size}, nil)
		pages := listAll(t, cs, rec)
		per := size
		if per == 0 {
			per = DefaultPageSize
		}
		want := wantNames()
		var got []string
		for i, p := range pages {
			if last := i == len(pages)-1; (!last && len(p) != per) || (last && (len(p) == 0 || len(p) > per)) {
				t.Errorf("page size %d: page %d has %d tools: %v", size, i+1, len(p), p)
			}
			got = append(got, p...)
		}
		if !slices.Equal(got, want) {
			t.Errorf("page size %d: tools %v, want %v", size, got, want)
		}
		if wantPages := (len(want) + per - 1) / per; len(pages) != wantPages {
			t.Errorf("page size %d: %d pages, want %d", size, len(pages), wantPages)
		}
		onWire := rawSchemasOnWire(t, rec.listPages())
		for _, name := range want {
			if onWire[name] != string(Schemas()[name]) {
				t.Errorf("page size %d: %s's schema on the wire\n%s\nwant\n%s", size, name, onWire[name], Schemas()[name])
			}
		}
	}
	// The point of the raw bytes: text a float64 decoder changes.
	for _, text := range []string{`"maximum":1e400`, `"minimum":1.0,`, `"multipleOf":0.10`, `"const":-0.0`} {
		if !strings.Contains(string(Schemas()["numbers"]), text) {
			t.Errorf("numbers' schema lacks %s", text)
		}
	}
	var compact bytes.Buffer
	for name, s := range Schemas() {
		compact.Reset()
		if err := json.Compact(&compact, s); err != nil || compact.String() != string(s) {
			t.Errorf("%s's schema is not compact JSON (%v), so the wire would change it", name, err)
		}
	}
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	return res
}

func only[C mcp.Content](t *testing.T, res *mcp.CallToolResult) C {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("%d content items, want 1", len(res.Content))
	}
	c, ok := res.Content[0].(C)
	if !ok {
		t.Fatalf("content is %T", res.Content[0])
	}
	return c
}

func TestCallEachTool(t *testing.T) {
	cs, _ := connect(t, Options{}, nil)
	tests := []struct {
		tool  string
		args  any
		check func(*testing.T, *mcp.CallToolResult)
	}{
		{"text", map[string]any{"message": "héllo"}, func(t *testing.T, r *mcp.CallToolResult) {
			if got := only[*mcp.TextContent](t, r).Text; got != "héllo" {
				t.Errorf("text %q", got)
			}
		}},
		{"numbers", json.RawMessage(`{"huge":1e300,"exact":1.0}`), func(t *testing.T, r *mcp.CallToolResult) {
			if got := only[*mcp.TextContent](t, r).Text; !strings.HasPrefix(got, "arguments: {") {
				t.Errorf("text %q", got)
			}
		}},
		{"image", nil, func(t *testing.T, r *mcp.CallToolResult) {
			img := only[*mcp.ImageContent](t, r)
			cfg, err := png.DecodeConfig(bytes.NewReader(img.Data))
			if err != nil || cfg.Width != 2 || cfg.Height != 2 || img.MIMEType != "image/png" {
				t.Errorf("image %s: %+v, %v", img.MIMEType, cfg, err)
			}
		}},
		{"audio", nil, func(t *testing.T, r *mcp.CallToolResult) {
			a := only[*mcp.AudioContent](t, r)
			if !bytes.Equal(a.Data, WAV()) || !bytes.HasPrefix(a.Data, []byte("RIFF")) || string(a.Data[8:12]) != "WAVE" || len(a.Data) != 44+64 || a.MIMEType != "audio/wav" {
				t.Errorf("audio %s, %d bytes", a.MIMEType, len(a.Data))
			}
		}},
		{"embedded_pdf", nil, func(t *testing.T, r *mcp.CallToolResult) {
			res := only[*mcp.EmbeddedResource](t, r).Resource
			if res == nil || res.MIMEType != "application/pdf" || !bytes.HasPrefix(res.Blob, []byte("%PDF-1.4\n")) || !bytes.HasSuffix(res.Blob, []byte("%%EOF\n")) || res.Text != "" {
				t.Errorf("embedded resource %+v", res)
			}
		}},
		{"resource_link", nil, func(t *testing.T, r *mcp.CallToolResult) {
			l := only[*mcp.ResourceLink](t, r)
			if l.URI != "file:///testserver/notes.txt" || l.Name != "notes.txt" || l.Size == nil || *l.Size != 42 {
				t.Errorf("resource link %+v", l)
			}
		}},
		{"structured", map[string]any{"city": "Oslo"}, func(t *testing.T, r *mcp.CallToolResult) {
			sc, ok := r.StructuredContent.(map[string]any)
			if !ok || sc["city"] != "Oslo" || sc["celsius"] != 21.5 {
				t.Errorf("structured content %#v", r.StructuredContent)
			}
			if got := only[*mcp.TextContent](t, r).Text; got != `{"celsius":21.5,"city":"Oslo"}` {
				t.Errorf("text %q", got)
			}
		}},
		{"fail", map[string]any{"reason": "asked to"}, func(t *testing.T, r *mcp.CallToolResult) {
			if !r.IsError || only[*mcp.TextContent](t, r).Text != "failed: asked to" {
				t.Errorf("isError %v, content %+v", r.IsError, r.Content)
			}
		}},
		{"slow", map[string]any{"steps": 2, "delay_ms": 1}, func(t *testing.T, r *mcp.CallToolResult) {
			if got := only[*mcp.TextContent](t, r).Text; got != "done after 2 steps" {
				t.Errorf("text %q", got)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			res := call(t, cs, tt.tool, tt.args)
			if tt.tool != "fail" && res.IsError {
				t.Fatalf("isError: %+v", res.Content)
			}
			tt.check(t, res)
		})
	}
	// Every listed tool but change_list (TestChangeList) is called above.
	for _, name := range wantNames() {
		if name != "change_list" && !slices.ContainsFunc(tests, func(c struct {
			tool  string
			args  any
			check func(*testing.T, *mcp.CallToolResult)
		}) bool {
			return c.tool == name
		}) {
			t.Errorf("tool %s is not called", name)
		}
	}
}

func TestSlowSendsProgress(t *testing.T) {
	progress := make(chan *mcp.ProgressNotificationParams, 100)
	cs, _ := connect(t, Options{}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			progress <- r.Params
		},
	})
	params := &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{"steps": 3, "delay_ms": 1}}
	params.SetProgressToken("tok-1")
	if _, err := cs.CallTool(context.Background(), params); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		select {
		case p := <-progress:
			if p.ProgressToken != "tok-1" || p.Progress != float64(i) || p.Total != 3 {
				t.Errorf("notification %d: %+v", i, p)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no progress notification %d", i)
		}
	}
	// Without a token, none.
	call(t, cs, "slow", map[string]any{"steps": 2, "delay_ms": 1})
	select {
	case p := <-progress:
		t.Errorf("progress without a token: %+v", p)
	default:
	}
}

func TestSlowHonoursCancellation(t *testing.T) {
	stderr := &Log{}
	progress := make(chan struct{}, 1000)
	cs, _ := connect(t, Options{Stderr: stderr}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) { progress <- struct{}{} },
	})
	ctx, cancel := context.WithCancel(context.Background())
	params := &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{"steps": 1000, "delay_ms": 20}}
	params.SetProgressToken(7)
	errc := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, params)
		errc <- err
	}()
	<-progress
	cancel()
	if err := <-errc; err == nil {
		t.Fatal("a cancelled call returned no error")
	}
	waitFor(t, "the server to log the cancellation", func() bool {
		return strings.Contains(stderr.String(), "slow: cancelled after ")
	})
	if strings.Contains(stderr.String(), "of 1000 steps") && strings.Contains(stderr.String(), "cancelled after 1000") {
		t.Errorf("the call ran to the end: %s", stderr)
	}
	// The session still works.
	call(t, cs, "text", map[string]any{"message": "after"})
}

func TestChangeListNotifies(t *testing.T) {
	changed := make(chan struct{}, 10)
	cs, rec := connect(t, Options{}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	})
	wait := func() {
		t.Helper()
		select {
		case <-changed:
		case <-time.After(10 * time.Second):
			t.Fatal("no notifications/tools/list_changed")
		}
	}
	flat := func() []string { return slices.Concat(listAll(t, cs, rec)...) }

	if got := only[*mcp.TextContent](t, call(t, cs, "change_list", nil)).Text; got != "added added_later" {
		t.Errorf("first change: %q", got)
	}
	wait()
	if names := flat(); !slices.Contains(names, AddedLaterTool) || len(names) != len(wantNames())+1 {
		t.Errorf("after adding: %v", names)
	}
	if got := rawSchemasOnWire(t, rec.listPages())[AddedLaterTool]; got != string(Schemas()[AddedLaterTool]) {
		t.Errorf("added tool's schema on the wire: %s", got)
	}
	if got := only[*mcp.TextContent](t, call(t, cs, AddedLaterTool, nil)).Text; got != "added later" {
		t.Errorf("added tool answers %q", got)
	}
	if got := only[*mcp.TextContent](t, call(t, cs, "change_list", nil)).Text; got != "removed added_later" {
		t.Errorf("second change: %q", got)
	}
	wait()
	if names := flat(); !slices.Equal(names, wantNames()) {
		t.Errorf("after removing: %v", names)
	}
}

func TestModesInProcess(t *testing.T) {
	t.Run("stderr lines", func(t *testing.T) {
		stderr := &Log{}
		cs, _ := connect(t, Options{Stderr: stderr, StderrLines: 1500}, nil)
		call(t, cs, "text", map[string]any{"message": "x"})
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if len(lines) != 1501 || lines[0] != "stderr line 1 of 1500" || lines[1499] != "stderr line 1500 of 1500" || lines[1500] != "call text" {
			t.Errorf("%d lines, first %q, last %q", len(lines), lines[0], lines[len(lines)-1])
		}
	})
	t.Run("crash mid-call", func(t *testing.T) {
		crashed := make(chan string, 1)
		cs, _ := connect(t, Options{CrashMidCall: func() { crashed <- "crashed" }}, nil)
		if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "text"}); err == nil {
			t.Error("a crashed call returned no error")
		}
		select {
		case <-crashed:
		default:
			t.Error("CrashMidCall was not called")
		}
	})
	t.Run("hang on initialize", func(t *testing.T) {
		ct, st := mcp.NewInMemoryTransports()
		ss, err := New(Options{HangOnInitialize: true}).Connect(context.Background(), st, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ss.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "c"}, nil).Connect(ctx, ct, nil)
		if err == nil {
			cs.Close()
			t.Fatal("initialize was answered")
		}
	})
}

func TestServeStdioNoise(t *testing.T) {
	for _, mode := range []Noise{NoNoise, NoiseBefore, NoiseInstead} {
		t.Run(string(mode), func(t *testing.T) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() {
				done <- ServeStdio(context.Background(), Options{Noise: mode}, inR, outW)
				outW.Close()
			}()
			go fmt.Fprintln(inW, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
			sc := bufio.NewScanner(outR)
			var lines []string
			want := 2
			if mode == NoNoise {
				want = 1
			}
			for len(lines) < want && sc.Scan() {
				lines = append(lines, sc.Text())
			}
			inW.Close()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			for sc.Scan() {
				lines = append(lines, sc.Text())
			}
			var wantLines []string
			switch mode {
			case NoNoise:
				wantLines = []string{`{"jsonrpc":"2.0","id":1,"result":{}}`}
			case NoiseBefore:
				wantLines = []string{NoiseLine, `{"jsonrpc":"2.0","id":1,"result":{}}`}
			case NoiseInstead:
				wantLines = []string{NoiseLine, NoiseLine}
			}
			if !slices.Equal(lines, wantLines) {
				t.Errorf("stdout %q, want %q", lines, wantLines)
			}
		})
	}
	if err := ServeStdio(context.Background(), Options{Noise: "sometimes"}, strings.NewReader(""), &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), `"sometimes"`) {
		t.Errorf("unknown mode: %v", err)
	}
}
