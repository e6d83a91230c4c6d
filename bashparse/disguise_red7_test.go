package bashparse

import (
	"slices"
	"testing"
)

// mentionPaths lists the mentions of every command and salvaged stand-in,
// with "+w" on those that may write.
func mentionPaths(a Analysis) []string {
	var out []string
	for _, cmds := range [][]Command{a.Commands, a.Salvaged} {
		for _, c := range cmds {
			for _, m := range c.Mentions {
				p := m.Path
				if m.MayWrite {
					p += "+w"
				}
				out = append(out, p)
			}
		}
	}
	return out
}

// TestDynamicNameMentions: a command whose name is not static is a
// command no table knows: each operand is a mention it may write (r7-1).
func TestDynamicNameMentions(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string // each must be among the mentions
	}{
		{`${X:-cat} .env`, []string{".env+w"}},
		{`$X x .bashrc`, []string{"x+w", ".bashrc+w"}},
		{`"$X" .env`, []string{".env+w"}},
		{`$(echo cat) --from=.env`, []string{".env+w"}},
		{`ca? .env`, []string{".env+w"}},
		{`{cat,.env}`, []string{".env+w"}},
		{`{ca,}t .env`, []string{".env+w"}},
		{`$X $D/.env`, []string{".env+w"}},
		{`rev .{e,}nv`, []string{".env"}},
		{`rev {x,.env}`, []string{".env"}},
	} {
		got := mentionPaths(Parse(c.src))
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("Parse(%q) mentions %q, want %q among them", c.src, got, w)
			}
		}
	}
}

// TestSalvagedScripts: a script mvdan rejects keeps no half-parsed
// commands, and its stand-in mentions the words bash would see (r7-2).
func TestSalvagedScripts(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{`cat .env; x[1]`, []string{".env+w"}},
		{`cat .e''nv; x[1]`, []string{".env+w"}},
		{`cat "secrets/key"; x[1]`, []string{"secrets/key+w"}},
		{`((cat .env); echo b)`, []string{".env+w"}},
		{`echo x >.bashrc; x[1]`, []string{".bashrc+w"}},
		{`python3 -c "open('.bashrc','w')"; x[1]`, []string{".bashrc+w"}},
		{`bash -c 'x[1]; cat .env'`, []string{".env+w"}},
	} {
		a := Parse(c.src)
		if len(a.Unresolved) == 0 {
			t.Errorf("Parse(%q): want the parse error unresolved", c.src)
		}
		got := mentionPaths(a)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("Parse(%q) mentions %q, want %q among them", c.src, got, w)
			}
		}
	}
	if a := Parse(`cat .env; x[1]`); len(a.Commands) != 0 || len(a.Salvaged) != 1 {
		t.Errorf("a parse error lists %d commands and %d stand-ins, want 0 and 1", len(a.Commands), len(a.Salvaged))
	}
}

// TestHiddenOperands: a read-only command no operand table knows
// (tr; rev has an operand table now) gets a dynamic
// read for each word the script does not spell whole; a value spelled
// whole splits into its fields (r7-3).
func TestHiddenOperands(t *testing.T) {
	for _, c := range []struct {
		src     string
		dynamic bool     // a dynamic read is listed
		files   []string // static files that must be listed
	}{
		{`tr $X`, true, nil},
		{`X=.ENV; tr ${X,,}`, true, nil},
		{`read X <<<.env; tr $X`, true, nil},
		{`X=README.md; read X <<<.env; tr $X`, true, nil},
		{`X=README.md; printf -v X .env; tr $X`, true, nil},
		{`X=README.md; : ${X:=.env}; tr $X`, true, nil},
		{`X=README.md; declare -n R=X; tr $R`, true, nil},
		{`X=README.md; (( X++ )); tr $X`, true, nil},
		{`X=README.md; for X in $(ls); do tr $X; done`, true, nil},
		{`X="README.md .env"; tr $X`, false, []string{".env"}},
		{`IFS=:; X=a:.env; tr $X`, false, []string{".env"}},
		{`X=README.md; tr $X`, false, []string{"README.md"}},
		{`tr $HOME/notes`, false, nil},
		{`git log $(git rev-parse HEAD)`, false, nil},
	} {
		a := Parse(c.src)
		dyn := false
		var got []string
		for _, cmd := range a.Commands {
			for _, f := range cmd.Files {
				if f.Dynamic && f.Access == Read {
					dyn = true
				}
				if !f.Dynamic {
					got = append(got, f.Path)
				}
			}
			for _, m := range cmd.Mentions {
				got = append(got, m.Path)
			}
		}
		if dyn != c.dynamic {
			t.Errorf("Parse(%q): dynamic read listed = %v, want %v", c.src, dyn, c.dynamic)
		}
		for _, w := range c.files {
			if !slices.Contains(got, w) {
				t.Errorf("Parse(%q) names %q, want %q among them", c.src, got, w)
			}
		}
	}
}

// TestStdinScripts: a here-document or here-string a program reads as its
// script is parsed (a shell's) or mentioned (an interpreter's) (r7-4).
func TestStdinScripts(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // a command's wide text, or a mention's path
	}{
		{"bash <<'EOF'\ncat .env\nEOF", "cat .env"},
		{"sh -s <<EOF\nrm -rf x\nEOF", "rm -rf x"},
		{`bash <<<'rm -rf x'`, "rm -rf x"},
		{"python3 <<'EOF'\nopen('.env')\nEOF", ".env+w"},
		{`perl <<<'open F, ".env"'`, ".env+w"},
	} {
		a := Parse(c.src)
		got := mentionPaths(a)
		for _, cmd := range a.Commands {
			got = append(got, cmd.Wide.Text)
		}
		if !slices.Contains(got, c.want) {
			t.Errorf("Parse(%q) = %q, want %q among them", c.src, got, c.want)
		}
	}
}
