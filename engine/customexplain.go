//go:build !agentctl_lean

package engine

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
)

// explainRulePrefix names the copies of the custom verdict rules that
// customRules evaluates one by one.
const explainRulePrefix = "agentctl_explain_"

// customRules finds which rule of the custom org modules gave a custom
// verdict's message, for explain: a verdict set is the union of every
// `deny contains …` rule of every module, and the decision names none of
// them. Each verdict rule is copied under a name of its own in its own
// module (so its body reads the module's imports and rules as the
// original does), and one query reads each copy's set beside the verdict.
type customRules struct {
	once  sync.Once
	pq    rego.PreparedEvalQuery
	refs  map[string][]RuleRef // verdict → its rules, in query order
	err   error
	ready bool
}

// prepare compiles the copies and the query once.
func (q *customRules) prepare(ctx context.Context, b *Bundle) error {
	q.once.Do(func() {
		q.refs = map[string][]RuleRef{}
		var body []string
		var parsed []*ast.Module
		for _, name := range b.moduleNames() {
			if !strings.HasPrefix(name, "custom/") {
				continue
			}
			m, err := ast.ParseModuleWithOpts(name, b.Modules[name], ast.ParserOptions{RegoVersion: ast.RegoV1})
			if err != nil {
				q.err = policyErrors(err, b.files)
				return
			}
			for _, r := range append([]*ast.Rule(nil), m.Rules...) {
				part := string(r.Head.Name)
				if !setRules[part] || r.Head.RuleKind() != ast.MultiValue || len(r.Head.Ref()) != 1 {
					continue
				}
				v := ast.Var(fmt.Sprintf("%s%s_%d", explainRulePrefix, part, len(q.refs[part])))
				c := r.Copy()
				c.Head.Name, c.Head.Reference, c.Module = v, ast.Ref{ast.VarTerm(string(v))}, m
				m.Rules = append(m.Rules, c)
				ref := RuleRef{Text: strings.TrimSpace(r.Head.String()), Behavior: part, Source: "policy", File: b.files[name]}
				if r.Location != nil {
					ref.Line, ref.Column = r.Location.Row, r.Location.Col
				}
				q.refs[part] = append(q.refs[part], ref)
				body = append(body, fmt.Sprintf("%s := data.agentctl.custom.%s", v, v))
			}
			parsed = append(parsed, m)
		}
		for _, part := range []string{"deny", "ask", "allow"} {
			if len(q.refs[part]) > 0 {
				body = append(body, fmt.Sprintf("%s := [x | some x in data.agentctl.custom.%s]", part, part))
			}
		}
		if len(body) == 0 {
			return
		}
		opts := b.regoBase(strings.Join(body, "; "))
		for _, name := range b.moduleNames() {
			if !strings.HasPrefix(name, "custom/") {
				opts = append(opts, rego.Module(name, b.Modules[name]))
			}
		}
		for _, m := range parsed {
			opts = append(opts, rego.ParsedModule(m))
		}
		q.pq, q.err = rego.New(append(opts, rego.Schemas(inputSchemas()))...).PrepareForEval(ctx)
		q.ready = q.err == nil
	})
	return q.err
}

// rule returns the first rule (in module and line order) whose set holds
// the verdict's first message, the one the decision reports.
func (q *customRules) rule(ctx context.Context, b *Bundle, in *callInput, part string) (*RuleRef, error) {
	if err := q.prepare(ctx, b); err != nil || !q.ready || len(q.refs[part]) == 0 {
		return nil, err
	}
	input, err := in.toValue()
	if err != nil {
		return nil, err
	}
	rs, err := q.pq.Eval(ctx, rego.EvalParsedInput(input))
	if err != nil || len(rs) == 0 {
		return nil, err
	}
	msgs, _ := rs[0].Bindings[part].([]any)
	if len(msgs) == 0 {
		return nil, nil
	}
	for i := range q.refs[part] {
		set, _ := rs[0].Bindings[fmt.Sprintf("%s%s_%d", explainRulePrefix, part, i)].([]any)
		for _, m := range set {
			if reflect.DeepEqual(m, msgs[0]) {
				ref := q.refs[part][i]
				return &ref, nil
			}
		}
	}
	return nil, nil
}

// withCustomRule names, in an explanation, the custom module rule that
// gave a custom verdict: the decision's rule, and the first match of its
// stage — so that a settings rule listed at that stage (an allow rule
// that approved a part of the call) is not shown as the one that decided.
func (e *Engine) withCustomRule(ctx context.Context, in *callInput, d Decision) Decision {
	part := d.Stage.String()
	prefix, ok := customPrefix[part]
	if !ok || d.Rule != nil || !strings.HasPrefix(d.Reason, prefix) || !e.bundle.hasCustom() {
		return d
	}
	ref, err := e.explainRules.rule(ctx, e.bundle, in, part)
	if err != nil || ref == nil {
		return d
	}
	d.Rule = ref
	matches := make([]Match, 0, len(d.Matches)+1)
	placed := false
	for _, m := range d.Matches {
		if !placed && m.Stage >= d.Stage {
			matches, placed = append(matches, Match{Stage: d.Stage, RuleRef: ref}), true
		}
		matches = append(matches, m)
	}
	if !placed {
		matches = append(matches, Match{Stage: d.Stage, RuleRef: ref})
	}
	d.Matches = matches
	return d
}
