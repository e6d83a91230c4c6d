package workflow

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/open-policy-agent/opa/v1/bundle"
	"github.com/open-policy-agent/opa/v1/keys"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// IsBundle reports whether path is a regular file that starts with the
// gzip magic number: a .tar.gz policy bundle, whatever its name.
func IsBundle(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return false, err
	}
	magic := make([]byte, 2)
	if _, err := io.ReadFull(f, magic); err != nil {
		return false, nil // shorter than a gzip header
	}
	return magic[0] == 0x1f && magic[1] == 0x8b, nil
}

// hasSignatures reports whether a .tar.gz bundle holds .signatures.json.
func hasSignatures(raw []byte) bool {
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return false
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err != nil {
			return false
		}
		if bundle.IsSignaturesFile(h.Name) {
			return true
		}
	}
}

// BundleVerification checks a signed bundle's signature (OPA's bundle
// signing, as `opa run --verification-key` does).
type BundleVerification struct {
	// Key is a PEM public key file (RS*, ES*, PS*) or an HMAC secret (HS*).
	Key string
	// KeyID names the key ("" is OPA's "default").
	KeyID string
	// Alg is the signing algorithm ("" is RS256).
	Alg string
}

// BundleOptions tell OpenBundle how to check a bundle and compute facts.
type BundleOptions struct {
	// Verify, when set, checks the bundle's signature: an unsigned or
	// tampered bundle is then an error. Without it a signed bundle is read
	// unchecked (and the notes say so).
	Verify *BundleVerification
	// Settings compute each call's facts (paths and their symlinks, the
	// Bash parse, the working directories), as agentctl --opa-url does
	// before it asks an OPA server that runs the bundle.
	Settings *settings.Settings
	// PolicyDir holds the org's command tables (*.yaml) the Bash parse
	// uses ("" for none); its Rego is the bundle's business, not this.
	PolicyDir string
}

// BundlePolicy is a policy bundle (the .tar.gz `agentctl bundle build`
// writes, in OPA's bundle format) that decides calls: its own Rego
// modules and rule data, evaluated with OPA, over the facts an engine of
// the given settings computes. It is safe for concurrent use.
type BundlePolicy struct {
	// Path is the bundle file; Revision its manifest's revision.
	Path, Revision string
	// Signed: the bundle carries .signatures.json; Verified: it was checked.
	Signed, Verified bool
	prepared         rego.PreparedEvalQuery
	facts            *engine.Engine
	notes            []string
}

