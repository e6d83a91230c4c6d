package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/tools/mcp/mcptest"
)

// TestRunLooseMCPParamRule: a param deny on an MCP tool's field holds when
// the call wraps the value in a list — through agentctl run and a real
// stdio server whose schema takes a string or a list of statements, and
// which records what it really ran.
func TestRunLooseMCPParamRule(t *testing.T) {
	_, _ = demoEnv(t)
	dir := t.TempDir()
	exe, _ := os.Executable()
	ran := filepath.Join(t.TempDir(), "ran.log")
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(cfg, []byte(mcptest.LooseConfig(exe, ran)), 0o600); err != nil {
		t.Fatal(err)
	}
	calls := []string{
		`{"sql":"DROP TABLE users"}`,
		`{"sql":["DROP TABLE users"]}`,
		`{"sql":["select 1","drop table users; DROP TABLE orders"]}`,
		`{"sql":["select 1"]}`,
		`{"sql":"select 2"}`,
	}
	var script strings.Builder
	for i, in := range calls {
		script.WriteString(`{"role":"assistant","content":[{"type":"tool_use","id":"t` + string(rune('0'+i)) +
			`","name":"mcp__db__query","input":` + in + `}]}` + "\n")
	}
	sc := filepath.Join(dir, "s.jsonl")
	if err := os.WriteFile(sc, []byte(script.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	policy := `{"permissions":{"deny":["mcp__db__query(sql:*DROP*)"],"allow":["mcp__db"]}}`
	if err := os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(policy), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "", "agentctl", "run", "--cwd", dir, "--managed-settings", emptyManaged(t),
		"--session-dir", t.TempDir(), "--mcp-config", cfg, sc)
	if code != 0 {
		t.Fatalf("run: exit %d: %s\n%s", code, errOut, out)
	}
	b, _ := os.ReadFile(ran)
	if got, want := string(b), "ran: select 1\nran: select 2\n"; got != want {
		t.Errorf("the server ran:\n%swant:\n%s\nrun output:\n%s", got, want, out)
	}
	for _, id := range []string{"t0", "t1", "t2"} {
		if !strings.Contains(out, `"tool_use_id":"`+id+`","tool_input"`) {
			t.Errorf("call %s is not among the permission denials:\n%s", id, out)
		}
	}
}

// TestCheckRed11Tools decides the round-11 tool classes through the check
// command: its exit status is the decision.
func TestCheckRed11Tools(t *testing.T) {
	_, _ = demoEnv(t)
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	policy := `{"permissions":{"deny":["Skill(danger)","Skill(review-pr:*)","mcp__db__query(sql:*DROP*)"],` +
		`"ask":["Skill(askme)"],"allow":["Skill","mcp__db"]}}`
	if err := os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(policy), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		tool, input string
		want        int
	}{
		{"Skill", `{"skill":"safe","command":"danger"}`, exitDeny},
		{"Skill", `{"command":"danger","skill":"safe"}`, exitDeny},
		{"Skill", `{"skill":"/danger"}`, exitDeny},
		{"Skill", `{"skill":"review-pr","args":"12"}`, exitDeny},
		{"Skill", `{"skill":"safe","command":"askme"}`, exitAsk},
		{"mcp__db__query", `{"sql":["DROP TABLE users"]}`, exitDeny},
		{"mcp__db__query", `{"sql":{"q":"DROP TABLE users"}}`, exitDeny},
		// Harmless neighbours.
		{"Skill", `{"skill":"safe"}`, exitOK},
		{"Skill", `{"skill":"review-prs"}`, exitOK},
		{"mcp__db__query", `{"sql":["select 1"]}`, exitOK},
	} {
		out, errOut, code := runCLI(t, "", "agentctl", "--cwd", dir, "--managed-settings", emptyManaged(t), "check", r.tool, r.input)
		if code != r.want {
			t.Errorf("check %s %s: exit %d, want %d\n%s%s", r.tool, r.input, code, r.want, out, errOut)
		}
	}
}

