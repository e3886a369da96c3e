package call

import (
	"context"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/sessions/live"
)

// tickEvery is how often the elapsed time of a running call is drawn again.
const tickEvery = 100 * time.Millisecond

// A call is one tools/call the screen made, from y until its end.
type call struct {
	id        int    // counts the screen's calls: a message of an older one is dropped
	server    int    // index into Live.Servers
	tool      string // the name on the server
	exposed   string
	args      []byte // the exact JSON sent
	start     time.Time
	elapsed   time.Duration // at the last tick, or at the end
	cancel    context.CancelFunc
	cancelled bool // esc was pressed: notifications/cancelled goes out
	progress  live.Progress
	notified  int // progress notifications received
	box       *progressBox

	// The end: done is set when CallTool returned.
	done        bool
	result      *live.CallResult
	resultLines []string // the result as the ended view shows it (resultLines)
	err         error
}

// progressBox hands progress notifications over from the SDK's goroutines
// to the screen: put never blocks; the latest notification wins, and wait
// takes it, or nothing once the call is over.
type progressBox struct {
	mu     sync.Mutex
	last   live.Progress
	count  int
	signal chan struct{} // holds one token while a notification waits
	over   chan struct{} // closed when the call returned
}

func newProgressBox() *progressBox {
	return &progressBox{signal: make(chan struct{}, 1), over: make(chan struct{})}
}

// put keeps p as the latest notification and wakes wait; it is
// CallOptions.OnProgress.
func (b *progressBox) put(p live.Progress) {
	b.mu.Lock()
	b.last = p
	b.count++
	b.mu.Unlock()
	select {
	case b.signal <- struct{}{}:
	default: // a token waits already: wait takes the latest
	}
}

// end says the call returned: a wait still blocked returns nothing.
func (b *progressBox) end() { close(b.over) }

// wait is a command that waits for the next notification of call id.
func (b *progressBox) wait(id int) tea.Cmd {
	return func() tea.Msg {
		select {
		case <-b.signal:
			b.mu.Lock()
			defer b.mu.Unlock()
			return progressMsg{id: id, progress: b.last, count: b.count}
		case <-b.over:
			return nil
		}
	}
}

// progressMsg brings the latest progress notification of call id, and how
// many came so far.
type progressMsg struct {
	id       int
	progress live.Progress
	count    int
}

// clockMsg redraws the elapsed time of call id while it runs.
type clockMsg struct{ id int }

// endedMsg is call id's end: what CallTool returned, and when.
type endedMsg struct {
	id      int
	result  *live.CallResult
	err     error
	elapsed time.Duration
}

// tick is the command that sends the next clockMsg of call id.
func tick(id int) tea.Cmd {
	return tea.Tick(tickEvery, func(time.Time) tea.Msg { return clockMsg{id: id} })
}

// caller calls a tool; live.Conn.CallTool is one, and tests give the screen
// others.
type caller interface {
	CallTool(ctx context.Context, name string, args []byte, opts live.CallOptions) (*live.CallResult, error)
}

// start is the command that makes call c through conn: its end comes back
// as an endedMsg, timed by now.
func start(ctx context.Context, conn caller, c *call, now func() time.Time) tea.Cmd {
	id, name, args, box, begun := c.id, c.tool, c.args, c.box, c.start
	return func() tea.Msg {
		res, err := conn.CallTool(ctx, name, args, live.CallOptions{OnProgress: box.put})
		box.end()
		return endedMsg{id: id, result: res, err: err, elapsed: now().Sub(begun)}
	}
}
