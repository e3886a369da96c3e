package adapter

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestToolListShapesAreDetected: the three shapes of a tool list, detected
// automatically.
func TestToolListShapesAreDetected(t *testing.T) {
	const tools = `[{"name":"a","inputSchema":{"type":"object"}},{"name":"b","description":"B","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}]`
	tests := []struct {
		name string
		doc  string
	}{
		{"tools/list result", `{"tools":` + tools + `}`},
		{"tools/list result with a cursor", `{"tools":` + tools + `,"nextCursor":"c"}`},
		{"JSON-RPC response", `{"jsonrpc":"2.0","id":1,"result":{"tools":` + tools + `}}`},
		{"JSON-RPC response, result first", `{"result":{"tools":` + tools + `},"id":"x","jsonrpc":"2.0"}`},
		{"bare array", tools},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, warns, err := ParseToolList(jsonValue(t, tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			if len(warns) != 0 {
				t.Errorf("warnings: %v", warns)
			}
			if len(got) != 2 || got[0].Name != "a" || got[1].Name != "b" || got[1].Description != "B" {
				t.Fatalf("tools = %+v", got)
			}
			if s := got[1].InputSchema.String(); s != `{"type":"object","properties":{"x":{"type":"string"}}}` {
				t.Errorf("input schema = %s", s)
			}
		})
	}

	empty := []string{`{"tools":[]}`, `[]`, `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`}
	for _, doc := range empty {
		got, _, err := ParseToolList(jsonValue(t, doc))
		if err != nil || len(got) != 0 {
			t.Errorf("%s: %v, %v", doc, got, err)
		}
	}

	bad := []struct {
		name string
		doc  string
		path string // the pointer the error names
		msg  string
	}{
		{"tools not an array", `{"tools":{}}`, "/tools", "array"},
		{"result without tools", `{"jsonrpc":"2.0","id":1,"result":{"content":[]}}`, "/result", "tools"},
		{"result tools not an array", `{"result":{"tools":"x"}}`, "/result/tools", "array"},
		{"JSON-RPC error", `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}`, "/error", "JSON-RPC error -32601: Method not found"},
		{"some other object", `{"name":"x"}`, "", "not a tool list"},
		{"a string", `"tools"`, "", "not a tool list"},
		{"null", `null`, "", "not a tool list"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ParseToolList(jsonValue(t, tt.doc))
			var te *ToolListError
			if !errors.As(err, &te) {
				t.Fatalf("error = %v, want a *ToolListError", err)
			}
			if te.Path.Pointer() != tt.path || !strings.Contains(te.Error(), tt.msg) {
				t.Errorf("error at %q: %q; want at %q saying %q", te.Path.Pointer(), te.Error(), tt.path, tt.msg)
			}
		})
	}
}

