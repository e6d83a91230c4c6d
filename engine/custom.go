//go:build !agentctl_lean

package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
)

// customQueryPackage holds the one query the native evaluator asks OPA
// when custom org modules exist: their first deny, ask and allow message,
// formatted exactly as decision.rego formats them.
const customQueryPackage = "agentctl_native_custom"

const customQueryModule = `package agentctl_native_custom

custom_msg(m) := m if is_string(m)

else := object.get(m, "msg", sprintf("%v", [m]))

deny := sprintf("denied by org policy: %s", [custom_msg(m)]) if {
	m := [x | some x in data.agentctl.custom.deny][0]
}

ask := sprintf("org policy requires approval: %s", [custom_msg(m)]) if {
	m := [x | some x in data.agentctl.custom.ask][0]
}

allow := sprintf("allowed by org policy: %s", [custom_msg(m)]) if {
	m := [x | some x in data.agentctl.custom.allow][0]
}
`

// customQuery asks the custom org modules for their first deny, ask and
// allow message. It is safe for concurrent use.
//
// The fast query reads only the verdicts the modules define (a module with
// only deny rules costs one set, not three rule trees) and formats a
// string message in Go, exactly as customQueryModule does; a message of
// another type takes the full query, so its text is OPA's own.
type customQuery struct {
	fast  rego.PreparedEvalQuery
	full  rego.PreparedEvalQuery
	parts []string // of "deny", "ask", "allow": the ones some rule defines
	// shape is what of the input the verdicts' rules can read.
	shape inputShape
}

// customPrefix is how customQueryModule introduces each verdict's message.
var customPrefix = map[string]string{
	"deny": "denied by org policy: ", "ask": "org policy requires approval: ", "allow": "allowed by org policy: ",
}

// customFunc is how the native evaluator asks the custom org modules
// about one call (nil: there are none).
func (e *Engine) customFunc(ctx context.Context, in *callInput) func() (customVerdicts, error) {
	if e.custom == nil {
		return nil
	}
	return func() (customVerdicts, error) {
		input, err := in.toValueShaped(e.custom.shape)
		if err != nil {
			return customVerdicts{}, err
		}
		return e.custom.eval(ctx, input)
	}
}

// newCustomQuery compiles the bundle's modules (custom ones may use the
// stage modules' rules) with the query module: a broken custom module is
// an error here, when the engine is built. Both queries share the one
// compilation.
func newCustomQuery(ctx context.Context, b *Bundle) (*customQuery, error) {
	c := ast.NewCompiler()
	opts := b.regoOptions("data."+customQueryPackage, rego.Module("agentctl/native_custom.rego", customQueryModule), rego.Compiler(c))
	full, err := rego.New(opts...).PrepareForEval(ctx)
	if err != nil {
		return nil, policyErrors(err, b.files)
	}
	q := &customQuery{full: full}
	var body []string
	var roots []*ast.Rule
	for _, part := range []string{"deny", "ask", "allow"} {
		ref := ast.MustParseRef("data.agentctl.custom." + part)
		roots = append(append(roots, c.GetRules(ref)...), c.GetRulesWithPrefix(ref)...)
		if len(c.GetRules(ref)) == 0 && len(c.GetRulesWithPrefix(ref)) == 0 && !b.dataHas("agentctl", "custom") {
			continue
		}
		q.parts = append(q.parts, part)
		body = append(body, fmt.Sprintf("%s := [x | some x in data.agentctl.custom.%s]", part, part))
	}
	q.shape = shapeOf(c, roots)
	if len(body) == 0 {
		return q, nil
	}
	fast, err := rego.New(append(b.regoBase(strings.Join(body, "; ")), rego.Compiler(c))...).PrepareForEval(ctx)
	if err != nil {
		return nil, policyErrors(err, b.files)
	}
	q.fast = fast
	return q, nil
}

// dataHas reports whether the bundle's data holds the object path keys.
func (b *Bundle) dataHas(keys ...string) bool {
	var v any = b.Data()
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		if v, ok = m[k]; !ok {
			return false
		}
	}
	return true
}

// eval asks the custom modules about one input.
func (q *customQuery) eval(ctx context.Context, input ast.Value) (customVerdicts, error) {
	var cv customVerdicts
	if len(q.parts) == 0 {
		return cv, nil
	}
	rs, err := q.fast.Eval(ctx, rego.EvalParsedInput(input))
	if err != nil {
		return cv, err
	}
	if len(rs) == 0 {
		return cv, nil
	}
	for _, part := range q.parts {
		msgs, ok := rs[0].Bindings[part].([]any)
		if !ok {
			return cv, fmt.Errorf("%w: custom modules' %s %T", ErrMalformed, part, rs[0].Bindings[part])
		}
		if len(msgs) == 0 {
			continue
		}
		m, ok := msgs[0].(string)
		if !ok {
			return q.evalFull(ctx, input)
		}
		text := jsonText(customPrefix[part] + m)
		switch part {
		case "deny":
			cv.deny = text
		case "ask":
			cv.ask = text
		case "allow":
			cv.allow = text
		}
	}
	return cv, nil
}

// evalFull asks through customQueryModule: a message that is not a string
// is formatted by OPA itself.
func (q *customQuery) evalFull(ctx context.Context, input ast.Value) (customVerdicts, error) {
	rs, err := q.full.Eval(ctx, rego.EvalParsedInput(input))
	if err != nil {
		return customVerdicts{}, err
	}
	var cv customVerdicts
	if len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return cv, nil
	}
	obj, ok := rs[0].Expressions[0].Value.(map[string]any)
	if !ok {
		return cv, fmt.Errorf("%w: custom modules' result %T", ErrMalformed, rs[0].Expressions[0].Value)
	}
	cv.deny, _ = obj["deny"].(string)
	cv.ask, _ = obj["ask"].(string)
	cv.allow, _ = obj["allow"].(string)
	cv.deny, cv.ask, cv.allow = jsonText(cv.deny), jsonText(cv.ask), jsonText(cv.allow)
	return cv, nil
}
