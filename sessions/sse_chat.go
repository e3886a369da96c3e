package sessions

import (
	"errors"
	"fmt"
	"slices"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
)

// chatAcc reassembles a Chat Completions stream (chat.completion.chunk objects) into
// one chat.completion object.
//
// Rules: id, created, model, service_tier and system_fingerprint come from the first
// chunk that has them. Choices are kept by their index. In a delta, role is set once;
// content and refusal fragments are appended (a message whose content or refusal
// fragments add up to nothing has null there, as a completion without text has);
// tool-call fragments are merged by their index: id, type and function name are set
// by the first fragment that has them, arguments are appended. A fragment whose id
// differs from the id of the call at its index starts a new call there (Ollama and
// some gateways give every parallel call index 0; the trace warns once). A
// fragment without an index continues the last call, unless it brings a new id. Custom tool calls
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

// chatMetaKey names the members of a chunk kept from the first chunk that has them,
// in chatAcc.meta's order.
func chatMetaKey(i int) string {
	return [...]string{"id", "created", "model", "service_tier", "system_fingerprint"}[i]
}

// chatMetaIndex returns the index in chatAcc.meta of a member name written with its
// quotes, or -1.
func chatMetaIndex(quoted []byte) int {
	switch string(quoted) {
	case `"id"`:
		return 0
	case `"created"`:
		return 1
	case `"model"`:
		return 2
	case `"service_tier"`:
		return 3
	case `"system_fingerprint"`:
		return 4
	}
	return -1
}

