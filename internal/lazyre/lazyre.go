// Package lazyre provides regular expressions compiled on first use.
//
// Every agentctl process — one per hook call or check — runs the init of
// every package it links, and a package-level regexp.MustCompile allocates
// its program then, whether the process ever matches it or not. On a
// virtual machine each fresh heap page costs a page fault, which is most of
// a short process's time. A Regexp here costs nothing until a call needs it,
// as Go's own cmd/go does with its internal lazyregexp.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled the first time a method needs it.
// Its methods are those of regexp.Regexp; it is safe for concurrent use.
type Regexp struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

// New returns a Regexp for expr. An expr that does not compile panics at
// first use, as regexp.MustCompile would at init; the package's tests use
// each one.
func New(expr string) *Regexp {
	return &Regexp{src: expr}
}

// Compiled is the compiled expression.
func (r *Regexp) Compiled() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.src) })
	return r.re
}

// String is the source text of the expression.
func (r *Regexp) String() string { return r.src }

// MatchString reports whether s contains a match.
func (r *Regexp) MatchString(s string) bool { return r.Compiled().MatchString(s) }

// FindString is the leftmost match in s, or "".
func (r *Regexp) FindString(s string) string { return r.Compiled().FindString(s) }

// FindStringIndex is the position of the leftmost match in s, or nil.
func (r *Regexp) FindStringIndex(s string) []int { return r.Compiled().FindStringIndex(s) }

// FindStringSubmatch is the leftmost match in s and its groups, or nil.
func (r *Regexp) FindStringSubmatch(s string) []string {
	return r.Compiled().FindStringSubmatch(s)
}

// FindStringSubmatchIndex is the positions of the leftmost match in s and
// its groups, or nil.
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.Compiled().FindStringSubmatchIndex(s)
}

// FindAllString is up to n successive matches in s (all when n < 0).
func (r *Regexp) FindAllString(s string, n int) []string {
	return r.Compiled().FindAllString(s, n)
}

// FindAllStringSubmatch is up to n successive matches in s with their
// groups (all when n < 0).
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Compiled().FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex is the positions of up to n successive matches
// in s and their groups (all when n < 0).
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Compiled().FindAllStringSubmatchIndex(s, n)
}

// ReplaceAllString is s with every match replaced by repl, with $ expanded.
func (r *Regexp) ReplaceAllString(s, repl string) string {
	return r.Compiled().ReplaceAllString(s, repl)
}

// ReplaceAllStringFunc is s with every match replaced by repl's answer.
func (r *Regexp) ReplaceAllStringFunc(s string, repl func(string) string) string {
	return r.Compiled().ReplaceAllStringFunc(s, repl)
}
