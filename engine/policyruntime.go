package engine

import (
	"sort"
	"strings"
)

// renamedError is an evaluation error whose text names the user's policy
// files instead of the bundle paths OPA knows them by; it unwraps to
// OPA's error.
type renamedError struct {
	msg string
	err error
}

// Error is OPA's message with the user's file names.
func (e *renamedError) Error() string { return e.msg }

// Unwrap returns the error as OPA reported it.
func (e *renamedError) Unwrap() error { return e.err }

// userPaths names the user's files in an error a custom module raised at
// evaluation (a conflict between two complete rules, a division by zero,
// a built-in's error): OPA names the bundle path (custom/x.rego:5, and
// each conflicting value's line), which is nowhere on disk. The call
// still fails closed; the reason says which file to fix.
func (b *Bundle) userPaths(err error) error {
	if err == nil || len(b.files) == 0 {
		return err
	}
	names := make([]string, 0, len(b.files))
	for name := range b.files {
		names = append(names, name)
	}
	// Longer names first: custom/a.rego must not rename custom/a.rego.rego.
	sort.Slice(names, func(i, j int) bool {
		return len(names[i]) > len(names[j]) || len(names[i]) == len(names[j]) && names[i] < names[j]
	})
	pairs := make([]string, 0, 2*len(names))
	for _, name := range names {
		pairs = append(pairs, name, b.files[name])
	}
	msg := err.Error()
	out := strings.NewReplacer(pairs...).Replace(msg)
	if out == msg {
		return err
	}
	return &renamedError{msg: out, err: err}
}
