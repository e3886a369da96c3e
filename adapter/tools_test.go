package adapter

import (
	"errors"
	"strings"
	"testing"
)

// renderedTool writes the expected rendered tool for an API: keys in order,
// description omitted when empty, strict always sent
// (docs/strict-mode.md#rendering-tools).
func renderedTool(api API, name, desc, params string, strict bool) string {
	s := `"name":"` + name + `",`
	if desc != "" {
		s += `"description":"` + desc + `",`
	}
	st := "false"
	if strict {
		st = "true"
	}
	s += `"parameters":` + params + `,"strict":` + st
	if api == Responses {
		return `{"type":"function",` + s + `}`
	}
	return `{"type":"function","function":{` + s + `}}`
}

// tagChars writes s in Unicode tag characters, the hidden text cleaning reports.
func tagChars(s string) string {
	var sb strings.Builder
	for _, c := range s {
		sb.WriteRune(0xE0000 + c)
	}
	return sb.String()
}

// conversionFailure writes the expected {"name","path","keyword","message"} of a tool that
// does not convert; the message is the conversion's own.
func conversionFailure(t *testing.T, name, schema string) string {
	t.Helper()
	_, err := StrictSchema(jsonValue(t, schema), StrictOptions{})
	var se *StrictError
	if !errors.As(err, &se) {
		t.Fatalf("%s converts", schema)
	}
	return ObjectValue(MemberOf("name", StringValue(name)), MemberOf("path", se.Path.Value()), MemberOf("keyword", StringValue(se.Keyword)), MemberOf("message", StringValue(se.Message))).String()
}

