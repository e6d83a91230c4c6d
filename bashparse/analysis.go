// Package bashparse turns a shell command string into the simple commands it
// would run, their file operands, and what could not be resolved statically.
// It decides nothing; the engine matches rules against its facts.
package bashparse

import "fmt"

// MaxLength is the longest command an allow rule may approve; a longer one
// is unresolved (too-long) — and still parsed up to MaxParsed, so that the
// deny and ask rules see its parts (spec §3: "unless a deny rule already
// matched"; over-long commands with many subcommands are a public bypass).
const MaxLength = 10000

// MaxParsed is the longest command parsed at all: past it only the
// too-long entry is known.
const MaxParsed = 256 << 10

// MaxDepth bounds nesting of substitutions and wrapper payloads.
const MaxDepth = 16

// Span locates a node in the analysed source. Offsets are bytes; Line and
// Col are 1-based. For commands found inside a wrapper payload (bash -c,
// eval) the span is that of the outer command.
type Span struct {
	Offset int `json:"offset"`
	End    int `json:"end"`
	Line   int `json:"line"`
	Col    int `json:"col"`
}

// String formats the span as line:col.
func (s Span) String() string { return fmt.Sprintf("%d:%d", s.Line, s.Col) }

// Word is one shell word after quote removal.
type Word struct {
	// Value is the word after quote removal when it is static; for dynamic
	// words it is the source text.
	Value   string `json:"value"`
	Dynamic bool   `json:"dynamic,omitempty"` // parameter expansion, substitution, arithmetic
	Glob    bool   `json:"glob,omitempty"`    // unquoted *, ?, [ or extglob
	Brace   bool   `json:"brace,omitempty"`   // unquoted brace expansion
	Tilde   bool   `json:"tilde,omitempty"`   // unquoted leading ~
	// Tail is the static text after the last dynamic part of a dynamic word
	// ("/.env" of "$PWD/.env"): it may still name a guarded file.
	Tail string `json:"tail,omitempty"`
	// src is the word's source text when it differs from Value: quotes,
	// backslashes or line continuations written in it.
	src string
}

// Static reports whether the word's value is known before running the shell.
func (w Word) Static() bool { return !w.Dynamic && !w.Glob && !w.Brace && !w.Tilde }

// Assign is a leading VAR=value of a simple command (or a bare assignment).
type Assign struct {
	Name    string `json:"name"`
	Value   string `json:"value"`
	Dynamic bool   `json:"dynamic,omitempty"`
}

// Redirect is one redirection of a command.
type Redirect struct {
	Op     string `json:"op"`
	Fd     string `json:"fd,omitempty"`
	Target Word   `json:"target"`
}

// Access says how a command uses a file.
type Access string

// File accesses.
const (
	Read  Access = "read"
	Write Access = "write"
)

// File is a file operand of a command, as written (relative paths are
// relative to Dir of the command).
type File struct {
	Path    string `json:"path"`
	Access  Access `json:"access"`
	Via     string `json:"via"` // the command or redirect operator that touches it
	Dynamic bool   `json:"dynamic,omitempty"`
	Glob    bool   `json:"glob,omitempty"`
	Tilde   bool   `json:"tilde,omitempty"`
	// Tail: for a dynamic word, its static end (see Word.Tail); the file
	// may be that tail under any directory.
	Tail string `json:"tail,omitempty"`
	// MayWrite marks a mention (access unknown) of a command that may write
	// what it names: not read-only, and not known to only name or read its
	// operands. A protected path it names counts as a write (spec §6).
	MayWrite bool `json:"may_write,omitempty"`
	// WalkRoot is set on the stand-in for a protected file a changing walk
	// (find -delete, chmod -R) may reach: the walk's root as written. The
	// engine keeps the stand-in only where such a file can be (see
	// engine's walkMayHold). Empty for a walk that follows links: it may
	// reach any directory. Not part of the JSON: Path and Via say it.
	WalkRoot string `json:"-"`
	// Tree marks an operand of a remover that may remove a whole directory
	// (rm -r, rmdir; see removesTrees): known only at run time, it may be a
	// critical path.
	Tree bool `json:"tree,omitempty"`
	// Removes marks a name the command removes from its place without
	// being a remover (rm, rmdir, unlink, shred): a source mv takes away,
	// the destination rsync --delete empties. Removing a critical path
	// asks like rm of it (spec §6).
	Removes bool `json:"removes,omitempty"`
	// CopiesLinks marks a source whose symbolic links the command recreates
	// as links at its destination (cp -P, -d, -a, -r; every mv): a link in
	// it is an alias the command makes under a new name, which a later part
	// of the same command can write through, unseen (spec §6). The engine
	// counts each such link as a write of what it points to.
	CopiesLinks bool `json:"copies_links,omitempty"`
	// CopyTo is where a CopiesLinks source lands, as written (see
	// markCopyDest); empty when only the run knows. Not part of the JSON.
	CopyTo string `json:"-"`
	// CopyPlace is how the source lands at CopyTo: "into", "as" or ""
	// (the file system decides). Not part of the JSON.
	CopyPlace string `json:"-"`
}

