package engine

import (
	"net/url"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/internal/hostname"
)

// FileFact is a file a call touches, or a word that may name one
// (input.facts.files[_], input.facts.mentions[_]), cleaned and
// symlink-resolved. The JSON names are the policy input's
// (rego/schemas/input.json).
type FileFact struct {
	// Path is the file made absolute against the directory the command
	// runs in, with . and .. removed; Resolved is Path with symlinks
	// followed (its missing part appended as written).
	Path     string `json:"path"`
	Resolved string `json:"resolved"`
	// Access is read, write or any (a mention: a word that may name a file).
	Access string `json:"access"`
	// Via is what touches it: the tool, the command or the redirection.
	Via     string `json:"via"`
	Written string `json:"written"` // as the call wrote it
	// Dynamic marks a path known only at run time (kept as written).
	Dynamic bool `json:"dynamic"`
	// Glob marks a witness a glob word stands for.
	Glob bool `json:"glob"`
	// Redirect marks a shell redirection's target.
	Redirect bool `json:"redirect"`
	// TildeOrGlob marks a shell target whose expansion is left to the shell.
	TildeOrGlob bool `json:"tilde_or_glob"`
	// Keys are the ancestors of Path and Resolved: where path rules are indexed.
	Keys []string `json:"keys"`
	// Links is the number of names of an existing regular file whose
	// content a write changes, when it has more than one (see hardLinks).
	Links uint64 `json:"links,omitempty"`
	// Tree marks a dynamic operand of a remover that may remove a whole
	// directory (rm -r, rmdir, xargs rm): it may be a critical path.
	Tree bool `json:"tree,omitempty"`
	// Removes marks a name the command takes away without being a
	// remover: an mv source, the destination rsync --delete empties.
	Removes bool `json:"removes,omitempty"`
}

// withKeys fills the index keys of every file.
func withKeys(files []FileFact) []FileFact {
	for i := range files {
		keys := pathKeys(files[i].Path)
		if files[i].Resolved != files[i].Path {
			seen := map[string]bool{}
			for _, k := range keys {
				seen[k] = true
			}
			for _, k := range pathKeys(files[i].Resolved) {
				if !seen[k] {
					keys = append(keys, k)
				}
			}
		}
		files[i].Keys = keys
	}
	return files
}

// CommandFact is one simple command a Bash call may execute, as the policy
// sees it (input.facts.commands[_]).
type CommandFact struct {
	Narrow   bashparse.View `json:"narrow"`
	Wide     bashparse.View `json:"wide"`
	Nested   bool           `json:"nested"`
	Origin   string         `json:"origin,omitempty"`
	ReadOnly bool           `json:"read_only"`
	// ReadOnlyBy names the command table entry that made it read-only.
	ReadOnlyBy  *bashparse.TableRef `json:"read_only_by,omitempty"`
	ExecWrapper bool                `json:"exec_wrapper"`
	Background  bool                `json:"background,omitempty"`
	// Powers are options no prefix rule approves (see bashparse.Command).
	Powers []string `json:"powers"`
	// OptionForm is the wide view's options in canonical spelling
	// (bashparse.OptionForm.Text), for the commands a deny or ask rule
	// with options may match.
	OptionForm string `json:"option_form,omitempty"`
}

// Facts is what Go learned about a call before the policy runs.
type Facts struct {
	Commands []CommandFact `json:"commands"`
	Files    []FileFact    `json:"files"`
	// Mentions are words that may name a file (any access): deny and ask
	// path rules see them. Reach are files recursive walks may open.
	Mentions []FileFact `json:"mentions"`
	// Named are the places every word of the commands may name (see
	// env.namedFacts), listed only when a confined allow rule exists.
	Named      []FileFact             `json:"named,omitempty"`
	Reach      []ReachFact            `json:"reach"`
	Unresolved []bashparse.Unresolved `json:"unresolved"`
	ParseError bool                   `json:"parse_error"`
	URL        *URLFact               `json:"url,omitempty"`
	MCP        *MCPFact               `json:"mcp,omitempty"`
}

