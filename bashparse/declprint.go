package bashparse

// bareDeclReadOnly reports whether a declaration builtin given no argument
// only reads harmlessly: bare export, declare and typeset print every
// variable with its value (declare -x SECRET_TOKEN="…" from the
// environment the agent inherited) as printenv does, and readonly prints
// the read-only ones; the reference asks for bare export. Only local,
// which prints the current function's own variables, stays read-only.
func bareDeclReadOnly(variant string) bool {
	return variant == "local"
}