// View is a command as a rule sees it after wrappers are peeled.
type View struct {
	Name string   `json:"name"`
	Args []string `json:"args"`
	// Text is the name and args joined by single spaces: what patterns match.
	Text string `json:"text"`
	// Quoted is set when a word of the view holds a blank: the words joined
	// by single spaces, each such word single-quoted, so that word
	// boundaries survive. Allow rules match it instead of Text:
	// Bash(git push origin main) does not approve git push 'origin main'
	// (one word where the rule has two), as the reference CLI does not.
	Quoted string `json:"quoted,omitempty"`
	// DynamicName is set when the command name is not static.
	DynamicName bool `json:"dynamic_name,omitempty"`
	// Assigns are leading assignments the view did not strip.
	Assigns []string `json:"assigns,omitempty"`
	// Peeled lists the wrappers removed, outermost first.
	Peeled []string `json:"peeled,omitempty"`
}

// Command is one simple command that may execute.
type Command struct {
	Words     []Word     `json:"words"`
	Assigns   []Assign   `json:"assigns,omitempty"`
	Redirects []Redirect `json:"redirects,omitempty"`
	Span      Span       `json:"span"`
	// Narrow is the view allow rules match: only harmless wrappers and
	// known-safe assignments removed.
	Narrow View `json:"narrow"`
	// Wide is the view deny and ask rules match: every wrapper, assignment,
	// git global option and path prefix removed.
	Wide View `json:"wide"`
	// Nested marks a command found inside a wrapper payload (bash -c, eval,
	// find -exec, watch, …): deny and ask rules see it, allow rules do not.
	Nested bool   `json:"nested,omitempty"`
	Origin string `json:"origin,omitempty"`
	// Dir is the static directory a preceding cd moved to ("" = unchanged).
	Dir string `json:"dir,omitempty"`
	// DirAlts are the other directories the command may run in: a cd that
	// failed, or one inside a subshell that did not last ("" = unchanged).
	DirAlts    []string `json:"dir_alts,omitempty"`
	DirUnknown bool     `json:"dir_unknown,omitempty"`
	// DirGuess spells the unknown directory when a word named it (cd
	// .gi?, cd ${X:-.git}), relative to the starting directory.
	DirGuess   string `json:"dir_guess,omitempty"`
	Background bool   `json:"background,omitempty"`
	// ReadOnly is set when the command (narrow view) only reads.
	ReadOnly bool `json:"read_only"`
	// ReadOnlyBy names the command table entry that made the command
	// read-only (unset for the core list).
	ReadOnlyBy *TableRef `json:"read_only_by,omitempty"`
	// ExecWrapper is set for commands that execute others in ways only an
	// exact rule may approve (watch, setsid, ionice, flock, find -exec/-delete).
	ExecWrapper bool `json:"exec_wrapper,omitempty"`
	// Powers lists options that make the command run another program, write
	// a file it names or read instructions from outside the working
	// directories: a prefix rule does not approve them (spec §3).
	Powers []string `json:"powers,omitempty"`
	Files  []File   `json:"files,omitempty"`
	// Mentions are words that may name a file the command opens although no
	// table says so: deny and ask path rules see them (spec §3, "a denied
	// path named anywhere fails closed").
	Mentions []File `json:"mentions,omitempty"`
	// Recursive lists directory trees the command reads or writes whole.
	Recursive []Tree `json:"recursive,omitempty"`
	// Open is the wide view's static start up to the first word known only
	// at run time, or up to the words xargs appends (see openStart): a deny
	// or ask rule that could grow out of it may be hidden by that word.
	Open string `json:"open,omitempty"`
}

