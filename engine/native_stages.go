package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Go ports of the stage modules: rego/tool.rego, safety.rego, mode.rego
// and allow.rego.

// toolFindings ports tool.findings (a set of strings, sorted).
func (n *nativeEval) toolFindings() stringSet {
	var out stringSet
	x := n.x
	if n.in.Tool != "Bash" {
		if x.deny.hasPath || x.ask.hasPath {
			for i := range n.f.Files {
				if f := &n.f.Files[i]; f.Dynamic {
					out.add("path " + f.Written + " is known only when it is opened (a process link, or a name longer than PATH_MAX); a Read or Edit deny or ask rule could be hidden behind it") // sprintf %s
				}
			}
		}
		return out.sorted()
	}
	if x.deny.hasBash || x.ask.hasBash {
		for _, u := range n.hard {
			out.add(fmt.Sprintf("cannot be resolved statically (%s): %s; a deny or ask rule could be hidden behind it", u.Reason, u.Text))
		}
	}
	git := false
	for i := range n.f.Commands {
		if n.f.Commands[i].Wide.Name == "git" {
			git = true
		}
	}
	// A directory change with any file write asks outside bypass mode
	// (tool.rego says why).
	writes := false
	if n.in.Mode != "bypassPermissions" {
		for i := range n.f.Files {
			if n.f.Files[i].Access == "write" {
				writes = true
				break
			}
		}
	}
	for i := range n.f.Files {
		f := &n.f.Files[i]
		if writes && (f.Via == "cd" || f.Via == "pushd") && f.Path != n.in.Cwd {
			out.add(f.Via + " to " + f.Written + " combined with a file write") // sprintf %s
		}
		if f.Access == "write" && f.Redirect && f.TildeOrGlob {
			out.add(fmt.Sprintf("output redirection target %q contains ~ or a glob character", f.Written))
		}
		if dirChangers[f.Via] && f.Path != n.in.Cwd && git {
			out.add(f.Via + " to " + f.Written + " combined with git") // sprintf %s
		}
	}
	for i := range n.f.Reach {
		if r := &n.f.Reach[i]; !r.Certain {
			for _, s := range n.reachFindings(r) {
				out.add(s)
			}
		}
	}
	if x.deny.hasPath || x.ask.hasPath {
		for i := range n.f.Files {
			if f := &n.f.Files[i]; f.Dynamic {
				out.add(fmt.Sprintf("file operand %s of %s is not static; a Read or Edit deny or ask rule could be hidden behind it", f.Written, f.Via))
			}
		}
	}
	return out.sorted()
}

// safetyFindings ports safety.findings.
func (n *nativeEval) safetyFindings() stringSet {
	var out stringSet
	bypass := n.in.Mode == "bypassPermissions"
	for i := range n.f.Files {
		f := &n.f.Files[i]
		if n.criticalRm(f) {
			out.add("rm of a critical path: " + f.Path)
		}
		if !bypass && fileTool(n.in.Tool) && (windowsAlias(f.Path) || windowsBackslashAlias(f.Path)) {
			out.add("path " + f.Path + " contains a suspicious Windows path pattern (8.3 short name, trailing dots, or dots beside a backslash)")
		}
		if f.Access != "write" {
			continue
		}
		if f.Links > 1 {
			out.add("write to " + f.Path + ": the file has other hard links, and one may be a protected path")
		}
		if !bypass && n.protected(f, false) {
			out.add("write to protected path " + f.Path)
		}
		if bypass && n.protected(f, true) {
			out.add("write to protected path " + f.Path + " (asks even in bypassPermissions mode)")
		}
	}
	if msg, ok := n.agentModeFinding(); ok {
		out.add(msg)
	}
	return out.sorted()
}

// readOnly ports mode.read_only.
func (n *nativeEval) readOnly() bool {
	if readOnlyTool(n.in.Tool) {
		return true
	}
	if n.in.Tool != "Bash" || len(n.hard) > 0 {
		return false
	}
	for i := range n.f.Commands {
		if c := &n.f.Commands[i]; !c.ReadOnly || c.ExecWrapper {
			return false
		}
	}
	for i := range n.f.Files {
		if n.f.Files[i].Access != "read" {
			return false
		}
	}
	return true
}

// cmdOK ports mode.cmd_ok(c).
func (n *nativeEval) cmdOK(c *CommandFact) bool {
	if c.ReadOnly && !c.ExecWrapper && len(c.Powers) == 0 {
		return true
	}
	return n.in.Mode == "acceptEdits" && regoEditCommands[c.Narrow.Name] && !editWithOption(c) &&
		len(c.Narrow.Assigns) == 0 && len(c.Powers) == 0
}