// URLFact is a WebFetch call's URL, parsed (input.facts.url).
type URLFact struct {
	Scheme string `json:"scheme"`
	Host   string `json:"host"`
	// HostKeys are the host's label suffixes: where domain rules are indexed.
	HostKeys []string `json:"host_keys"`
	Port     string   `json:"port,omitempty"`
	Path     string   `json:"path"`
}

// MCPFact is an MCP tool's server and tool (input.facts.mcp).
type MCPFact struct {
	Server string `json:"server"`
	Tool   string `json:"tool"`
	// AltServers are the other servers the name can belong to: a server
	// name may itself hold "__" or end in "_" (mcp__a__b__c is server a's
	// tool b__c or server a__b's tool c). Deny and ask rules on any of
	// them match; no server-wide allow rule approves such a name.
	AltServers []string `json:"alt_servers,omitempty"`
}

// env is where paths resolve: the cwd and the home directory.
type env struct {
	cwd, home string
	// guards are the deny and ask path globs; walk the ones witnesses are
	// made from (see newGuards).
	guards *guardIndex
	walk   *walkGuards
	// twin are the guards as written, for hard-link twins.
	twin guardGlobs
	// policy are the session's policy files (a write there asks).
	policy *policyFiles
	// commands is the command table of the profile (nil: core only).
	commands *bashparse.Table
	// res remembers resolutions for this call only.
	res *resolver
	// lexical: the call's paths are cleaned before they are opened (the
	// file tools: Claude Code's and agentctl's clean a path's ".." away
	// first), so src/up/../sd/key opens src/sd/key through the link sd,
	// not what the kernel's walk of the raw name would reach.
	lexical bool
	// named: list the places the commands' words name (Facts.Named), for
	// a confined allow rule.
	named bool
}

// clean makes p absolute against dir and removes ., .. and duplicate
// slashes; the call's resolver remembers the answers.
func (e env) clean(p, dir string) string {
	if e.res == nil {
		return cleanPath(p, dir, e.home)
	}
	k := [2]string{p, dir}
	if c, ok := e.res.cleaned.get(k); ok {
		return c
	}
	c := cleanPathJoin(p, dir, e.home, e.res.join)
	e.res.cleaned.put(k, c)
	return c
}

// cleanPath is clean without the memo.
func cleanPath(p, dir, home string) string { return cleanPathJoin(p, dir, home, nil) }

// cleanPathJoin is cleanPath that joins a relative path to dir with join
// (nil: a string concatenation).
func cleanPathJoin(p, dir, home string, join func(dir, p string) string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = filepath.Join(home, strings.TrimPrefix(p, "~"))
	}
	if !filepath.IsAbs(p) && dir != "" {
		// Cleaned once, below; a clean join is returned as it is.
		if join != nil {
			p = join(dir, p)
		} else {
			p = dir + "/" + p
		}
	}
	p = procSelfRoot(p)
	if rest, ok := procSelfCwd(p); ok {
		// /proc/self/cwd is the working directory of the process that
		// opens the path — the shell (or the agent), standing in dir — not
		// agentctl's, which a symlink resolution would follow; and a ..
		// after it climbs from there, not from /proc/self.
		p = dir + "/" + rest
	}
	return filepath.Clean(p)
}

// procSelfCwd reports a path through /proc/self/cwd (or thread-self),
// however its first components are spelled (//, /./), and what follows.
func procSelfCwd(p string) (string, bool) { return procSelfLink(p, "cwd") }