// TestHookRepositoryMCPServerAstralName: a repository's .mcp.json server
// named with a character outside the BMP ("git😀hub") has its tools named
// mcp__git__hub__… by Claude Code (one "_" per UTF-16 code unit). The
// check for a server the repository defines spelled it git_hub and missed
// them: an allow of mcp__git__hub__x — the user's own server git's tool
// hub__x — let the call go to the repository's server.
func TestHookRepositoryMCPServerAstralName(t *testing.T) {
	cases := []struct {
		name, servers, tool, want string
	}{
		{"emoji", `{"git😀hub":{"command":"sh"}}`, "mcp__git__hub__x", "ask"},
		{"two emoji", `{"a😀😀b":{"command":"sh"}}`, "mcp__a____b__x", "ask"},
		{"emoji and accent", `{"gé😀":{"command":"sh"}}`, "mcp__g_____x", "ask"},
		// Neighbours: a BMP character is one "_"; a server the repository
		// does not define keeps its allow.
		{"accent", `{"gíthub":{"command":"sh"}}`, "mcp__g_thub__x", "ask"},
		{"other server", `{"git😀hub":{"command":"sh"}}`, "mcp__git__x", "allow"},
		{"one underscore only", `{"git😀hub":{"command":"sh"}}`, "mcp__git_hub__x", "allow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := isolatedHome(t)
			cwd, _ := filepath.EvalSymlinks(t.TempDir())
			writeFiles(t, home, map[string]string{".claude/settings.json": `{"permissions":{"allow":["` + c.tool + `"]}}`})
			writeFiles(t, cwd, map[string]string{".mcp.json": `{"mcpServers":` + c.servers + `}`})
			ev := `{"hook_event_name":"PreToolUse","cwd":"` + cwd + `","permission_mode":"default","tool_name":"` + c.tool + `","tool_input":{}}`
			out, errOut, code := runCLI(t, ev, "agentctl", "hook", "--managed-settings", emptyManaged(t))
			if got := hookVerdict(out, code); got != c.want {
				t.Errorf("%s: %s (exit %d, %s), want %s", c.tool, out, code, errOut, c.want)
			}
		})
	}
}

// TestRunWebFetchRedirectToAnotherHost: WebFetch under agentctl run
// followed every redirect, so an allowed host could send the fetch on to a
// denied one (here localhost, allowed, to 127.0.0.1, denied) and the
// denied host's page came back. A redirect to another host now stops and
// is reported; one to the same host is still followed.
func TestRunWebFetchRedirectToAnotherHost(t *testing.T) {
	_, _ = demoEnv(t)
	var port string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, "http://127.0.0.1:"+port+"/secret", http.StatusFound)
		case "/here":
			http.Redirect(w, r, "/page", http.StatusMovedPermanently)
		case "/secret":
			w.Write([]byte("SECRET-METADATA"))
		default:
			w.Write([]byte("a fine page"))
		}
	}))
	defer srv.Close()
	port = srv.URL[strings.LastIndex(srv.URL, ":")+1:]
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	policy := `{"permissions":{"deny":["WebFetch(domain:127.0.0.1)"],"allow":["WebFetch(domain:localhost)"]}}`
	if err := os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(policy), 0o600); err != nil {
		t.Fatal(err)
	}
	script := `{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"WebFetch","input":{"url":"http://localhost:` + port + `/away","prompt":"p"}}]}` + "\n" +
		`{"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"WebFetch","input":{"url":"http://localhost:` + port + `/here","prompt":"p"}}]}` + "\n"
	sc := filepath.Join(dir, "s.jsonl")
	if err := os.WriteFile(sc, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	// Trusted: an untrusted repository's WebFetch(domain:localhost) is not applied.
	out, errOut, code := runCLI(t, "", "agentctl", "run", "--cwd", dir, "--managed-settings", emptyManaged(t),
		"--trust-workspace", "--session-dir", t.TempDir(), sc)
	if code != 0 {
		t.Fatalf("run: exit %d: %s\n%s", code, errOut, out)
	}
	if strings.Contains(out, "SECRET-METADATA") {
		t.Errorf("the redirect to the denied host was followed:\n%s", out)
	}
	for _, want := range []string{"REDIRECT DETECTED", "http://127.0.0.1:" + port + "/secret", "a fine page"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
