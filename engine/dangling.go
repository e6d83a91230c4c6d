package engine

import "github.com/agentctl/agentctl/internal/linkwalk"

// followDangling resolves p through symlinks whose target does not exist
// yet. filepath.EvalSymlinks fails on such a link, and resolving only its
// deepest existing parent leaves the link itself as the answer; yet a
// write through it creates the target. A repository can ship
// `notes -> .git/hooks/pre-commit` or a link to a trust record that does
// not exist yet: the write must be checked where it lands. It reports
// false when no link was followed (or the chain loops): the caller's
// answer stands.
func followDangling(p string) (string, bool) { return linkwalk.Target(p) }
