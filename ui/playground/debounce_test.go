package playground

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/internal/uitest"
)

// openSchema is a playground at 120×40 open on the input schema of the first
// tool of the tool list data.
func openSchema(t *testing.T, data []byte) *Screen {
	t.Helper()
	l := &common.Loaded{}
	l.AddBytes(sessions.ServerNameFor("big.json"), "big.json", data)
	if len(l.Servers) != 1 || len(l.Servers[0].Tools) == 0 {
		t.Fatalf("the tool list did not load: %+v", l.Files)
	}
	ctx := common.NewContext(false)
	ctx.Width, ctx.Height = 120, 40
	p := New(ctx)
	p.Resize()
	tool := l.Servers[0].Tools[0]
	p.Open(common.EditRequest{Kind: common.EditSchema, Name: tool.Name,
		Text: string(adapter.MarshalIndent(tool.InputSchema))}, 0)
	return p
}

func press(code rune) tea.KeyPressMsg {
	if code >= ' ' && code < 0x7f {
		return tea.KeyPressMsg{Code: code, Text: string(code)}
	}
	return tea.KeyPressMsg{Code: code}
}

// TestPlaygroundDebounce checks that a large text is recomputed only after a
// pause: a key leaves the result as it was and returns a tick; a tick of an
// older key does nothing; the tick of the last key recomputes.
func TestPlaygroundDebounce(t *testing.T) {
	p := openSchema(t, uitest.BigSchema(300))
	if len(p.editor.Value()) <= InstantEdit {
		t.Fatalf("the schema is %d bytes, not over %d", len(p.editor.Value()), InstantEdit)
	}
	before := p.res
	// Break the JSON on the first line: type a letter after "{".
	p.Update(press(tea.KeyEnd))
	cmd1 := p.Update(press('x'))
	if p.res != before || !p.stale {
		t.Fatal("a key on a large text recomputed at once")
	}
	if cmd1 == nil {
		t.Fatal("a key on a large text returned no tick")
	}
	if !strings.Contains(ansi.Strip(p.View()), "waiting for a pause") {
		t.Error("the result pane does not say it is waiting")
	}
	cmd2 := p.Update(press('y'))
	if cmd2 == nil {
		t.Fatal("the second key returned no tick")
	}
	p.Update(tickMsg{Gen: p.gen - 1}) // the first key's tick
	if p.res != before {
		t.Error("the tick of an earlier key recomputed")
	}
	compute := p.Update(tickMsg{Gen: p.gen})
	if compute == nil || p.res != before {
		t.Fatal("the last key's tick did not start computing off the frame")
	}
	p.Update(press('z')) // a key while it computes: its answer is stale
	p.Update(compute())
	if p.res != before || !p.stale {
		t.Error("an answer for an older text was shown")
	}
	tick := p.Update(press(tea.KeyBackspace))
	p.Update(tick())
	compute = p.Update(tickMsg{Gen: p.gen})
	p.Update(compute())
	if p.res == before || !p.res.Broken || p.stale {
		t.Errorf("the last key's answer is not shown: broken %v, stale %v", p.res != nil && p.res.Broken, p.stale)
	}
	// A tick runs the real timer: it fires after about editDebounce.
	if tick, ok := cmd2().(tickMsg); !ok || tick.Gen != p.gen-2 {
		t.Errorf("the tick command sent %#v", tick)
	}
	// A small text is recomputed on every key.
	p = openSchema(t, []byte(`{"tools":[{"name":"get_forecast","inputSchema":{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]}}]}`))
	before = p.res
	cmd := p.Update(press('x'))
	if p.res == before || p.stale || cmd != nil {
		t.Error("a key on a small text was not recomputed at once")
	}
}
