package bashparse

import "sync"

// The shell gives some variables a value of its own at run time, which no
// assignment in the script spells: $_ is the last word of the previous
// command after expansion (`ls b*; echo $((_))` evaluates a file's name,
// and a name b[$(cmd)] runs cmd), BASH_REMATCH what [[ =~ ]] matched,
// FUNCNAME, BASH_COMMAND and BASH_EXECUTION_STRING text of the script
// itself, DIRSTACK the directories pushd entered, COMP_* and READLINE_*
// what a user typed. Arithmetic, an array subscript and an indirect
// expansion evaluate such a value again, so each is always a value known
// only at run time there (see arithTaint, subscriptTaint, indirectTaint).

// runTimeVars are the variables the shell sets itself to a value the
// script does not spell.
var runTimeVars = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"_": true, "BASH_REMATCH": true, "FUNCNAME": true, "BASH_COMMAND": true,
		"BASH_EXECUTION_STRING": true, "DIRSTACK": true, "COMP_WORDS": true, "COMP_LINE": true, "READLINE_LINE": true,
		"BASH_ARGV": true, "BASH_SOURCE": true}
})

// evalUnsafe reports a variable whose value, evaluated again by
// arithmetic, a subscript or an indirect expansion, could run a command:
// one read at run time, a literal that is not a number, or one the shell
// sets itself.
func (s *shellState) evalUnsafe(name string) bool {
	return s.strTainted[name] || s.arithUnsafe[name] || runTimeVars()[name] || s.posUnsafe && positionalParam(name)
}
