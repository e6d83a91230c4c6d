package bashparse

import (
	"path"
	"slices"
	"strings"
)

// trustStoreFile is where `agentctl trust` writes by default; the settings
// loader lists it among the policy files wherever this session's own record
// is.
const trustStoreFile = "~/.config/agentctl/trusted.json"

// agentctlBoolFlags are agentctl's flags that take no value (every other
// flag takes one, as cmd/agentctl's argument reordering assumes).
var agentctlBoolFlags = map[string]bool{"no-color": true, "trace": true, "help": true, "h": true,
	"trust-workspace": true, "strict": true, "generate-bash-completion": true, "version": true, "v": true}

// isAgentctl reports whether a program name (already stripped of its
// directory) is agentctl or one of its builds: agentctl-full,
// agentctl-hook, agentctl-dev.
func isAgentctl(name string) bool {
	name = path.Base(name)
	return name == "agentctl" || strings.HasPrefix(name, "agentctl-") || strings.HasPrefix(name, "agentctl.")
}

// agentctlArgs is an agentctl command line read the way agentctl reads it:
// flags anywhere (with their values), then the command, its subcommand and
// operands.
type agentctlArgs struct {
	words []Word            // command, subcommand and operands, in order
	flags map[string]string // last value of each flag that takes one
	// dynamic is set when the command word is not static: which command
	// runs is not known.
	dynamic bool
	// dashed is the index in words of the first word after "--" (len(words)
	// when there is none): such words are operands, never subcommands.
	dashed int
}