// OpenBundle reads and compiles the bundle at path.
func OpenBundle(ctx context.Context, path string, o BundleOptions) (*BundlePolicy, error) {
	if o.Settings == nil {
		return nil, errors.New("OpenBundle: no settings to compute facts with")
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r := bundle.NewReader(bytes.NewReader(raw))
	if v := o.Verify; v != nil {
		id := v.KeyID
		if id == "" {
			id = "default"
		}
		alg := v.Alg
		if alg == "" {
			alg = "RS256"
		}
		key, err := keys.NewKeyConfig(v.Key, alg, "")
		if err != nil {
			return nil, fmt.Errorf("%s: verification key: %w", path, err)
		}
		r = r.WithBundleVerificationConfig(bundle.NewVerificationConfig(map[string]*bundle.KeyConfig{id: key}, id, "", nil))
	} else {
		r = r.WithSkipBundleVerification(true)
	}
	b, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	data, err := engine.ReadBundleData(b.Data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// Unverified, OPA's reader skips .signatures.json: look for it.
	p := &BundlePolicy{Path: path, Revision: b.Manifest.Revision, Verified: o.Verify != nil,
		Signed: o.Verify != nil || hasSignatures(raw)}
	p.prepared, err = rego.New(rego.Query(engine.Query), rego.ParsedBundle(path, &b),
		rego.StrictBuiltinErrors(true)).PrepareForEval(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// The settings' own rules, the bundle's deny and ask path rules (what
	// a recursive walk must report reaching) and the bundle's profile.
	s := *o.Settings
	s.Rules = append(append([]settings.Rule(nil), s.Rules...), data.GuardRules()...)
	if pr := data.Profile(); pr != "" {
		s.Commands = &settings.Scalar{Value: pr, Source: settings.PolicySettings, Pos: settings.Position{File: path}}
	}
	var eo []engine.Option
	if o.PolicyDir != "" {
		eo = append(eo, engine.WithPolicyDir(o.PolicyDir))
	}
	if p.facts, err = engine.New(ctx, &s, eo...); err != nil {
		return nil, fmt.Errorf("%s: the settings that compute the facts: %w", path, err)
	}
	p.notes = p.describe(data, o.Settings)
	return p, nil
}

// Label names the bundle in reports.
func (p *BundlePolicy) Label() string { return p.Path }

// Notes say how the bundle decides and what it cannot show.
func (p *BundlePolicy) Notes() []string { return p.notes }

func (p *BundlePolicy) describe(data *engine.BundleData, s *settings.Settings) []string {
	sig := "unsigned"
	switch {
	case p.Verified:
		sig = "signed, signature verified"
	case p.Signed:
		sig = "signed, signature NOT verified (--verification-key verifies it)"
	}
	notes := []string{fmt.Sprintf("%s is a policy bundle (revision %s, %s): its Rego modules and rules decide, "+
		"evaluated with OPA; each call's facts (paths, symlinks, the Bash parse) come from the working tree's "+
		"settings, as agentctl --opa-url computes them for an OPA server that runs the bundle.", p.Path, p.Revision, sig)}
	rules := data.Rules()
	missing := 0
	for _, r := range rules {
		if r.File == "" {
			missing++
		}
	}
	switch {
	case len(rules) > 0 && missing == len(rules):
		notes = append(notes, fmt.Sprintf("The bundle carries no settings file:line for its rules: its rules are named by their text only (%s:?).", p.Path))
	case len(rules) > 0:
		n := fmt.Sprintf("Rules of the bundle are named %s:FILE:LINE — where they were written when it was built "+
			"(the bundle carries the rules and their positions, not the settings files).", p.Path)
		if missing > 0 {
			n += fmt.Sprintf(" %d of its %d rules carry no position (%s:?).", missing, len(rules), p.Path)
		}
		notes = append(notes, n)
	}
	ours, _ := p.facts.Bundle().Data()["agentctl"].(map[string]any)
	if got, err := json.Marshal(ours["commands"]); err == nil && len(data.Commands) > 0 && !jsonEqual(got, data.Commands) {
		notes = append(notes, "The bundle's command table differs from the one the facts use (the working tree's "+
			"--policy command tables): its Bash calls are parsed with the working tree's.")
	}
	if s.AutoClassifier != nil {
		notes = append(notes, "Calls in auto mode: the bundle's fallback asks are not put to the auto-mode classifier.")
	}
	return notes
}

// jsonEqual compares two JSON documents by value.
func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ca, _ := json.Marshal(x)
	cb, _ := json.Marshal(y)
	return bytes.Equal(ca, cb)
}

// Decide validates the call, computes its facts and evaluates the
// bundle's decision. A result that is not a well-formed decision about the
// call's tool is an error, never a permission.
func (p *BundlePolicy) Decide(ctx context.Context, call engine.Call) (engine.Decision, error) {
	in, problems := p.facts.Input(call)
	if len(problems) > 0 {
		return engine.Invalid(call.Tool, problems...), nil
	}
	rs, err := p.prepared.Eval(ctx, rego.EvalInput(in))
	if err != nil {
		return engine.Decision{}, err
	}
	if len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return engine.Decision{}, fmt.Errorf("%s: %w", p.Path, engine.ErrUndefined)
	}
	raw, err := json.Marshal(rs[0].Expressions[0].Value)
	if err != nil {
		return engine.Decision{}, err
	}
	var d engine.Decision
	if err := json.Unmarshal(raw, &d); err != nil {
		return engine.Decision{}, fmt.Errorf("%s: %w: %w", p.Path, engine.ErrMalformed, err)
	}
	switch {
	case d.Decision != engine.Allow && d.Decision != engine.Ask && d.Decision != engine.Deny:
		return engine.Decision{}, fmt.Errorf("%s: %w: decision %q", p.Path, engine.ErrMalformed, d.Decision)
	case d.Stage == 0:
		return engine.Decision{}, fmt.Errorf("%s: %w: no stage", p.Path, engine.ErrMalformed)
	case d.ToolName != in["tool"]:
		return engine.Decision{}, fmt.Errorf("%s: %w: a decision about tool %q, asked about %q", p.Path,
			engine.ErrMalformed, d.ToolName, in["tool"])
	}
	if d.Matches == nil {
		d.Matches = []engine.Match{}
	}
	return d, nil
}

// NameRule names a rule of the bundle by the bundle: PATH:FILE, the file
// where the rule was when the bundle was built ("PATH:?" when it carries
// none).
func (p *BundlePolicy) NameRule(r *engine.RuleRef) *engine.RuleRef {
	if r == nil {
		return nil
	}
	cp := *r
	if cp.File == "" {
		cp.File = p.Path + ":?"
	} else {
		cp.File = p.Path + ":" + cp.File
	}
	return &cp
}
