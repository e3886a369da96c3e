package adapter

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecode: Decode never panics; an error is a *SyntaxError inside the input;
// a value round-trips through Marshal and MarshalIndent.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, `null`, `true`, `0`, `-0.0e+1`, `1e400`, `12345678901234567890`, `"é\u00e9\ud83d\ude00"`,
		`{"a":[1,{"b":null}],"c":"\n\"\\"}`, `{"a":1,"a":2}`, `{"x":{"b":1,"b":2}}`, `"\ud800"`, "\"\xff\"",
		"\xEF\xBB\xBF{\"a\":1}", `[1,]`, `{"a"}`, ` [ ] `, `[[[[[[[[[[]]]]]]]]]]`, "{\"k\":\"\u2028\u0000\"}",
		`{"a0":0,"a1":1,"a2":2,"a3":3,"a4":4,"a5":5,"a6":6,"a7":7,"a8":8,"a9":9,"b0":0,"b1":1,"b2":2,"b3":3,"b4":4,"b5":5,"b6":6,"a3":3}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Decode(data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T: %v", err, err)
			}
			if se.Offset < 0 || se.Offset > int64(len(data)) || se.Line < 1 || se.Column < 1 || se.Msg == "" {
				t.Fatalf("error position %+v for %d bytes", se, len(data))
			}
			if se.Pointer != "" && se.Pointer[0] != '/' {
				t.Fatalf("pointer %q", se.Pointer)
			}
			return
		}
		if !json.Valid(bytes.TrimPrefix(data, utf8BOM)) {
			t.Fatalf("Decode accepted what encoding/json rejects: %q", data)
		}
		checkDecodeOwned(t, bytes.TrimPrefix(data, utf8BOM))
		checkPlainStrings(t, v)
		text := Marshal(v)
		if !utf8.Valid(text) {
			t.Fatalf("Marshal wrote invalid UTF-8")
		}
		v2, err := Decode(text)
		if err != nil {
			t.Fatalf("Marshal(Decode(x)) does not decode: %v\n%s", err, text)
		}
		if !Equal(v, v2) {
			t.Fatalf("round trip changed the value:\n%s\n%s", text, Marshal(v2))
		}
		if !bytes.Equal(Marshal(v2), text) {
			t.Fatalf("Marshal is not stable")
		}
		v3, err := Decode(MarshalIndent(v))
		if err != nil || !Equal(v, v3) {
			t.Fatalf("MarshalIndent round trip: %v", err)
		}
	})
}

// FuzzStrictSchema: StrictSchema of an arbitrary decoded value never panics; a
// result passes CheckStrict and is valid JSON; its null paths name properties;
// converting it again changes nothing; a failure is a *StrictError.
func FuzzStrictSchema(f *testing.F) {
	for _, s := range []string{
		`{"type":"object"}`,
		`{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":"integer"}},"required":["q"]}`,
		`{"type":"object","properties":{"v":{"oneOf":[{"type":"string"}]}}}`,
		`{"type":"object","properties":{"a":{"$ref":"#/$defs/d","description":"x","default":1}},"$defs":{"d":{"type":"object","properties":{"k":{"enum":["a",null]}}},"u":true}}`,
		`{"type":"object","properties":{"t":{"$ref":"#"},"n":{"type":"string"}},"required":["t"]}`,
		`{"type":"object","properties":{"l":{"type":"array","items":{"anyOf":[{"type":"object","properties":{"x":{"const":1}}},{"type":"null"}]}}}}`,
		`{"type":"object","properties":{"p":{"type":"string","pattern":"(?=a)","format":"date","minLength":1,"title":"\u200b"}}}`,
		`{"type":"object","additionalProperties":false,"definitions":{"x":{"type":"string"}},"properties":{"r":{"$ref":"#/definitions/x"}}}`,
		`{"type":"object","properties":{"e":{"type":["string","null"],"enum":["a"]},"c":{"type":"integer","const":3,"default":3}}}`,
		`{"type":"object","properties":{"o":{"type":"object","properties":{"i":{"type":"object","additionalProperties":false}}}}}`,
	} {
		f.Add([]byte(s), false)
	}
	// The real schemas of the corpus, when it is there, are seeds too.
	for _, schema := range corpusInputSchemas() {
		f.Add(Marshal(schema), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, noDefaults bool) {
		v, err := Decode(data)
		if err != nil {
			return
		}
		opts := StrictOptions{NoDefaultDescriptions: noDefaults}
		res, err := StrictSchema(v, opts)
		general, gerr := strictSchema(v, opts, true)
		sameStrictOutcome(t, v, res, err, general, gerr)
		checkStrictOwned(t, v, opts)
		if err != nil {
			var se *StrictError
			if !errors.As(err, &se) || se.Keyword == "" || se.Message == "" || se.Path == nil {
				t.Fatalf("error %T %v", err, err)
			}
			if strings.HasPrefix(se.Keyword, "max_") && res == nil {
				t.Fatalf("a limit error without its result")
			}
			return
		}
		if vs := CheckStrict(res.Schema); len(vs) > 0 {
			t.Fatalf("result breaks strict mode: %v\nin  %s\nout %s", vs, data, res.Schema)
		}
		text := Marshal(res.Schema)
		if again, err := Decode(text); err != nil || !Equal(again, res.Schema) {
			t.Fatalf("result is not valid JSON: %v\n%s", err, text)
		}
		for _, p := range res.NullPaths.Paths() {
			if len(p) == 0 || p[len(p)-1].Kind != KeyStep {
				t.Fatalf("null path %s does not end with a property", p)
			}
		}
		// A dropped keyword sits at the end of its path, or is an unreachable
		// definition ["$defs", NAME] listed under its container; either way
		// the path leads to it in the input.
		for _, d := range res.Dropped.List() {
			n := len(d.Path)
			isKeyword := n > 0 && d.Path[n-1] == Key(d.Keyword)
			isDef := n == 2 && d.Path[0] == Key(d.Keyword) && (d.Keyword == "$defs" || d.Keyword == "definitions")
			if !isKeyword && !isDef {
				t.Fatalf("dropped %+v", d)
			}
			if _, ok := Lookup(v, d.Path); !ok {
				t.Fatalf("dropped %+v: no such place in the input", d)
			}
		}
		// Each declaration made nullable is a property of the input, whose
		// name ends its null path.
		for i, sites := range res.NullSites() {
			np := res.NullPaths.At(i)
			for _, site := range sites {
				if _, ok := Lookup(v, site); !ok || site[len(site)-1] != np[len(np)-1] || site[len(site)-2] != Key("properties") {
					t.Fatalf("null path %s: site %s is not a property of the input", np, site)
				}
			}
		}
		// A strict schema is its own strict form. Only a limit can fail it: the
		// nulls the first pass appended count as written ones the second time.
		res2, err := StrictSchema(res.Schema, opts)
		if err != nil {
			var se *StrictError
			if errors.As(err, &se) && (se.Keyword == "max_chars" || se.Keyword == "max_enum_chars") {
				return
			}
			t.Fatalf("converting the result again: %v\n%s", err, res.Schema)
		}
		if !Equal(res2.Schema, res.Schema) || res2.NullPaths.Len() != 0 || res2.Dropped.Len() != 0 {
			t.Fatalf("converting the result again changed it:\n%s\n%s\nnull paths %s dropped %v", res.Schema, res2.Schema, pathsJSON(res2.NullPaths.Paths()), res2.Dropped)
		}
	})
}

