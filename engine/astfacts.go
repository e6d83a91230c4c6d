//go:build !agentctl_lean

package engine

import (
	"reflect"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/agentctl/agentctl/bashparse"
)

// The facts a Bash call has most of — commands with their two views, and
// files — are converted field by field, without reflection; goValue
// dispatches here for them. TestToValueEqualsJSONInput holds the result
// equal to the JSON form.

var (
	commandFactsType = reflect.TypeFor[[]CommandFact]()
	fileFactsType    = reflect.TypeFor[[]FileFact]()

	kNarrow, kWide, kNested, kOrigin = ast.StringTerm("narrow"), ast.StringTerm("wide"), ast.StringTerm("nested"), ast.StringTerm("origin")
	kReadOnly, kReadOnlyBy           = ast.StringTerm("read_only"), ast.StringTerm("read_only_by")
	kExecWrapper, kBackground        = ast.StringTerm("exec_wrapper"), ast.StringTerm("background")
	kQuoted                          = ast.StringTerm("quoted")
	kOptionForm                      = ast.StringTerm("option_form")
	kPowers, kName, kArgs, kText     = ast.StringTerm("powers"), ast.StringTerm("name"), ast.StringTerm("args"), ast.StringTerm("text")
	kDynamicName, kAssigns, kPeeled  = ast.StringTerm("dynamic_name"), ast.StringTerm("assigns"), ast.StringTerm("peeled")
	kPath, kResolved, kAccess, kVia  = ast.StringTerm("path"), ast.StringTerm("resolved"), ast.StringTerm("access"), ast.StringTerm("via")
	kWritten, kDynamic, kGlob        = ast.StringTerm("written"), ast.StringTerm("dynamic"), ast.StringTerm("glob")
	kRedirect, kTildeOrGlob, kKeys   = ast.StringTerm("redirect"), ast.StringTerm("tilde_or_glob"), ast.StringTerm("keys")
	kLinks, kTree, kRemoves          = ast.StringTerm("links"), ast.StringTerm("tree"), ast.StringTerm("removes")
)

// factsSliceValue converts the typed fact slices goValue meets most.
func factsSliceValue(v reflect.Value) (ast.Value, bool, error) {
	switch v.Type() {
	case commandFactsType:
		cs := v.Interface().([]CommandFact)
		terms := make([]*ast.Term, len(cs))
		for i := range cs {
			c, err := commandValue(&cs[i])
			if err != nil {
				return nil, true, err
			}
			terms[i] = ast.NewTerm(c)
		}
		return ast.NewArray(terms...), true, nil
	case fileFactsType:
		fs := v.Interface().([]FileFact)
		terms := make([]*ast.Term, len(fs))
		for i := range fs {
			terms[i] = ast.NewTerm(fileValue(&fs[i]))
		}
		return ast.NewArray(terms...), true, nil
	}
	return nil, false, nil
}

func commandValue(c *CommandFact) (ast.Value, error) {
	kv := make([][2]*ast.Term, 0, 9)
	narrow := ast.NewTerm(viewValue(&c.Narrow))
	wide := narrow // values are never changed: equal views share one
	if !sameView(&c.Narrow, &c.Wide) {
		wide = ast.NewTerm(viewValue(&c.Wide))
	}
	kv = append(kv, [2]*ast.Term{kNarrow, narrow}, [2]*ast.Term{kWide, wide}, [2]*ast.Term{kNested, boolTerm(c.Nested)})
	if c.Origin != "" {
		kv = append(kv, [2]*ast.Term{kOrigin, stringTerm(c.Origin)})
	}
	kv = append(kv, [2]*ast.Term{kReadOnly, boolTerm(c.ReadOnly)})
	if c.ReadOnlyBy != nil {
		by, err := goValue(reflect.ValueOf(c.ReadOnlyBy))
		if err != nil {
			return nil, err
		}
		kv = append(kv, [2]*ast.Term{kReadOnlyBy, ast.NewTerm(by)})
	}
	kv = append(kv, [2]*ast.Term{kExecWrapper, boolTerm(c.ExecWrapper)})
	if c.Background {
		kv = append(kv, [2]*ast.Term{kBackground, boolTerm(true)})
	}
	kv = append(kv, [2]*ast.Term{kPowers, ast.NewTerm(stringsValue(c.Powers))})
	if c.OptionForm != "" {
		kv = append(kv, [2]*ast.Term{kOptionForm, stringTerm(c.OptionForm)})
	}
	return ast.NewObject(kv...), nil
}

