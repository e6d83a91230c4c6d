package bashparse

import "testing"

func TestConfigAssignments(t *testing.T) {
	for src, want := range map[string]bool{
		`MAKEFLAGS=--eval=x make`:           true,
		`GOFLAGS=-toolexec=/tmp/x go test`:  true,
		`npm_config_script_shell=x npm run`: true,
		`CARGO_TARGET_X_RUNNER=x cargo run`: true,
		`HOME=/tmp/x git log`:               true,
		`HOME=/tmp/x; git log`:              true,
		`export TAR_OPTIONS=x; tar xf a`:    true,
		`GIT_TRACE=/tmp/t git status`:       true,
		`GIT_TRACE=1 git status`:            false,
		`NODE_ENV=test npm test`:            false,
		`FOO=bar npm test`:                  false,
		`OUT_FILE=x; echo $OUT_FILE`:        false,
		`local LDFLAGS=x`:                   false,
	} {
		a := Parse(src)
		got := false
		for _, u := range a.Unresolved {
			if u.Reason == ReasonProgramConfig {
				got = true
			}
		}
		if got != want {
			t.Errorf("%s: program-config %v, want %v: %s", src, got, want, summary(a))
		}
	}
	a := Parse(`GIT_TRACE=/r/.git/hooks/pre-commit git status`)
	if len(a.Commands) == 0 || len(a.Commands[0].Files) == 0 || a.Commands[0].Files[0].Path != "/r/.git/hooks/pre-commit" {
		t.Errorf("GIT_TRACE's file is not a write: %s", summary(a))
	}
}
