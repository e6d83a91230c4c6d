package engine

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// windowsBackslashRe is lib.windows_alias's backslash form: a name ending
// in dots before a backslash, or a component of two or more dots with a
// backslash on either side.
var windowsBackslashRe = lazyre.New(`[^/\\.]\.+\\|(^|[/\\])\.\.+\\|\\\.\.+([/\\]|$)`)

// windowsBackslashAlias reports a file tool's path that Windows reads as
// another file because a backslash is a separator there: x\..\.git\config
// is .git\config, and .git.\config too. Linux keeps the name literal, but
// the reference asks for such a path (it reads it as leaving the working
// directory), so agentctl asks as well rather than approve a name whose
// meaning depends on the system. A path without a backslash never reaches
// the expression.
func windowsBackslashAlias(p string) bool {
	return strings.IndexByte(p, '\\') >= 0 && windowsBackslashRe.MatchString(p)
}
