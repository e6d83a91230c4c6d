package engine

import (
	"net/url"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"unsafe"

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
}

// Facts is what Go learned about a call before the policy runs.
type Facts struct {
	Commands []CommandFact `json:"commands"`
	Files    []FileFact    `json:"files"`
	// Mentions are words that may name a file (any access): deny and ask
	// path rules see them. Reach are files recursive walks may open.
	Mentions   []FileFact             `json:"mentions"`
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
	walk   guardGlobs
	// policy are the session's policy files (a write there asks).
	policy *policyFiles
	// commands is the command table of the profile (nil: core only).
	commands *bashparse.Table
	// res remembers resolutions for this call only.
	res *resolver
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

// resolve follows symlinks; for a path that does not exist yet, the deepest
// existing parent is resolved and the rest appended.
func resolve(p string) string { return (*resolver)(nil).resolve(p) }

// resolver remembers symlink resolutions within one call (a nil resolver
// remembers nothing): the parents of several operands are resolved once,
// and a component found missing answers for every path under it. It never
// outlives the call, so a symlink made mid-session is seen.
type resolver struct {
	evals map[string]resolution // the slow path: made at first use
	plain callMemo[string, plainness]
	// cleaned remembers clean's answers: a word is cleaned against the
	// same directory for its operand, its mention and its protected check.
	cleaned callMemo[[2]string, string]
	// gitConfigs remembers the repository configuration a git command
	// reads, by (dir, git dir) and by ("", git dir) (env.repoConfig).
	gitConfigs callMemo[[2]string, repoConfig]
	// gitWalk is the git directory found from each directory walked.
	gitWalk callMemo[string, string]
	// base is the directory most of a call's words sit under (its cwd).
	// At the first path under it, the directory is opened once (proving
	// it plain) and each path is looked at relative to it: a single name
	// costs one short fstatat instead of a walk from the root.
	base string
	dir  baseDir
	// arena holds the bytes of the paths the call joins (dir + "/" +
	// word): one block serves many calls' joins, and bytes once handed
	// out are never written again.
	arena []byte
}

// join is dir + "/" + p in the arena.
func (r *resolver) join(dir, p string) string {
	n := len(dir) + 1 + len(p)
	if cap(r.arena)-len(r.arena) < n {
		r.arena = make([]byte, 0, max(4096, n))
	}
	start := len(r.arena)
	r.arena = append(append(append(r.arena, dir...), '/'), p...)
	return unsafe.String(&r.arena[start], n)
}

// newResolver is an empty per-call resolver whose paths mostly sit under
// base ("" for none). Close releases what it opened.
func newResolver(base string) *resolver {
	if base == "/" {
		base = ""
	}
	r := resolvers.Get().(*resolver)
	r.base = base
	return r
}

// resolvers holds emptied resolvers: one is a few kilobytes of inline
// memos, and a Bash call needs one.
var resolvers = sync.Pool{New: func() any { return new(resolver) }}

// Close releases the base directory, if it was opened, and empties the
// resolver for the next call: nothing it learnt outlives this one.
func (r *resolver) Close() {
	if r == nil {
		return
	}
	r.dir.close()
	rest := r.arena[len(r.arena):] // only bytes not yet handed out
	*r = resolver{arena: rest}
	resolvers.Put(r)
}

type resolution struct {
	path string
	err  error
}

func (r *resolver) eval(p string) (string, error) {
	if r == nil {
		return evalSymlinks(p)
	}
	if v, ok := r.evals[p]; ok {
		return v.path, v.err
	}
	path, err := evalSymlinks(p)
	if r.evals == nil {
		r.evals = map[string]resolution{}
	}
	r.evals[p] = resolution{path, err}
	return path, err
}

// isPlain reports a path that resolves to itself (see plainPath).
func (r *resolver) isPlain(p string) bool {
	if r == nil {
		return plainPath(p) != notPlain
	}
	if s, ok := r.plain.get(p); ok {
		return s != notPlain
	}
	// A missing component met before any link stays missing for every
	// path under it: the kernel would walk the same prefix and stop there.
	for d := path.Dir(p); len(d) > 1; d = path.Dir(d) {
		if s, _ := r.plain.get(d); s == plainMissing {
			return true
		}
	}
	s := r.look(p)
	r.plain.put(p, s)
	return s != notPlain
}

// knownMissing reports a path this call has already found missing (it,
// or a directory above it, does not exist), without a system call.
func (r *resolver) knownMissing(d string) bool {
	if r == nil {
		return false
	}
	for ; len(d) > 1; d = path.Dir(d) {
		if s, _ := r.plain.get(d); s == plainMissing {
			return true
		}
	}
	return false
}

// look is one plainness check of p, relative to the base directory when
// p sits under it.
func (r *resolver) look(p string) plainness {
	if r.base == "" || !strings.HasPrefix(p, r.base) || (len(p) > len(r.base) && p[len(r.base)] != '/') {
		return plainPath(p)
	}
	if !r.dir.opened() && !r.dir.open(r.base) {
		return plainPath(p)
	}
	if len(p) == len(r.base) {
		return plainExists
	}
	return r.dir.plainAt(p[len(r.base)+1:])
}

// resolve is the package resolve through the resolver.
func (r *resolver) resolve(p string) string {
	if r.isPlain(p) {
		return p
	}
	if res, err := r.eval(p); err == nil {
		return res
	}
	if res, ok := followDangling(p); ok {
		return res
	}
	dir, rest := filepath.Dir(p), filepath.Base(p)
	for dir != p {
		if res, err := r.eval(dir); err == nil {
			return filepath.Join(res, rest)
		}
		p = dir
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = filepath.Dir(dir)
	}
	return p
}

// quick is quickResolve through the resolver.
func (r *resolver) quick(p string) string {
	if r.isPlain(p) {
		return p
	}
	if res, err := r.eval(p); err == nil {
		return res
	}
	return p
}

func (e env) file(p, dir, access, via string) FileFact {
	c := e.clean(p, dir)
	r := e.res.resolve(c)
	if k, ok := e.kernelPath(p, dir); ok {
		r = k // a ".." after a symlink climbs from its target
	}
	f := FileFact{Path: c, Resolved: r, Access: access, Via: via, Written: p}
	// A file the call already found missing has no other name.
	if access == "write" && !nameOnly[via] && !e.res.knownMissing(r) {
		if n := hardLinks(r); n > 1 {
			f.Links = n
		}
	}
	return f
}

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
				if op.WalkRoot != "" && !op.Dynamic && !c.DirUnknown && !e.walkMayHold(e.clean(op.WalkRoot, d)) {
					continue
				}
				if !op.Glob && !op.Dynamic && !c.DirUnknown {
					addFile(e.plainOperand(op, d))
					continue
				}
				for _, ff := range e.operand(op, d, c.DirUnknown) {
					addFile(ff)
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
				f.Reach = append(f.Reach, e.walk.treeWitnesses("/", t)...)
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
					f.Reach = append(f.Reach, e.walk.treeWitnesses("/", t)...)
					continue
				}
				f.Reach = append(f.Reach, e.walk.treeWitnesses(e.clean(t.Root, d), t)...)
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

// mentionAnywhere stands a word whose directory is not known (a dynamic
// prefix, an unknown cwd) for every guarded path it could be: the word's
// static end under any directory.
func (e env) mentionAnywhere(m bashparse.File) []FileFact {
	p := m.Path
	if m.Tail != "" {
		p = m.Tail
	}
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") {
		return e.mention(bashparse.File{Path: p, Access: m.Access, Via: m.Via, Glob: m.Glob, Tilde: m.Tilde}, e.cwd)
	}
	var out []FileFact
	for _, w := range e.walk.suffixWitnesses(path.Clean(p)) {
		out = append(out, FileFact{Path: w, Resolved: w, Access: mentionAccess(m), Via: m.Via, Written: m.Path})
	}
	return out
}

