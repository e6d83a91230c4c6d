package tools

import (
	"encoding/json"
	"net/http"
	"os"
	"runtime"
	"sort"
)

// Features are the gates that add tools to the base set. Each is named and
// read from one place, so it can be tested.
type Features struct {
	// WebSearchURL enables WebSearch (gate "websearch", env AGENTCTL_WEBSEARCH_URL).
	WebSearchURL string
	// Worktrees enables EnterWorktree/ExitWorktree (gate "worktrees": git on PATH, not Windows).
	Worktrees bool
	// ToolSearchThreshold enables ToolSearch when the pool has more tools
	// (gate "toolsearch", env AGENTCTL_TOOL_SEARCH=1 forces it on); 0 means 40.
	ToolSearchThreshold int
	ForceToolSearch     bool
	// HTTPClient is used by WebFetch and WebSearch (nil: a default client).
	HTTPClient *http.Client
}

// FeaturesFromEnv reads the feature gates from the environment and platform.
func FeaturesFromEnv() Features {
	_, gitErr := lookPath("git")
	return Features{
		WebSearchURL:    os.Getenv("AGENTCTL_WEBSEARCH_URL"),
		Worktrees:       gitErr == nil && runtime.GOOS != "windows",
		ForceToolSearch: os.Getenv("AGENTCTL_TOOL_SEARCH") == "1",
	}
}

// AllBase returns the always-on tools plus those the feature gates enable.
// ToolSearch's enabled state depends on the final pool size, read through
// poolSize.
func AllBase(f Features, poolSize func() int) []Tool {
	threshold := f.ToolSearchThreshold
	if threshold == 0 {
		threshold = 40
	}
	ts := func() bool { return f.ForceToolSearch || (poolSize != nil && poolSize() > threshold) }
	out := []Tool{NewRead(), NewWrite(), NewEdit(), NewMultiEdit(), NewBash(), NewGlob(), NewGrep(),
		NewWebFetch(f.HTTPClient), NewNotebookEdit(), NewTodoWrite(), NewExitPlanMode(), NewToolSearch(ts)}
	if f.WebSearchURL != "" {
		out = append(out, NewWebSearch(f.WebSearchURL, f.HTTPClient))
	}
	if f.Worktrees {
		out = append(out, NewEnterWorktree(), NewExitWorktree())
	}
	return out
}

// Disabled says why a tool is not in the pool.
type Disabled struct {
	Tool   Tool
	Reason string
}

// DenyFunc reports whether a bare-name or tool-glob deny rule removes the
// named tool, and which rule.
type DenyFunc func(name string) (rule string, denied bool)

// Enabled drops tools removed by a deny rule on the whole tool and tools
// whose IsEnabled is false, and says why each was dropped.
func Enabled(all []Tool, denied DenyFunc) (kept []Tool, dropped []Disabled) {
	for _, t := range all {
		if denied != nil {
			if rule, ok := denied(t.Name()); ok {
				dropped = append(dropped, Disabled{t, "denied by rule " + rule})
				continue
			}
		}
		if !t.IsEnabled() {
			dropped = append(dropped, Disabled{t, "disabled by its feature gate"})
			continue
		}
		kept = append(kept, t)
	}
	return kept, dropped
}

// AssemblePool orders the pool byte-stably: built-ins sorted by name, then
// MCP tools sorted by name; a name appears once, built-ins winning.
func AssemblePool(builtins, mcp []Tool) []Tool {
	byName := func(ts []Tool) []Tool {
		out := append([]Tool(nil), ts...)
		sort.SliceStable(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
		return out
	}
	seen := map[string]bool{}
	var pool []Tool
	for _, t := range append(byName(builtins), byName(mcp)...) {
		if seen[t.Name()] {
			continue
		}
		seen[t.Name()] = true
		pool = append(pool, t)
	}
	return pool
}

// Definition is a tool as the Anthropic API's tools parameter expects it.
type Definition struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// DefinitionOf returns the API definition of a tool.
func DefinitionOf(t Tool) Definition {
	desc := t.Description()
	if p := t.Prompt(); p != "" {
		desc += "\n\n" + p
	}
	return Definition{Name: t.Name(), Description: desc, InputSchema: t.InputSchema()}
}

// Find returns the tool of the pool with that name.
func Find(pool []Tool, name string) (Tool, bool) {
	for _, t := range pool {
		if t.Name() == name {
			return t, true
		}
	}
	return nil, false
}

// Catalog returns every built-in tool whatever its feature gate, for schema
// validation and listing.
func Catalog() []Tool {
	return AllBase(Features{WebSearchURL: "gated", Worktrees: true, ForceToolSearch: true}, nil)
}