// procSelfLink reports a path whose first components, however spelled
// (//, /./), are /proc/self/LINK, /proc/thread-self/LINK or
// /proc/self/task/TID/LINK (any thread of the process that opens the
// path: the threads share its cwd and root), and what follows them.
func procSelfLink(p, link string) (string, bool) {
	if !strings.Contains(p, "proc") {
		return "", false
	}
	parts := strings.Split(p, "/")
	var head []string
	i := 0
	for ; i < len(parts) && len(head) < 5; i++ {
		if parts[i] == "" || parts[i] == "." {
			continue
		}
		head = append(head, parts[i])
		if len(head) == 3 && (head[1] != "self" || head[2] != "task") {
			i++
			break
		}
	}
	n := len(head)
	if n < 3 || head[0] != "proc" || head[1] != "self" && head[1] != "thread-self" {
		return "", false
	}
	// /proc/self/task/TID/LINK; /proc/self/task/../LINK is /proc/self/LINK.
	if !(n == 3 && head[2] == link || n == 5 && head[2] == "task" && head[4] == link) {
		return "", false
	}
	return strings.Join(parts[i:], "/"), true
}

func (e env) file(p, dir, access, via string) FileFact {
	c := e.clean(p, dir)
	r := e.res.resolve(c)
	if k, ok := e.kernelPath(p, dir); ok && !e.lexical && !logicalDir[via] {
		r = k // a ".." after a symlink climbs from its target
	}
	f := FileFact{Path: c, Resolved: r, Access: access, Via: via, Written: p}
	// A process link, named or reached through a symlink, is the opening
	// process's: known only at run time (see processLink).
	if processLink(c) || (r != c || hasDotDot(p)) && throughProcessLink(e.rawAbs(p, dir, c)) || unresolvedLong(c) {
		f.Dynamic = true
	}
	// A file the call already found missing has no other name.
	if access == "write" && !nameOnly[via] {
		if n := e.res.links(r); n > 1 {
			f.Links = n
		}
	}
	return f
}

// logicalDir are the shell builtins that move by the logical path (cd
// -L, bash's default): src/up/../sd is src/sd, whatever src/up links to,
// and the shell then stands where src/sd resolves — not where the
// kernel's walk of the same name would end.
var logicalDir = map[string]bool{"cd": true, "pushd": true}

// nameOnly are the commands whose write changes a name, not the content
// under it: another hard link to the file is left as it was.
var nameOnly = map[string]bool{"rm": true, "rmdir": true, "unlink": true, "mv": true, "ln": true, "link": true,
	"rsync --delete": true, "tar --remove-files": true, "bsdtar --remove-files": true, "gtar --remove-files": true,
	"zip -m": true}