// FuzzStripNulls: stripping only removes nulls. Every member that is gone was null
// and sat at one of the null paths; everything else is unchanged; stripping again
// removes nothing.
func FuzzStripNulls(f *testing.F) {
	f.Add([]byte(`{"q":"x","limit":null,"tags":[{"k":null}]}`), []byte(`[["limit"],["tags",null,"k"]]`))
	f.Add([]byte(`{"o":{"x":null},"o2":null}`), []byte(`[["o","x"],["o"],["o2"],["o2","y"]]`))
	f.Add([]byte(`[{"a":null},null]`), []byte(`[[null,"a"],[null]]`))
	f.Add([]byte(`{"m":[[{"k":null}],[]]}`), []byte(`[["m",null,null,"k"],["m",0,"k"],[]]`))
	f.Add([]byte(`{"a":false,"b":0,"c":""}`), []byte(`[["a"],["b"],["c"],["d"]]`))
	// The shapes of the slow inputs, small: TestStripNullsSlowInputs checks them
	// at full size. (Go's fuzzer minimizes each new input it finds in time that
	// grows with the square of its length, up to a minute, and fuzzes nothing
	// meanwhile: seeds of a few KB would make it spend its time there.)
	for _, s := range stripShapes {
		args, paths := s.build(1 << 10)
		f.Add([]byte(args), []byte(paths))
	}
	f.Fuzz(checkStripNulls)
}

