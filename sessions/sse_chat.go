package sessions

import (
	"errors"
	"fmt"
	"slices"

	"github.com/strictscope/strictscope/adapter"
)

// chatAcc reassembles a Chat Completions stream (chat.completion.chunk objects) into
// one chat.completion object.
//
// Rules: id, created, model, service_tier and system_fingerprint come from the first
// chunk that has them. Choices are kept by their index. In a delta, role is set once;
// content and refusal fragments are appended (a message whose content or refusal
// fragments add up to nothing has null there, as a completion without text has);
// tool-call fragments are merged by their index: id, type and function name are set
// by the first fragment that has them, arguments are appended. A fragment without an
// index continues the last call, unless it brings a new id. Custom tool calls
// (custom.input) and the legacy function_call are merged the same way. The last
// non-null finish_reason and usage are kept; obfuscation and logprobs are dropped.
type chatAcc struct {
	meta     [5]adapter.Value // id, created, model, service_tier, system_fingerprint
	haveMeta [5]bool
	choices  map[int]*chatChoice
	usage    adapter.Value
	hasUsage bool
	chunks   int
}

var chatMetaKeys = [5]string{"id", "created", "model", "service_tier", "system_fingerprint"}

type chatChoice struct {
	index    int
	role     string
	content  []byte
	refusal  []byte
	calls    map[int]*chatCall
	order    []*chatCall
	lastCall *chatCall
	fn       *chatCall // legacy function_call
	finish   adapter.Value
}

type chatCall struct {
	index  int
	id     string
	typ    string
	name   string
	args   []byte
	custom bool
}

// maxChoices bounds the distinct choice indices of one stream (n is at most 128).
const maxChoices = 1024

func (c *chatAcc) chunk(v adapter.Value, where string, w *warnings) {
	c.chunks++
	for i, k := range chatMetaKeys {
		if c.haveMeta[i] {
			continue
		}
		if m, ok := v.Get(k); ok && !m.IsNull() {
			c.meta[i], c.haveMeta[i] = m, true
		}
	}
	if u, ok := v.Get("usage"); ok && !u.IsNull() {
		c.usage, c.hasUsage = u, true
	}
	choices, ok := v.Get("choices")
	if !ok {
		return
	}
	if choices.Kind() != adapter.Array {
		w.add("%s: choices is not an array; ignored", where)
		return
	}
	for _, ch := range choices.Items() {
		if ch.Kind() != adapter.Object {
			w.add("%s: a choice is not an object; ignored", where)
			continue
		}
		idx := 0
		if iv, ok := ch.Get("index"); ok {
			n, ok := smallInt(iv)
			if !ok {
				w.add("%s: choice index %s is not a small integer; ignored", where, quote(iv.String()))
				continue
			}
			idx = n
		}
		cc := c.choice(idx)
		if cc == nil {
			w.add("%s: more than %d choices; choice %d ignored", where, maxChoices, idx)
			continue
		}
		if d, ok := ch.Get("delta"); ok && d.Kind() == adapter.Object {
			cc.delta(d, where, w)
		}
		if f, ok := ch.Get("finish_reason"); ok && !f.IsNull() {
			cc.finish = f
		}
	}
}

func (c *chatAcc) choice(idx int) *chatChoice {
	if c.choices == nil {
		c.choices = make(map[int]*chatChoice)
	}
	cc := c.choices[idx]
	if cc == nil {
		if len(c.choices) >= maxChoices {
			return nil
		}
		cc = &chatChoice{index: idx}
		c.choices[idx] = cc
	}
	return cc
}

func (cc *chatChoice) delta(d adapter.Value, where string, w *warnings) {
	if r := str(d, "role"); r != "" && cc.role == "" {
		cc.role = r
	}
	if s, ok := d.Get("content"); ok && s.Kind() == adapter.String {
		cc.content = append(cc.content, s.Str()...)
	}
	if s, ok := d.Get("refusal"); ok && s.Kind() == adapter.String {
		cc.refusal = append(cc.refusal, s.Str()...)
	}
	if tc, ok := d.Get("tool_calls"); ok && !tc.IsNull() {
		if tc.Kind() != adapter.Array {
			w.add("%s: delta.tool_calls is not an array; ignored", where)
		}
		for _, frag := range tc.Items() {
			if frag.Kind() != adapter.Object {
				w.add("%s: a tool-call fragment is not an object; ignored", where)
				continue
			}
			cc.fragment(frag, where, w)
		}
	}
	if fc, ok := d.Get("function_call"); ok && fc.Kind() == adapter.Object {
		if cc.fn == nil {
			cc.fn = &chatCall{}
		}
		cc.fn.merge(fc)
	}
}

// fragment merges one tool-call fragment.
func (cc *chatChoice) fragment(frag adapter.Value, where string, w *warnings) {
	var call *chatCall
	if iv, ok := frag.Get("index"); ok {
		idx, ok := smallInt(iv)
		if !ok {
			w.add("%s: tool-call index %s is not a small integer; fragment ignored", where, quote(iv.String()))
			return
		}
		call = cc.calls[idx]
		if call == nil {
			call = cc.newCall(idx)
		}
	} else {
		id := str(frag, "id")
		switch {
		case cc.lastCall != nil && (id == "" || id == cc.lastCall.id):
			call = cc.lastCall
		default:
			next := 0
			for _, o := range cc.order {
				next = max(next, o.index+1)
			}
			call = cc.newCall(next)
		}
	}
	cc.lastCall = call
	if id := str(frag, "id"); id != "" && call.id == "" {
		call.id = id
	}
	if t := str(frag, "type"); t != "" && call.typ == "" {
		call.typ = t
	}
	if fn, ok := frag.Get("function"); ok && fn.Kind() == adapter.Object {
		call.merge(fn)
	}
	if cu, ok := frag.Get("custom"); ok && cu.Kind() == adapter.Object {
		call.custom = true
		if n := str(cu, "name"); n != "" && call.name == "" {
			call.name = n
		}
		if in, ok := cu.Get("input"); ok && in.Kind() == adapter.String {
			call.args = append(call.args, in.Str()...)
		}
	}
}

