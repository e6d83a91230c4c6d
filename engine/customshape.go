//go:build !agentctl_lean

package engine

import (
	"reflect"

	"github.com/open-policy-agent/opa/v1/ast"
)

// inputShape is the part of the input document the custom org modules can
// read: the top-level keys, and under "facts" its keys, that some rule
// reachable from their verdicts names. The custom query is given only
// those — a module that looks at the commands pays for converting the
// commands, not the files, mentions and the tool input. Any read the
// analysis cannot bound (input itself as a value, input[x], an input ref
// in a rule it cannot see) makes the shape all of it.
type inputShape struct {
	all, factsAll bool
	top, facts    map[string]bool
}

// fullShape is the whole input.
var fullShape = inputShape{all: true}

// shapeOf computes the shape the rules reachable from roots read, through
// the compiler's dependency graph (a ref with a variable depends on every
// rule it may select).
func shapeOf(c *ast.Compiler, roots []*ast.Rule) inputShape {
	if c == nil || c.Graph == nil {
		return fullShape
	}
	s := inputShape{top: map[string]bool{}, facts: map[string]bool{}}
	seen := map[*ast.Rule]bool{}
	queue := append([]*ast.Rule(nil), roots...)
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		if r == nil || seen[r] {
			continue
		}
		seen[r] = true
		if r.Else != nil {
			queue = append(queue, r.Else)
		}
		s.read(r)
		if s.all {
			return fullShape
		}
		for dep := range c.Graph.Dependencies(r) {
			d, ok := dep.(*ast.Rule)
			if !ok {
				return fullShape
			}
			queue = append(queue, d)
		}
	}
	return s
}

// read adds what rule r reads of the input.
func (s *inputShape) read(r *ast.Rule) {
	var walk func(x any)
	walk = func(x any) {
		ast.NewGenericVisitor(func(x any) bool {
			switch t := x.(type) {
			case ast.Ref:
				if len(t) > 0 && t[0].Value.Compare(ast.InputRootDocument.Value) == 0 {
					s.ref(t)
					for _, e := range t[1:] {
						walk(e) // input[input.k]
					}
					return true
				}
			case ast.Var:
				if t.Equal(ast.InputRootDocument.Value) {
					s.all = true // input as a value: object.keys(input), x := input
				}
			case *ast.With:
				// with input… as: the replaced document is read as given;
				// what the rules under it read is in their own refs.
				walk(t.Value)
				return true
			}
			return s.all
		}).Walk(x)
	}
	walk(r.Head)
	walk(r.Body)
}

// ref adds one input ref: its constant keys, as deep as the shape goes.
func (s *inputShape) ref(r ast.Ref) {
	key := func(i int) (string, bool) {
		if i >= len(r) {
			return "", false
		}
		str, ok := r[i].Value.(ast.String)
		return string(str), ok
	}
	top, ok := key(1)
	if !ok {
		s.all = true
		return
	}
	s.top[top] = true
	if top != "facts" {
		return
	}
	if f, ok := key(2); ok {
		s.facts[f] = true
	} else {
		s.factsAll = true
	}
}

// toValueShaped is toValue holding only what shape s reads.
func (in *callInput) toValueShaped(s inputShape) (ast.Value, error) {
	if s.all {
		return in.toValue()
	}
	var kv [][2]*ast.Term
	add := func(k string, v ast.Value) { kv = append(kv, [2]*ast.Term{ast.StringTerm(k), ast.NewTerm(v)}) }
	for _, k := range []string{"tool", "input", "mode", "cwd", "project_root", "home", "working_dirs", "facts", "hook"} {
		if !s.top[k] {
			continue
		}
		switch k {
		case "tool":
			add(k, ast.String(in.Tool))
		case "mode":
			add(k, ast.String(in.Mode))
		case "cwd":
			add(k, ast.String(in.Cwd))
		case "project_root":
			add(k, ast.String(in.ProjectRoot))
		case "home":
			add(k, ast.String(in.Home))
		case "input":
			v, err := ast.InterfaceToValue(in.Input)
			if err != nil {
				return nil, err
			}
			add(k, v)
		case "working_dirs":
			add(k, workingDirsValue(in.WorkingDirs))
		case "hook":
			if in.Hook != nil {
				add(k, hookValue(in.Hook))
			}
		case "facts":
			if s.factsAll || s.facts["files"] || s.facts["mentions"] || s.facts["reach"] {
				in.withKeys()
			}
			v, err := structFields(reflect.ValueOf(in.Facts), func(name string) bool { return s.factsAll || s.facts[name] })
			if err != nil {
				return nil, err
			}
			add(k, v)
		}
	}
	return ast.NewObject(kv...), nil
}
