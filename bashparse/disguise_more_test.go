package bashparse

// More disguises, each checked against real bash by TestDisguisesAgainstBash.
func init() {
	disguises = append(disguises,
		// env's assignment words: anything holding "=" (class 8).
		`env =x rm victim`, `env 'a b=1' rm victim`, `env -- =x rm victim`,
		`env 'BASH_FUNC_ls%%=() { rm victim; }' bash -c ls`,
		// A NUL inside $'…' ends it (class 24).
		`$'rm\x00x' victim`, `$'r\c@'m victim`, `$'rm\0' victim`,
		// A backslash ending a comment (class 23).
		"echo ok # \\\nrm victim", "true #\\\n\\\nrm victim",
		// awk commands built by concatenation (class 17).
		`awk 'BEGIN{system("r" "m victim")}'`, `awk 'BEGIN{print "x" | "r" "m victim"}'`,
		// Extended and case-folding globs (class 15).
		"shopt -s extglob\nbin/@(r)m victim", "shopt -s extglob\nbin/r+(m) victim", "shopt -s nocaseglob\nB?N/R? victim",
	)
}