func (cc *chatChoice) newCall(idx int) *chatCall {
	if cc.calls == nil {
		cc.calls = make(map[int]*chatCall)
	}
	call := &chatCall{index: idx}
	cc.calls[idx] = call
	cc.order = append(cc.order, call)
	return call
}

// merge takes a function object's name (once) and arguments (appended).
func (call *chatCall) merge(fn adapter.Value) {
	if n := str(fn, "name"); n != "" && call.name == "" {
		call.name = n
	}
	if a, ok := fn.Get("arguments"); ok && a.Kind() == adapter.String {
		call.args = append(call.args, a.Str()...)
	}
}

func (call *chatCall) value() adapter.Value {
	id := adapter.StringValue(call.id)
	if call.custom {
		return adapter.ObjectValue(
			adapter.Member{Key: "id", Value: id},
			adapter.Member{Key: "type", Value: adapter.StringValue("custom")},
			adapter.Member{Key: "custom", Value: adapter.ObjectValue(
				adapter.Member{Key: "name", Value: adapter.StringValue(call.name)},
				adapter.Member{Key: "input", Value: adapter.StringValue(string(call.args))},
			)},
		)
	}
	typ := call.typ
	if typ == "" {
		typ = "function"
	}
	return adapter.ObjectValue(
		adapter.Member{Key: "id", Value: id},
		adapter.Member{Key: "type", Value: adapter.StringValue(typ)},
		adapter.Member{Key: "function", Value: call.fnValue()},
	)
}

func (call *chatCall) fnValue() adapter.Value {
	return adapter.ObjectValue(
		adapter.Member{Key: "name", Value: adapter.StringValue(call.name)},
		adapter.Member{Key: "arguments", Value: adapter.StringValue(string(call.args))},
	)
}

func textOrNull(b []byte) adapter.Value {
	if len(b) == 0 {
		return adapter.NullValue()
	}
	return adapter.StringValue(string(b))
}

// finish builds the chat.completion. done says whether [DONE] was seen; sse whether
// the stream was SSE (where [DONE] is expected).
func (c *chatAcc) finish(done, sse bool, badTail string, w *warnings) (adapter.Value, error) {
	if c.chunks == 0 {
		return adapter.Value{}, errors.New("the stream has no chunks")
	}
	idxs := make([]int, 0, len(c.choices))
	for i := range c.choices {
		idxs = append(idxs, i)
	}
	slices.Sort(idxs)
	unfinished := len(idxs) == 0
	choices := make([]adapter.Value, 0, len(idxs))
	for _, i := range idxs {
		cc := c.choices[i]
		if cc.finish.IsNull() {
			unfinished = true
		}
		role := cc.role
		if role == "" {
			role = "assistant"
		}
		msg := []adapter.Member{
			{Key: "role", Value: adapter.StringValue(role)},
			{Key: "content", Value: textOrNull(cc.content)},
			{Key: "refusal", Value: textOrNull(cc.refusal)},
		}
		if len(cc.order) > 0 {
			calls := slices.Clone(cc.order)
			slices.SortStableFunc(calls, func(a, b *chatCall) int { return a.index - b.index })
			items := make([]adapter.Value, len(calls))
			for j, call := range calls {
				items[j] = call.value()
			}
			msg = append(msg, adapter.Member{Key: "tool_calls", Value: adapter.ArrayValue(items...)})
		}
		if cc.fn != nil {
			msg = append(msg, adapter.Member{Key: "function_call", Value: cc.fn.fnValue()})
		}
		choices = append(choices, adapter.ObjectValue(
			adapter.Member{Key: "index", Value: adapter.NumberValue(fmt.Sprint(cc.index))},
			adapter.Member{Key: "message", Value: adapter.ObjectValue(msg...)},
			adapter.Member{Key: "finish_reason", Value: cc.finish},
		))
	}
	switch {
	case badTail != "" && !done:
		w.add("stream ends before [DONE] (the last event, %s, is cut off): loaded as far as it goes", badTail)
	case !done && (sse || unfinished):
		w.add("stream ends before [DONE]: loaded as far as it goes")
	}
	out := []adapter.Member{
		{Key: "id", Value: c.meta[0]},
		{Key: "object", Value: adapter.StringValue("chat.completion")},
		{Key: "created", Value: c.meta[1]},
		{Key: "model", Value: c.meta[2]},
		{Key: "choices", Value: adapter.ArrayValue(choices...)},
	}
	if c.hasUsage {
		out = append(out, adapter.Member{Key: "usage", Value: c.usage})
	}
	for i := 3; i < 5; i++ {
		if c.haveMeta[i] {
			out = append(out, adapter.Member{Key: chatMetaKeys[i], Value: c.meta[i]})
		}
	}
	return adapter.ObjectValue(out...), nil
}
