// Package workflow implements the policy workflows of security teams: tests
// of a policy as data (Test), replay of recorded sessions under a policy
// (Replay), the impact of a policy change over them (Diff), and the allow
// rules that would have let approved work through (Suggest).
package workflow