// TestToolsRenderForBothAPIsAndStrictModes: tools for both APIs and the three
// strict modes, with the report.
func TestToolsRenderForBothAPIsAndStrictModes(t *testing.T) {
	const (
		searchIn     = `{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":"integer","default":10}},"required":["q"]}`
		searchStrict = `{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":["integer","null"],"description":"Default: 10."}},"required":["limit","q"],"additionalProperties":false}`
		pickIn       = `{"type":"object","properties":{"v":{"oneOf":[{"type":"string"}]}}}`
		noargsStrict = `{"type":"object","properties":{},"required":[],"additionalProperties":false}`
		abIn         = `{"type":"object","properties":{"x":{"type":"string","description":"\u200bx"}},"required":["x"]}`
		abStrict     = `{"type":"object","properties":{"x":{"type":"string","description":"x"}},"required":["x"],"additionalProperties":false}`
		abClean      = `{"type":"object","properties":{"x":{"type":"string","description":"x"}},"required":["x"]}`
	)
	list := `{"tools":[
		{"name":"search","description":"Search the web.","inputSchema":` + searchIn + `},
		{"name":"pick!","description":"Pick\u200b","inputSchema":` + pickIn + `},
		{"name":"noargs"},
		{"name":"a.b","description":"Hi` + tagChars("X") + `","inputSchema":` + abIn + `}]}`
	tools, _, err := ParseToolList(jsonValue(t, list))
	if err != nil {
		t.Fatal(err)
	}
	set := NewToolSet([]Server{{Name: "srv", Tools: tools}}, NameOptions{})
	pickFailure := conversionFailure(t, "srv__pick_", pickIn)

	for _, api := range []API{Chat, Responses} {
		tests := []struct {
			mode   StrictMode
			tools  []string
			report string
		}{
			{StrictAuto, []string{
				renderedTool(api, "srv__search", "Search the web.", searchStrict, true),
				renderedTool(api, "srv__pick_", "Pick", pickIn, false),
				renderedTool(api, "srv__noargs", "", noargsStrict, true),
				renderedTool(api, "srv__a_b", "Hi", abStrict, true),
			}, `{"null_paths":{"srv__search":[["limit"]],"srv__noargs":[],"srv__a_b":[]},"fallbacks":[` + pickFailure + `],"excluded":[],"notes":{
				"srv__search":{"dropped":[{"path":["properties","limit","default"],"keyword":"default"}]},
				"srv__pick_":{"removed":{"count":1},"renamed":{"from":"srv__pick!"}},
				"srv__a_b":{"removed":{"count":2,"tags":"X"},"renamed":{"from":"srv__a.b"}}}}`},
			{"", []string{
				renderedTool(api, "srv__search", "Search the web.", searchStrict, true),
				renderedTool(api, "srv__pick_", "Pick", pickIn, false),
				renderedTool(api, "srv__noargs", "", noargsStrict, true),
				renderedTool(api, "srv__a_b", "Hi", abStrict, true),
			}, `{"null_paths":{"srv__search":[["limit"]],"srv__noargs":[],"srv__a_b":[]},"fallbacks":[` + pickFailure + `],"excluded":[],"notes":{
				"srv__search":{"dropped":[{"path":["properties","limit","default"],"keyword":"default"}]},
				"srv__pick_":{"removed":{"count":1},"renamed":{"from":"srv__pick!"}},
				"srv__a_b":{"removed":{"count":2,"tags":"X"},"renamed":{"from":"srv__a.b"}}}}`},
			{StrictOn, []string{
				renderedTool(api, "srv__search", "Search the web.", searchStrict, true),
				renderedTool(api, "srv__noargs", "", noargsStrict, true),
				renderedTool(api, "srv__a_b", "Hi", abStrict, true),
			}, `{"null_paths":{"srv__search":[["limit"]],"srv__noargs":[],"srv__a_b":[]},"fallbacks":[],"excluded":[` + pickFailure + `],"notes":{
				"srv__search":{"dropped":[{"path":["properties","limit","default"],"keyword":"default"}]},
				"srv__a_b":{"removed":{"count":2,"tags":"X"},"renamed":{"from":"srv__a.b"}}}}`},
			{StrictOff, []string{
				renderedTool(api, "srv__search", "Search the web.", searchIn, false),
				renderedTool(api, "srv__pick_", "Pick", pickIn, false),
				renderedTool(api, "srv__noargs", "", `{"type":"object"}`, false),
				renderedTool(api, "srv__a_b", "Hi", abClean, false),
			}, `{"null_paths":{},"fallbacks":[],"excluded":[],"notes":{
				"srv__pick_":{"removed":{"count":1},"renamed":{"from":"srv__pick!"}},
				"srv__a_b":{"removed":{"count":2,"tags":"X"},"renamed":{"from":"srv__a.b"}}}}`},
		}
		for _, tt := range tests {
			t.Run(string(api)+"/"+string(tt.mode), func(t *testing.T) {
				got, rep := Tools(set, ToolsOptions{API: api, Strict: tt.mode})
				if len(got) != len(tt.tools) {
					t.Fatalf("%d tools, want %d", len(got), len(tt.tools))
				}
				for i := range got {
					if got[i].String() != compactJSON(t, tt.tools[i]) {
						t.Errorf("tool %d\n got %s\nwant %s", i, got[i], compactJSON(t, tt.tools[i]))
					}
				}
				if r := rep.Value().String(); r != compactJSON(t, tt.report) {
					t.Errorf("report\n got %s\nwant %s", r, compactJSON(t, tt.report))
				}
				if len(rep.Outcomes) != len(set.Entries) {
					t.Errorf("%d outcomes for %d tools", len(rep.Outcomes), len(set.Entries))
				}
				if sent := rep.Tools(); len(sent) != len(got) {
					t.Errorf("ToolsReport.Tools has %d tools", len(sent))
				}
			})
		}
	}

	t.Run("strict is always the last key and always sent", func(t *testing.T) {
		for _, api := range []API{Chat, Responses} {
			for _, mode := range []StrictMode{StrictAuto, StrictOn, StrictOff} {
				got, _ := Tools(set, ToolsOptions{API: api, Strict: mode})
				for _, tool := range got {
					fn := tool
					if api == Chat {
						fn, _ = tool.Get("function")
					}
					mems := fn.Members()
					if last := mems[len(mems)-1]; last.Key() != "strict" || last.Value().Kind() != Bool {
						t.Errorf("%s %s: %s", api, mode, tool)
					}
				}
			}
		}
	})

	t.Run("outcomes, lookup and the sent tools", func(t *testing.T) {
		_, rep := Tools(set, ToolsOptions{API: Responses, Strict: StrictOn})
		want := map[string]ToolStatus{"srv__search": StatusStrict, "srv__pick_": StatusExcluded, "srv__noargs": StatusStrict, "srv__a_b": StatusStrict}
		for name, status := range want {
			o, ok := rep.Lookup(name)
			if !ok || o.Status != status {
				t.Errorf("Lookup(%s) = %v %v, want %s", name, o, ok, status)
			}
		}
		if o, _ := rep.Lookup("srv__pick_"); !o.Tool.IsNull() || o.ConversionErr == nil || o.ConversionErr.Keyword != "oneOf" || o.NullPaths() != nil {
			t.Errorf("excluded outcome = %+v", o)
		}
		if _, ok := rep.Lookup("srv__pick!"); ok {
			t.Error("Lookup by the original name")
		}
		sent := rep.Sent()
		if _, ok := sent.Lookup("srv__pick_"); ok {
			t.Error("an excluded tool was sent")
		}
		st, ok := sent.Lookup("srv__search")
		if !ok || !st.Strict || pathsJSON(st.NullPaths) != `[["limit"]]` || st.Server != "srv" || st.Tool != "search" {
			t.Errorf("sent search = %+v", st)
		}
		_, autoRep := Tools(set, ToolsOptions{API: Chat})
		if st, ok := autoRep.Sent().Lookup("srv__pick_"); !ok || st.Strict || len(st.NullPaths) != 0 {
			t.Errorf("sent fallback = %+v", st)
		}
		_, offRep := Tools(set, ToolsOptions{API: Chat, Strict: StrictOff})
		if st, _ := offRep.Sent().Lookup("srv__search"); st.Strict || len(st.NullPaths) != 0 {
			t.Errorf("strict false sent null paths: %+v", st)
		}
		if o, _ := offRep.Lookup("srv__search"); o.NullPaths() != nil {
			t.Error("strict false outcome has null paths")
		}
	})

	t.Run("all four notes in order", func(t *testing.T) {
		s := NewToolSet([]Server{{Name: "s", Tools: []Tool{{Name: "t t", Description: "0123456789ABC\u200b" + tagChars("hey"),
			InputSchema: jsonValue(t, `{"type":"object","properties":{"a":{"type":"string","examples":["x"]}},"required":["a"]}`)}}}}, NameOptions{})
		for _, api := range []API{Chat, Responses} {
			tools, rep := Tools(s, ToolsOptions{API: api, DescriptionCap: 10})
			notes, _ := Lookup(rep.Value(), Keys("notes", "s__t_t"))
			want := `{"truncated":true,"removed":{"count":4,"tags":"hey"},"dropped":[{"path":["properties","a","examples"],"keyword":"examples"}],"renamed":{"from":"s__t t"}}`
			if notes.String() != want {
				t.Errorf("%s notes = %s", api, notes)
			}
			desc, _ := renderedToolMember(tools[0], api, "description")
			if wantDesc := map[API]string{Chat: "012345678…", Responses: "0123456…"}[api]; desc.Str() != wantDesc {
				t.Errorf("%s description = %q", api, desc.Str())
			}
		}
	})

	t.Run("options: no default descriptions, no prefix", func(t *testing.T) {
		s := NewToolSet([]Server{{Name: "srv", Tools: tools[:1]}}, NameOptions{NoPrefix: true})
		got, rep := Tools(s, ToolsOptions{API: Chat, NoDefaultDescriptions: true})
		want := renderedTool(Chat, "search", "Search the web.", `{"type":"object","properties":{"q":{"type":"string"},"limit":{"type":["integer","null"]}},"required":["limit","q"],"additionalProperties":false}`, true)
		if got[0].String() != compactJSON(t, want) {
			t.Errorf("tool = %s", got[0])
		}
		if r := rep.Value().String(); r != `{"null_paths":{"search":[["limit"]]},"fallbacks":[],"excluded":[],"notes":{"search":{"dropped":[{"path":["properties","limit","default"],"keyword":"default"}]}}}` {
			t.Errorf("report = %s", r)
		}
	})

	t.Run("a tool over a limit falls back with the limit", func(t *testing.T) {
		in := `{"type":"object","properties":{"e":{"enum":` + enumOf(1001, numText) + `}},"required":["e"]}`
		s := NewToolSet([]Server{{Name: "s", Tools: []Tool{{Name: "big", InputSchema: jsonValue(t, in)}}}}, NameOptions{})
		got, rep := Tools(s, ToolsOptions{API: Responses})
		if strict, _ := got[0].Get("strict"); strict.Bool() {
			t.Errorf("sent strict: %s", got[0].String()[:80])
		}
		params, _ := got[0].Get("parameters")
		if params.String() != compactJSON(t, in) {
			t.Error("fallback does not send the original schema")
		}
		fb, _ := Lookup(rep.Value(), Path{Key("fallbacks"), Index(0), Key("keyword")})
		if fb.Str() != "max_enum_values" {
			t.Errorf("fallback keyword = %s", fb)
		}
	})

	t.Run("empty tool set", func(t *testing.T) {
		got, rep := Tools(NewToolSet(nil, NameOptions{}), ToolsOptions{API: Chat})
		if got == nil || len(got) != 0 || rep.Value().String() != `{"null_paths":{},"fallbacks":[],"excluded":[],"notes":{}}` {
			t.Errorf("Tools = %v, %s", got, rep.Value())
		}
	})

	t.Run("ParseStrictMode", func(t *testing.T) {
		for _, s := range []string{"auto", "true", "false"} {
			if m, ok := ParseStrictMode(s); !ok || string(m) != s {
				t.Errorf("ParseStrictMode(%q) = %q, %v", s, m, ok)
			}
		}
		for _, s := range []string{"", "True", "yes", "on"} {
			if _, ok := ParseStrictMode(s); ok {
				t.Errorf("ParseStrictMode(%q) accepted", s)
			}
		}
		for _, s := range []string{"chat", "responses"} {
			if a, ok := ParseAPI(s); !ok || string(a) != s {
				t.Errorf("ParseAPI(%q) = %q, %v", s, a, ok)
			}
		}
		if _, ok := ParseAPI("completions"); ok {
			t.Error("ParseAPI accepted completions")
		}
	})
}
