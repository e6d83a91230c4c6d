//go:build unix

package engine_test

import (
	"fmt"
	"sort"
	"strings"
)

// report renders violations grouped by class, each command once.
func report(vs []violation, total, hits int) string {
	byClass := map[string][]violation{}
	for _, v := range vs {
		byClass[v.Class] = append(byClass[v.Class], v)
	}
	classes := make([]string, 0, len(byClass))
	for c := range byClass {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	var b strings.Builder
	fmt.Fprintf(&b, "the engine allowed %d of the %d commands (of %d generated) in which real bash ran a denied command or read .env.\n", len(vs), hits, total)
	fmt.Fprintf(&b, "%d classes, each named by the production the engine does not see through (the outermost layer of the smallest part still allowed and still running its payload):\n", len(classes))
	for _, c := range classes {
		g := byClass[c]
		fmt.Fprintf(&b, "\n[%s] %d command(s)\n", c, len(g))
		for _, v := range g {
			fmt.Fprintf(&b, "  - %s\n", oneLine(v.Command))
			if v.Smallest != v.Command {
				fmt.Fprintf(&b, "      smallest: %s   (%s)\n", oneLine(v.Smallest), v.Chain)
			}
			fmt.Fprintf(&b, "      bash: %s\n", v.Evidence)
		}
	}
	return b.String()
}

// oneLine shows newlines in a command as \n.
func oneLine(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }
