package workflow

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/agentctl/agentctl/settings"
)

// bundleRule is one settings rule as a bundle carries it (one entry of
// data.agentctl.rules; a path rule has one entry per absolute glob).
type bundleRule struct {
	ID       int    `json:"id"`
	Text     string `json:"text"`
	Behavior string `json:"behavior"`
	Source   string `json:"source"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Kind     string `json:"kind"`
	Glob     string `json:"glob"`
}

// bundleBucket is one behaviour's rule index in data.agentctl.rules.
type bundleBucket struct {
	Tool   map[string][]bundleRule            `json:"tool"`
	Globs  []bundleRule                       `json:"globs"`
	Bash   map[string][]bundleRule            `json:"bash"`
	Path   map[string]map[string][]bundleRule `json:"path"`
	Domain map[string][]bundleRule            `json:"domain"`
}

// bundleData is what the workflow reads of a bundle's data document.
type bundleData struct {
	Rules    map[string]bundleBucket `json:"rules"`
	Commands json.RawMessage         `json:"commands"`
}

// readBundleData decodes data.agentctl of an agentctl bundle; a bundle
// without data.agentctl.rules was not built by agentctl bundle build.
func readBundleData(data map[string]any) (bundleData, error) {
	var d bundleData
	ac, ok := data["agentctl"].(map[string]any)
	if !ok || ac["rules"] == nil {
		return d, fmt.Errorf("not an agentctl bundle (no data.agentctl.rules; agentctl bundle build writes one)")
	}
	raw, err := json.Marshal(ac)
	if err != nil {
		return d, err
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return d, fmt.Errorf("data.agentctl: %w", err)
	}
	return d, nil
}

// all lists every rule entry of the index.
func (b bundleBucket) all() []bundleRule {
	out := append([]bundleRule(nil), b.Globs...)
	for _, m := range []map[string][]bundleRule{b.Tool, b.Bash, b.Domain} {
		for _, rs := range m {
			out = append(out, rs...)
		}
	}
	for _, byKey := range b.Path {
		for _, rs := range byKey {
			out = append(out, rs...)
		}
	}
	return out
}

// rules lists the bundle's rules once each (a path rule by its first
// entry), in the order the settings held them.
func (d bundleData) rules() []bundleRule {
	seen := map[int]bool{}
	var out []bundleRule
	for _, b := range d.Rules {
		for _, r := range b.all() {
			if !seen[r.ID] {
				seen[r.ID] = true
				out = append(out, r)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// guardRules are the bundle's deny and ask path rules as settings rules
// anchored at the bundle's own absolute globs. Added to the settings that
// compute a call's facts, they make a recursive walk that could reach a
// path only the bundle guards list that path, as the bundle's Rego expects
// (the engine lists what deny and ask path rules of its settings guard).
//
// A rule's globs are the ones `agentctl bundle build` derived from it:
// each written as its own //glob rule yields the same glob set, and, as
// long as only the directory variants ("/**") of a file rule are left
// out, the same globs for walks.
func (d bundleData) guardRules() []settings.Rule {
	var out []settings.Rule
	for _, b := range []settings.Behavior{settings.Deny, settings.Ask} {
		bk, ok := d.Rules[string(b)]
		if !ok {
			continue
		}
		var entries []bundleRule
		for _, byKey := range bk.Path {
			for _, rs := range byKey {
				entries = append(entries, rs...)
			}
		}
		sort.Slice(entries, func(i, j int) bool {
			if entries[i].ID != entries[j].ID {
				return entries[i].ID < entries[j].ID
			}
			return entries[i].Glob < entries[j].Glob
		})
		seen := map[string]bool{}
		for _, e := range entries {
			if !strings.HasPrefix(e.Glob, "/") || seen[e.Glob] {
				continue
			}
			seen[e.Glob] = true
			dirRule := false
			if r, err := settings.ParseRule(e.Text, b); err == nil {
				dirRule = strings.HasSuffix(r.Pattern, "/") || strings.HasSuffix(r.Pattern, "**")
			}
			if dirRule != strings.HasSuffix(e.Glob, "**") {
				continue // a variant the glob of the same rule brings back
			}
			src, _ := settings.ParseSource(e.Source)
			out = append(out, settings.Rule{Text: e.Text, Behavior: b, Source: src,
				Pos:  settings.Position{File: e.File, Line: e.Line, Column: e.Column},
				Tool: "Read", Kind: settings.KindPath, Pattern: e.Glob, Anchor: settings.AnchorRoot})
		}
	}
	return out
}

// profile is the command knowledge profile the bundle was built with.
func (d bundleData) profile() string {
	var c struct {
		Profile string `json:"profile"`
	}
	_ = json.Unmarshal(d.Commands, &c)
	return c.Profile
}
