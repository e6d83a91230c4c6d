package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// dotenvFiles are the files an agent loads into its own process from the
// directory it runs in and those above it: Gemini CLI reads the first of
// .gemini/.env and .env it finds, setting what the process does not
// already have, and every hook it runs inherits the result.
var dotenvFiles = []string{filepath.Join(".gemini", ".env"), ".env"}

// dotenvLocators returns the entries of those .env files the process
// carries with the file's value (CarriedEnv, DotEnv set), and refuses a locator variable (locatorEnv) that a .env file
// of the repository — from cwd up to its git root, and above it up to home
// (dotenvLast) — sets to the value this
// process carries: the process then most likely got it from that file, and
// the policy agentctl would read is the repository's own (its
// AGENTCTL_MANAGED_SETTINGS, its XDG_CONFIG_HOME trust record). As for a
// settings file's env block, Load fails and a hook blocks.
func dotenvLocators(cwd, root, home string) ([]CarriedVar, error) {
	var errs Errors
	var carried []CarriedVar
	for dir := cwd; ; dir = filepath.Dir(dir) {
		for _, name := range dotenvFiles {
			p := filepath.Join(dir, name)
			data, err := readSettingsFile(p)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return nil, &Error{Pos: Position{File: p}, Code: CodeRead, Err: err, Msg: fmt.Sprintf("cannot read %s: %v", p, err)}
			}
			env := dotenvReadings(string(data))
			keys := make([]string, 0, len(env))
			for k := range env {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				// A .env never overrides what the process has, and the
				// system always sets these: an equal value is not the file's.
				if alwaysSet[k] {
					continue
				}
				v, ok := lookupEnv(k)
				at := carriedReading(env[k], v)
				if !ok || at == 0 {
					continue
				}
				if !locatorEnv[k] {
					carried = append(carried, CarriedVar{Name: k, DotEnv: true,
						From: Position{File: p, Line: at}.String()})
					continue
				}
				errs = append(errs, &Error{Pos: Position{File: p, Line: at}, Code: CodeType, Msg: fmt.Sprintf(
					"the repository's %s sets %s=%q, which chooses where agentctl reads its policy, and this process has that value "+
						"(an agent loaded the file): the policy would be the repository's own; refusing (set %s yourself, or remove it from the file)",
					name, k, v, k)})
			}
		}
		if dotenvLast(dir, root, home) {
			break
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return carried, nil
}

// alwaysSet are variables every login sets before an agent
// starts.
var alwaysSet = setOf("HOME", "USERPROFILE", "APPDATA", "PATH")

// dotenvValue is one KEY=VALUE of a .env file and its line.
type dotenvValue struct {
	value string
	line  int
}

// parseDotenv reads KEY=VALUE lines as dotenv does: blank lines and
// comments skipped, an optional "export ", a value in single, double or
// back quotes taken whole (\n in double quotes is a newline), an unquoted
// value ending at " #". Later lines win.
func parseDotenv(text string) map[string]dotenvValue {
	out := map[string]dotenvValue{}
	for i, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if q := v; len(q) >= 2 && strings.ContainsAny(q[:1], "'\"`") {
			if end := strings.IndexByte(q[1:], q[0]); end >= 0 {
				v = q[1 : end+1]
				if q[0] == '"' {
					v = strings.ReplaceAll(v, `\n`, "\n")
				}
				out[k] = dotenvValue{v, i + 1}
				continue
			}
		}
		if j := strings.Index(v, " #"); j >= 0 {
			v = strings.TrimSpace(v[:j])
		}
		out[k] = dotenvValue{v, i + 1}
	}
	return out
}
