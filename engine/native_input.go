package engine

import (
	"encoding/json"
	"unicode/utf8"
)

// callInput is the policy input of one call as Go values: the native
// evaluator reads it directly; toMap gives the document OPA evaluates.
type callInput struct {
	Tool        string
	Input       map[string]any
	Mode        string
	Cwd         string
	ProjectRoot string
	Home        string
	WorkingDirs []string
	PolicyFiles []string
	// policy is PolicyFiles lower-cased (nil: built from PolicyFiles).
	policy *policyFiles
	Facts  Facts
	Hook   *HookVerdict
	// keyed is set once the facts' index keys are filled (withKeys).
	keyed bool
}

// withKeys fills the index keys of every file, mention and reach fact —
// the policy's way into its path index — before the facts leave for OPA,
// a log or a reader. The native evaluator walks the same keys without
// building them (pathIndex.visit).
func (in *callInput) withKeys() {
	if in.keyed {
		return
	}
	in.keyed = true
	f := &in.Facts
	f.Files = withKeys(f.Files)
	f.Mentions = withKeys(f.Mentions)
	f.Named = withKeys(f.Named)
	for i := range f.Reach {
		f.Reach[i].Keys = pathKeys(f.Reach[i].Path)
	}
}

// toMap is the input document (ARCHITECTURE.md, "The decision").
func (in *callInput) toMap() map[string]any {
	in.withKeys()
	m := map[string]any{
		"tool": in.Tool, "input": in.Input, "mode": in.Mode, "cwd": in.Cwd, "project_root": in.ProjectRoot,
		"home": in.Home, "working_dirs": in.WorkingDirs, "facts": in.Facts.toMap(),
	}
	if in.PolicyFiles != nil {
		m["policy_files"] = in.PolicyFiles
	}
	if in.Hook != nil {
		m["hook"] = map[string]any{"decision": in.Hook.Decision, "reason": in.Hook.Reason}
	}
	return m
}

// toMap converts the facts to the plain JSON values OPA evaluates fastest.
func (f Facts) toMap() map[string]any {
	b, err := json.Marshal(f)
	if err != nil {
		panic(err) // Facts holds only JSON-safe values
	}
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return m
}

// jsonText is s as it reads back from JSON: every byte that is not part of
// valid UTF-8 becomes U+FFFD, as encoding/json writes it. A decision from
// OPA passes through JSON (parseDecision); a native one gets the same text.
func jsonText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, "\uFFFD"...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// jsonDecision normalises every string of a native decision with jsonText.
func jsonDecision(d Decision) Decision {
	d.Reason, d.ToolName = jsonText(d.Reason), jsonText(d.ToolName)
	fix := func(r *RuleRef) *RuleRef {
		if r == nil || utf8.ValidString(r.Text) && utf8.ValidString(r.Behavior) && utf8.ValidString(r.Source) && utf8.ValidString(r.File) {
			return r
		}
		c := *r
		c.Text, c.Behavior, c.Source, c.File = jsonText(c.Text), jsonText(c.Behavior), jsonText(c.Source), jsonText(c.File)
		return &c
	}
	d.Rule = fix(d.Rule)
	for i := range d.Matches {
		m := &d.Matches[i]
		m.Reason = jsonText(m.Reason)
		m.RuleRef = fix(m.RuleRef)
	}
	return d
}