// bashFacts turns a command's analysis into commands and resolved files.
func (e env) bashFacts(a bashparse.Analysis) Facts {
	nfiles := 0
	for i := range a.Commands {
		nfiles += len(a.Commands[i].Files) * (1 + len(a.Commands[i].DirAlts))
	}
	f := Facts{Commands: make([]CommandFact, 0, len(a.Commands)), Files: make([]FileFact, 0, min(nfiles, 32)), Mentions: []FileFact{}, Reach: []ReachFact{},
		Unresolved: a.Unresolved, ParseError: a.Err != nil}
	if f.Unresolved == nil {
		f.Unresolved = []bashparse.Unresolved{}
	}
	// A call has few files: a scan finds a repeated (path, access, via)
	// faster than a map and allocates nothing; a glob's thousand matches
	// get the map.
	var seen map[[3]string]bool
	addFile := func(ff FileFact) {
		k := [3]string{ff.Path, ff.Access, ff.Via}
		if seen == nil && len(f.Files) >= 32 {
			seen = make(map[[3]string]bool, 2*len(f.Files))
			for _, g := range f.Files {
				seen[[3]string{g.Path, g.Access, g.Via}] = true
			}
		}
		if seen != nil {
			if !seen[k] {
				seen[k] = true
				f.Files = append(f.Files, ff)
			}
			return
		}
		for i := range f.Files {
			if g := &f.Files[i]; g.Path == ff.Path && g.Access == ff.Access && g.Via == ff.Via {
				return
			}
		}
		f.Files = append(f.Files, ff)
	}
	var lastDir, lastClean string // consecutive commands share a cd's directory
	cmds := a.Commands
	if len(a.Salvaged) > 0 {
		// A script that did not parse: the words of its stand-in are
		// mentions like any command's (bashparse.Analysis.Salvaged).
		cmds = append(cmds[:len(cmds):len(cmds)], a.Salvaged...)
	}
	for i, c := range cmds {
		if i < len(a.Commands) {
			powers := c.Powers
			if powers == nil {
				powers = []string{}
			}
			f.Commands = append(f.Commands, CommandFact{Narrow: c.Narrow, Wide: c.Wide, Nested: c.Nested,
				Origin: c.Origin, ReadOnly: c.ReadOnly, ReadOnlyBy: c.ReadOnlyBy, ExecWrapper: c.ExecWrapper, Background: c.Background, Powers: powers})
		}
		// Every directory the command may run in: a relative file is
		// checked in each (a cd can fail; one in a subshell does not last).
		var dirBuf [4]string
		dirs := append(dirBuf[:0], e.cwd)
		if c.Dir != "" {
			if c.Dir != lastDir {
				lastDir, lastClean = c.Dir, e.clean(c.Dir, e.cwd)
			}
			dirs[0] = lastClean
		}
		for _, d := range c.DirAlts {
			if d == "" {
				dirs = append(dirs, e.cwd)
			} else {
				dirs = append(dirs, e.clean(d, e.cwd))
			}
		}
		for _, d := range dirs {
			for _, op := range c.Files {
				if op.CopiesLinks && !op.Dynamic && !c.DirUnknown {
					for _, ff := range e.copiedLinks(op, d) {
						addFile(ff)
					}
				}
				if op.WalkRoot != "" && !op.Dynamic && !c.DirUnknown && !e.walkMayHold(e.clean(op.WalkRoot, d)) {
					continue
				}
				if !op.Glob && !op.Dynamic && !c.DirUnknown {
					addFile(e.plainOperand(op, d))
					continue
				}
				for _, ff := range e.operand(op, d, c.DirUnknown, c.DirGuess) {
					addFile(ff)
				}
			}
		}
		// A walk that follows links reads what the ones below its root
		// point to (derefLinks).
		for _, t := range c.Recursive {
			if t.Derefs && !t.Dynamic && !c.DirUnknown {
				for _, d := range dirs {
					for _, ff := range e.derefLinks(e.clean(t.Root, d), t.Via) {
						addFile(ff)
					}
				}
			}
		}
		// A word the command may write that names a protected path is a
		// write for the safety stage, whatever guards exist (spec §6).
		for _, m := range c.Mentions {
			if !m.MayWrite {
				continue
			}
			if m.Dynamic || c.DirUnknown {
				if ff, ok := e.protectedAnywhere(m); ok {
					addFile(ff)
				}
				continue
			}
			for _, d := range dirs {
				if ff, ok := e.protectedMention(m, d); ok {
					addFile(ff)
				}
			}
		}
		if e.named {
			f.Named = append(f.Named, e.namedFacts(c, dirs)...)
		}
		if e.guards == nil {
			continue
		}
		if c.DirUnknown {
			// Where the command runs is not known: a relative word may name
			// a guarded file under any directory, and a walk may start anywhere.
			for _, m := range c.Mentions {
				f.Mentions = append(f.Mentions, e.mentionAnywhere(m)...)
			}
			for _, t := range c.Recursive {
				f.Reach = appendReach(f.Reach, e.walk.treeWitnesses("/", t))
			}
			continue
		}
		for _, d := range dirs {
			for _, m := range c.Mentions {
				if m.Dynamic {
					f.Mentions = append(f.Mentions, e.mentionAnywhere(m)...)
					continue
				}
				f.Mentions = append(f.Mentions, e.mention(m, d)...)
			}
			for _, t := range c.Recursive {
				if t.Dynamic {
					f.Reach = appendReach(f.Reach, e.walk.treeWitnesses("/", t))
					continue
				}
				if t.Repo {
					f.Reach = appendReach(f.Reach, e.gitContentWitnesses(e.clean(t.Root, d), t))
					continue
				}
				f.Reach = appendReach(f.Reach, e.walk.treeWitnesses(e.clean(t.Root, d), t))
			}
		}
	}
	return f
}

