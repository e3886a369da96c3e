package sessions

import (
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// A keeper keeps of each exchange what a turn needs, and shares what repeats
// between the exchanges of one recording (see "What an exchange keeps" in the
// package doc). A recording of a long chat repeats its whole history, its tools
// and its instructions in every request: kept whole, the requests would hold
// the recording's size many times over.
//
// What the keeper returns owns its memory: it never points into the tree a
// request or a container was decoded into (a decoded tree lives in one arena,
// which any Value taken out of it keeps whole), so that tree is garbage as soon
// as its exchange is made.
type keeper struct {
	shared map[string]adapter.Value // arrays and objects, by their compact JSON
	texts  map[string]adapter.Value // strings of sharedText bytes or more
	names  map[string]string        // member names
}

// sharedText is the length from which a string is shared rather than copied:
// shorter ones cost less to copy than to look up.
const sharedText = 64

func newKeeper() *keeper {
	return &keeper{shared: map[string]adapter.Value{}, texts: map[string]adapter.Value{}, names: map[string]string{}}
}

// request returns what an exchange keeps of a request body: every member as
// recorded, in order, except the history lists "messages" and "input" (when
// they are arrays), which keep only the tool answers (isToolAnswer). A request
// that is not an object is kept whole.
func (k *keeper) request(req adapter.Value) adapter.Value {
	if req.Kind() != adapter.Object {
		return k.share(req)
	}
	mems := req.Members()
	out := make([]adapter.Member, len(mems))
	for i, m := range mems {
		v := m.Value()
		if key := m.Key(); (key == "messages" || key == "input") && v.Kind() == adapter.Array {
			var answers []adapter.Value
			for _, it := range v.Items() {
				if isToolAnswer(it) {
					answers = append(answers, k.share(it))
				}
			}
			v = adapter.ArrayValue(answers...)
		} else {
			v = k.share(v)
		}
		out[i] = adapter.MemberOf(k.name(m.Key()), v)
	}
	return adapter.ObjectValue(out...)
}

// isToolAnswer reports whether a history item answers a tool call: a Chat
// message with role "tool", or a Responses input item of type
// "function_call_output".
func isToolAnswer(it adapter.Value) bool {
	return it.Kind() == adapter.Object && (str(it, "role") == "tool" || str(it, "type") == "function_call_output")
}

// share returns v in memory of its own, the same Value for every array, object
// or long string of the same JSON text.
func (k *keeper) share(v adapter.Value) adapter.Value {
	switch v.Kind() {
	case adapter.Null, adapter.Bool:
		return v
	case adapter.Number:
		return adapter.NumberValue(strings.Clone(v.NumberText()))
	case adapter.String:
		s := v.Str()
		if len(s) < sharedText {
			return adapter.StringValue(strings.Clone(s))
		}
		if got, ok := k.texts[s]; ok {
			return got
		}
		s = strings.Clone(s)
		sv := adapter.StringValue(s)
		k.texts[s] = sv
		return sv
	}
	text := adapter.Marshal(v)
	if got, ok := k.shared[string(text)]; ok {
		return got
	}
	own := pack(v)
	k.shared[string(text)] = own
	return own
}

func (k *keeper) name(s string) string {
	if n, ok := k.names[s]; ok {
		return n
	}
	n := strings.Clone(s)
	k.names[n] = n
	return n
}

// keepExchange returns ex with what it keeps of its request (keeper.request,
// in the loader's keeper), and its response packed.
func (l *loader) keepExchange(ex Exchange) Exchange {
	if l.keep == nil {
		l.keep = newKeeper()
	}
	ex.Request = l.keep.request(ex.Request)
	ex.Response = pack(ex.Response)
	return ex
}

// pack returns v rebuilt in three allocations of ordinary memory: one text
// for every name, string and number, one array for every member and one for
// every element. A small tree decoded into an arena takes about twice that:
// an arena's blocks have a minimum size, which a response of a few hundred
// bytes does not fill. (An arena's blocks are not scanned by the collector,
// and a packed tree's members are; a recording's trees are few and small
// beside what the collector scans anyway.)
func pack(v adapter.Value) adapter.Value {
	var c packer
	c.size(v)
	var sb strings.Builder
	sb.Grow(c.text)
	c.write(&sb, v)
	c.s = sb.String()
	c.memArr = make([]adapter.Member, c.mems)
	c.itemArr = make([]adapter.Value, c.items)
	return c.build(v)
}

type packer struct {
	text, mems, items int
	s                 string
	at                int
	memArr            []adapter.Member
	itemArr           []adapter.Value
}

func (c *packer) size(v adapter.Value) {
	switch v.Kind() {
	case adapter.Number:
		c.text += len(v.NumberText())
	case adapter.String:
		c.text += len(v.Str())
	case adapter.Array:
		c.items += v.Len()
		for _, it := range v.Items() {
			c.size(it)
		}
	case adapter.Object:
		c.mems += v.Len()
		for _, m := range v.Members() {
			c.text += len(m.Key())
			c.size(m.Value())
		}
	}
}

func (c *packer) write(sb *strings.Builder, v adapter.Value) {
	switch v.Kind() {
	case adapter.Number:
		sb.WriteString(v.NumberText())
	case adapter.String:
		sb.WriteString(v.Str())
	case adapter.Array:
		for _, it := range v.Items() {
			c.write(sb, it)
		}
	case adapter.Object:
		for _, m := range v.Members() {
			sb.WriteString(m.Key())
			c.write(sb, m.Value())
		}
	}
}

func (c *packer) next(n int) string {
	s := c.s[c.at : c.at+n]
	c.at += n
	return s
}

func (c *packer) build(v adapter.Value) adapter.Value {
	switch v.Kind() {
	case adapter.Number:
		return adapter.NumberValue(c.next(len(v.NumberText())))
	case adapter.String:
		return adapter.StringValue(c.next(len(v.Str())))
	case adapter.Array:
		src := v.Items()
		out := c.itemArr[:len(src):len(src)]
		c.itemArr = c.itemArr[len(src):]
		for i, it := range src {
			out[i] = c.build(it)
		}
		return adapter.ArrayValue(out...)
	case adapter.Object:
		src := v.Members()
		out := c.memArr[:len(src):len(src)]
		c.memArr = c.memArr[len(src):]
		for i, m := range src {
			key := c.next(len(m.Key()))
			out[i] = adapter.MemberOf(key, c.build(m.Value()))
		}
		return adapter.ObjectValue(out...)
	}
	return v
}
