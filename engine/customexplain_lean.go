//go:build agentctl_lean

package engine

import "context"

// customRules stands in for the custom rule finder: the lean build has
// no custom modules.
type customRules struct{}

// withCustomRule: without custom modules there is no custom verdict.
func (e *Engine) withCustomRule(_ context.Context, _ *callInput, d Decision) Decision { return d }
