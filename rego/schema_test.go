package rego

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
)

// customModules are an organisation's modules as opa check should judge
// them against the input schema: a field the input does not have and a
// string compared with a number are type errors; the rest compiles.
var customModules = []struct {
	name, src, want string // want: "" compiles, else a substring of the error
}{
	{"typo", `package agentctl.custom

deny contains "typo" if {
	input.tool_name_typo.x == "Bash"
}
`, "undefined ref: input.tool_name_typo.x"},
	{"facts typo", `package agentctl.custom

ask contains "host" if {
	input.facts.url.hostname == "example.com"
}
`, "undefined ref: input.facts.url.hostname"},
	{"string against number", `package agentctl.custom

deny contains "number" if {
	input.tool == 3
}
`, "match error"},
	{"correct", `package agentctl.custom

deny contains msg if {
	input.tool == "Bash"
	some c in input.facts.commands
	c.wide.name == "terraform"
	c.wide.args[0] == "destroy"
	not input.hook.decision == "allow"
	msg := sprintf("no terraform destroy in %s (%s mode)", [input.cwd, input.mode])
}

ask contains "lock file" if {
	some f in input.facts.files
	f.access == "write"
	endswith(f.resolved, ".lock")
	input.input.command != ""
}

allow contains "docs" if {
	input.facts.url.host == "docs.example.com"
	input.facts.mcp.server != "x"
	input.working_dirs[_] == input.project_root
}
`, ""},
}

// opaBinary finds the stock opa binary (make opa).
func opaBinary(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("AGENTCTL_OPA_BIN"), "../bin/opa"} {
		if p == "" {
			continue
		}
		if abs, err := filepath.Abs(p); err == nil {
			if _, err := os.Stat(abs); err == nil {
				return abs
			}
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("opa binary not built: run make opa")
	}
	t.Skip("opa binary not built (make opa)")
	return ""
}

// TestOPACheckTypesCustomModules runs a stock `opa check` with the schema,
// both ways an organisation can give it: the file as the global input
// schema, or the directory so that decision.rego's METADATA annotation
// (schema.input, scope subpackages) types agentctl.custom.
func TestOPACheckTypesCustomModules(t *testing.T) {
	opa := opaBinary(t)
	for _, m := range customModules {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "org.rego"), []byte(m.src), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"check", "--schema", "schemas/input.json", dir},
			{"check", "--schema", "schemas", ".", dir},
		} {
			out, err := exec.Command(opa, args...).CombinedOutput()
			switch {
			case m.want == "" && err != nil:
				t.Errorf("%s: opa %s: %v\n%s", m.name, strings.Join(args[:3], " "), err, out)
			case m.want != "" && (err == nil || !strings.Contains(string(out), m.want) || !strings.Contains(string(out), "org.rego:")):
				t.Errorf("%s: opa %s: %v, want an error at org.rego: %q\n%s", m.name, strings.Join(args[:3], " "), err, m.want, out)
			}
		}
	}
}

// TestModulesTypeCheckAgainstTheSchema: agentctl's own modules read only
// what the schema declares, with the annotation in effect (the Go
// compiler, as opa check --schema rego/schemas does).
func TestModulesTypeCheckAgainstTheSchema(t *testing.T) {
	var schema any
	if err := json.Unmarshal(InputSchema(), &schema); err != nil {
		t.Fatal(err)
	}
	compile := func(extra map[string]string) ast.Errors {
		ss := ast.NewSchemaSet()
		ss.Put(ast.MustParseRef("schema.input"), schema)
		modules := map[string]*ast.Module{}
		all := Modules()
		for k, v := range extra {
			all[k] = v
		}
		for name, src := range all {
			m, err := ast.ParseModuleWithOpts(name, src, ast.ParserOptions{RegoVersion: ast.RegoV1, ProcessAnnotation: true})
			if err != nil {
				t.Fatal(err)
			}
			modules[name] = m
		}
		c := ast.NewCompiler().WithSchemas(ss).WithUseTypeCheckAnnotations(true)
		c.Compile(modules)
		return c.Errors
	}
	if errs := compile(nil); len(errs) > 0 {
		t.Fatalf("agentctl's modules against the input schema: %v", errs)
	}
	errs := compile(map[string]string{"org.rego": customModules[0].src})
	if len(errs) == 0 || !strings.Contains(errs.Error(), customModules[0].want) {
		t.Errorf("decision.rego's annotation does not type agentctl.custom: %v", errs)
	}
}
