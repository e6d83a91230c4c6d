package engine

// More bypass classes: each row is decided by both evaluators (through
// TestBypassClasses), with the benign neighbours that must stay allowed.
func init() {
	bypassClasses["8 assignment words as env and sudo read them"] = []bypassCase{
		// env takes every word holding "=" as an assignment, whatever
		// its name: the command is the word after them.
		{commandPolicy, `env =x rm victim`, "deny"},
		{commandPolicy, `env 'a b=1' rm victim`, "deny"},
		{commandPolicy, `env -- =x rm victim`, "deny"},
		{commandPolicy, `env -i 'x-y=1' rm victim`, "deny"},
		{commandPolicy, `sudo 'a.b=1' rm victim`, "deny"},
		// An exported function bash imports from the environment.
		{commandPolicy, `env 'BASH_FUNC_ls%%=() { rm victim; }' bash -c ls`, "deny"},
		{commandPolicy, `env 'BASH_FUNC_ls()=() { rm victim; }' bash -c ls`, "deny"},
		{commandPolicy, `env "BASH_FUNC_ls%%=$F" bash -c ls`, "notallow"},
		{commandPolicy, `env "PAGER=$X" git log`, "notallow"},
		{commandPolicy, `env "$V" rm victim`, "notallow"},
		{commandPolicy, `env A=1 ls -la`, "allow"},
		{commandPolicy, `env NODE_ENV=test npm test`, "allow"},
		{commandPolicy, `env | sort`, "allow"},
	}
}