func scanAgentctl(args []Word) agentctlArgs {
	out := agentctlArgs{flags: map[string]string{}, dashed: -1}
	for i := 0; i < len(args); i++ {
		w := args[i]
		a := w.Value // for a word that is not static, its source text
		if a == "--" && w.Static() {
			out.dashed = len(out.words)
			out.words = append(out.words, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			// An operand, or a word computed at run time ("$X") that
			// may be anything, a flag too: it counts as an operand.
			out.words = append(out.words, w)
			continue
		}
		name := strings.TrimLeft(a, "-")
		if k, v, ok := strings.Cut(name, "="); ok {
			out.flags[k] = v
			continue
		}
		if agentctlBoolFlags[name] {
			continue
		}
		if i+1 < len(args) {
			out.flags[name] = args[i+1].Value
			i++
		}
	}
	if out.dashed < 0 {
		out.dashed = len(out.words)
	}
	out.dynamic = len(out.words) > 0 && out.dashed > 0 && !out.words[0].Static()
	return out
}

// word is the i-th command word, "" when there is none or it follows "--"
// (a subcommand must come before it).
func (a agentctlArgs) word(i int) string {
	if i >= len(a.words) || i >= a.dashed {
		return ""
	}
	return a.words[i].Value
}

// agentctlWrites are the files an agentctl command line writes: the trust
// record (trust DIR, trust revoke DIR), the agent settings file hooks
// install and uninstall edit, the bundle (bundle build -o FILE), the
// reports (test --junit FILE, replay and diff --html FILE) and the
// decision log (--decision-log FILE). Global flags (--cwd DIR,
// --managed-settings FILE, …) may come before the command, so the command
// is found after them; a command word that is not static could be any of
// these and counts as writing the trust record. The trust record and the
// settings files are policy: writing them asks in every mode.
func agentctlWrites(args []Word) []File {
	a := scanAgentctl(args)
	var out []File
	add := func(p, via string) {
		out = append(out, File{Path: p, Access: Write, Via: via, Tilde: strings.HasPrefix(p, "~")})
	}
	if p := a.flags["decision-log"]; p != "" {
		add(p, "agentctl --decision-log")
	}
	if a.dynamic {
		add(trustStoreFile, "agentctl (command not static)")
		return out
	}
	switch a.word(0) {
	case "trust":
		// trust [DIR] and trust revoke DIR write it; trust list only reads.
		if a.word(1) != "list" {
			add(trustStoreFile, "agentctl trust")
		}
	case "hooks":
		switch sub := a.word(1); sub {
		case "", "list", "help", "h":
		default:
			// install and uninstall; an unknown subcommand only prints
			// usage, but a new one must not slip through as read-only.
			for _, p := range hookSettingsFiles(a.flags) {
				add(p, "agentctl hooks "+sub)
			}
		}
	case "bundle":
		if a.word(1) == "build" {
			if p := firstNonEmpty(a.flags["o"], a.flags["out"]); p != "" {
				add(p, "agentctl bundle build")
			}
		}
	case "test":
		if p := a.flags["junit"]; p != "" {
			add(p, "agentctl test --junit")
		}
	case "replay", "diff":
		if p := a.flags["html"]; p != "" {
			add(p, "agentctl "+a.word(0)+" --html")
		}
	}
	return out
}

// hookSettingsFiles are the settings files `agentctl hooks install` may
// edit for --agent and --scope: the one they name, or, when either is
// computed at run time (--agent "$A"), every one they could name.
func hookSettingsFiles(flags map[string]string) []string {
	runTime := func(v string) bool { return strings.ContainsAny(v, "$`") }
	if !runTime(flags["agent"]) && !runTime(flags["scope"]) {
		return []string{hookSettingsFile(flags)}
	}
	var out []string
	for _, agent := range []string{"claude", "gemini", "cursor"} {
		for _, scope := range []string{"user", "project", "local", "managed"} {
			f := map[string]string{"agent": agent, "scope": scope, "cwd": flags["cwd"], "managed-settings": flags["managed-settings"]}
			if p := hookSettingsFile(f); !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// hookSettingsFile is the settings file `agentctl hooks install` edits
// for --agent and --scope (agenthook.Location): project scopes are under
// --cwd, user scopes under the home directory.
func hookSettingsFile(flags map[string]string) string {
	agent, scope := firstNonEmpty(flags["agent"], "claude"), firstNonEmpty(flags["scope"], "user")
	cwd := flags["cwd"]
	under := func(p string) string {
		if cwd == "" || cwd == "." {
			return p
		}
		return path.Join(cwd, p)
	}
	switch agent + "/" + scope {
	case "claude/project":
		return under(".claude/settings.json")
	case "claude/local":
		return under(".claude/settings.local.json")
	case "claude/managed":
		return firstNonEmpty(flags["managed-settings"], "/etc/claude-code/managed-settings.json")
	case "gemini/user":
		return "~/.gemini/settings.json"
	case "gemini/project":
		return under(".gemini/settings.json")
	case "gemini/managed":
		return "/etc/gemini-cli/settings.json"
	case "cursor/user":
		return "~/.cursor/hooks.json"
	case "cursor/project":
		return under(".cursor/hooks.json")
	case "cursor/managed":
		return "/etc/cursor/hooks.json"
	}
	// claude/user, and anything agentctl would refuse: the user settings.
	return "~/.claude/settings.json"
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v != "" {
			return v
		}
	}
	return ""
}

// agentctlRunners are agentctl's commands that run programs its command
// line does not show: run executes a session's tool calls (and the
// approver it names), hook and doctor run the hooks a trusted workspace's
// settings name.
var agentctlRunners = map[string]string{
	"run":    "agentctl run executes the tool calls of a session file",
	"hook":   "agentctl hook runs the hooks the settings name",
	"doctor": "agentctl doctor runs the installed hook commands",
}

// agentctlRuns says why an agentctl command line runs programs it does
// not show ("" when it runs none): a runner command, --trust-workspace
// (the repository's own hooks and classifier run) or --mcp-config (the
// servers the file names start). What runs is not read: as for any
// command that names a program to run, no command-prefix allow rule
// (Bash(agentctl *)) approves it.
func agentctlRuns(inner []Word) string {
	if len(inner) == 0 || !inner[0].Static() || !isAgentctl(inner[0].Value) {
		return ""
	}
	a := scanAgentctl(inner[1:])
	if why, ok := agentctlRunners[a.word(0)]; ok {
		return why
	}
	for _, w := range inner[1:] {
		name, _, _ := strings.Cut(strings.TrimLeft(w.Value, "-"), "=")
		if !strings.HasPrefix(w.Value, "-") {
			continue
		}
		switch name {
		case "trust-workspace":
			return "agentctl --trust-workspace runs the hooks and classifier the workspace's settings name"
		case "mcp-config":
			return "agentctl --mcp-config starts the MCP servers the file names"
		}
	}
	return ""
}