// TestStripNullsSlowInputs runs FuzzStripNulls' check on the inputs that made
// it slow, at full size: deep arguments (its check copied the path of every
// value, n² steps), long paths through them, and many paths.
func TestStripNullsSlowInputs(t *testing.T) {
	type input struct{ name, args, paths string }
	inputs := []input{
		{"10,000 arrays", strings.Repeat("[", 10000) + strings.Repeat("]", 10000), `[[null,"a"],["a"]]`},
		{"10,000 objects, a path to the bottom", strings.Repeat(`{"a":`, 9999) + `{"a":null}` + strings.Repeat("}", 9999), "[[" + strings.Repeat(`"a",`, 9999) + `"a"]]`},
		{"10,000 arrays, every element to the bottom", strings.Repeat("[", 9999) + `{"a":null}` + strings.Repeat("]", 9999), "[[" + strings.Repeat("null,", 9999) + `"a"]]`},
	}
	for _, s := range stripShapes {
		args, paths := s.build(16 << 10)
		inputs = append(inputs, input{s.name, args, paths})
	}
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) { checkStripNulls(t, []byte(in.args), []byte(in.paths)) })
	}
}

// checkStripNulls is FuzzStripNulls' check of one input. Its work grows with
// the size of the input times the number of paths, whatever the depth.
func checkStripNulls(t *testing.T, argsText, pathsText []byte) {
	args, err := Decode(argsText)
	if err != nil {
		return
	}
	pv, err := Decode(pathsText)
	if err != nil || pv.Kind() != Array {
		return
	}
	var paths []Path
	for _, it := range pv.Items() {
		p, ok := PathFromValue(it)
		if !ok {
			return
		}
		paths = append(paths, p)
	}
	before := Marshal(args)
	out, stripped := StripNulls(args, paths)
	if !bytes.Equal(Marshal(args), before) {
		t.Fatal("the input changed")
	}
	removed := fuzzOnlyNullsRemoved(t, args, out, nil, paths)
	if removed == 0 && !Equal(args, out) {
		t.Fatal("nothing removed, yet the value changed")
	}
	if (removed == 0) != (len(stripped) == 0) {
		t.Fatalf("%d removed, stripped %s", removed, pathsJSON(stripped))
	}
	// stripped lists null paths, in their order, each once.
	j := 0
	for _, s := range stripped {
		for j < len(paths) && !paths[j].Equal(s) {
			j++
		}
		if j == len(paths) {
			t.Fatalf("stripped %s is not in null-path order", pathsJSON(stripped))
		}
		j++
	}
	again, stripped2 := StripNulls(out, paths)
	if len(stripped2) != 0 || !Equal(again, out) {
		t.Fatalf("stripping again removed %s", pathsJSON(stripped2))
	}
}

// fuzzOnlyNullsRemoved compares the arguments before and after stripping: out has
// the same shape, an object keeps its other members in order, and each member it
// lost was null at a path that one of paths matches. It returns how many were lost.
// at is the path of in, used as a stack: a call appends to it for the next level
// and never keeps it, so a value n levels deep costs n steps, not n² of copies.
func fuzzOnlyNullsRemoved(t *testing.T, in, out Value, at Path, paths []Path) int {
	t.Helper()
	if in.Kind() != out.Kind() {
		t.Fatalf("at %s: %s became %s", at, in, out)
	}
	switch in.Kind() {
	case Array:
		if in.Len() != out.Len() {
			t.Fatalf("at %s: array length changed", at)
		}
		n := 0
		for i := range in.Items() {
			n += fuzzOnlyNullsRemoved(t, in.Items()[i], out.Items()[i], append(at, Index(i)), paths)
		}
		return n
	case Object:
		outMems := out.Members()
		n, j := 0, 0
		for _, m := range in.Members() {
			if j < len(outMems) && outMems[j].Key() == m.Key() {
				n += fuzzOnlyNullsRemoved(t, m.Value(), outMems[j].Value(), append(at, Key(m.Key())), paths)
				j++
				continue
			}
			if !m.Value().IsNull() {
				t.Fatalf("at %s: non-null member %q removed", at, m.Key())
			}
			p := append(at, Key(m.Key()))
			if !fuzzMatches(paths, p) {
				t.Fatalf("null at %s removed, but no null path names it", p)
			}
			n++
		}
		if j != len(outMems) {
			t.Fatalf("at %s: members added or reordered", at)
		}
		return n
	}
	if !Equal(in, out) {
		t.Fatalf("at %s: %s became %s", at, in, out)
	}
	return 0
}

