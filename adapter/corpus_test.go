package adapter

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// corpusToolLists returns the real MCP tool lists of the shared corpus, or skips.
func corpusToolLists(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir, "mcp-tools", "*.json"))
	if err != nil || len(files) == 0 {
		tb.Skipf("corpus not available (%s/mcp-tools)", corpusDir)
	}
	return files
}

// corpusInputSchemas returns the input schema of every tool of the corpus's
// tool lists; none when the corpus is absent.
func corpusInputSchemas() []Value {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "mcp-tools", "*.json"))
	var out []Value
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		doc, err := Decode(data)
		if err != nil {
			continue
		}
		tools, _, err := ParseToolList(doc)
		if err != nil {
			continue
		}
		for _, tool := range tools {
			out = append(out, tool.InputSchema)
		}
	}
	return out
}

// TestCorpusToolLists converts every real tool list for both APIs and all three
// strict modes: no panic, every strict schema passes CheckStrict, the modes agree
// with each other, and the counts match the golden file of the list.
func TestCorpusToolLists(t *testing.T) {
	files := corpusToolLists(t)
	listed := corpusIndexCounts(t)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := Decode(data)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			tools, _, err := ParseToolList(doc)
			if err != nil {
				t.Fatalf("tool list: %v", err)
			}
			if n, ok := listed[filepath.Base(file)]; ok && n != len(tools) {
				t.Errorf("%d tools, the corpus index lists %d", len(tools), n)
			}
			set := NewToolSet([]Server{{Name: name, Tools: tools}}, NameOptions{})

			var strictCount, nullPaths, dropped, removed int
			fallback := map[string]int{}
			truncated := map[API]int{}
			for _, api := range []API{Chat, Responses} {
				byMode := map[StrictMode]*ToolsReport{}
				for _, mode := range []StrictMode{StrictAuto, StrictOn, StrictOff} {
					sent, rep := Tools(set, ToolsOptions{API: api, Strict: mode})
					byMode[mode] = rep
					corpusCheckTools(t, api, mode, sent, rep)
				}
				auto, on, off := byMode[StrictAuto], byMode[StrictOn], byMode[StrictOff]
				for i, o := range auto.Outcomes {
					strict := o.Status == StatusStrict
					if strict != (on.Outcomes[i].Status == StatusStrict) || !strict != (on.Outcomes[i].Status == StatusExcluded) {
						t.Errorf("%s %s: auto %s but true %s", api, o.Entry.Exposed, o.Status, on.Outcomes[i].Status)
					}
					if off.Outcomes[i].Status != StatusNonStrict {
						t.Errorf("%s %s: strict false gives %s", api, o.Entry.Exposed, off.Outcomes[i].Status)
					}
					if o.Truncated {
						truncated[api]++
					}
					if api != Chat {
						continue
					}
					removed += o.Removed.Count
					if strict {
						strictCount++
						nullPaths += o.Conversion.NullPaths.Len()
						dropped += o.Conversion.Dropped.Len()
					} else {
						fallback[o.ConversionErr.Keyword]++
					}
				}
			}

			keywords := make([]string, 0, len(fallback))
			for k := range fallback {
				keywords = append(keywords, k)
			}
			slices.Sort(keywords)
			var fb []Member
			for _, k := range keywords {
				fb = append(fb, MemberOf(k, corpusNum(fallback[k])))
			}
			got := MarshalIndent(ObjectValue(
				MemberOf("file", StringValue(filepath.Base(file))),
				MemberOf("tools", corpusNum(len(tools))),
				MemberOf("strict", corpusNum(strictCount)),
				MemberOf("fallback", ObjectValue(fb...)),
				MemberOf("excluded", corpusNum(len(tools)-strictCount)),
				MemberOf("null_paths", corpusNum(nullPaths)),
				MemberOf("dropped", corpusNum(dropped)),
				MemberOf("removed", corpusNum(removed)),
				MemberOf("truncated", ObjectValue(MemberOf("chat", corpusNum(truncated[Chat])), MemberOf("responses", corpusNum(truncated[Responses])))),
			))
			golden := filepath.Join("testdata", "golden", name+".json")
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("no golden file (run go test ./adapter -run TestCorpusToolLists -update): %v", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("counts differ from %s\n got %s\nwant %s", golden, got, want)
			}
		})
	}
}

func corpusNum(n int) Value { return NumberValue(strconv.Itoa(n)) }

// corpusIndexCounts reads the tool counts the corpus's INDEX.md table lists, an
// independent check of ParseToolList: | `file.json` | package | version | protocol | tools |.
func corpusIndexCounts(t *testing.T) map[string]int {
	t.Helper()
	out := map[string]int{}
	data, err := os.ReadFile(filepath.Join(corpusDir, "mcp-tools", "INDEX.md"))
	if err != nil {
		return out
	}
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 7 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(cells[5]))
		if err == nil {
			out[strings.Trim(strings.TrimSpace(cells[1]), "`")] = n
		}
	}
	return out
}

// corpusCheckTools checks what Tools sent in one mode against the rules of
// docs/strict-mode.md#strict-modes and docs/strict-mode.md#the-report.
func corpusCheckTools(t *testing.T, api API, mode StrictMode, sent []Value, rep *ToolsReport) {
	t.Helper()
	i := 0
	for _, o := range rep.Outcomes {
		if o.Status == StatusExcluded {
			if !o.Tool.IsNull() {
				t.Errorf("%s %s: excluded %s was rendered", api, mode, o.Entry.Exposed)
			}
			continue
		}
		if i >= len(sent) || !Equal(sent[i], o.Tool) {
			t.Fatalf("%s %s: sent tools and outcomes disagree at %s", api, mode, o.Entry.Exposed)
		}
		i++
		fn := o.Tool
		if api == Chat {
			fn, _ = o.Tool.Get("function")
		}
		params, _ := fn.Get("parameters")
		strict, _ := fn.Get("strict")
		if strict.Kind() != Bool || strict.Bool() != (o.Status == StatusStrict) {
			t.Errorf("%s %s: %s sent strict %s as %s", api, mode, o.Entry.Exposed, strict, o.Status)
		}
		if o.Status == StatusStrict {
			if v := CheckStrict(params); len(v) > 0 {
				t.Errorf("%s %s: %s breaks strict mode: %v", api, mode, o.Entry.Exposed, v)
			}
		}
		if d, ok := fn.Get("description"); ok {
			if d.Str() == "" {
				t.Errorf("%s: empty description sent", o.Entry.Exposed)
			}
			if c, _ := CleanText(d.Str()); c != d.Str() {
				t.Errorf("%s: hidden characters sent", o.Entry.Exposed)
			}
		}
	}
	if i != len(sent) {
		t.Errorf("%s %s: %d tools sent, %d outcomes sent", api, mode, len(sent), i)
	}
}
