package rego

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/tester"

	"github.com/agentctl/agentctl/toolspec"
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

// TestCatalogueFixtureIsTheCatalogue keeps the Rego tests' copy of
// data.agentctl.tools equal to what agentctl writes into every bundle.
func TestCatalogueFixtureIsTheCatalogue(t *testing.T) {
	src := Tests()["catalogue_test.rego"]
	r := rego.New(rego.Query("data.agentctl_catalogue_test.tools"), rego.Module("catalogue_test.rego", src))
	rs, err := r.Eval(context.Background())
	if err != nil || len(rs) == 0 {
		t.Fatalf("fixture: %v", err)
	}
	fixture := rs[0].Expressions[0].Value.(map[string]any)
	raw, err := json.Marshal(toolspec.Data())
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	for name, got := range fixture {
		if !reflect.DeepEqual(got, want[name]) {
			t.Errorf("%s: fixture %v, catalogue %v", name, got, want[name])
		}
	}
}
