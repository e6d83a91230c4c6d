package engine

import "testing"

// A shell or interpreter reading its script from a pipe whose left side is
// known statically (echo, printf, cat of a here-document) runs that text
// exactly as from a here-string: echo 'cat .env' | sh is bash <<<'cat .env'.

const pipedReadDeny = `{"permissions":{"allow":["Bash"],"deny":["Read(.env)","Edit(config/**)"]}}`

const pipedRmDeny = `{"permissions":{"allow":["Bash"],"deny":["Bash(rm *)"]}}`

var pipedScriptClasses = map[string][]shellRow{
	"a script piped from echo or printf": {
		{pipedReadDeny, "default", `echo 'cat .env' | sh`, "deny"},
		{pipedReadDeny, "default", `echo cat .env | bash`, "deny"},
		{pipedReadDeny, "default", `echo -n 'cat .env' | bash -s`, "deny"},
		{pipedReadDeny, "default", `echo -e 'cat .env' | zsh`, "deny"},
		{pipedReadDeny, "default", `printf 'cat .env' | dash`, "deny"},
		{pipedReadDeny, "default", `printf '%s\n' 'cat .env' | bash`, "deny"},
		{pipedReadDeny, "default", `echo 'echo x > config/a.yml' | bash`, "deny"},
		{pipedReadDeny, "default", `echo "print(open('.env').read())" | python3`, "deny"},
		{pipedReadDeny, "default", `ls && echo 'cat .env' |& sh`, "deny"},
		{pipedRmDeny, "default", `echo 'rm -rf build' | sh`, "deny"},
		{pipedRmDeny, "default", `echo 'rm -rf $PWD' | bash`, "notallow"},
		{pipedRmDeny, "bypassPermissions", `echo 'rm -rf $PWD' | bash`, "notallow"},
	},
	"a script piped from a here-document's cat": {
		{pipedReadDeny, "default", "cat <<'EOF' | bash\ncat .env\nEOF", "deny"},
		{pipedReadDeny, "default", "cat <<< 'cat .env' | sh", "deny"},
		{pipedRmDeny, "default", "cat <<EOF | sh\nrm -rf build\nEOF", "deny"},
	},
	"harmless neighbours": {
		{pipedReadDeny, "default", `echo hi | bash`, "allow"},
		{pipedReadDeny, "default", `echo 'cat README.md' | sh`, "allow"},
		{pipedReadDeny, "default", `echo 'cat .env' | bash < /dev/null`, "allow"},
		{pipedReadDeny, "default", `echo 'cat .env' | wc -c`, "allow"},
		{pipedRmDeny, "default", `echo 'ls -la' | sh`, "ask"}, // as bash <<<'ls -la': stdin stays unresolved under a Bash deny
	},
}

func TestPipedScripts(t *testing.T) {
	runShellRows(t, map[string]string{".env": "S=1\n", "README.md": "r\n", "config/a.yml": "a\n"}, pipedScriptClasses)
}
