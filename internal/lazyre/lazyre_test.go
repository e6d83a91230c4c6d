package lazyre

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestMethodsAgreeWithRegexp(t *testing.T) {
	tests := []struct{ expr, in string }{
		{`a+`, "xaay"},
		{`(\w+)=(\d+)`, "a=1 b=2 c"},
		{`^$`, ""},
		{`(?i)head`, "HEAD and head"},
		{`x`, "none"},
	}
	for _, tt := range tests {
		l, r := New(tt.expr), regexp.MustCompile(tt.expr)
		check := func(name string, got, want any) {
			t.Helper()
			if !equal(got, want) {
				t.Errorf("%s(%q) on %q = %v, want %v", name, tt.expr, tt.in, got, want)
			}
		}
		check("MatchString", l.MatchString(tt.in), r.MatchString(tt.in))
		check("FindString", l.FindString(tt.in), r.FindString(tt.in))
		check("FindStringIndex", l.FindStringIndex(tt.in), r.FindStringIndex(tt.in))
		check("FindStringSubmatch", l.FindStringSubmatch(tt.in), r.FindStringSubmatch(tt.in))
		check("FindStringSubmatchIndex", l.FindStringSubmatchIndex(tt.in), r.FindStringSubmatchIndex(tt.in))
		check("FindAllString", l.FindAllString(tt.in, -1), r.FindAllString(tt.in, -1))
		check("FindAllStringSubmatch", l.FindAllStringSubmatch(tt.in, -1), r.FindAllStringSubmatch(tt.in, -1))
		check("FindAllStringSubmatchIndex", l.FindAllStringSubmatchIndex(tt.in, -1), r.FindAllStringSubmatchIndex(tt.in, -1))
		check("ReplaceAllString", l.ReplaceAllString(tt.in, "<$0>"), r.ReplaceAllString(tt.in, "<$0>"))
		check("ReplaceAllStringFunc", l.ReplaceAllStringFunc(tt.in, strings.ToUpper), r.ReplaceAllStringFunc(tt.in, strings.ToUpper))
		check("String", l.String(), r.String())
	}
}

func equal(a, b any) bool {
	switch a := a.(type) {
	case []int:
		return slices.Equal(a, b.([]int))
	case []string:
		return slices.Equal(a, b.([]string))
	case [][]string:
		return slices.EqualFunc(a, b.([][]string), slices.Equal)
	case [][]int:
		return slices.EqualFunc(a, b.([][]int), slices.Equal)
	}
	return a == b
}

// TestCompiledOnceUnderConcurrency is run with -race in CI: every goroutine
// must see the same compiled program.
func TestCompiledOnceUnderConcurrency(t *testing.T) {
	l := New(`[a-z]+[0-9]`)
	got := make([]*regexp.Regexp, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !l.MatchString("ab1") {
				t.Error("no match")
			}
			got[i] = l.Compiled()
		}()
	}
	wg.Wait()
	for _, re := range got {
		if re != got[0] {
			t.Fatal("compiled more than once")
		}
	}
}

func TestBadExpressionPanicsAtFirstUseNotAtNew(t *testing.T) {
	l := New(`a(`) // must not panic here
	defer func() {
		if recover() == nil {
			t.Fatal("an expression that does not compile matched instead of panicking")
		}
	}()
	l.MatchString("a")
}

// TestNoRegexpCompiledAtInit keeps package-level regexp.MustCompile out of
// agentctl's own code: each one is heap every process allocates and faults
// in at start, needed or not.
func TestNoRegexpCompiledAtInit(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != root) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			ast.Inspect(g, func(n ast.Node) bool {
				if _, ok := n.(*ast.FuncLit); ok {
					return false // a function value runs when called, not at init
				}
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "regexp" && strings.HasPrefix(sel.Sel.Name, "MustCompile") {
						t.Errorf("%s: package-level regexp.%s compiles at every process start; use lazyre.New", fset.Position(sel.Pos()), sel.Sel.Name)
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