type chatChoice struct {
	index    int
	role     string
	content  []byte
	refusal  []byte
	calls    map[int]*chatCall
	order    []*chatCall
	lastCall *chatCall
	reused   int       // calls that started at an index another call had
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
	for i := range c.meta {
		if c.haveMeta[i] {
			continue
		}
		if m, ok := v.Get(chatMetaKey(i)); ok && !m.IsNull() {
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
	hasIndex, idx := false, 0
	if iv, ok := frag.Get("index"); ok {
		n, ok := smallInt(iv)
		if !ok {
			w.add("%s: tool-call index %s is not a small integer; fragment ignored", where, quote(iv.String()))
			return
		}
		hasIndex, idx = true, n
	}
	var name, args string
	hasArgs, custom := false, false
	if fn, ok := frag.Get("function"); ok && fn.Kind() == adapter.Object {
		name = str(fn, "name")
		if a, ok := fn.Get("arguments"); ok && a.Kind() == adapter.String {
			args, hasArgs = a.Str(), true
		}
	}
	if cu, ok := frag.Get("custom"); ok && cu.Kind() == adapter.Object {
		custom = true
		if name == "" {
			name = str(cu, "name")
		}
		if in, ok := cu.Get("input"); ok && in.Kind() == adapter.String {
			args, hasArgs = args+in.Str(), true
		}
	}
	call := cc.callFor(hasIndex, idx, str(frag, "id"))
	call.set(str(frag, "id"), str(frag, "type"), name)
	call.custom = call.custom || custom
	if hasArgs {
		call.args = append(call.args, args...)
	}
}

// callFor finds the call a fragment belongs to: by index unless the fragment
// brings an id other than that call's, or, without an index, the last call unless
// the fragment brings a new id.
func (cc *chatChoice) callFor(hasIndex bool, idx int, id string) *chatCall {
	var call *chatCall
	if hasIndex {
		call = cc.calls[idx]
		switch {
		case call == nil:
			call = cc.newCall(idx)
		case id != "" && call.id != "" && id != call.id:
			call = cc.newCall(idx)
			cc.reused++
		}
	} else if cc.lastCall != nil && (id == "" || id == cc.lastCall.id) {
		call = cc.lastCall
	} else {
		next := 0
		for _, o := range cc.order {
			next = max(next, o.index+1)
		}
		call = cc.newCall(next)
	}
	cc.lastCall = call
	return call
}

// set gives the call its id, type and name, each only once.
func (call *chatCall) set(id, typ, name string) {
	if id != "" && call.id == "" {
		call.id = id
	}
	if typ != "" && call.typ == "" {
		call.typ = typ
	}
	if name != "" && call.name == "" {
		call.name = name
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
			adapter.MemberOf("id", id),
			adapter.MemberOf("type", adapter.StringValue("custom")),
			adapter.MemberOf("custom", adapter.ObjectValue(
				adapter.MemberOf("name", adapter.StringValue(call.name)),
				adapter.MemberOf("input", adapter.StringValue(string(call.args))),
			)),
		)
	}
	typ := call.typ
	if typ == "" {
		typ = "function"
	}
	return adapter.ObjectValue(
		adapter.MemberOf("id", id),
		adapter.MemberOf("type", adapter.StringValue(typ)),
		adapter.MemberOf("function", call.fnValue()),
	)
}

func (call *chatCall) fnValue() adapter.Value {
	return adapter.ObjectValue(
		adapter.MemberOf("name", adapter.StringValue(call.name)),
		adapter.MemberOf("arguments", adapter.StringValue(string(call.args))),
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
			adapter.MemberOf("role", adapter.StringValue(role)),
			adapter.MemberOf("content", textOrNull(cc.content)),
			adapter.MemberOf("refusal", textOrNull(cc.refusal)),
		}
		if cc.reused > 0 {
			w.add("choice %d: %d %s at a tool-call index an earlier call had, with %s; read as %s (OpenAI gives each call its own index)",
				cc.index, cc.reused, words.Form(cc.reused, "call came", "calls came"), words.Form(cc.reused, "an id of its own", "ids of their own"), words.Form(cc.reused, "a new call", "new calls"))
		}
		if len(cc.order) > 0 {
			calls := slices.Clone(cc.order)
			slices.SortStableFunc(calls, func(a, b *chatCall) int { return a.index - b.index })
			items := make([]adapter.Value, len(calls))
			for j, call := range calls {
				items[j] = call.value()
			}
			msg = append(msg, adapter.MemberOf("tool_calls", adapter.ArrayValue(items...)))
		}
		if cc.fn != nil {
			msg = append(msg, adapter.MemberOf("function_call", cc.fn.fnValue()))
		}
		choices = append(choices, adapter.ObjectValue(
			adapter.MemberOf("index", adapter.NumberValue(fmt.Sprint(cc.index))),
			adapter.MemberOf("message", adapter.ObjectValue(msg...)),
			adapter.MemberOf("finish_reason", cc.finish),
		))
	}
	switch {
	case badTail != "" && !done:
		w.add("stream ends before [DONE] (the last event, %s, is cut off): loaded as far as it goes", badTail)
	case !done && (sse || unfinished):
		w.add("stream ends before [DONE]: loaded as far as it goes")
	}
	out := []adapter.Member{
		adapter.MemberOf("id", c.meta[0]),
		adapter.MemberOf("object", adapter.StringValue("chat.completion")),
		adapter.MemberOf("created", c.meta[1]),
		adapter.MemberOf("model", c.meta[2]),
		adapter.MemberOf("choices", adapter.ArrayValue(choices...)),
	}
	if c.hasUsage {
		out = append(out, adapter.MemberOf("usage", c.usage))
	}
	for i := 3; i < 5; i++ {
		if c.haveMeta[i] {
			out = append(out, adapter.MemberOf(chatMetaKey(i), c.meta[i]))
		}
	}
	return adapter.ObjectValue(out...), nil
}

// fastChoice and fastFrag hold what the scanner read of one chunk's choice and
// tool-call fragment, before it is applied.
type fastChoice struct {
	index              int
	role, content, ref span
	finish             span
	fragStart, fragEnd int
}

type fastFrag struct {
	hasIndex      bool
	index         int
	id, typ, name span
	args          span
}