// editWithOption ports mode.edit_with_option(c): a cp, mv or touch given
// an option, which acceptEdits does not let through.
func editWithOption(c *CommandFact) bool {
	if !regoOptionlessEditCommands[c.Narrow.Name] {
		return false
	}
	for _, a := range c.Narrow.Args {
		if strings.HasPrefix(a, "-") {
			return true
		}
	}
	return false
}

// fileOK ports mode.file_ok(f).
func (n *nativeEval) fileOK(f *FileFact) bool {
	if f.Access == "read" && n.fileInWD(f) {
		return true
	}
	return (n.in.Mode == "acceptEdits" || n.in.Mode == "bypassPermissions") && f.Access == "write" &&
		n.fileInWD(f) && !n.protected(f, false)
}

// approves ports mode.approves.
func (n *nativeEval) approves() bool {
	tool := n.in.Tool
	if noPermissionTool(tool) {
		return true
	}
	filesOK := func() bool {
		for i := range n.f.Files {
			if !n.fileOK(&n.f.Files[i]) {
				return false
			}
		}
		return true
	}
	if tool == "Bash" && len(n.hard) == 0 && len(n.f.Commands) > 0 {
		ok := true
		for _, c := range n.top {
			if !n.cmdOK(c) {
				ok = false
				break
			}
		}
		if ok && filesOK() {
			return true
		}
	}
	return fileTool(tool) && len(n.f.Files) > 0 && filesOK()
}

// modeResult ports mode.result (ok false when undefined).
func (n *nativeEval) modeResult() (decision Effect, reason string, ok bool) {
	switch mode := n.in.Mode; {
	case mode == "bypassPermissions":
		return Allow, "bypassPermissions mode allows everything no rule denies or asks about", true
	case mode == "plan" && !n.readOnly():
		return Deny, fmt.Sprintf("plan mode: %s is not read-only; leave plan mode (ExitPlanMode) first", n.in.Tool), true
	case n.approves():
		switch {
		case noPermissionTool(n.in.Tool):
			return Allow, "the tool needs no permission", true
		case n.in.Tool == "Bash" && n.readOnly():
			return Allow, n.readOnlyReason(), true
		case !n.readOnly():
			return Allow, fmt.Sprintf("%s mode: edits inside the working directories", mode), true
		}
		return Allow, "read inside the working directories", true
	}
	return 0, "", false
}

// allowStage is the allow module's result: used (by id), ok, unapproved.
type allowStage struct {
	used       ruleSet
	ok         bool
	unapproved stringSet
}

