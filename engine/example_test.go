package engine_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// load reads settings for a fresh project in dir: the given flag settings
// (as --settings would), no user, project or managed files.
func load(dir, flagSettings string) *settings.Settings {
	s, err := settings.Load(settings.Options{Cwd: dir, Home: dir, ManagedFile: filepath.Join(dir, "no-managed.json"),
		FlagSettings: flagSettings})
	if err != nil {
		panic(err)
	}
	return s
}

func ExampleNew() {
	dir, _ := os.MkdirTemp("", "agentctl-example")
	defer os.RemoveAll(dir)
	s := load(dir, `{"permissions": {"allow": ["Bash(go test *)"], "deny": ["Bash(rm *)"]}}`)

	ctx := context.Background()
	e, err := engine.New(ctx, s) // compile once; Decide is safe for concurrent use
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, cmd := range []string{"go test ./...", "cd build && rm -rf out", "make"} {
		d, err := e.Decide(ctx, engine.Call{Tool: "Bash", Input: map[string]any{"command": cmd}})
		if err != nil {
			fmt.Println(err) // could not decide: never run the call
			return
		}
		fmt.Printf("%-5s %-7s %s\n", d.Decision, d.Stage, cmd)
	}
	// Output:
	// allow allow   go test ./...
	// deny  deny    cd build && rm -rf out
	// ask   default make
}

func ExampleEngine_Decide() {
	dir, _ := os.MkdirTemp("", "agentctl-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	e, err := engine.New(ctx, load(dir, `{"permissions": {"deny": ["Read(.env)"]}}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, call := range []engine.Call{
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(dir, "src", ".env")}},
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(dir, "main.go")}},
		{Tool: "Read", Input: map[string]any{"file_path": "main.go"}},
	} {
		d, _ := e.Decide(ctx, call)
		fmt.Println(d.Decision, d.Stage)
		if d.Rule != nil {
			fmt.Println("  rule:", d.Rule.Text, d.Rule.Source)
		}
	}
	// Output:
	// deny deny
	//   rule: Read(.env) flagSettings
	// allow mode
	// deny validate
}

func ExampleWithPolicyDir() {
	dir, _ := os.MkdirTemp("", "agentctl-example")
	defer os.RemoveAll(dir)
	policy := filepath.Join(dir, "policy")
	os.Mkdir(policy, 0o755)
	os.WriteFile(filepath.Join(policy, "org.rego"), []byte(`package agentctl.custom

deny contains "pushing to main is reserved for the release bot" if {
	input.tool == "Bash"
	some c in input.facts.commands
	c.wide.name == "git"
	c.wide.args[0] == "push"
	"main" in c.wide.args
}
`), 0o644)

	ctx := context.Background()
	e, err := engine.New(ctx, load(dir, `{"permissions": {"allow": ["Bash(git push *)"]}}`), engine.WithPolicyDir(policy))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, cmd := range []string{"git push origin feature", "git -C . push origin main"} {
		d, _ := e.Decide(ctx, engine.Call{Tool: "Bash", Input: map[string]any{"command": cmd}})
		fmt.Printf("%s: %s (%s)\n", cmd, d.Decision, d.Reason)
	}

	// A module that defines deny as a boolean is reported at its own line.
	os.WriteFile(filepath.Join(policy, "org.rego"), []byte("package agentctl.custom\n\ndeny := true\n"), 0o644)
	_, err = engine.New(ctx, load(dir, `{}`), engine.WithPolicyDir(policy))
	var pe *engine.PolicyError
	if errors.As(err, &pe) {
		fmt.Printf("%s:%d %s\n", filepath.Base(pe.File), pe.Line, pe.Code)
	}
	// Output:
	// git push origin feature: allow (allowed by rule Bash(git push *) from flagSettings --settings:1)
	// git -C . push origin main: deny (denied by org policy: pushing to main is reserved for the release bot)
	// org.rego:3 agentctl_policy_error
}
