package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/agentctl/agentctl/settings"
)

// BundleData is the rule index of a bundle's data document, read back
// (see ReadBundleData).
type BundleData struct {
	index map[string]*bucket // by behaviour, as compileRules writes it
	// Commands is the bundle's command table (data.agentctl.commands).
	Commands json.RawMessage
}

// ReadBundleData reads back the rule index of a bundle's data document
// (data.agentctl, what Build writes): for a tool that evaluates a bundle
// file with OPA and still computes the facts. A bundle without
// data.agentctl.rules was not built by agentctl bundle build.
func ReadBundleData(data map[string]any) (*BundleData, error) {
	var doc struct {
		Rules    map[string]*bucket `json:"rules"`
		Commands json.RawMessage    `json:"commands"`
	}
	ac, ok := data["agentctl"].(map[string]any)
	if !ok || ac["rules"] == nil {
		return nil, fmt.Errorf("not an agentctl bundle (no data.agentctl.rules; agentctl bundle build writes one)")
	}
	raw, err := json.Marshal(ac)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("data.agentctl: %w", err)
	}
	return &BundleData{index: doc.Rules, Commands: doc.Commands}, nil
}

// all lists every rule entry of the index.
func (b *bucket) all() []ruleData {
	out := append([]ruleData(nil), b.Globs...)
	for _, m := range []map[string][]ruleData{b.Tool, b.Bash, b.Domain} {
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

// Rules lists the bundle's rules once each (a path rule by its first
// entry), in the order the settings held them.
func (d *BundleData) Rules() []RuleRef {
	seen := map[int]bool{}
	var out []ruleData
	for _, b := range d.index {
		for _, r := range b.all() {
			if !seen[r.ID] {
				seen[r.ID] = true
				out = append(out, r)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	refs := make([]RuleRef, len(out))
	for i, r := range out {
		refs[i] = RuleRef{Text: r.Text, Behavior: r.Behavior, Source: r.Source, File: r.File, Line: r.Line, Column: r.Column}
	}
	return refs
}

// GuardRules are the bundle's deny and ask path rules as settings rules
// that carry the bundle's own absolute globs (settings.Rule.Globs). Added
// to the settings that compute a call's facts, they make a recursive walk
// that could reach a path only the bundle guards list that path, as the
// bundle's Rego expects (the engine lists what deny and ask path rules of
// its settings guard). Each keeps its rule's kind and pattern, so the
// guards, and a walk's witnesses, are the ones the bundle's engine had.
func (d *BundleData) GuardRules() []settings.Rule {
	var out []settings.Rule
	for _, b := range []settings.Behavior{settings.Deny, settings.Ask} {
		bk, ok := d.index[string(b)]
		if !ok {
			continue
		}
		// One rule per rule id and kind (Read, Edit, Grep …), with the
		// globs the bundle carries for it: a walk meets only the guards of
		// rules that see its access (walkGuards), and the guards are the
		// ones its engine had, none re-derived.
		type kindRule struct {
			kind string
			id   int
		}
		globs := map[kindRule][]string{}
		first := map[kindRule]ruleData{}
		for kind, byKey := range bk.Path {
			for _, rs := range byKey {
				for _, r := range rs {
					k := kindRule{kind, r.ID}
					if strings.HasPrefix(r.Glob, "/") && !slices.Contains(globs[k], r.Glob) {
						globs[k] = append(globs[k], r.Glob)
						first[k] = r
					}
				}
			}
		}
		keys := make([]kindRule, 0, len(globs))
		for k := range globs {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if keys[i].id != keys[j].id {
				return keys[i].id < keys[j].id
			}
			return keys[i].kind < keys[j].kind
		})
		for _, k := range keys {
			e := first[k]
			gs := globs[k]
			slices.Sort(gs)
			pattern := gs[0]
			if r, err := settings.ParseRule(e.Text, b); err == nil {
				pattern = r.Pattern // newGuards tells a directory rule by it
			}
			src, _ := settings.ParseSource(e.Source)
			out = append(out, settings.Rule{Text: e.Text, Behavior: b, Source: src,
				Pos:  settings.Position{File: e.File, Line: e.Line, Column: e.Column},
				Tool: k.kind, Kind: settings.KindPath, Pattern: pattern, Anchor: settings.AnchorRoot, Globs: gs})
		}
	}
	return out
}

// Profile is the command knowledge profile the bundle was built with.
func (d *BundleData) Profile() string {
	var c struct {
		Profile string `json:"profile"`
	}
	_ = json.Unmarshal(d.Commands, &c)
	return c.Profile
}
