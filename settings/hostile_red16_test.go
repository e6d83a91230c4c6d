package settings

import "testing"

// red16layersFrontmatterRows are subagent definitions whose frontmatter
// some agent reads though it is not spelled "---\n…\n---\n": Claude Code
// opens it with "---" and any whitespace and closes it at the first "---"
// anywhere; lenient readers skip leading blank lines or split on a lone
// CR. Each once read as no frontmatter (""), so the bypassPermissions an
// untrusted repository's subagent asked for went unnoticed by the hook.
var red16layersFrontmatterRows = []struct{ name, doc, want string }{
	{"trailing space after the opening", "--- \npermissionMode: bypassPermissions\n---\nbody", "bypassPermissions"},
	{"trailing tab after the opening", "---\t\nname: x\npermissionMode: bypassPermissions\n---\n", "bypassPermissions"},
	{"spaces after both delimiters", "---   \npermissionMode: auto\n---   \n", "auto"},
	{"a blank line first", "\n---\npermissionMode: bypassPermissions\n---\n", "bypassPermissions"},
	{"blank lines and a BOM first", "\ufeff\n\n---\npermissionMode: auto\n---\n", "auto"},
	{"lone CR line ends", "---\rname: x\rpermissionMode: bypassPermissions\r---\rbody", "bypassPermissions"},
	{"closed by --- inside the line", "---\npermissionMode: bypassPermissions---\nbody", "bypassPermissions"},
	{"value on the next line", "---\npermissionMode:\n  bypassPermissions\n---\n", "bypassPermissions"},
	{"folded value on the next line, bad YAML", "---\ntools: [x\npermissionMode: >-\n  auto\n---\n", "auto"},
	{"quoted key, bad YAML", "---\ntools: [x\n\"permissionMode\" : 'bypassPermissions' # c\n---\n", "bypassPermissions"},
	{"a later --- ends an earlier value", "---\ndescription: a---b\npermissionMode: bypassPermissions\n---\n", "bypassPermissions"},
	// Harmless neighbours: what is not frontmatter, or names a mode the
	// repository may start, stays as it was.
	{"mode in the body", "--- \nname: x\n---\npermissionMode: bypassPermissions\n", ""},
	{"no frontmatter", "permissionMode: bypassPermissions\n---\n", ""},
	{"four dashes", "----\npermissionMode: bypassPermissions\n----\n", ""},
	{"a trusted mode", "--- \npermissionMode: plan\n---\n", "plan"},
	{"default", "---\r\npermissionMode: default\r\n---\r\n", "default"},
}

// TestRed16LayersFrontmatterMode: every reading some agent gives a
// subagent definition counts.
func TestRed16LayersFrontmatterMode(t *testing.T) {
	for _, c := range red16layersFrontmatterRows {
		if got := frontmatterMode([]byte(c.doc)); got != c.want {
			t.Errorf("%s: frontmatterMode(%q) = %q, want %q", c.name, c.doc, got, c.want)
		}
	}
}

// red16layersDotenvRows are .env lines and the value the dotenv package
// (npm dotenv 16/17, Gemini CLI's reader; checked against it) gives the
// variable. parseDotenv alone missed each: the key, or the value.
var red16layersDotenvRows = []struct{ name, text, key, want string }{
	{"colon separator", "BASH_ENV: ./evil.sh\n", "BASH_ENV", "./evil.sh"},
	{"export and a tab", "export\tBASH_ENV=./evil.sh\n", "BASH_ENV", "./evil.sh"},
	{"a comment with no space", "NODE_OPTIONS=--require ./x.js#c\n", "NODE_OPTIONS", "--require ./x.js"},
	{"lone CR line ends", "X=1\rBASH_ENV=./evil.sh\r", "BASH_ENV", "./evil.sh"},
	{"a quoted value over two lines", "GIT_CONFIG_GLOBAL=\"./a\nb\"\n", "GIT_CONFIG_GLOBAL", "./a\nb"},
	{"a JavaScript line separator", "X=1\u2028LD_PRELOAD=./l.so\n", "LD_PRELOAD", "./l.so"},
	{"a no-break space after export", "export\u00a0PATH=./bin\n", "PATH", "./bin"},
	{"\\r in double quotes", "PAGER=\"less\\r\"\n", "PAGER", "less\r"},
}

// TestRed16LayersDotenvReadings: every value the dotenv package gives a
// variable is among the readings, as is parseDotenv's own.
func TestRed16LayersDotenvReadings(t *testing.T) {
	for _, c := range red16layersDotenvRows {
		if carriedReading(dotenvReadings(c.text)[c.key], c.want) == 0 {
			t.Errorf("%s: %q: no reading gives %s=%q (got %+v)", c.name, c.text, c.key, c.want, dotenvReadings(c.text)[c.key])
		}
	}
	// parseDotenv's reading stays: an agent reading the file its way
	// still counts.
	if carriedReading(dotenvReadings("A='x' y\n")["A"], "x") == 0 {
		t.Errorf("parseDotenv's reading of A='x' y is lost")
	}
}
