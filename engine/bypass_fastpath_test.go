package engine

// Rows for the parser's fast paths: a script the variable pass skips
// (no "=", no loop keyword) and words the walk does not enter (literal
// text and quotes only) must decide as if nothing were skipped.
func init() {
	bypassClasses["speed paths skip nothing that runs"] = []bypassCase{
		// A loop keyword split across lines still binds the variable.
		{sshPolicy, "fo\\\nr f in .env; do cat $f; done", "notallow"},
		{sshPolicy, "sel\\\nect f in .env; do cat $f; done", "notallow"},
		{sshPolicy, `for f in .env; do cat "$f"; done`, "notallow"},
		{sshPolicy, `f=.env; cat $f`, "notallow"},
		{sshPolicy, `declare f=.env; cat "$f"`, "notallow"},
		// Quoted words with substitutions inside are entered.
		{sshPolicy, `echo "$(cat .env)"`, "notallow"},
		{sshPolicy, `echo "x$(rm -rf victim)y"`, "deny"},
		{sshPolicy, `echo 'a' "b$(cat .env)" c`, "notallow"},
		{sshPolicy, `echo $'\x41' "$(rm victim)"`, "deny"},
		{sshPolicy, `echo "a" 'b' c`, "allow"},
		{sshPolicy, `for f in a b; do echo "$f"; done`, "allow"},
	}
}
