package bashparse

import "strings"

// Variables that configure the program they reach: its options (MAKEFLAGS,
// GOFLAGS, TAR_OPTIONS, npm_config_*), the programs it runs (CC, RUSTC,
// *_COMMAND, *_WRAPPER, *_RUNNER), where it finds its configuration or
// code (HOME, XDG_CONFIG_HOME, PYTHONHOME, *_PATH) or files it writes
// (GIT_TRACE=/path, HISTFILE). agentctl does not read what each program
// makes of them, so an assignment that reaches a program is an unresolved
// part, named by the conventions these names follow rather than one by one.

// configNames are the names the conventions below do not catch.
var configNames = map[string]bool{
	"MFLAGS": true, "MAKEFILES": true, "GOENV": true, "GOTOOLCHAIN": true, "GOROOT": true, "GOPROXY": true,
	"CC": true, "CXX": true, "CPP": true, "LD": true, "AR": true, "AS": true, "FC": true, "NM": true,
	"RUSTC": true, "RUSTDOC": true, "GZIP": true, "BZIP": true, "BZIP2": true, "XZ_DEFAULTS": true,
	"UNZIP": true, "ZIP": true, "LESS": true, "LESSKEY": true, "LESSKEYIN": true, "LESSKEY_CONTENT": true,
	"LESSEDIT": true, "PERL5DB": true, "PYTHONBREAKPOINT": true, "PYTHONUSERBASE": true, "PYTHONEXECUTABLE": true,
	"ZDOTDIR": true, "INPUTRC": true, "WGETRC": true, "SHELL": true, "XDG_CONFIG_DIRS": true, "CLASSPATH": true,
	"RUBYLIB": true, "GEMRC": true, "BUNDLE_GEMFILE": true, "NPMRC": true, "KUBECONFIG": true, "DOCKER_HOST": true,
	"GIT_TEMPLATE_DIR": true, "GIT_WORK_TREE": true, "GIT_INDEX_FILE": true, "GIT_OBJECT_DIRECTORY": true,
	"GIT_ALTERNATE_OBJECT_DIRECTORIES": true, "GIT_COMMON_DIR": true, "GIT_ALLOW_PROTOCOL": true, "GIT_SSH_VARIANT": true,
}

// configPrefixes: whole families of a program's configuration.
var configPrefixes = []string{"npm_config_", "NPM_CONFIG_", "YARN_", "PNPM_", "BUN_CONFIG_", "LD_", "DYLD_",
	"PIP_", "UV_", "POETRY_", "BUNDLE_", "CARGO_TARGET_", "CARGO_BUILD_"}

// configSuffixes: options, programs, locations of code and configuration.
var configSuffixes = []string{"FLAGS", "_OPTS", "OPTIONS", "OPT", "_COMMAND", "_CMD", "_PROGRAM", "_PROG",
	"_WRAPPER", "_RUNNER", "_LINKER", "_SHELL", "_EDITOR", "_PAGER", "_ASKPASS", "_HOOK", "_CONFIG", "CONFIG_FILE",
	"_CONFIG_DIR", "HOME", "PATH", "HISTFILE", "_LAUNCHER", "_COMPILER", "TOOLCHAIN_FILE", "_EMULATOR"}

// inheritedConfig are configuration variables every process already
// exports: a bare assignment to one changes what later commands see.
var inheritedConfig = map[string]bool{"HOME": true, "XDG_CONFIG_HOME": true, "XDG_CONFIG_DIRS": true,
	"SHELL": true, "ZDOTDIR": true}

// configVar reports whether an assignment of value to name configures the
// programs it reaches. GIT_TRACE* take a value that is a file only when
// it is absolute (1, true, 2 … only trace to stderr).
func configVar(name, value string, dynamic bool) bool {
	if strings.HasPrefix(name, "GIT_TRACE") {
		return dynamic || strings.HasPrefix(value, "/") || strings.HasPrefix(value, "~")
	}
	if configNames[name] {
		return true
	}
	for _, p := range configPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	for _, s := range configSuffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// configPayloads turns assignments that configure programs into unresolved
// parts: every one when a command runs with them (reaches, as its leading
// assignments or exported), else only those to variables already exported.
func configPayloads(as []Assign, reaches bool) []payload {
	var out []payload
	for _, a := range as {
		if programVars[a.Name] || codeVars[a.Name] || SafeVars[a.Name] || !reaches && !inheritedConfig[a.Name] {
			continue // read elsewhere, or harmless
		}
		if configVar(a.Name, a.Value, a.Dynamic) {
			out = append(out, payload{unresolved: true, reason: ReasonProgramConfig, origin: a.Name + "=",
				script: a.Name + " configures the programs that read it"})
		}
	}
	return out
}

// exports reports a declaration that exports what it assigns (export,
// declare -x, typeset -x, local -x).
func exports(words []Word) bool {
	if len(words) > 0 && words[0].Value == "export" {
		return true
	}
	for _, w := range words[1:] {
		if strings.HasPrefix(w.Value, "-") && !strings.Contains(w.Value, "=") && strings.Contains(w.Value, "x") {
			return true
		}
	}
	return false
}

// assignFiles are the files a program writes because a variable names
// them: git's GIT_TRACE* family (an absolute path or ~ is a file, other
// values trace to stderr) and SSLKEYLOGFILE (curl, openssl, python).
func assignFiles(as []Assign) []File {
	var out []File
	for _, a := range as {
		file := a.Name == "SSLKEYLOGFILE" ||
			strings.HasPrefix(a.Name, "GIT_TRACE") && (a.Dynamic || strings.HasPrefix(a.Value, "/") || strings.HasPrefix(a.Value, "~"))
		if !file || a.Value == "" {
			continue
		}
		out = append(out, File{Path: a.Value, Access: Write, Via: a.Name + "=", Dynamic: a.Dynamic,
			Tilde: strings.HasPrefix(a.Value, "~")})
	}
	return out
}
