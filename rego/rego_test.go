package rego

import (
	"context"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/tester"
)

// TestRegoUnitTests runs every test_* rule of the embedded modules, as
// `opa test rego/` does.
func TestRegoUnitTests(t *testing.T) {
	modules := map[string]*ast.Module{}
	for name, src := range Modules() {
		m, err := ast.ParseModuleWithOpts(name, src, ast.ParserOptions{RegoVersion: ast.RegoV1})
		if err != nil {
			t.Fatal(err)
		}
		modules[name] = m
	}
	tests := Tests()
	if len(tests) == 0 {
		t.Fatal("no Rego test modules")
	}
	for name, src := range tests {
		m, err := ast.ParseModuleWithOpts(name, src, ast.ParserOptions{RegoVersion: ast.RegoV1})
		if err != nil {
			t.Fatal(err)
		}
		modules[name] = m
	}
	ch, err := tester.NewRunner().SetModules(modules).RunTests(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for r := range ch {
		n++
		if r.Error != nil || r.Fail {
			t.Errorf("%s.%s: fail=%v error=%v", r.Package, r.Name, r.Fail, r.Error)
		}
	}
	if n == 0 {
		t.Fatal("no Rego tests ran")
	}
}
