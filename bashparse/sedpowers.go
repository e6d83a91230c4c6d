package bashparse

// sedExecPowers are the powers of a sed command line whose script runs
// commands: the e command (1e CMD, e alone) and the s///e flag. sed is an
// editor acceptEdits approves and a prefix rule (Bash(sed *)) approves
// with any arguments, but neither approves running another program:
// sed -i '1e curl …' f or echo x | sed '1e python3 x.py' is a runner, and
// a power keeps both from approving it (the nested command is checked by
// deny and ask rules as before).
func sedExecPowers(words []Word) []string {
	if len(words) < 2 || !words[0].Static() || (words[0].Value != "sed" && words[0].Value != "gsed") {
		return nil
	}
	for _, s := range sedScripts(words[1:]) {
		sc := sedScan(s.Value)
		if len(sc.execs) > 0 || !sc.ok {
			return []string{words[0].Value + " e runs a command"}
		}
	}
	return nil
}
