// Package toolspec is the catalogue of built-in tools: for each tool its
// name and aliases, main input field, path-rule family, whether it is
// read-only and whether it needs permission, and its input JSON Schema.
// Settings, the engine, the tools and (as data in the policy bundle) the Rego
// modules all read it, so adding a tool is one entry here plus its
// implementation. It imports nothing of agentctl.
package toolspec

import (
	"embed"
	"encoding/json"
	"strings"
)

// Family is the rule bucket whose path rules cover a file tool: Read rules
// cover the searching tools, Edit rules every editing tool (spec §4).
type Family string

// Families. NoFamily is a tool that takes no path rules.
const (
	NoFamily Family = ""
	Reading  Family = "Read"
	Editing  Family = "Edit"
)

// Spec is one built-in tool as the catalogue describes it. Lookup and All
// return copies, but Aliases and Schema share their backing arrays with the
// catalogue: read them, never change them.
type Spec struct {
	// Name is the canonical name rules and the policy use.
	Name string
	// Aliases are other names that mean this tool (Task is Agent).
	Aliases []string
	// MainField is the input field holding what the tool acts on (the
	// command, file, directory or URL); param rules may not name it.
	MainField string
	// AbsolutePath says the main field must be an absolute path.
	AbsolutePath bool
	// Family is the bucket of path rules that covers the tool's file;
	// NoFamily for tools that take no path rules.
	Family Family
	// OwnPathRules says path rules written for this very tool are consulted
	// (Read, Edit, Grep, NotebookRead); those for Write, MultiEdit,
	// NotebookEdit and Glob are not: their family's rules are.
	OwnPathRules bool
	// ReadOnly says the tool changes no file and runs nothing: plan mode
	// lets it through.
	ReadOnly bool
	// NeedsPermission is false for tools that change only the session's own
	// state (the todo list, tool search, sub-agents). ExitPlanMode needs it:
	// leaving plan mode lifts its refusal of every write (§6: "until an
	// approved ExitPlanMode"), so the model must not approve its own plan.
	NeedsPermission bool
	// SpecFields are the input fields a Tool(specifier) rule matches, for
	// tools whose specifier is neither a path, a command nor a domain
	// (Skill(name), SlashCommand(/review:*), PowerShell(Get-Item *)).
	SpecFields []string
	// Schema is the tool's input JSON Schema (draft 2020-12).
	Schema json.RawMessage
	// check holds the stateless checks a schema cannot express.
	check func(in map[string]any) []string
}

//go:embed schemas/*.json
var schemaFiles embed.FS

// catalogue is every built-in tool, in name order.
var catalogue = []Spec{
	{Name: "Agent", Aliases: []string{"Task"}, ReadOnly: true},
	{Name: "Bash", MainField: "command", NeedsPermission: true, check: checkBash},
	{Name: "BashOutput", NeedsPermission: true},
	{Name: "Edit", MainField: "file_path", AbsolutePath: true, Family: Editing, OwnPathRules: true, NeedsPermission: true, check: checkEdit},
	{Name: "EnterWorktree", NeedsPermission: true},
	{Name: "ExitPlanMode", ReadOnly: true, NeedsPermission: true},
	{Name: "ExitWorktree", NeedsPermission: true},
	{Name: "Glob", MainField: "path", Family: Reading, ReadOnly: true, NeedsPermission: true},
	{Name: "Grep", MainField: "path", Family: Reading, OwnPathRules: true, ReadOnly: true, NeedsPermission: true},
	{Name: "KillShell", NeedsPermission: true},
	{Name: "MultiEdit", MainField: "file_path", AbsolutePath: true, Family: Editing, NeedsPermission: true, check: checkMultiEdit},
	{Name: "NotebookEdit", MainField: "notebook_path", AbsolutePath: true, Family: Editing, NeedsPermission: true},
	{Name: "NotebookRead", MainField: "notebook_path", AbsolutePath: true, Family: Reading, OwnPathRules: true, ReadOnly: true, NeedsPermission: true},
	{Name: "Read", MainField: "file_path", AbsolutePath: true, Family: Reading, OwnPathRules: true, ReadOnly: true, NeedsPermission: true},
	{Name: "PowerShell", MainField: "command", NeedsPermission: true, SpecFields: []string{"command"}},
	{Name: "Skill", NeedsPermission: true, SpecFields: []string{"skill", "command"}},
	{Name: "SlashCommand", NeedsPermission: true, SpecFields: []string{"command"}},
	{Name: "TodoWrite", ReadOnly: true},
	{Name: "ToolSearch", ReadOnly: true},
	{Name: "WebFetch", MainField: "url", ReadOnly: true, NeedsPermission: true, check: checkWebFetch},
	{Name: "WebSearch", ReadOnly: true, NeedsPermission: true},
	{Name: "Write", MainField: "file_path", AbsolutePath: true, Family: Editing, NeedsPermission: true},
}

// byName indexes the catalogue by canonical name and alias.
var byName = func() map[string]int {
	m := map[string]int{}
	for i := range catalogue {
		s := &catalogue[i]
		b, err := schemaFiles.ReadFile("schemas/" + s.Name + ".json")
		if err != nil {
			panic(err) // every catalogue entry ships its schema
		}
		s.Schema = b
		m[s.Name] = i
		for _, a := range s.Aliases {
			m[a] = i
		}
	}
	return m
}()

// Lookup returns the spec of a built-in tool by name or alias.
func Lookup(name string) (Spec, bool) {
	i, ok := byName[name]
	if !ok {
		return Spec{}, false
	}
	return catalogue[i], true
}

// Fields lists the top-level input fields a built-in tool's schema
// declares (nil for an unknown tool).
func Fields(name string) map[string]bool {
	s, ok := Lookup(name)
	if !ok {
		return nil
	}
	var doc struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(s.Schema, &doc); err != nil {
		return nil
	}
	out := make(map[string]bool, len(doc.Properties))
	for k := range doc.Properties {
		out[k] = true
	}
	return out
}

// Known reports whether name is a built-in tool's name or alias.
func Known(name string) bool {
	_, ok := byName[name]
	return ok
}

// Canonical returns the canonical name for an alias (Task → Agent), and any
// other name unchanged.
func Canonical(name string) string {
	if i, ok := byName[name]; ok {
		return catalogue[i].Name
	}
	return name
}

// All returns every spec in name order.
func All() []Spec {
	return append([]Spec(nil), catalogue...)
}

// IsMCP reports whether name is an MCP tool's name, mcp__server__tool.
func IsMCP(name string) bool {
	rest, ok := strings.CutPrefix(name, "mcp__")
	if !ok {
		return false
	}
	server, tool, found := strings.Cut(rest, "__")
	return found && server != "" && tool != ""
}

// Data is the catalogue as the policy reads it, data.agentctl.tools: one
// object per canonical name with its family (the rule buckets its path
// rules live in, its own first), whether it is a file tool, read-only, and
// whether it needs permission.
func Data() map[string]any {
	out := map[string]any{}
	for _, s := range catalogue {
		buckets := []any{s.Name}
		if s.Family != NoFamily && string(s.Family) != s.Name {
			buckets = append(buckets, string(s.Family))
		}
		out[s.Name] = map[string]any{
			"buckets":          buckets,
			"family":           string(s.Family),
			"main_field":       s.MainField,
			"own_path_rules":   s.OwnPathRules,
			"read_only":        s.ReadOnly,
			"needs_permission": s.NeedsPermission,
		}
	}
	return out
}