// fast applies one chunk read by the scanner, and reports whether it could: a chunk
// that brings what the first chunk brings (id, model, …), usage, an error, custom or
// legacy function calls, or anything of an unexpected kind is left to the general way.
func (c *chatAcc) fast(s *scanner, data []byte) bool {
	s.start(data)
	isChunk := false
	frag := func() bool {
		f := fastFrag{}
		ok := s.object(func(name []byte) bool {
			var ok bool
			switch string(name) {
			case `"index"`:
				f.index, ok = s.int()
				f.hasIndex = true
			case `"id"`:
				f.id, ok = s.str()
			case `"type"`:
				f.typ, ok = s.str()
			case `"function"`:
				ok = s.object(func(name []byte) bool {
					var ok bool
					switch string(name) {
					case `"name"`:
						f.name, ok = s.str()
					case `"arguments"`:
						f.args, ok = s.str()
					default:
						ok = s.skip()
					}
					return ok
				})
			case `"custom"`:
				return false
			default:
				ok = s.skip()
			}
			return ok
		})
		s.frags = append(s.frags, f)
		return ok
	}
	choice := func() bool {
		ch := fastChoice{fragStart: len(s.frags)}
		ok := s.object(func(name []byte) bool {
			var ok bool
			switch string(name) {
			case `"index"`:
				ch.index, ok = s.int()
			case `"delta"`:
				ok = s.object(func(name []byte) bool {
					var ok bool
					switch string(name) {
					case `"role"`:
						ch.role, ok = s.str()
					case `"content"`:
						ch.content, ok = s.str()
					case `"refusal"`:
						ch.ref, ok = s.str()
					case `"tool_calls"`:
						ok = s.isNull() || s.array(frag)
					case `"function_call"`:
						return false
					default:
						ok = s.skip()
					}
					return ok
				})
			case `"finish_reason"`:
				ch.finish, ok = s.str()
			default:
				ok = s.skip()
			}
			return ok
		})
		ch.fragEnd = len(s.frags)
		s.choices = append(s.choices, ch)
		return ok
	}
	ok := s.object(func(name []byte) bool {
		switch string(name) {
		case `"choices"`:
			isChunk = true
			return s.array(choice)
		case `"object"`:
			sp, ok := s.str()
			return ok && sp.ok && string(s.text(sp)) == "chat.completion.chunk"
		case `"usage"`:
			return s.isNull()
		case `"error"`, `"type"`:
			return false
		}
		if i := chatMetaIndex(name); i >= 0 && !c.haveMeta[i] {
			return s.isNull()
		}
		return s.skip()
	})
	if !ok || !isChunk || !s.end() {
		return false
	}
	for _, ch := range s.choices {
		if c.choices[ch.index] == nil && len(c.choices) >= maxChoices {
			return false
		}
	}
	c.chunks++
	for _, ch := range s.choices {
		cc := c.choice(ch.index)
		if ch.role.ok && cc.role == "" {
			cc.role = string(s.text(ch.role))
		}
		if ch.content.ok {
			cc.content = append(cc.content, s.text(ch.content)...)
		}
		if ch.ref.ok {
			cc.refusal = append(cc.refusal, s.text(ch.ref)...)
		}
		for _, f := range s.frags[ch.fragStart:ch.fragEnd] {
			id := ""
			if f.id.ok {
				id = string(s.text(f.id))
			}
			call := cc.callFor(f.hasIndex, f.index, id)
			if f.id.ok || f.typ.ok || f.name.ok {
				var typ, name string
				if f.typ.ok {
					typ = string(s.text(f.typ))
				}
				if f.name.ok {
					name = string(s.text(f.name))
				}
				call.set(id, typ, name)
			}
			if f.args.ok {
				call.args = append(call.args, s.text(f.args)...)
			}
		}
		if ch.finish.ok {
			cc.finish = adapter.StringValue(string(s.text(ch.finish)))
		}
	}
	return true
}
