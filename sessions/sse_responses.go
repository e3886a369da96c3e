package sessions

import (
	"errors"
	"slices"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// respAcc reassembles a Responses event stream (SSE, or JSONL with the SSE framing
// removed) into one response object.
//
// Rules: response.created / in_progress / queued give the response object; the final
// response.completed, response.incomplete or response.failed replaces it, and its
// output wins when it has items (an empty output, seen in synthetic streams, keeps the
// items streamed before it, with a warning). Items are kept by output_index (events
// without one are matched by item_id): response.output_item.added starts an item,
// function_call_arguments.delta (custom_tool_call_input.delta) appends to its
// arguments (input), function_call_arguments.done sets them whole, and
// response.output_item.done replaces the item. A name missing from the done item (real
// streams omit it in function_call_arguments.done) is taken from the added item.
// Message text is rebuilt from content_part.added, output_text.delta / refusal.delta
// and their .done events. sequence_number is not needed and not checked. Other events
// (reasoning summaries, built-in tools) are carried by their output_item events only.
type respAcc struct {
	base     adapter.Value
	hasBase  bool
	final    string // the type of the final event, "" until one is seen
	items    map[int]*respItem
	byID     map[string]*respItem
	nextAuto int
	events   int
	earlier  []adapter.Value // the output items of the responses before this one
	before   int             // how many responses came before this one
}

type respItem struct {
	index     int
	kind      string // the item type guessed from the events, for items never added
	id        string
	item      adapter.Value
	done      bool
	name      string
	text      []byte // arguments (function_call) or input (custom_tool_call)
	hasText   bool
	parts     map[int]*respPart
	partOrder []int
}

type respPart struct {
	part    adapter.Value
	field   string // "text" or "refusal"
	text    []byte
	hasText bool
	done    bool
}

func (r *respAcc) event(typ string, v adapter.Value, where string, w *warnings) {
	r.events++
	switch typ {
	case "response.function_call_arguments.delta", "response.custom_tool_call_input.delta",
		"response.output_text.delta", "response.refusal.delta":
		if d, _ := v.Get("delta"); d.Kind() != adapter.String {
			w.add("%s: %s without a delta string; ignored", where, typ)
			return
		}
	}
	if r.final != "" && strings.HasPrefix(typ, "response.") && !finalOrStart(typ) {
		// An item or a delta after the final event belongs to a response
		// whose start was not recorded: the next one.
		r.nextResponse(w)
	}
	switch typ {
	case "response.created", "response.in_progress", "response.queued":
		if r.final != "" && typ == "response.created" && r.isAnother(v) {
			r.nextResponse(w)
		}
		if r.final == "" {
			r.setBase(v, where, w)
		}
	case "response.completed", "response.incomplete", "response.failed":
		r.setBase(v, where, w)
		r.final = typ
	case "response.output_item.added", "response.output_item.done":
		item, ok := v.Get("item")
		if !ok || item.Kind() != adapter.Object {
			w.add("%s: %s without an item object; ignored", where, typ)
			return
		}
		it := r.find(v, str(item, "id"), str(item, "type"), where, w)
		if it == nil {
			return
		}
		it.item = item
		if id := str(item, "id"); id != "" {
			it.id = id
			r.byID[id] = it
		}
		if n := str(item, "name"); n != "" && it.name == "" {
			it.name = n
		}
		if typ == "response.output_item.done" {
			it.done = true
			return
		}
		for _, k := range []string{"arguments", "input"} {
			if a, ok := item.Get(k); ok && a.Kind() == adapter.String {
				it.text = append(it.text[:0], a.Str()...)
				it.hasText = true
			}
		}
	case "response.function_call_arguments.delta", "response.custom_tool_call_input.delta":
		kind := "function_call"
		if typ == "response.custom_tool_call_input.delta" {
			kind = "custom_tool_call"
		}
		if it := r.find(v, str(v, "item_id"), kind, where, w); it != nil {
			it.text = append(it.text, str(v, "delta")...)
			it.hasText = true
		}
	case "response.function_call_arguments.done", "response.custom_tool_call_input.done":
		kind, key := "function_call", "arguments"
		if typ == "response.custom_tool_call_input.done" {
			kind, key = "custom_tool_call", "input"
		}
		if it := r.find(v, str(v, "item_id"), kind, where, w); it != nil {
			if a, ok := v.Get(key); ok && a.Kind() == adapter.String {
				it.text = append(it.text[:0], a.Str()...)
				it.hasText = true
			}
			if n := str(v, "name"); n != "" && it.name == "" {
				it.name = n
			}
		}
	case "response.content_part.added", "response.content_part.done":
		if p := r.part(v, "text", where, w); p != nil {
			if part, ok := v.Get("part"); ok && part.Kind() == adapter.Object {
				p.part = part
				if typ == "response.content_part.done" {
					p.done = true
				}
			}
		}
	case "response.output_text.delta", "response.refusal.delta":
		field := "text"
		if typ == "response.refusal.delta" {
			field = "refusal"
		}
		if p := r.part(v, field, where, w); p != nil {
			p.text = append(p.text, str(v, "delta")...)
			p.hasText = true
		}
	case "response.output_text.done", "response.refusal.done":
		field := "text"
		if typ == "response.refusal.done" {
			field = "refusal"
		}
		if p := r.part(v, field, where, w); p != nil {
			if t, ok := v.Get(field); ok && t.Kind() == adapter.String {
				p.text = append(p.text[:0], t.Str()...)
				p.hasText = true
			}
		}
	}
}

func (r *respAcc) setBase(v adapter.Value, where string, w *warnings) {
	resp, ok := v.Get("response")
	if !ok || resp.Kind() != adapter.Object {
		w.add("%s: %s without a response object; ignored", where, quote(str(v, "type")))
		return
	}
	r.base, r.hasBase = resp, true
}

// find returns the item an event is about: by output_index when the event has one,
// else by item_id, else a new item after the last.
func (r *respAcc) find(v adapter.Value, id, kind, where string, w *warnings) *respItem {
	if iv, ok := v.Get("output_index"); ok {
		n, ok := smallInt(iv)
		if !ok {
			w.add("%s: output_index %s is not a small integer; event ignored", where, quote(iv.String()))
			return nil
		}
		return r.findAt(true, n, []byte(id), kind)
	}
	return r.findAt(false, 0, []byte(id), kind)
}

func (r *respAcc) findAt(hasIdx bool, idx int, id []byte, kind string) *respItem {
	if r.items == nil {
		r.items = make(map[int]*respItem)
		r.byID = make(map[string]*respItem)
	}
	if !hasIdx {
		if it := r.byID[string(id)]; len(id) > 0 && it != nil {
			return it
		}
		idx = r.nextAuto
	}
	it := r.items[idx]
	if it == nil {
		it = &respItem{index: idx, kind: kind, id: string(id)}
		r.items[idx] = it
		if len(id) > 0 {
			r.byID[it.id] = it
		}
	}
	r.nextAuto = max(r.nextAuto, idx+1)
	return it
}

func (r *respAcc) part(v adapter.Value, field, where string, w *warnings) *respPart {
	it := r.find(v, str(v, "item_id"), "message", where, w)
	if it == nil {
		return nil
	}
	ci := 0
	if iv, ok := v.Get("content_index"); ok {
		n, ok := smallInt(iv)
		if !ok {
			w.add("%s: content_index %s is not a small integer; event ignored", where, quote(iv.String()))
			return nil
		}
		ci = n
	}
	return it.partAt(ci, field)
}

func (it *respItem) partAt(ci int, field string) *respPart {
	if it.parts == nil {
		it.parts = make(map[int]*respPart)
	}
	p := it.parts[ci]
	if p == nil {
		p = &respPart{field: field}
		it.parts[ci] = p
		it.partOrder = append(it.partOrder, ci)
	}
	if field == "refusal" {
		p.field = field
	}
	return p
}

// fast applies a delta event (function-call arguments, custom tool input, output
// text, refusal) read by the scanner, and reports whether it could; every other event
// is left to the general way.
func (r *respAcc) fast(s *scanner, data []byte, name string) bool {
	if r.final != "" {
		return false // an event after the final one starts the next response (see event)
	}
	s.start(data)
	var typ, itemID, delta span
	oi, ci := 0, 0
	hasOI := false
	ok := s.object(func(n []byte) bool {
		var ok bool
		switch string(n) {
		case `"type"`:
			typ, ok = s.str()
		case `"item_id"`:
			itemID, ok = s.str()
		case `"output_index"`:
			oi, ok = s.int()
			hasOI = true
		case `"content_index"`:
			ci, ok = s.int()
		case `"delta"`:
			delta, ok = s.str()
		case `"item"`, `"response"`, `"part"`, `"error"`:
			return false
		default:
			ok = s.skip()
		}
		return ok
	})
	if !ok || !delta.ok || !s.end() {
		return false
	}
	t := name
	if typ.ok {
		t = ""
	}
	var kind, field string
	switch {
	case eventIs(s, typ, t, "response.function_call_arguments.delta"):
		kind = "function_call"
	case eventIs(s, typ, t, "response.custom_tool_call_input.delta"):
		kind = "custom_tool_call"
	case eventIs(s, typ, t, "response.output_text.delta"):
		kind, field = "message", "text"
	case eventIs(s, typ, t, "response.refusal.delta"):
		kind, field = "message", "refusal"
	default:
		return false
	}
	var id []byte
	if itemID.ok {
		id = s.text(itemID)
	}
	r.events++
	it := r.findAt(hasOI, oi, id, kind)
	if field == "" {
		it.text = append(it.text, s.text(delta)...)
		it.hasText = true
		return true
	}
	p := it.partAt(ci, field)
	p.text = append(p.text, s.text(delta)...)
	p.hasText = true
	return true
}

// eventIs reports whether an event's type (its "type" member, else its SSE event name)
// is want.
func eventIs(s *scanner, typ span, name, want string) bool {
	if typ.ok {
		return string(s.text(typ)) == want
	}
	return name == want
}

// value builds the item as far as the stream went.
func (it *respItem) value() adapter.Value {
	v := it.item
	if v.Kind() != adapter.Object {
		mems := []adapter.Member{adapter.MemberOf("type", adapter.StringValue(it.kind))}
		if it.id != "" {
			mems = append(mems, adapter.MemberOf("id", adapter.StringValue(it.id)))
		}
		if it.kind == "message" {
			mems = append(mems, adapter.MemberOf("role", adapter.StringValue("assistant")))
		}
		v = adapter.ObjectValue(mems...)
	}
	typ := str(v, "type")
	if (typ == "function_call" || typ == "custom_tool_call") && str(v, "name") == "" && it.name != "" {
		v = v.With("name", adapter.StringValue(it.name))
	}
	if it.done {
		return v
	}
	switch typ {
	case "function_call":
		if it.hasText || !v.Has("arguments") {
			v = v.With("arguments", adapter.StringValue(string(it.text)))
		}
	case "custom_tool_call":
		if it.hasText || !v.Has("input") {
			v = v.With("input", adapter.StringValue(string(it.text)))
		}
	case "message":
		if len(it.partOrder) > 0 {
			order := slices.Clone(it.partOrder)
			slices.Sort(order)
			parts := make([]adapter.Value, 0, len(order))
			for _, ci := range order {
				parts = append(parts, it.parts[ci].value())
			}
			v = v.With("content", adapter.ArrayValue(parts...))
		}
	}
	return v
}

func (p *respPart) value() adapter.Value {
	v := p.part
	if v.Kind() != adapter.Object {
		typ := "output_text"
		if p.field == "refusal" {
			typ = "refusal"
		}
		v = adapter.ObjectValue(adapter.MemberOf("type", adapter.StringValue(typ)))
	}
	if p.done || !p.hasText {
		return v
	}
	return v.With(p.field, adapter.StringValue(string(p.text)))
}

func (r *respAcc) streamed() []adapter.Value {
	idxs := make([]int, 0, len(r.items))
	for i := range r.items {
		idxs = append(idxs, i)
	}
	slices.Sort(idxs)
	out := make([]adapter.Value, len(idxs))
	for j, i := range idxs {
		out[j] = r.items[i].value()
	}
	return out
}

// finalOrStart reports whether an event type ends a response or starts one:
// after a final event, any other response event belongs to the next response.
func finalOrStart(typ string) bool {
	switch typ {
	case "response.created", "response.in_progress", "response.queued",
		"response.completed", "response.incomplete", "response.failed":
		return true
	}
	return false
}

// isAnother reports whether a response.created event after the final event
// starts another response: its response has an id other than the one before.
func (r *respAcc) isAnother(v adapter.Value) bool {
	resp, _ := v.Get("response")
	id := str(resp, "id")
	return id == "" || id != str(r.base, "id")
}

// nextResponse ends the response read so far, keeping its output items, and
// starts reading the next one: a stream that holds several responses (a
// recording of several requests, concatenated) reads as one response whose
// output holds every response's items in order, with a warning, as a Chat stream
// of several completions does.
func (r *respAcc) nextResponse(w *warnings) {
	resp := r.one(w)
	out, _ := resp.Get("output")
	*r = respAcc{events: r.events, earlier: append(r.earlier, out.Items()...), before: r.before + 1}
}

// finish builds the response object.
func (r *respAcc) finish(badTail string, w *warnings) (adapter.Value, error) {
	if r.events == 0 {
		return adapter.Value{}, errors.New("the stream has no events")
	}
	resp := r.oneOrCut(badTail, w)
	if r.before > 0 {
		out, _ := resp.Get("output")
		resp = resp.With("output", adapter.ArrayValue(append(slices.Clip(r.earlier), out.Items()...)...))
		w.add("the stream holds %d responses: read as one, their outputs in order, with the last one's other fields", r.before+1)
	}
	return resp, nil
}

// one builds the response read so far, which has its final event.
func (r *respAcc) one(w *warnings) adapter.Value { return r.oneOrCut("", w) }

// oneOrCut builds the response read so far; badTail is the cut-off last event
// of a stream that ends before its final event.
func (r *respAcc) oneOrCut(badTail string, w *warnings) adapter.Value {
	if r.final != "" && r.hasBase {
		resp := r.base
		out, _ := resp.Get("output")
		switch {
		case out.Len() > 0:
			resp = resp.With("output", r.fillNames(out))
		case len(r.items) > 0:
			resp = resp.With("output", adapter.ArrayValue(r.streamed()...))
			w.add("%s has an empty output: kept the %d items streamed before it", r.final, len(r.items))
		}
		if r.final == "response.failed" {
			e, _ := resp.Get("error")
			w.add("the response failed: %s", snippet(errorMessage(e), 200))
		}
		return resp
	}
	resp := r.base
	if !r.hasBase {
		resp = adapter.ObjectValue(
			adapter.MemberOf("object", adapter.StringValue("response")),
			adapter.MemberOf("status", adapter.StringValue("in_progress")),
		)
	}
	resp = resp.With("output", adapter.ArrayValue(r.streamed()...))
	if badTail != "" {
		w.add("stream ends before response.completed (the last event, %s, is cut off): loaded as far as it goes", badTail)
	} else {
		w.add("stream ends before response.completed: loaded as far as it goes")
	}
	return resp
}

// fillNames gives function_call items of the final output that lack a name the name
// streamed for the same item id.
func (r *respAcc) fillNames(out adapter.Value) adapter.Value {
	items := out.Items()
	var fixed []adapter.Value
	for i, item := range items {
		if str(item, "type") != "function_call" || str(item, "name") != "" {
			continue
		}
		it := r.byID[str(item, "id")]
		if it == nil || it.name == "" {
			continue
		}
		if fixed == nil {
			fixed = slices.Clone(items)
		}
		fixed[i] = item.With("name", adapter.StringValue(it.name))
	}
	if fixed == nil {
		return out
	}
	return adapter.ArrayValue(fixed...)
}
