package bashparse

import "strings"

// wordListPayload is what an option whose value bash expands a second
// time does (compgen -W and the word list complete -W stores for later):
// bash splits the value into words and expands each — command and
// process substitutions, arithmetic, parameter defaults — so
// `compgen -W '$(rm -rf x)'` runs rm although the shell quoted it. The
// value is parsed as the arguments of a no-op command, whose nested
// substitutions then are commands; a value known only at run time is
// an unresolved part. A value with nothing to expand runs nothing.
func wordListPayload(u optionUse, dyn bool, desc string) (payload, bool) {
	if dyn {
		return payload{dynamic: true, origin: desc, reason: ReasonDynamicShell}, true
	}
	if !strings.ContainsAny(u.value, "$`") {
		return payload{}, false
	}
	return payload{script: ": " + u.value, origin: desc, reason: ReasonDynamicShell}, true
}