// sameView reports two views filled from the same words (the parser
// shares their args then): nothing peeled, nothing assigned differs.
func sameView(a, b *bashparse.View) bool {
	return a.Name == b.Name && a.Text == b.Text && a.Quoted == b.Quoted && a.DynamicName == b.DynamicName && len(a.Args) == len(b.Args) &&
		(len(a.Args) == 0 || &a.Args[0] == &b.Args[0]) && (a.Args == nil) == (b.Args == nil) &&
		len(a.Assigns) == 0 && len(b.Assigns) == 0 && len(a.Peeled) == 0 && len(b.Peeled) == 0
}

func viewValue(v *bashparse.View) ast.Value {
	kv := make([][2]*ast.Term, 0, 7)
	kv = append(kv, [2]*ast.Term{kName, stringTerm(v.Name)}, [2]*ast.Term{kArgs, ast.NewTerm(stringsValue(v.Args))},
		[2]*ast.Term{kText, stringTerm(v.Text)})
	if v.Quoted != "" {
		kv = append(kv, [2]*ast.Term{kQuoted, stringTerm(v.Quoted)})
	}
	if v.DynamicName {
		kv = append(kv, [2]*ast.Term{kDynamicName, boolTerm(true)})
	}
	if len(v.Assigns) > 0 {
		kv = append(kv, [2]*ast.Term{kAssigns, ast.NewTerm(stringsValue(v.Assigns))})
	}
	if len(v.Peeled) > 0 {
		kv = append(kv, [2]*ast.Term{kPeeled, ast.NewTerm(stringsValue(v.Peeled))})
	}
	return ast.NewObject(kv...)
}

func fileValue(f *FileFact) ast.Value {
	kv := [][2]*ast.Term{
		{kPath, stringTerm(f.Path)}, {kResolved, stringTerm(f.Resolved)},
		{kAccess, stringTerm(f.Access)}, {kVia, stringTerm(f.Via)},
		{kWritten, stringTerm(f.Written)}, {kDynamic, boolTerm(f.Dynamic)},
		{kGlob, boolTerm(f.Glob)}, {kRedirect, boolTerm(f.Redirect)},
		{kTildeOrGlob, boolTerm(f.TildeOrGlob)}, {kKeys, ast.NewTerm(stringsValue(f.Keys))}}
	if f.Links > 0 { // omitempty, as JSON writes it
		kv = append(kv, [2]*ast.Term{kLinks, ast.UIntNumberTerm(f.Links)})
	}
	if f.Tree { // omitempty, as JSON writes it
		kv = append(kv, [2]*ast.Term{kTree, boolTerm(true)})
	}
	if f.Removes {
		kv = append(kv, [2]*ast.Term{kRemoves, boolTerm(true)})
	}
	return ast.NewObject(kv...)
}

// stringsValue is a []string as JSON writes it: nil is null.
func stringsValue(ss []string) ast.Value {
	if ss == nil {
		return ast.Null{}
	}
	terms := make([]*ast.Term, len(ss))
	for i, s := range ss {
		terms[i] = stringTerm(s)
	}
	return ast.NewArray(terms...)
}

func stringTerm(s string) *ast.Term { return ast.NewTerm(ast.String(jsonText(s))) }

func boolTerm(b bool) *ast.Term { return ast.InternedTerm(b) } // shared: terms are never changed
