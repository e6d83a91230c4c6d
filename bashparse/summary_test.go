package bashparse

import (
	"fmt"
	"strings"
)

// summary renders an analysis on one line for table tests:
//
//	narrow[=>wide][ (ro)(nested)(exec)] ; … | files: r:x w:y | unresolved: reason,…
func summary(a Analysis) string {
	var cmds []string
	var files []string
	for _, c := range a.Commands {
		s := c.Narrow.Text
		if len(c.Narrow.Assigns) > 0 {
			s = strings.Join(c.Narrow.Assigns, ",") + "= " + s
		}
		if c.Wide.Text != c.Narrow.Text {
			s += " => " + c.Wide.Text
		}
		if c.ReadOnly {
			s += " (ro)"
		}
		if c.Nested {
			s += " (nested)"
		}
		if c.ExecWrapper {
			s += " (exec)"
		}
		cmds = append(cmds, s)
		for _, f := range c.Files {
			p := f.Path
			if c.Dir != "" {
				p = c.Dir + ":" + p
			}
			mark := ""
			if f.Dynamic {
				mark += "$"
			}
			if f.Glob {
				mark += "*"
			}
			if f.Tilde {
				mark += "~"
			}
			files = append(files, fmt.Sprintf("%s:%s%s", string(f.Access[0]), p, mark))
		}
	}
	out := strings.Join(cmds, " ; ")
	if len(files) > 0 {
		out += " | files: " + strings.Join(files, " ")
	}
	if len(a.Unresolved) > 0 {
		var rs []string
		for _, u := range a.Unresolved {
			rs = append(rs, string(u.Reason))
		}
		out += " | unresolved: " + strings.Join(rs, ",")
	}
	return out
}