// TestToolMembersAreChecked: what a tool must and may have.
func TestToolMembersAreChecked(t *testing.T) {
	good := []struct {
		name                string
		tool                string
		wantTitle, wantDesc string
	}{
		{"name only", `{"name":"t","inputSchema":{"type":"object"}}`, "", ""},
		{"title and description", `{"name":"t","title":"T","description":"D","inputSchema":{"type":"object"}}`, "T", "D"},
		{"null description and title", `{"name":"t","title":null,"description":null,"inputSchema":{"type":"object"}}`, "", ""},
		{"outputSchema and annotations", `{"name":"t","inputSchema":{"type":"object"},"outputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}`, "", ""},
		{"unknown members are kept in Raw", `{"name":"t","inputSchema":{"type":"object"},"_meta":{"x":1},"icons":[]}`, "", ""},
		{"non-ASCII name", `{"name":"café ☕","inputSchema":{"type":"object"}}`, "", ""},
	}
	for _, tt := range good {
		t.Run(tt.name, func(t *testing.T) {
			raw := jsonValue(t, tt.tool)
			tools, _, err := ParseToolList(ArrayValue(raw))
			if err != nil {
				t.Fatal(err)
			}
			got := tools[0]
			name, _ := raw.Get("name")
			if got.Name != name.Str() || got.Title != tt.wantTitle || got.Description != tt.wantDesc {
				t.Errorf("tool = %q %q %q", got.Name, got.Title, got.Description)
			}
			if !Equal(got.Raw, raw) {
				t.Errorf("Raw = %s", got.Raw)
			}
			out, hasOut := raw.Get("outputSchema")
			if hasOut && !Equal(got.OutputSchema, out) || !hasOut && !got.OutputSchema.IsNull() {
				t.Errorf("OutputSchema = %s", got.OutputSchema)
			}
			ann, _ := raw.Get("annotations")
			if !Equal(got.Annotations, ann) {
				t.Errorf("Annotations = %s", got.Annotations)
			}
		})
	}

	bad := []struct {
		name string
		doc  string
		path string
		msg  string
	}{
		{"no name", `{"tools":[{"name":"ok"},{"description":"x"}]}`, "/tools/1", "name"},
		{"empty name", `{"tools":[{"name":""}]}`, "/tools/0/name", "empty"},
		{"name not a string", `{"tools":[{"name":5}]}`, "/tools/0/name", "string"},
		{"name null", `[{"name":null}]`, "/0/name", "string"},
		{"tool not an object", `[{"name":"a"},"b"]`, "/1", "object"},
		{"description a number", `[{"name":"a","description":1}]`, "/0/description", "string or null"},
		{"title an object", `[{"name":"a","title":{}}]`, "/0/title", "string or null"},
		{"inputSchema not an object", `{"result":{"tools":[{"name":"a","inputSchema":true}]}}`, "/result/tools/0/inputSchema", "object"},
		{"outputSchema not an object", `[{"name":"a","outputSchema":[]}]`, "/0/outputSchema", "object"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			tools, _, err := ParseToolList(jsonValue(t, tt.doc))
			var te *ToolListError
			if !errors.As(err, &te) {
				t.Fatalf("error = %v (tools %v), want a *ToolListError", err, tools)
			}
			if te.Path.Pointer() != tt.path || !strings.Contains(te.Error(), tt.msg) {
				t.Errorf("error at %q: %q; want at %q saying %q", te.Path.Pointer(), te.Error(), tt.path, tt.msg)
			}
			if tools != nil {
				t.Errorf("partial result %v", tools)
			}
		})
	}
}

