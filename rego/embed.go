// Package rego holds agentctl's policy: one Rego module per decision stage
// plus the composing data.agentctl.decision, and the JSON Schema of the
// input they read. The modules use only OPA's standard built-ins, so the
// same bundle runs embedded and on a stock OPA.
package rego

import (
	"embed"
	"io/fs"
	"strings"
)

//go:embed *.rego
var files embed.FS

//go:embed schemas/input.json
var inputSchema []byte

// InputSchema returns the JSON Schema (draft-07) of the policy input, the
// document every module reads as input: schemas/input.json. Custom org
// modules are type-checked against it — by agentctl when it compiles them,
// by `opa check --schema rego/schemas/input.json DIR` elsewhere.
func InputSchema() []byte { return append([]byte(nil), inputSchema...) }

// Modules returns the policy modules (tests excluded) keyed by file name,
// in a stable order of names.
func Modules() map[string]string {
	return load(func(name string) bool { return !strings.HasSuffix(name, "_test.rego") })
}

// Tests returns the Rego unit test modules keyed by file name.
func Tests() map[string]string {
	return load(func(name string) bool { return strings.HasSuffix(name, "_test.rego") })
}

func load(keep func(string) bool) map[string]string {
	out := map[string]string{}
	entries, _ := fs.ReadDir(files, ".")
	for _, e := range entries {
		if !keep(e.Name()) {
			continue
		}
		b, err := files.ReadFile(e.Name())
		if err != nil {
			panic(err) // embedded files are always readable
		}
		out[e.Name()] = string(b)
	}
	return out
}
