package engine

import (
	"context"
	"fmt"
	"strings"

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

// customQuery is the prepared query over the custom org modules. It is
// safe for concurrent use.
type customQuery struct {
	prepared rego.PreparedEvalQuery
}

// hasCustom reports whether the bundle holds custom org modules.
func (b *Bundle) hasCustom() bool {
	for name := range b.Modules {
		if strings.HasPrefix(name, "custom/") {
			return true
		}
	}
	return false
}

// newCustomQuery compiles the bundle's modules (custom ones may use the
// stage modules' rules) with the query module: a broken custom module is
// an error here, when the engine is built.
func newCustomQuery(ctx context.Context, b *Bundle) (*customQuery, error) {
	opts := b.regoOptions("data."+customQueryPackage, rego.Module("agentctl/native_custom.rego", customQueryModule))
	pq, err := rego.New(opts...).PrepareForEval(ctx)
	if err != nil {
		return nil, policyErrors(err, b.files)
	}
	return &customQuery{prepared: pq}, nil
}

// eval asks the custom modules about one input.
func (q *customQuery) eval(ctx context.Context, input map[string]any) (customVerdicts, error) {
	rs, err := q.prepared.Eval(ctx, rego.EvalInput(input))
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
