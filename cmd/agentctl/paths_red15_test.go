package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// File-tool paths, fifteenth red-team pass: what the real tools reach
// when agentctl run lets a call through, on real files and links in a
// temporary project beside a temporary home directory.

// red15pathsPolicy denies the usual secrets.
const red15pathsPolicy = `{"permissions":{"deny":["Read(.env)","Read(secrets/**)","Edit(secrets/**)","Read(~/.ssh/**)"],` +
	`"allow":["Read(src/**)","Edit(src/**)"]}}`

// red15pathsProject lays out a project and a home beside it, with the
// links a hostile repository may ship, and returns the project and home.
func red15pathsProject(t *testing.T) (string, string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cwd, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
	for name, body := range map[string]string{
		cwd + "/.claude/settings.json": red15pathsPolicy,
		cwd + "/.env":                  "SECRET_ENV",
		cwd + "/secrets/key":           "SECRET_KEY",
		cwd + "/src/a.go":              "PUBLIC_A",
		cwd + "/sub/b.txt":             "PUBLIC_B",
		home + "/.ssh/id_rsa":          "SECRET_SSH",
		home + "/.aws/credentials":     "SECRET_AWS",
	} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range map[string]string{"src/hl": home, "src/up": "../sub", "src/et": "/etc"} {
		if err := os.Symlink(target, filepath.Join(cwd, name)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", home)
	return cwd, home
}

// red15pathsRun runs one scripted session of the calls (tool, input JSON)
// in mode (with the extra global flags) and returns each call's tool
// result, by call number.
func red15pathsRun(t *testing.T, cwd, mode string, calls [][2]string, extra ...string) []string {
	t.Helper()
	var script strings.Builder
	for i, c := range calls {
		script.WriteString(`{"role":"assistant","content":[{"type":"tool_use","id":"c` + strconv.Itoa(i) +
			`","name":"` + c[0] + `","input":` + c[1] + `}]}` + "\n")
	}
	sc := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(sc, []byte(script.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"agentctl", "run", "--cwd", cwd, "--managed-settings", emptyManaged(t), "--session-dir", t.TempDir()}
	if mode != "" {
		args = append(args, "--permission-mode", mode)
	}
	args = append(args, extra...)
	out, errOut, code := runCLI(t, "", append(args, sc)...)
	if code != 0 {
		t.Fatalf("run: exit %d: %s\n%s", code, errOut, out)
	}
	results := make([]string, len(calls))
	for _, line := range strings.Split(out, "\n") {
		var ev struct {
			Type    string `json:"type"`
			Message struct {
				Content []struct {
					Type      string          `json:"type"`
					ToolUseID string          `json:"tool_use_id"`
					Content   json.RawMessage `json:"content"`
				} `json:"content"`
			} `json:"message"`
		}
		if json.Unmarshal([]byte(line), &ev) != nil || ev.Type != "user" {
			continue
		}
		for _, b := range ev.Message.Content {
			if b.Type != "tool_result" || !strings.HasPrefix(b.ToolUseID, "c") {
				continue
			}
			for i := range calls {
				if b.ToolUseID == "c"+strconv.Itoa(i) {
					results[i] = string(b.Content)
				}
			}
		}
	}
	return results
}

// TestRunGlobFollowsNoLink: the Glob tool walks a wildcard through the
// project without following a repository's link to a directory (src/hl →
// the home directory): the decision saw the root and the pattern's
// literal prefix, never the home directory, so no name there may be
// listed. A pattern that names the link before its wildcards is decided
// on the link's target (and asks: outside the working directories).
func TestRunGlobFollowsNoLink(t *testing.T) {
	cwd, home := red15pathsProject(t)
	calls := [][2]string{
		{"Glob", `{"pattern":"**/*"}`},
		{"Glob", `{"pattern":"**/credentials"}`},
		{"Glob", `{"pattern":"src/*/.aws/*"}`},
		{"Glob", `{"pattern":"*/*/.aws/credentials"}`},
		{"Glob", `{"pattern":"**/.aws/**","path":"` + cwd + `/src"}`},
		{"Glob", `{"pattern":"src/{hl,x}/.aws/*"}`},
		{"Glob", `{"pattern":"**/passwd"}`},
		{"Glob", `{"pattern":"*/*/passwd","path":"` + cwd + `"}`},
		{"Glob", `{"pattern":"src/h[l]/.aws/*"}`},
		{"Glob", `{"pattern":"s*/hl/.aws/*"}`},
		{"Glob", `{"pattern":"src/h?/.ssh/../.aws/*"}`},
		// Benign neighbours: the project's own files are still listed.
		{"Glob", `{"pattern":"**/*.go"}`},
		{"Glob", `{"pattern":"src/*.go"}`},
		{"Glob", `{"pattern":"**/*.txt"}`},
	}
	got := red15pathsRun(t, cwd, "", calls)
	for i, r := range got {
		if strings.Contains(r, "credentials") && !strings.Contains(r, "approval") || strings.Contains(r, "passwd") && !strings.Contains(r, "approval") ||
			strings.Contains(r, home) && !strings.Contains(r, "approval") {
			t.Errorf("%s %s listed a name outside the project: %s", calls[i][0], calls[i][1], r)
		}
	}
	for i, want := range map[int]string{11: cwd + "/src/a.go", 12: cwd + "/src/a.go", 13: cwd + "/sub/b.txt"} {
		if !strings.Contains(got[i], want) {
			t.Errorf("%s %s: %s, want %s listed", calls[i][0], calls[i][1], got[i], want)
		}
	}
}

// TestRunSearchPathUnderTilde: a search tool's path "~/x" is decided as a
// file in the home directory; the tool opened <cwd>/~/x, and a
// repository's link <cwd>/~ → /etc made Grep read /etc/passwd while the
// decision (the home directory a working directory) allowed a read there.
// The tool now opens what was decided.
func TestRunSearchPathUnderTilde(t *testing.T) {
	cwd, home := red15pathsProject(t)
	if err := os.Symlink("/etc", filepath.Join(cwd, "~")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "passwd"), []byte("HOME_PASSWD"), 0o600); err != nil {
		t.Fatal(err)
	}
	calls := [][2]string{
		{"Grep", `{"pattern":"^root:","path":"~/passwd","output_mode":"content"}`},
		{"Grep", `{"pattern":"root:","path":"~","output_mode":"content"}`},
		{"Glob", `{"pattern":"pass*","path":"~"}`},
		{"Glob", `{"pattern":"*","path":"~/"}`},
		// Benign neighbours: the home directory's own file is found.
		{"Grep", `{"pattern":"HOME_","path":"~","output_mode":"content"}`},
		{"Grep", `{"pattern":"PUBLIC","path":"src","output_mode":"content"}`},
	}
	got := red15pathsRun(t, cwd, "", calls, "--add-dir", home)
	for i, r := range got[:4] {
		if strings.Contains(r, "root:") || strings.Contains(r, "/~/") {
			t.Errorf("%s %s reached /etc through <cwd>/~: %s", calls[i][0], calls[i][1], r)
		}
	}
	for i, want := range map[int]string{2: home + "/passwd", 3: home + "/passwd", 4: "HOME_PASSWD", 5: "PUBLIC_A"} {
		if !strings.Contains(got[i], want) {
			t.Errorf("%s %s: %s, want %s", calls[i][0], calls[i][1], got[i], want)
		}
	}
}

// TestRunHardLinkTwin: a hard link under a harmless name to a denied file
// (src/notes.txt and .env are one file) is refused by name to Read, and
// a Grep or Glob over the project skips it as it skips .env; another
// hard-linked file that is no guarded file is still read.
func TestRunHardLinkTwin(t *testing.T) {
	cwd, home := red15pathsProject(t)
	for name, target := range map[string]string{
		"src/notes.txt": cwd + "/.env", "src/k2": cwd + "/secrets/key", "src/id": home + "/.ssh/id_rsa", "src/b2": cwd + "/sub/b.txt",
	} {
		if err := os.Link(target, filepath.Join(cwd, name)); err != nil {
			t.Fatal(err)
		}
	}
	calls := [][2]string{
		{"Read", `{"file_path":"` + cwd + `/src/notes.txt"}`},
		{"Read", `{"file_path":"` + cwd + `/src/k2"}`},
		{"Read", `{"file_path":"` + cwd + `/src/id"}`},
		{"Grep", `{"pattern":"SECRET","output_mode":"content"}`},
		{"Grep", `{"pattern":"SECRET","path":"src","output_mode":"content"}`},
		{"Glob", `{"pattern":"src/*"}`},
		// Benign neighbours.
		{"Read", `{"file_path":"` + cwd + `/src/b2"}`},
		{"Grep", `{"pattern":"PUBLIC","path":"src","output_mode":"content"}`},
	}
	got := red15pathsRun(t, cwd, "bypassPermissions", calls)
	for i, r := range got[:6] {
		if strings.Contains(r, "SECRET") || strings.Contains(r, "notes.txt") || strings.Contains(r, "src/k2") && i != 1 {
			t.Errorf("%s %s reached a denied file through its hard link: %s", calls[i][0], calls[i][1], r)
		}
	}
	for i, want := range map[int]string{6: "PUBLIC_B", 7: "PUBLIC_A"} {
		if !strings.Contains(got[i], want) {
			t.Errorf("%s %s: %s, want %s", calls[i][0], calls[i][1], got[i], want)
		}
	}
}

// TestRunSelfCwdLink: the file tools run inside agentctl, whose own
// working directory is where it was started, not the session's --cwd the
// decision placed /proc/self/cwd in: started in the home directory,
// Read /proc/self/cwd/.ssh/id_rsa read the denied key as a project file.
// A path through the process's working-directory link is refused.
func TestRunSelfCwdLink(t *testing.T) {
	cwd, home := red15pathsProject(t)
	t.Chdir(home)
	calls := [][2]string{
		{"Read", `{"file_path":"/proc/self/cwd/.ssh/id_rsa"}`},
		{"Read", `{"file_path":"/proc/self/cwd/.aws/credentials"}`},
		{"Read", `{"file_path":"/proc/thread-self/cwd/.aws/credentials"}`},
		{"Read", `{"file_path":"//proc/./self/cwd//.aws/credentials"}`},
		{"Read", `{"file_path":"/proc/self/root/proc/self/cwd/.aws/credentials"}`},
		{"Read", `{"file_path":"/proc/self/task/` + strconv.Itoa(os.Getpid()) + `/cwd/.aws/credentials"}`},
		{"Grep", `{"pattern":"SECRET","path":"/proc/self/cwd/.aws","output_mode":"content"}`},
		{"Glob", `{"pattern":"*","path":"/proc/self/cwd/.aws"}`},
		{"Write", `{"file_path":"/proc/self/cwd/.aws/credentials","content":"x"}`},
		{"Edit", `{"file_path":"/proc/self/cwd/.aws/credentials","old_string":"SECRET","new_string":"x"}`},
		{"Read", `{"file_path":"/proc/self/ns/../cwd/.aws/credentials"}`},
		{"Read", `{"file_path":"/proc/self/root/../proc/self/cwd/.aws/credentials"}`},
		// Benign neighbours: the project's files by their names, and the
		// process's own status file.
		{"Read", `{"file_path":"` + cwd + `/src/a.go"}`},
		{"Read", `{"file_path":"/proc/self/root` + cwd + `/sub/b.txt"}`},
		{"Grep", `{"pattern":"PUBLIC","path":"` + cwd + `/src","output_mode":"content"}`},
	}
	got := red15pathsRun(t, cwd, "bypassPermissions", calls)
	for i, r := range got[:12] {
		if strings.Contains(r, "SECRET") || strings.Contains(r, "credentials\\n") {
			t.Errorf("%s %s reached the home directory through agentctl's own cwd: %s", calls[i][0], calls[i][1], r)
		}
	}
	if b, _ := os.ReadFile(home + "/.aws/credentials"); string(b) != "SECRET_AWS" {
		t.Errorf("the home directory's file was written: %q", b)
	}
	for i, want := range map[int]string{12: "PUBLIC_A", 13: "PUBLIC_B", 14: "PUBLIC_A"} {
		if !strings.Contains(got[i], want) {
			t.Errorf("%s %s: %s, want %s", calls[i][0], calls[i][1], got[i], want)
		}
	}
}

// TestRunShellSelfCwd: the Bash tool's shell is interpreted inside
// agentctl, so the files the shell itself opens (redirections, source, a
// glob's directory) were opened with agentctl's /proc/self/cwd — where it
// started — while the decision, as real bash means it, placed them in the
// shell's directory. Started in the home directory, a redirection read
// the denied key and appended to ~/.aws/credentials as a project file. The
// shell's own opens now mean its directory, and cd through the link fails.
func TestRunShellSelfCwd(t *testing.T) {
	cwd, home := red15pathsProject(t)
	t.Chdir(home)
	calls := [][2]string{
		{"Bash", `{"command":"cat < /proc/self/cwd/.ssh/id_rsa"}`},
		{"Bash", `{"command":"head -1 < /proc/self/root/proc/self/cwd/.aws/credentials"}`},
		{"Bash", `{"command":"while read l; do echo $l; done < /proc/thread-self/cwd/.aws/credentials"}`},
		{"Bash", `{"command":"source /proc/self/cwd/.aws/credentials"}`},
		{"Bash", `{"command":"echo /proc/self/cwd/.aws/*"}`},
		{"Bash", `{"command":"cd /proc/self/cwd && cat .aws/credentials"}`},
		{"Bash", `{"command":"echo PWNED >> /proc/self/cwd/.aws/credentials"}`},
		{"Bash", `{"command":"echo PWNED >> /proc/self/cwd/../home/.aws/credentials"}`},
		// Benign neighbours: the shell's own directory through the link.
		{"Bash", `{"command":"cat < /proc/self/cwd/src/a.go"}`},
		{"Bash", `{"command":"cd sub && cat < /proc/self/cwd/b.txt"}`},
		{"Bash", `{"command":"echo /proc/self/cwd/sub/*"}`},
	}
	got := red15pathsRun(t, cwd, "acceptEdits", calls)
	for i, r := range got[:8] {
		if strings.Contains(r, "SECRET") || strings.Contains(r, "credentials") && !strings.Contains(r, "no such") && !strings.Contains(r, "requires approval") {
			t.Errorf("%s %s reached the home directory through agentctl's own cwd: %s", calls[i][0], calls[i][1], r)
		}
	}
	if b, _ := os.ReadFile(home + "/.aws/credentials"); string(b) != "SECRET_AWS" {
		t.Errorf("the home directory's file was written: %q", b)
	}
	for i, want := range map[int]string{8: "PUBLIC_A", 9: "PUBLIC_B", 10: "/proc/self/cwd/sub/b.txt"} {
		if !strings.Contains(got[i], want) {
			t.Errorf("%s %s: %s, want %s", calls[i][0], calls[i][1], got[i], want)
		}
	}
}
