//go:build tools

// Package opadeps keeps the stock opa command's dependencies in go.mod and
// go.sum, so that `make opa` builds the OPA server the remote tests run from
// the very module agentctl embeds. It is never compiled.
package opadeps

import _ "github.com/open-policy-agent/opa"
