package bashparse

import (
	"path"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// jqModulePath matches one module directive of a jq program and its path.
var jqModulePath = lazyre.New(`(?:^|[^A-Za-z0-9_.$"])(?:import|include)\s*"([^"\\]*)"`)

// jqModuleFiles lists the files the module directives of jq's words read
// (jq -n 'import "secret/k" as $s; $s' prints secret/k.json): a module
// path P is P.jq, P.json or P/B.jq (B its last part), relative to the
// working directory or a search path. Each is a read, so a Read deny rule
// on the path stops it, and each is a power: a prefix rule approving jq
// approves its filters, not a file its operands do not name.
func jqModuleFiles(args []Word) (files []File, powers []string) {
	for _, a := range args {
		for _, m := range jqModulePath.FindAllStringSubmatch(a.Value, -1) {
			p := m[1]
			powers = append(powers, "jq module "+p+" reads a file")
			if p == "" {
				continue
			}
			for _, f := range []string{p, p + ".jq", p + ".json", path.Join(p, path.Base(p)+".jq"), path.Join(p, path.Base(p)+".json")} {
				fl := fileOf(a, f, Read, "jq import")
				fl.Tilde = fl.Tilde || f[0] == '~'
				files = append(files, fl)
			}
		}
		if jqModuleUse.MatchString(a.Value) && !jqModulePath.MatchString(a.Value) {
			powers = append(powers, "jq modulemeta loads a module file")
		}
	}
	return files, powers
}
