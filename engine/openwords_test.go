package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// A word known only at run time, or the words xargs appends from its
// input, may complete a Bash deny or ask rule the static words do not
// match (openrules.go). Under a bare Bash allow the rule was all that
// stood in the way, and it never matched: echo publish | xargs npm ran
// npm publish (xargs 4.9: it printed "npm publish" under -t), and
// chmod $m f with m=777 from the environment ran chmod 777 f. Each such
// command asks (deny under dontAsk); a start no rule can grow out of, and
// a word whose literal values the script gives, are decided as before.

const openWordsPolicy = `{"permissions":{"allow":["Bash"],"deny":["Bash(npm publish *)","Bash(chmod 777 *)",` +
	`"Bash(git push:*)","Bash(docker run --privileged *)"],"ask":["Bash(kubectl delete pod)"]}}`

var openWordsClasses = map[string][]shellRow{
	"xargs appends the rest of a denied command": {
		{openWordsPolicy, "default", `echo publish | xargs npm`, "ask"},
		{openWordsPolicy, "dontAsk", `echo publish | xargs npm`, "deny"},
		{openWordsPolicy, "default", `xargs npm < args`, "ask"},
		{openWordsPolicy, "default", `xargs -a args npm`, "ask"},
		{openWordsPolicy, "default", `xargs -0 npm < args`, "ask"},
		{openWordsPolicy, "default", `xargs -n1 npm < args`, "ask"},
		{openWordsPolicy, "default", `xargs -r -- npm < args`, "ask"},
		{openWordsPolicy, "default", `timeout 5 xargs npm < args`, "ask"},
		{openWordsPolicy, "default", `sudo xargs npm < args`, "ask"},
		{openWordsPolicy, "default", `echo 777 f | xargs chmod`, "ask"},
		{openWordsPolicy, "default", `echo 777 f | xargs /bin/chmod`, "ask"},
		{openWordsPolicy, "default", `echo push | xargs git`, "ask"},
		{openWordsPolicy, "default", `echo --privileged x | xargs docker run`, "ask"},
		{openWordsPolicy, "default", `echo pod | xargs kubectl delete`, "ask"},
		{openWordsPolicy, "default", `echo f | xargs -I{} chmod {} f`, "ask"},
		{openWordsPolicy, "default", `echo f | xargs -I% chmod 7% f`, "ask"},
		{openWordsPolicy, "default", `find 777 -maxdepth 0 -exec chmod {} f \;`, "ask"},
		// Already the denied command: deny, as before.
		{openWordsPolicy, "default", `echo x | xargs npm publish`, "deny"},
		{openWordsPolicy, "default", `echo origin | xargs git push`, "deny"},
		// Neighbours: no rule grows out of these starts.
		{openWordsPolicy, "default", `find . -name '*.go' | xargs grep foo`, "allow"},
		{openWordsPolicy, "default", `echo a | xargs -n1 wc -l`, "allow"},
		{openWordsPolicy, "default", `xargs npm test < args`, "allow"},
		{openWordsPolicy, "default", `echo 644 | xargs -I{} chmod 6{} f`, "notdeny"},
		{openWordsPolicy, "default", `echo pod x | xargs kubectl get`, "allow"},
	},
	"a word known only at run time completes a denied command": {
		{openWordsPolicy, "default", `chmod $M f`, "ask"},
		{openWordsPolicy, "dontAsk", `chmod $M f`, "deny"},
		{openWordsPolicy, "default", `chmod "$M" f`, "ask"},
		{openWordsPolicy, "default", `chmod ${M:-644} f`, "ask"},
		{openWordsPolicy, "default", `chmod 7$M f`, "ask"},
		{openWordsPolicy, "default", `read m; chmod $m f`, "ask"},
		{openWordsPolicy, "default", `chmod * f`, "ask"},
		{openWordsPolicy, "default", `chmod 7?7 f`, "ask"},
		{openWordsPolicy, "default", `docker run $OPTS img`, "ask"},
		{openWordsPolicy, "default", `docker run "$@" img`, "ask"},
		{openWordsPolicy, "default", `kubectl delete $KIND`, "ask"},
		// The script gives the value: the command it spells is decided.
		{openWordsPolicy, "default", `m=777; chmod $m f`, "deny"},
		{openWordsPolicy, "default", `for m in 777 644; do chmod $m f; done`, "deny"},
		// Neighbours.
		{openWordsPolicy, "default", `m=644; chmod $m f`, "allow"},
		{openWordsPolicy, "default", `for m in 644 600; do chmod "$m" f; done`, "allow"},
		{openWordsPolicy, "default", `chmod 6$M f`, "allow"},
		{openWordsPolicy, "default", `chmod 644 f`, "allow"},
		{openWordsPolicy, "default", `ls $X`, "allow"},
		{openWordsPolicy, "default", `docker ps $OPTS`, "allow"},
		{openWordsPolicy, "default", `chmod 644 $F`, "allow"},
		{openWordsPolicy, "default", `echo "$HOME" | xargs ls`, "allow"},
	},
}

func TestOpenWordsCompleteRules(t *testing.T) {
	runShellRows(t, map[string]string{"args": "publish\n", "f": "x"}, openWordsClasses)
}

func TestOpenGuardStarts(t *testing.T) {
	for _, tc := range []struct {
		pattern, start string
		wild           bool
	}{
		{"npm publish *", "npm publish ", true},
		{"npm publish:*", "npm publish ", true},
		{"npm  publish", "npm publish", false},
		{"/usr/bin/npm publish *", "npm publish ", true},
		{"git * main", "git ", true},
		{"* --force", "", true},
	} {
		dir := t.TempDir()
		managed := filepath.Join(dir, "managed.json")
		if err := os.WriteFile(managed, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := settings.Load(settings.Options{Cwd: dir, Home: filepath.Join(dir, "home"), ManagedFile: managed,
			DisallowedTools: []string{"Bash(" + tc.pattern + ")"}})
		if err != nil {
			t.Fatal(err)
		}
		var gs []openGuard
		for _, l := range openGuards(s) {
			gs = append(gs, l...)
		}
		if len(gs) != 1 || gs[0].start != tc.start || gs[0].wild != tc.wild {
			t.Errorf("%q: got %+v, want start %q wild %v", tc.pattern, gs, tc.start, tc.wild)
		}
	}
}