// TestMissingInputSchemaReadsAsEmptyObject: a missing inputSchema reads as
// {"type":"object"}, with a warning.
func TestMissingInputSchemaReadsAsEmptyObject(t *testing.T) {
	tests := []struct {
		name      string
		doc       string
		warnings  int
		wantInput []string
	}{
		{"missing", `[{"name":"noargs"}]`, 1, []string{`{"type":"object"}`}},
		{"present", `[{"name":"a","inputSchema":{"type":"object","properties":{}}}]`, 0, []string{`{"type":"object","properties":{}}`}},
		{"one of two missing", `{"tools":[{"name":"a","inputSchema":{"type":"object"}},{"name":"b"}]}`, 1, []string{`{"type":"object"}`, `{"type":"object"}`}},
		{"two missing", `[{"name":"a"},{"name":"b"}]`, 2, []string{`{"type":"object"}`, `{"type":"object"}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools, warns, err := ParseToolList(jsonValue(t, tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			if len(warns) != tt.warnings {
				t.Errorf("warnings = %q, want %d", warns, tt.warnings)
			}
			for _, w := range warns {
				if !strings.Contains(w, "inputSchema") {
					t.Errorf("warning %q does not name inputSchema", w)
				}
			}
			for i, want := range tt.wantInput {
				if got := tools[i].InputSchema.String(); got != want {
					t.Errorf("tool %d input = %s, want %s", i, got, want)
				}
			}
		})
	}
	t.Run("the warning names the tool", func(t *testing.T) {
		_, warns, _ := ParseToolList(jsonValue(t, `[{"name":"a","inputSchema":{"type":"object"}},{"name":"noargs"}]`))
		if len(warns) != 1 || !strings.Contains(warns[0], `"noargs"`) || !strings.Contains(warns[0], "/1") {
			t.Errorf("warnings = %q", warns)
		}
	})
	t.Run("converts to the empty strict object", func(t *testing.T) {
		tools, _, _ := ParseToolList(jsonValue(t, `[{"name":"noargs"}]`))
		res, err := StrictSchema(tools[0].InputSchema, StrictOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Schema.String(); got != `{"type":"object","properties":{},"required":[],"additionalProperties":false}` {
			t.Errorf("strict = %s", got)
		}
	})
}

// hashedLongName is the rule for a name longer than 64 characters
// (docs/tool-lists.md#long-names), written out
// independently of the code: the first 55 characters, "_", and 8 hex digits of
// SHA-256 of SERVER + "\x00" + TOOL.
func hashedLongName(mapped, server, tool string) string {
	sum := sha256.Sum256([]byte(server + "\x00" + tool))
	return string([]rune(mapped)[:55]) + "_" + hex.EncodeToString(sum[:])[:8]
}

// TestExposedNamesArePrefixedCleanedAndUnique: exposed names are SERVER__TOOL
// cleaned to [A-Za-z0-9_-], hashed past 64 characters, and made unique with _N.
func TestExposedNamesArePrefixedCleanedAndUnique(t *testing.T) {
	long := func(n int, c string) string { return strings.Repeat(c, n) }
	type named struct{ server, tool string }
	tests := []struct {
		name     string
		noPrefix bool
		tools    []named
		want     []string
		renamed  []bool
	}{
		{"prefix", false, []named{{"files", "read"}}, []string{"files__read"}, []bool{false}},
		{"no prefix", true, []named{{"files", "read"}}, []string{"read"}, []bool{false}},
		{"kept characters", false, []named{{"A-z_0", "Z9-_a"}}, []string{"A-z_0__Z9-_a"}, []bool{false}},
		{"dots, spaces and slashes", false, []named{{"my server", "fs/read.file"}}, []string{"my_server__fs_read_file"}, []bool{true}},
		{"one code point, one underscore", false, []named{{"café", "日本語"}}, []string{"caf______"}, []bool{true}},
		{"emoji and astral code points", false, []named{{"s", "a😀b\U000E0041"}}, []string{"s__a_b_"}, []bool{true}},
		{"combining mark is its own code point", true, []named{{"s", "e\u0301"}}, []string{"e_"}, []bool{true}},
		{"controls and colon", true, []named{{"s", "a:b\tc\x00"}}, []string{"a_b_c_"}, []bool{true}},
		{"exactly 64 is kept", false, []named{{"s", long(61, "x")}}, []string{"s__" + long(61, "x")}, []bool{false}},
		{"65 is hashed", false, []named{{"s", long(62, "x")}}, []string{hashedLongName("s__"+long(62, "x"), "s", long(62, "x"))}, []bool{true}},
		{"long without prefix", true, []named{{"srv", long(70, "y")}}, []string{hashedLongName(long(70, "y"), "srv", long(70, "y"))}, []bool{true}},
		{"long non-ASCII counts code points", true, []named{{"srv", long(64, "é")}}, []string{long(64, "_")}, []bool{true}},
		{"long non-ASCII over 64 hashes the original text", true, []named{{"srv", long(65, "é")}}, []string{hashedLongName(long(65, "_"), "srv", long(65, "é"))}, []bool{true}},
		{"long server", false, []named{{long(62, "s"), "t"}}, []string{hashedLongName(long(62, "s")+"__t", long(62, "s"), "t")}, []bool{true}},
		{
			"collisions take BASE_2 and BASE_3 in input order", false,
			[]named{{"s", "x.y"}, {"s", "x_y"}, {"s", "x y"}},
			[]string{"s__x_y", "s__x_y_2", "s__x_y_3"},
			[]bool{true, true, true},
		},
		{
			"collisions across servers", false,
			[]named{{"a.b", "t"}, {"a_b", "t"}},
			[]string{"a_b__t", "a_b__t_2"},
			[]bool{true, true},
		},
		{
			"no prefix: the same tool on two servers", true,
			[]named{{"one", "search"}, {"two", "search"}, {"three", "search"}},
			[]string{"search", "search_2", "search_3"},
			[]bool{false, true, true},
		},
		{
			"a name that is taken by an earlier suffix", false,
			[]named{{"s", "a"}, {"s", "a"}, {"s", "a_2"}},
			[]string{"s__a", "s__a_2", "s__a_2_2"},
			[]bool{false, true, true},
		},
		{
			"an unchanged name may be the second to come", false,
			[]named{{"s", "a.b"}, {"s", "a_b"}},
			[]string{"s__a_b", "s__a_b_2"},
			[]bool{true, true},
		},
		{
			"collision of hashed names shortens the base", true,
			[]named{{"srv", long(70, "z")}, {"srv", long(70, "z")}},
			[]string{hashedLongName(long(70, "z"), "srv", long(70, "z")), hashedLongName(long(70, "z"), "srv", long(70, "z"))[:62] + "_2"},
			[]bool{true, true},
		},
		{
			"a 63-character base is shortened for _2", true,
			[]named{{"s", long(63, "q")}, {"t", long(63, "q")}},
			[]string{long(63, "q"), long(62, "q") + "_2"},
			[]bool{false, true},
		},
		{
			"a 64-character base is shortened for _10", true,
			[]named{{"s", long(64, "w")}, {"s", long(64, "w")}, {"s", long(64, "w")}, {"s", long(64, "w")}, {"s", long(64, "w")}, {"s", long(64, "w")}, {"s", long(64, "w")}, {"s", long(64, "w")}, {"s", long(64, "w")}, {"s", long(64, "w")}},
			[]string{long(64, "w"), long(62, "w") + "_2", long(62, "w") + "_3", long(62, "w") + "_4", long(62, "w") + "_5", long(62, "w") + "_6", long(62, "w") + "_7", long(62, "w") + "_8", long(62, "w") + "_9", long(61, "w") + "_10"},
			[]bool{false, true, true, true, true, true, true, true, true, true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var servers []Server
			for _, n := range tt.tools {
				if len(servers) == 0 || servers[len(servers)-1].Name != n.server {
					servers = append(servers, Server{Name: n.server})
				}
				s := &servers[len(servers)-1]
				s.Tools = append(s.Tools, Tool{Name: n.tool, InputSchema: jsonValue(t, `{"type":"object"}`)})
			}
			set := NewToolSet(servers, NameOptions{NoPrefix: tt.noPrefix})
			if len(set.Entries) != len(tt.want) {
				t.Fatalf("%d entries, want %d", len(set.Entries), len(tt.want))
			}
			for i, e := range set.Entries {
				n := tt.tools[i]
				if e.Exposed != tt.want[i] {
					t.Errorf("entry %d exposed %q, want %q", i, e.Exposed, tt.want[i])
				}
				if utf8.RuneCountInString(e.Exposed) > 64 {
					t.Errorf("entry %d: %q is longer than 64", i, e.Exposed)
				}
				for _, r := range e.Exposed {
					if !(r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
						t.Errorf("entry %d: %q holds %q", i, e.Exposed, r)
					}
				}
				plain := n.server + "__" + n.tool
				if tt.noPrefix {
					plain = n.tool
				}
				if e.Server != n.server || e.Tool.Name != n.tool || e.Plain != plain {
					t.Errorf("entry %d keeps %q %q %q", i, e.Server, e.Tool.Name, e.Plain)
				}
				if e.Renamed != tt.renamed[i] {
					t.Errorf("entry %d renamed = %v, want %v", i, e.Renamed, tt.renamed[i])
				}
				if got, ok := set.Lookup(e.Exposed); !ok || got != e {
					t.Errorf("Lookup(%q) does not find entry %d", e.Exposed, i)
				}
			}
		})
	}

	t.Run("ExposedName before collisions", func(t *testing.T) {
		if got := ExposedName("my server", "read", false); got != "my_server__read" {
			t.Errorf("ExposedName = %q", got)
		}
		if got := ExposedName("my server", "read.x", true); got != "read_x" {
			t.Errorf("ExposedName no prefix = %q", got)
		}
		tool := long(80, "t")
		if got, want := ExposedName("a", tool, true), hashedLongName(tool, "a", tool); got != want {
			t.Errorf("ExposedName long = %q, want %q", got, want)
		}
		if ExposedName("a", tool, true) == ExposedName("b", tool, true) {
			t.Error("the server is not part of the hash without prefix")
		}
	})

	t.Run("lookup is exact and case-sensitive", func(t *testing.T) {
		set := NewToolSet([]Server{{Name: "Files", Tools: []Tool{{Name: "Read.File"}, {Name: "write"}}}}, NameOptions{})
		for _, name := range []string{"Files__Read_File", "Files__write"} {
			if _, ok := set.Lookup(name); !ok {
				t.Errorf("Lookup(%q) failed", name)
			}
		}
		for _, name := range []string{"files__read_file", "FILES__WRITE", "Files__Read.File", "Files__write ", " Files__write", "Files__writ", "write", "Files__write\x00"} {
			if e, ok := set.Lookup(name); ok {
				t.Errorf("Lookup(%q) found %q", name, e.Exposed)
			}
		}
	})
}