// Tree is a directory a recursive reader (grep -r, rg, tar c, cp -r) or
// writer (tar x, unzip, patch) walks, with its own filters.
type Tree struct {
	Root    string   `json:"root"`
	Access  Access   `json:"access"`
	Via     string   `json:"via"`
	Dynamic bool     `json:"dynamic,omitempty"`
	Include []string `json:"include,omitempty"` // base-name globs the walk keeps (none: all)
	Exclude []string `json:"exclude,omitempty"` // base-name globs the walk skips
	// SkipHidden: the walk skips dot-files and dot-directories (rg, ag).
	SkipHidden bool `json:"skip_hidden,omitempty"`
	// Follows: the walk follows symbolic links below its root (find -L,
	// chown -R -L), so it may reach any directory a link names.
	Follows bool `json:"follows,omitempty"`
	// Derefs: a reader's walk opens what the symbolic links below its root
	// point to (grep -R, rg -L): a repository's link to ~ makes it read
	// the home directory (derefs.go).
	Derefs bool `json:"derefs,omitempty"`
	// Repo: a git walk of stored contents (git diff, git log -p): it reads
	// nothing outside a repository. Top: it covers the whole repository
	// holding Root, not only Root (git diff run in a subdirectory prints
	// the top's files too). Index: it prints only files the repository's
	// index tracks (git diff of the work tree).
	Repo  bool `json:"repo,omitempty"`
	Top   bool `json:"top,omitempty"`
	Index bool `json:"index,omitempty"`
}

// Reason classifies what could not be resolved statically.
type Reason string

// Reasons for unresolved parts.
const (
	ReasonParseError   Reason = "parse-error"
	ReasonTooLong      Reason = "too-long"
	ReasonTooDeep      Reason = "too-deep"
	ReasonDynamicName  Reason = "dynamic-command-name"
	ReasonDynamicEval  Reason = "dynamic-eval"
	ReasonDynamicShell Reason = "dynamic-shell-script"
	ReasonShellInput   Reason = "shell-reads-script"
	ReasonSource       Reason = "source-file"
	ReasonAlias        Reason = "alias-definition"
	ReasonExecWrapper  Reason = "exec-wrapper"
	// ReasonWrapperOptions: a command runner's options are not understood,
	// so where its command starts is not certain.
	ReasonWrapperOptions Reason = "wrapper-options"
	// ReasonProgramConfig: configuration or a variable names code that a
	// later command runs (git include.path, LD_PRELOAD, BASH_ENV, hash -p).
	ReasonProgramConfig Reason = "program-config"
	// ReasonDirUnknown: the shell's directory changes in a way not followed
	// (popd, cd -, cd to a dynamic path) before a command that names files.
	ReasonDirUnknown Reason = "directory-unknown"
	// ReasonCommandSubst: the output of a command substitution ($( ) or
	// backticks) becomes words of the command, so what runs is not known
	// until it runs. The reference CLI asks for every such command, even
	// when each part is read-only or allowed by a rule.
	ReasonCommandSubst Reason = "command-substitution"
)

// Unresolved is a part of the command whose effect cannot be known statically.
type Unresolved struct {
	Reason Reason `json:"reason"`
	Text   string `json:"text"`
	Span   Span   `json:"span"`
}

// ParseError is a shell syntax error with mvdan's position.
type ParseError struct {
	Line       int    `json:"line"`
	Col        int    `json:"col"`
	Text       string `json:"text"`
	Incomplete bool   `json:"incomplete"`
}

func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Text) }

// Analysis is everything bashparse learned about a command string. A parse
// failure is part of the analysis: Err is set and Unresolved says so.
type Analysis struct {
	Source     string       `json:"source"`
	Commands   []Command    `json:"commands"`
	Unresolved []Unresolved `json:"unresolved,omitempty"`
	Err        *ParseError  `json:"error,omitempty"`
	// Salvaged holds, for each script that did not parse, a stand-in
	// command whose mentions are the script's words: bash runs scripts
	// mvdan rejects, so the files they name are still checked. It is not
	// a command: rules never match it and it is never read-only.
	Salvaged []Command `json:"salvaged,omitempty"`
}

// ReadOnly reports whether every command is read-only and nothing is unresolved
// or written.
func (a *Analysis) ReadOnly() bool {
	if len(a.Unresolved) > 0 {
		return false
	}
	for _, c := range a.Commands {
		if !c.ReadOnly {
			return false
		}
		for _, f := range c.Files {
			if f.Access == Write {
				return false
			}
		}
	}
	return true
}
