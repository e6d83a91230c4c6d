package engine

import (
	"context"
	"io"
)

// Explanation is a decision with what it was made from.
type Explanation struct {
	// Input is the document the policy saw (nil when the call was invalid).
	Input map[string]any
	// Facts are Input's facts as Go values (nil when the call was invalid).
	Facts *Facts
	// Problems are the validation problems that stopped the call before the
	// policy (none when it reached the policy).
	Problems []string
	Decision Decision
}

// Explain decides the call as Decide does — or, with trace non-nil, as
// Trace does, writing OPA's trace there — and also returns the input the
// policy saw. The facts are computed once for both. It is safe for
// concurrent use.
func (e *Engine) Explain(ctx context.Context, call Call, trace io.Writer) (Explanation, error) {
	in, problems := e.input(call)
	if len(problems) > 0 {
		return Explanation{Problems: problems, Decision: Invalid(call.Tool, problems...)}, nil
	}
	input := in.toMap()
	var d Decision
	var err error
	if trace != nil {
		d, err = e.traceInput(ctx, call.Tool, input, trace)
	} else {
		d, err = e.decideCall(ctx, call.Tool, in)
	}
	if err == nil {
		d = e.withCustomRule(ctx, in, d)
	}
	return Explanation{Input: input, Facts: &in.Facts, Decision: d}, err
}