// mentionAccess is a mention's access for the policy: "any" unless the
// operand table said read or write.
func mentionAccess(m bashparse.File) string {
	if m.Access == "" {
		return "any"
	}
	return string(m.Access)
}

// mention resolves a word that may name a file; a glob word stands for the
// guarded paths it could expand to.
func (e env) mention(m bashparse.File, dir string) []FileFact {
	if m.Tilde && !strings.HasPrefix(m.Path, "~/") && m.Path != "~" {
		return nil
	}
	c := e.clean(m.Path, dir)
	var out []FileFact
	// Only words that a guard could match travel to the policy: most words
	// name nothing, and the policy matches the ones kept again.
	if r := e.res.quick(c); e.guards.matchAny(c) || (r != c && e.guards.matchAny(r)) {
		out = append(out, FileFact{Path: c, Resolved: r, Access: mentionAccess(m), Via: m.Via, Written: m.Path})
	}
	if m.Glob {
		for _, w := range e.walk.globWitnesses(e.globAt(m.Path, dir)) {
			out = append(out, FileFact{Path: w, Resolved: w, Access: mentionAccess(m), Via: m.Via, Written: m.Path, Glob: true})
		}
	}
	return out
}

// operand resolves one shell file operand. A glob is expanded against the
// file system (the files it would touch now), kept as its static
// directory, and stands for every guarded path it could match (a file that
// does not exist yet, or differs at run time), so rules see all three.
func (e env) operand(op bashparse.File, dir string, dirUnknown bool) []FileFact {
	redirect := strings.ContainsAny(op.Via, "<>")
	base := FileFact{Access: string(op.Access), Via: op.Via, Written: op.Path, Redirect: redirect,
		Dynamic: op.Dynamic || dirUnknown, Glob: op.Glob, TildeOrGlob: op.Tilde || op.Glob, Tree: op.Tree,
		Removes: op.Removes}
	if op.Dynamic || dirUnknown {
		// Unknown until run time: keep the text so critical-path and
		// reason checks can see it; it is never inside a working directory.
		base.Path, base.Resolved = op.Path, op.Path
		out := []FileFact{base}
		if op.Access == bashparse.Write {
			for _, w := range shapeWitnesses(op) {
				ff := base
				ff.Path, ff.Resolved = w, w
				out = append(out, ff)
			}
			for _, w := range protectedPatternWitnesses(op.Path) {
				ff := base
				ff.Path, ff.Resolved = w, w
				out = append(out, ff)
			}
		}
		return out
	}
	p := op.Path
	if !op.Glob {
		return []FileFact{e.plainOperand(op, dir)}
	}
	abs, raw := e.globAt(p, dir), e.clean(p, dir)
	static := staticPrefix(abs)
	out := []FileFact{}
	matches, complete := boundedGlob(abs)
	g := base
	g.Path, g.Resolved = static, e.res.resolve(static)
	// A walk cut short may have missed what the shell will match: the
	// operand is then known only at run time.
	g.Dynamic = g.Dynamic || !complete
	out = append(out, g)
	sort.Strings(matches)
	for i, m := range matches {
		if i >= 1000 {
			break
		}
		ff := e.file(m, dir, base.Access, base.Via)
		ff.Written, ff.Redirect, ff.TildeOrGlob = op.Path, redirect, true
		out = append(out, ff)
	}
	for _, w := range e.walk.globWitnesses(abs) {
		ff := base
		ff.Path, ff.Resolved = w, w
		out = append(out, ff)
	}
	if op.Access == bashparse.Write {
		for _, w := range protectedPatternWitnesses(raw) {
			ff := base
			ff.Path, ff.Resolved = w, w
			out = append(out, ff)
		}
	}
	return out
}

// plainOperand is operand for the common word: static, no glob, in a
// known directory — one file, and no list to hold it.
func (e env) plainOperand(op bashparse.File, dir string) FileFact {
	ff := e.file(op.Path, dir, string(op.Access), op.Via)
	ff.Redirect, ff.TildeOrGlob = strings.ContainsAny(op.Via, "<>"), op.Tilde
	ff.Removes = op.Removes
	return ff
}

// staticPrefix is the directory part of a glob before its first wildcard.
func staticPrefix(p string) string {
	i := globMetaAt(p)
	if j := strings.IndexByte(p, '{'); j >= 0 && (i < 0 || j < i) && (j == 0 || p[j-1] != '\\') {
		i = j
	}
	if i < 0 {
		return unescapeGlob(p)
	}
	return unescapeGlob(filepath.Dir(p[:i+1]))
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
