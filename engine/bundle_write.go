//go:build !agentctl_lean

package engine

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/bundle"
)

// checkCustom parses a module of the policy directory and returns its
// package: CustomPackage (deny, ask and allow only as sets of messages) or
// LogPackage (the decision log's mask and drop).
func checkCustom(path string, src []byte) (string, error) {
	m, err := ast.ParseModuleWithOpts(path, string(src), ast.ParserOptions{RegoVersion: ast.RegoV1})
	if err != nil {
		return "", policyErrors(err, nil)
	}
	got := strings.TrimPrefix(m.Package.Path.String(), "data.")
	if err := checkCustomBuiltins(path, m); err != nil {
		return "", err
	}
	if got == LogPackage {
		return got, nil
	}
	if got != CustomPackage {
		return "", &PolicyError{File: path, Line: m.Package.Location.Row, Col: m.Package.Location.Col, Code: CodePolicy,
			Message: fmt.Sprintf("package %s: custom modules must declare package %s (or %s: the decision log's mask and drop)",
				got, CustomPackage, LogPackage)}
	}
	if err := checkCustomData(path, m); err != nil {
		return "", err
	}
	return got, checkCustomShape(path, m)
}

// Signing says how to sign a bundle with OPA's own bundle signing (a
// .signatures.json JWT over every file), so that `opa run --server
// --verification-key` loads it and refuses a tampered copy.
type Signing struct {
	// Key is a PEM private key file (RS*/ES*/PS*) or an HMAC secret (HS*).
	Key string
	// Alg is the JWS algorithm (default RS256).
	Alg string
	// KeyID names the verification key the server must use ("" for OPA's "default").
	KeyID string
}

// WriteTarGz writes the bundle in OPA's bundle format (.tar.gz), loadable by
// `opa run --server BUNDLE` and `opa eval -b BUNDLE`; signed when sign is
// not nil.
func (b *Bundle) WriteTarGz(w io.Writer, sign *Signing) error {
	ob := bundle.Bundle{
		Manifest: bundle.Manifest{Revision: b.Revision(), Roots: &[]string{"agentctl"}},
		Data:     b.Data(),
	}
	for _, name := range b.moduleNames() {
		src := b.Modules[name]
		m, err := ast.ParseModuleWithOpts(name, src, ast.ParserOptions{RegoVersion: ast.RegoV1})
		if err != nil {
			return policyErrors(err, b.files)
		}
		ob.Modules = append(ob.Modules, bundle.ModuleFile{URL: "/" + name, Path: "/" + name, Raw: []byte(src), Parsed: m})
	}
	if sign != nil {
		if sign.Key == "" {
			return errors.New("bundle signing: no key")
		}
		if err := ob.GenerateSignature(bundle.NewSigningConfig(sign.Key, sign.Alg, ""), sign.KeyID, false); err != nil {
			return fmt.Errorf("bundle signing: %w", err)
		}
	}
	return bundle.NewWriter(w).Write(ob)
}
