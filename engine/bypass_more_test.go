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
	bypassClasses["9 package runners run commands on PATH"] = []bypassCase{
		// npx (npm exec) runs a command on PATH when no package has that
		// binary; bunx, pnpx, pnpm dlx, yarn dlx, bun x, uvx and pipx run
		// fetch and run one: deny rules see the command.
		{commandPolicy, `npx rm victim`, "deny"},
		{commandPolicy, `npx -y rm victim`, "deny"},
		{commandPolicy, `npx --yes -- rm victim`, "deny"},
		{commandPolicy, `npx -p left-pad rm victim`, "deny"},
		{commandPolicy, `npx --call='rm victim'`, "deny"},
		{commandPolicy, `npx -qy git push origin main`, "deny"},
		{commandPolicy, `npx --node-options=--require=/tmp/x.js cowsay`, "notallow"},
		{commandPolicy, `bunx --bun rm victim`, "deny"},
		{commandPolicy, `pnpx rm victim`, "deny"},
		{commandPolicy, `pnpm dlx rm victim`, "deny"},
		{commandPolicy, `yarn dlx rm victim`, "deny"},
		{commandPolicy, `bun x rm victim`, "deny"},
		{commandPolicy, `uvx --from x rm victim`, "deny"},
		{commandPolicy, `pipx run rm victim`, "deny"},
		{commandPolicy, `timeout 5 npx rm victim`, "deny"},
		{commandPolicy, `npx prettier --check .`, "allow"},
		{commandPolicy, `npx -y tsc --noEmit`, "allow"},
		{commandPolicy, `npx --version`, "allow"},
		{commandPolicy, `bunx vitest run`, "allow"},
		{commandPolicy, `uvx ruff check .`, "allow"},
	}
}