// fuzzMatches reports whether a concrete path (indices) matches one of the null
// paths (Every for any index).
func fuzzMatches(paths []Path, concrete Path) bool {
	for _, p := range paths {
		if len(p) != len(concrete) {
			continue
		}
		ok := true
		for i, s := range p {
			c := concrete[i]
			switch s.Kind {
			case KeyStep:
				ok = c.Kind == KeyStep && c.Key == s.Key
			case EveryStep:
				ok = c.Kind == IndexStep
			default:
				ok = false
			}
			if !ok {
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// FuzzToolCalls: ToolCalls never panics on any response, nor on any arguments in a
// call of either API, and what it returns keeps the shapes of
// docs/calls-and-outputs.md#rejected-outputs and
// docs/calls-and-outputs.md#the-calls-output.
func FuzzToolCalls(f *testing.F) {
	f.Add([]byte(`{"choices":[{"message":{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"search","arguments":"{\"limit\":null}"}}]}}]}`), `{"q":"x","limit":null,"tags":[{"k":null}]}`, false)
	f.Add([]byte(`{"output":[{"type":"function_call","call_id":"c","name":"nope","arguments":"{}"},{"type":"reasoning"}]}`), ``, true)
	f.Add([]byte(`[{"type":"custom","custom":{"name":"x"}}]`), `[1]`, false)
	f.Add([]byte(`{"role":"assistant","tool_calls":null}`), "\uFEFF{}", true)
	f.Add([]byte(`{"error":{"message":"bad"}}`), `{"a":"\ud800"}`, false)
	f.Add([]byte(`[{"type":"function_call","name":"multi_tool_use.parallel","arguments":{"a":1}}]`), `{"a":1,"a":2}`, true)
	f.Fuzz(func(t *testing.T, response []byte, args string, responses bool) {
		sent := NewSentTools([]SentTool{
			{Exposed: "search", Strict: true, NullPaths: []Path{Keys("limit"), {Key("tags"), Every(), Key("k")}},
				InputSchema: ObjectValue(MemberOf("type", StringValue("object")))},
			{Exposed: "echo"},
		})
		opts := DefaultCallsOptions()
		opts.ApplyDefaults = responses
		if v, err := Decode(response); err == nil {
			fuzzCheckCalls(t, v, sent, opts)
		}
		name := "search"
		if len(args) > 0 && args[0]&1 == 1 {
			name = "echo"
		}
		var item Value
		if responses {
			item = ObjectValue(MemberOf("type", StringValue("function_call")), MemberOf("call_id", StringValue("c1")), MemberOf("name", StringValue(name)), MemberOf("arguments", StringValue(args)))
		} else {
			item = ObjectValue(MemberOf("id", StringValue("c1")), MemberOf("type", StringValue("function")),
				MemberOf("function", ObjectValue(MemberOf("name", StringValue(name)), MemberOf("arguments", StringValue(args)))))
		}
		x := fuzzCheckCalls(t, ArrayValue(item), sent, opts)
		if x == nil || len(x.Calls)+len(x.Rejected) != 1 {
			t.Fatalf("one call item gave %v", x)
		}
		want := "chat"
		if responses {
			want = "responses"
		}
		if string(x.API) != want {
			t.Fatalf("API %q", x.API)
		}
		if len(x.Calls) == 1 {
			v, err := DecodeString(args)
			if strings.Trim(args, " \t\r\n") != "" && (err != nil || !Equal(v, x.Calls[0].Decoded)) {
				t.Fatalf("accepted arguments %q that do not decode to what the call holds", args)
			}
		}
	})
}

func fuzzCheckCalls(t *testing.T, response Value, sent *SentTools, opts CallsOptions) *Extracted {
	t.Helper()
	x, err := ToolCalls(response, sent, opts)
	if err != nil {
		var re *ResponseError
		if !errors.As(err, &re) || re.Msg == "" {
			t.Fatalf("error %T %v", err, err)
		}
		return nil
	}
	for _, c := range x.Calls {
		if c.Arguments.Kind() != Object || c.Decoded.Kind() != Object || c.Sent == nil || c.Sent.Exposed != c.Name {
			t.Fatalf("call %+v", c)
		}
	}
	for _, r := range x.Rejected {
		mems := r.Output.Members()
		if len(mems) != 3 {
			t.Fatalf("rejected output %s", r.Output)
		}
		var keys []string
		for _, m := range mems {
			keys = append(keys, m.Key())
		}
		wantKeys := "role,tool_call_id,content"
		if r.API == Responses {
			wantKeys = "type,call_id,output"
		}
		if strings.Join(keys, ",") != wantKeys || mems[1].Value().Str() != r.CallID || !strings.HasPrefix(mems[2].Value().Str(), "Error: ") {
			t.Fatalf("rejected output %s for API %q", r.Output, r.API)
		}
	}
	if len(x.Order) != len(x.Calls)+len(x.Rejected) {
		t.Fatalf("order %v", x.Order)
	}
	if n := len(x.NextInput(make([]Value, len(x.Calls)))); n != len(x.Order) {
		t.Fatalf("next input has %d items for %d calls", n, len(x.Order))
	}
	return x
}

// FuzzParseToolList: ParseToolList never panics; a list it accepts names and
// renders for both APIs, with unique valid names and strict schemas that pass
// CheckStrict.
func FuzzParseToolList(f *testing.F) {
	for _, s := range []string{
		`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`,
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"b","description":null,"title":"B"}]}}`,
		`[{"name":"c.d","description":"x\u200b","inputSchema":{"type":"object","properties":{"x":{"type":"string","default":"y"}}}},{"name":"c_d"}]`,
		`{"tools":[{"name":""}]}`, `{"tools":{}}`, `{"jsonrpc":"2.0","error":{"message":"nope"}}`, `[1]`,
		`[{"name":"` + strings.Repeat("x", 70) + `"},{"name":"` + strings.Repeat("x", 70) + `"}]`,
	} {
		f.Add([]byte(s), "srv")
	}
	f.Fuzz(func(t *testing.T, data []byte, server string) {
		doc, err := Decode(data)
		if err != nil {
			return
		}
		tools, warnings, err := ParseToolList(doc)
		if err != nil {
			var te *ToolListError
			if !errors.As(err, &te) || te.Msg == "" || tools != nil {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		for _, w := range warnings {
			if w == "" {
				t.Fatal("empty warning")
			}
		}
		for _, noPrefix := range []bool{false, true} {
			set := NewToolSet([]Server{{Name: server, Tools: tools}}, NameOptions{NoPrefix: noPrefix})
			names := map[string]bool{}
			for _, e := range set.Entries {
				if names[e.Exposed] || utf8.RuneCountInString(e.Exposed) > MaxNameLength || e.Exposed == "" {
					t.Fatalf("exposed name %q", e.Exposed)
				}
				for _, r := range e.Exposed {
					if !(r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
						t.Fatalf("exposed name %q", e.Exposed)
					}
				}
				names[e.Exposed] = true
				if got, ok := set.Lookup(e.Exposed); !ok || got != e {
					t.Fatalf("lookup %q", e.Exposed)
				}
			}
			for _, api := range []API{Chat, Responses} {
				sent, rep := Tools(set, ToolsOptions{API: api})
				if len(sent) != len(tools) {
					t.Fatalf("%d of %d tools sent under strict auto", len(sent), len(tools))
				}
				for _, o := range rep.Outcomes {
					if o.Status != StatusStrict {
						continue
					}
					fn := o.Tool
					if api == Chat {
						fn, _ = fn.Get("function")
					}
					params, _ := fn.Get("parameters")
					if vs := CheckStrict(params); len(vs) > 0 {
						t.Fatalf("%s: %v", o.Entry.Exposed, vs)
					}
				}
				if _, err := Decode(Marshal(rep.Value())); err != nil {
					t.Fatalf("report is not valid JSON: %v", err)
				}
			}
		}
	})
}

// FuzzParsePointer: any text, read as a JSON pointer into any document, gives no
// panic; a path it reads writes back as a pointer that reads as the same path
// (indices written canonically), and a path it reads without a document (every
// token a member name) is the pointer's own tokens.
func FuzzParsePointer(f *testing.F) {
	f.Add("/properties/v/anyOf/0", `{"properties":{"v":{"anyOf":[{"type":"string"}]}}}`)
	f.Add("/a~1b/~0c/+1/01/-1/99999999999", `{"a/b":{"~c":[[1,2]]}}`)
	f.Add("", `[]`)
	f.Add("a", `null`)
	f.Add("//", `{"":{"":1}}`)
	f.Fuzz(func(t *testing.T, ptr, doc string) {
		v, err := Decode([]byte(doc))
		if err != nil {
			v = Value{}
		}
		p, ok := ParsePointer(ptr, v)
		if !ok {
			return
		}
		for _, s := range p {
			if s.Kind == IndexStep && s.Index < 0 {
				return // an index past int32: no array holds it
			}
		}
		again, ok := ParsePointer(p.Pointer(), v)
		if !ok || !again.Equal(p) {
			t.Fatalf("ParsePointer(%q) = %s, written %q, read again as %s (%v)", ptr, p, p.Pointer(), again, ok)
		}
		if v.Kind() == Null {
			if len(p) != strings.Count(ptr, "/") {
				t.Fatalf("ParsePointer(%q) without a document has %d steps", ptr, len(p))
			}
			for _, s := range p {
				if s.Kind != KeyStep {
					t.Fatalf("ParsePointer(%q) without a document has a %v step", ptr, s.Kind)
				}
			}
		}
	})
}