// allowStage ports allow.rego.
func (n *nativeEval) allowStage() allowStage {
	x, tool := n.x.allow, n.in.Tool
	var a allowStage
	// The stage's lists live in the evaluation's scratch space while they
	// fit: decide copies what it keeps before the evaluation is released.
	a.used = n.usedBuf[:0]
	rules := n.rulesBuf[:0]
	n.allowToolRules(x, func(r *nativeRule) { rules = append(rules, r) })
	// whole_everywhere and whole_inside: a file tool's whole-tool rule
	// other than its own bare name approves files inside the working
	// directories only.
	isFileTool := fileTool(tool)
	wholeTool, wholeInside := 0, false
	for _, r := range rules {
		if r.Kind == "" {
			if !isFileTool || r.Text == tool {
				wholeTool++
				a.used.add(r)
			} else {
				wholeInside = true
			}
		}
	}
	cmdApproved := n.approvedBuf[:0]
	cmdApproved = append(cmdApproved, make([]bool, len(n.top))...)
	for i, c := range n.top {
		allowed := false
		if len(c.Narrow.Assigns) == 0 && !c.Narrow.DynamicName && !c.Background {
			text := c.Narrow.Text // allow rules keep word boundaries
			if c.Narrow.Quoted != "" {
				text = c.Narrow.Quoted
			}
			n.bashRules(x, c, func(r *nativeRule) {
				if n.re(r.re, text) && ((!c.ExecWrapper && len(c.Powers) == 0) || r.Exact) && (!r.Confined || n.namedInWD()) {
					allowed = true
					a.used.add(r)
				}
			})
		}
		cmdApproved[i] = allowed || n.cmdOK(c)
	}
	fileApproved := cmdApproved[len(cmdApproved):]
	fileApproved = append(fileApproved, make([]bool, len(n.f.Files))...)
	for i := range n.f.Files {
		f := &n.f.Files[i]
		allowed := n.fileRules(f, &a.used)
		inWD := n.fileInWD(f)
		if kind, ok := regoAccessKinds[f.Access]; ok && inWD {
			for _, r := range x.tool[kind] {
				if r.Kind == "" {
					allowed = true
					a.used.add(r)
				}
			}
		}
		if wholeInside && inWD {
			for _, r := range rules {
				if r.Kind == "" && r.Text != tool {
					allowed = true
					a.used.add(r)
				}
			}
		}
		fileApproved[i] = allowed || n.fileOK(f)
	}
	if u := n.f.URL; u != nil && (u.Scheme == "http" || u.Scheme == "https") {
		n.domainRules(x, func(r *nativeRule) {
			if n.re(r.re, u.Host) {
				a.used.add(r)
			}
		})
	}
	for _, r := range rules {
		if r.Kind == "agent" && n.agentMatches(r, "") || n.fieldAllows(r) {
			a.used.add(r)
		}
	}
	a.used = a.used.sorted()
	all := func(bs []bool) bool {
		for _, b := range bs {
			if !b {
				return false
			}
		}
		return true
	}
	switch {
	case wholeTool > 0:
		a.ok = true
	case tool == "Bash" && len(n.hard) == 0 && len(n.f.Commands) > 0 && all(cmdApproved) && all(fileApproved):
		a.ok = true
	case isFileTool && len(n.f.Files) > 0 && all(fileApproved):
		a.ok = true
	case !isFileTool && tool != "Bash" && len(a.used) > 0:
		a.ok = true
	}
	for i, c := range n.top {
		if !cmdApproved[i] {
			a.unapproved.add("command " + strconv.Quote(c.Narrow.Text)) // sprintf %q
		}
	}
	for i := range n.f.Files {
		if f := &n.f.Files[i]; !fileApproved[i] {
			a.unapproved.add(f.Access + " " + f.Path + " (" + n.where(f) + ")")
		}
	}
	for _, u := range n.hard {
		a.unapproved.add("unresolved " + string(u.Reason) + ": " + u.Text)
	}
	a.unapproved = a.unapproved.sorted()
	return a
}

// fileRules ports allow.file_rules(f): an entry whose glob matches the
// path, of a rule one of whose entries (same kind) matches the target.
func (n *nativeEval) fileRules(f *FileFact, used *ruleSet) bool {
	found := false
	var buf [16]*nativeRule
	entries := buf[:0]
	for _, kind := range entryKinds("allow", f) {
		entries = entries[:0]
		pathEntries(n.x.allow, kind, f, func(e *nativeRule) { entries = append(entries, e) })
		for _, e := range entries {
			if !n.glob(e, f.Path) {
				continue
			}
			for _, e2 := range entries {
				if e2.ID == e.ID && n.glob(e2, f.Resolved) {
					found = true
					used.add(e)
					break
				}
			}
		}
	}
	return found
}

// where ports allow.where(f).
func (n *nativeEval) where(f *FileFact) string {
	switch {
	case f.Dynamic:
		return "not static"
	case !n.fileInWD(f):
		return "outside the working directories"
	}
	return "no allow rule covers it"
}

// errOperand is the type error regex.match reports for a value that is
// not a string.
func errOperand(builtin string, v any) error {
	return fmt.Errorf("%s: operand 2 must be string but got %T", builtin, v)
}

// joinSet is concat("; ", set).
func joinSet(s stringSet) string { return strings.Join(s, "; ") }

// readOnlyReason ports mode.read_only_reason: the command table entries
// that made commands read-only, sorted, or Claude Code's core list.
func (n *nativeEval) readOnlyReason() string {
	refs := map[string]bool{}
	for i := range n.f.Commands {
		if r := n.f.Commands[i].ReadOnlyBy; r != nil {
			refs[fmt.Sprintf("%s at %s:%d", r.Entry, r.File, r.Line)] = true
		}
	}
	if len(refs) == 0 {
		return "read-only command"
	}
	list := make([]string, 0, len(refs))
	for r := range refs {
		list = append(list, r)
	}
	sort.Strings(list)
	return "read-only command (command table: " + strings.Join(list, ", ") + ")"
}

// dirChangers are the file facts that move where a command runs (tool.rego
// names the same set).
var dirChangers = map[string]bool{"cd": true, "pushd": true, "git -C": true, "git --git-dir": true, "git --work-tree": true}
