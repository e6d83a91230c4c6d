package settings

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestUntrustedRepositoryAddsNoDirectory: a repository's own settings
// (project, local, JSON or YAML) add no working directory in an untrusted
// workspace ("/" would make every read there run without asking); a
// trusted workspace, user settings and --add-dir still do.
func TestUntrustedRepositoryAddsNoDirectory(t *testing.T) {
	for _, trusted := range []bool{false, true} {
		_, opts := tree(t, map[string]string{
			"proj/.claude/settings.json":      `{"permissions": {"additionalDirectories": ["/"]}}`,
			"proj/.claude/settings.local.yml": "permissions:\n  additionalDirectories: [\"~\"]\n",
			"home/.claude/settings.json":      `{"permissions": {"additionalDirectories": ["~/notes"]}}`,
		})
		opts.TrustWorkspace = trusted
		opts.AddDirs = []string{"/opt/extra"}
		s, err := Load(opts)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range s.AdditionalDirectories {
			got = append(got, d.Path)
		}
		want := []string{"/opt/extra", filepath.Join(opts.Home, "notes")}
		if trusted {
			want = append(want, "/", opts.Home)
		}
		for _, w := range want {
			if !strings.Contains(strings.Join(got, "\n")+"\n", w+"\n") {
				t.Errorf("trusted=%v: directories %v lack %s", trusted, got, w)
			}
		}
		if !trusted && len(got) != 2 {
			t.Errorf("untrusted: directories %v, want only %v", got, want)
		}
		warned := false
		for _, w := range s.Warnings {
			warned = warned || strings.Contains(w.Msg, "additional directory / not applied")
		}
		if warned == trusted {
			t.Errorf("trusted=%v: warning about the dropped directory: %v", trusted, warned)
		}
	}
}

// TestUntrustedRepositoryAllowsOnlyInside: in an untrusted workspace a
// repository's allow rules for paths outside it (root- or home-anchored,
// or climbing out with ..) are not applied; rules inside it, deny rules
// and other sources' rules are.
func TestUntrustedRepositoryAllowsOnlyInside(t *testing.T) {
	for _, trusted := range []bool{false, true} {
		_, opts := tree(t, map[string]string{
			"proj/.claude/settings.json": `{"permissions": {"allow": ["Read(//**)", "Read(~/.aws/**)", "Edit(../x/**)",
				"Read(src/**)", "Edit(/docs/**)", "Bash(make *)"], "deny": ["Read(//etc/shadow)"]}}`,
			"home/.claude/settings.json": `{"permissions": {"allow": ["Read(~/notes/**)"]}}`,
		})
		opts.TrustWorkspace = trusted
		s, err := Load(opts)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(ruleLines(s), "\n")
		for _, keep := range []string{"Read(src/**)", "Edit(/docs/**)", "Bash(make *)", "Read(//etc/shadow)", "Read(~/notes/**)"} {
			if !strings.Contains(got, keep) {
				t.Errorf("trusted=%v: %s dropped: %s", trusted, keep, got)
			}
		}
		for _, drop := range []string{"Read(//**)", "Read(~/.aws/**)", "Edit(../x/**)"} {
			if strings.Contains(got, drop) == !trusted {
				t.Errorf("trusted=%v: %s applied=%v: %s", trusted, drop, strings.Contains(got, drop), got)
			}
		}
	}
}
