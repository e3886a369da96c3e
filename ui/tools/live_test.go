package tools

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
)

// liveList is the tool list of fixtures/tools/NAME as a live server would
// have sent it.
func liveList(t *testing.T, name string) *live.ToolList {
	t.Helper()
	doc, err := adapter.Decode(uitest.Fixture(t, "tools/"+name))
	if err != nil {
		t.Fatal(err)
	}
	tools, warns, err := adapter.ParseToolList(doc)
	if err != nil {
		t.Fatal(err)
	}
	return &live.ToolList{Doc: doc, Tools: tools, Warnings: warns, Pages: 1}
}

// liveScreen is the tools screen on two live servers and no file: one
// ready (the weather fixture), one connecting; the clock stands still.
func liveScreen(t *testing.T) (*Screen, *common.Live) {
	t.Helper()
	start := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	lv := &common.Live{Servers: []*common.LiveServer{
		{Spec: live.Server{Name: "weather", Transport: live.Stdio, Command: "weather-server"}, State: common.LiveReady,
			Tools: liveList(t, "weather.json"), Since: start},
		{Spec: live.Server{Name: "slow", Transport: live.Stdio, Command: "slow-server"}, State: common.LiveConnecting, Since: start},
	}}
	ctx := common.NewContext(false)
	ctx.Width, ctx.Height = 160, 50
	ctx.Clock = func() time.Time { return start.Add(3 * time.Second) }
	s := New(ctx, &common.Loaded{}, lv, Modes{API: adapter.Chat, Strict: adapter.StrictAuto})
	s.Resize()
	return s, lv
}

// TestLiveServersAreGroups: each live server is a group of the list, its
// header saying how it is: its tools once listed, connecting… with the time
// it has taken, failed with the reason; a server that failed after listing
// keeps its tools.
func TestLiveServersAreGroups(t *testing.T) {
	s, lv := liveScreen(t)
	f := frame(s)
	for _, want := range []string{"weather", "slow", "connecting… 3s"} {
		if !strings.Contains(f, want) {
			t.Errorf("the frame lacks %q:\n%s", want, f)
		}
	}
	n := len(lv.Servers[0].Tools.Tools)
	if got := len(s.cur.Report.Outcomes); got != n {
		t.Fatalf("%d tools on the screen, want the ready server's %d", got, n)
	}

	// The connecting server lists, with its own tools.
	lv.Servers[1].State, lv.Servers[1].Tools = common.LiveReady, liveList(t, "files.json")
	s.Update(common.LiveChangedMsg{Server: 1})
	if got, want := len(s.cur.Report.Outcomes), n+len(lv.Servers[1].Tools.Tools); got != want {
		t.Fatalf("after the second server listed: %d tools, want %d", got, want)
	}
	if f := frame(s); strings.Contains(f, "connecting") {
		t.Errorf("a ready server still shows connecting:\n%s", f)
	}

	// It fails: its header says why, its tools stay.
	lv.Servers[1].State = common.LiveFailed
	lv.Servers[1].Err = &live.Error{Server: "slow", Op: "session", Err: errors.New("the server closed its stdout")}
	s.Update(common.LiveChangedMsg{Server: 1})
	if f := frame(s); !strings.Contains(f, "slow · failed: the server") {
		t.Errorf("a failed server's header does not say it failed:\n%s", f)
	}
	if g := s.lp.List.Groups[1]; !strings.Contains(g.Detail, "failed: the server closed its stdout") {
		t.Errorf("a failed server's header says %q, not why it failed", g.Detail)
	}
	if got, want := len(s.cur.Report.Outcomes), n+len(lv.Servers[1].Tools.Tools); got != want {
		t.Errorf("a failed server's tools went: %d tools, want %d", got, want)
	}
}

// TestLiveServerAloneHasItsHeader: with one live server, its header is
// drawn all the same, so that connecting… shows.
func TestLiveServerAloneHasItsHeader(t *testing.T) {
	lv := &common.Live{Servers: []*common.LiveServer{{Spec: live.Server{Name: "solo", Transport: live.Stdio, Command: "x"},
		State: common.LiveConnecting, Since: time.Now()}}}
	ctx := common.NewContext(false)
	ctx.Width, ctx.Height = 80, 24
	s := New(ctx, &common.Loaded{}, lv, Modes{API: adapter.Chat, Strict: adapter.StrictAuto})
	s.Resize()
	if f := frame(s); !strings.Contains(f, "solo") || !strings.Contains(f, "connecting…") {
		t.Errorf("a lone live server's header is not drawn:\n%s", f)
	}
}

// TestCallAndReconnectAskTheRoot: c on a ready live server's tool asks for
// the call screen on that tool; on a file's tool or a server not ready it
// says why and asks nothing; R asks to connect the server again.
func TestCallAndReconnectAskTheRoot(t *testing.T) {
	s, lv := liveScreen(t)
	l := &common.Loaded{}
	l.AddBytes("files", "files.json", uitest.Fixture(t, "tools/files.json"))
	mixed := New(s.ctx, l, lv, s.modes)
	mixed.Resize()

	msg := s.Update(keyPress("c"))()
	req, ok := msg.(common.CallRequest)
	if !ok {
		t.Fatalf("c on a ready server's tool gave %T %v, want a CallRequest", msg, msg)
	}
	first := lv.Servers[0].Tools.Tools[0]
	if req.Server != 0 || req.Tool.Name != first.Name || req.Exposed != "weather__"+first.Name {
		t.Errorf("c asked for server %d tool %q exposed %q; want 0, %q, weather__%s", req.Server, req.Tool.Name, req.Exposed, first.Name, first.Name)
	}

	// The file's tools come first in the mixed screen: c there is refused.
	if st, ok := mixed.Update(keyPress("c"))().(common.StatusMsg); !ok || st.Kind != common.StatusError || !strings.Contains(st.Text, "live server") {
		t.Errorf("c on a file's tool gave %v, want an error naming live servers", st)
	}

	if got, ok := s.Update(keyPress("R"))().(common.ReconnectRequest); !ok || got.Server != 0 {
		t.Errorf("R gave %v, want ReconnectRequest{0}", got)
	}

	lv.Servers[0].State = common.LiveConnecting
	s.Update(common.LiveChangedMsg{Server: 0})
	if st, ok := s.Update(keyPress("c"))().(common.StatusMsg); !ok || st.Kind != common.StatusError || !strings.Contains(st.Text, "connecting") {
		t.Errorf("c on a connecting server's tool gave %v, want an error saying it is connecting", st)
	}
}

func keyPress(k string) tea.KeyPressMsg { return tea.KeyPressMsg{Code: []rune(k)[0], Text: k} }
