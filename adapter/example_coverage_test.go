package adapter_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryExportedFunctionHasAnExample keeps the rule that examples are the
// library's documentation: every exported function, and every exported method of
// an exported type, of adapter, adapter/validate and adapter/termsafe has a
// runnable Example.
func TestEveryExportedFunctionHasAnExample(t *testing.T) {
	for dir, path := range map[string]string{
		".":        "github.com/strictscope/strictscope/adapter",
		"validate": "github.com/strictscope/strictscope/adapter/validate",
		"termsafe": "github.com/strictscope/strictscope/adapter/termsafe",
	} {
		checkExamples(t, dir, path)
	}
}

func checkExamples(t *testing.T, dir, path string) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	pkg, err := doc.NewFromFiles(fset, files, path)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, examples []*doc.Example) {
		if len(examples) == 0 {
			t.Errorf("%s: %s has no Example", path, name)
		}
	}
	for _, f := range pkg.Funcs {
		check(f.Name, f.Examples)
	}
	for _, typ := range pkg.Types {
		for _, f := range typ.Funcs {
			check(f.Name, f.Examples)
		}
		for _, m := range typ.Methods {
			check(typ.Name+"."+m.Name, m.Examples)
		}
	}
}
