//go:build !agentctl_lean

package engine

import (
	"context"

	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/version"
)

// opaVersion is the embedded OPA's version: the decision log's
// labels.version, as OPA writes it.
var opaVersion = version.Version

// regoLogPolicy is logPolicy on the embedded OPA.
type regoLogPolicy struct{ maskQ, dropQ rego.PreparedEvalQuery }

// newLogPolicy compiles the bundle's system.log modules now, so that a
// mistake in them fails at start (nil without any).
func newLogPolicy(ctx context.Context, b *Bundle) (logPolicy, error) {
	if len(b.logModules) == 0 {
		return nil, nil
	}
	prepare := func(query string) (rego.PreparedEvalQuery, error) {
		opts := []func(*rego.Rego){rego.Query(query)}
		for _, name := range sortedKeys(b.logModules) {
			opts = append(opts, rego.Module(name, b.logModules[name]))
		}
		pq, err := rego.New(opts...).PrepareForEval(ctx)
		if err != nil {
			return pq, policyErrors(err, b.files)
		}
		return pq, nil
	}
	var p regoLogPolicy
	var err error
	if p.maskQ, err = prepare("data.system.log.mask"); err != nil {
		return nil, err
	}
	if p.dropQ, err = prepare("data.system.log.drop"); err != nil {
		return nil, err
	}
	return &p, nil
}

func (p *regoLogPolicy) drop(ctx context.Context, doc map[string]any) (bool, error) {
	rs, err := p.dropQ.Eval(ctx, rego.EvalInput(doc))
	if err != nil {
		return false, err
	}
	return rs.Allowed(), nil
}

func (p *regoLogPolicy) mask(ctx context.Context, doc map[string]any) (any, bool, error) {
	rs, err := p.maskQ.Eval(ctx, rego.EvalInput(doc))
	if err != nil || len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return nil, false, err
	}
	return rs[0].Expressions[0].Value, true, nil
}