// protectedMention is a mention the command may write, as a write of the
// file it names when that file is protected (or a policy file); the
// other words it may write stay mentions (most name nothing).
func (e env) protectedMention(m bashparse.File, dir string) (FileFact, bool) {
	if m.Tilde && !strings.HasPrefix(m.Path, "~/") && m.Path != "~" {
		return FileFact{}, false
	}
	c := e.clean(m.Path, dir)
	if ws := protectedPatternWitnesses(c); len(ws) > 0 {
		return FileFact{Path: ws[0], Resolved: ws[0], Access: "write", Via: m.Via, Written: m.Path, Glob: true}, true
	}
	if e.protectedName(c) {
		return FileFact{Path: c, Resolved: e.res.resolve(c), Access: "write", Via: m.Via, Written: m.Path}, true
	}
	if r := e.res.quick(c); r != c && e.protectedName(r) {
		return FileFact{Path: c, Resolved: e.res.resolve(c), Access: "write", Via: m.Via, Written: m.Path}, true
	}
	return FileFact{}, false
}

// protectedAnywhere is protectedMention for a word whose directory is not
// known: its static text names a protected path under any directory.
func (e env) protectedAnywhere(m bashparse.File) (FileFact, bool) {
	p := m.Path
	if m.Tail != "" {
		p = m.Tail
	}
	if !e.protectedName("/"+strings.TrimPrefix(p, "/")) && len(protectedPatternWitnesses(p)) == 0 {
		return FileFact{}, false
	}
	return FileFact{Path: m.Path, Resolved: m.Path, Access: "write", Via: m.Via, Written: m.Path, Dynamic: true}, true
}

// protectedName reports a path the safety stage guards: a protected
// directory or file name, or one of the session's policy files.
func (e env) protectedName(p string) bool {
	if protectedPath(p) {
		return true
	}
	return e.policy.hit(p, e.cwd)
}

// urlFacts parses a URL so that userinfo, query and fragment never confuse
// the host.
func urlFacts(raw string) *URLFact {
	u, err := url.Parse(raw)
	if err != nil {
		return &URLFact{}
	}
	host := hostname.Canonical(u.Hostname()) // as the fetcher connects: IDNA, numeric IPv4
	return &URLFact{Scheme: strings.ToLower(u.Scheme), Host: host, HostKeys: domainSuffixes(host), Port: u.Port(), Path: u.Path}
}

// mcpFacts splits mcp__server__tool at the first "__" and lists every
// other split that leaves a server and a tool (see MCPFact.AltServers).
func mcpFacts(name string) *MCPFact {
	rest := strings.TrimPrefix(name, "mcp__")
	server, tool, _ := strings.Cut(rest, "__")
	f := &MCPFact{Server: server, Tool: tool}
	for i := len(server) + 1; i+2 < len(rest); i++ {
		if rest[i] == '_' && rest[i+1] == '_' {
			f.AltServers = append(f.AltServers, rest[:i])
		}
	}
	return f
}

// appendReach is append(dst, src...), taking src itself when dst is empty:
// a walk's witnesses are a fresh list, often the call's only one, and
// copying kilobytes of them into the empty list was a tenth of a Bash
// call's allocation.
func appendReach(dst, src []ReachFact) []ReachFact {
	if len(dst) == 0 && len(src) > 0 {
		return src
	}
	return append(dst, src...)
}
