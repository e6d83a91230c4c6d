//go:build !agentctl_lean

package engine

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
)

// toValue is the input document as an OPA value, built straight from the
// Go values: the same value as ast.InterfaceToValue(in.toMap()), without
// the JSON round trip toMap makes of the facts and the one OPA makes of
// every typed slice (the custom-module query pays only its eval).
func (in *callInput) toValue() (ast.Value, error) {
	in.withKeys()
	tool, err := ast.InterfaceToValue(in.Input)
	if err != nil {
		return nil, err
	}
	facts, err := structValue(reflect.ValueOf(in.Facts))
	if err != nil {
		return nil, err
	}
	working := workingDirsValue(in.WorkingDirs)
	kv := [][2]*ast.Term{
		{ast.StringTerm("tool"), ast.StringTerm(in.Tool)},
		{ast.StringTerm("input"), ast.NewTerm(tool)},
		{ast.StringTerm("mode"), ast.StringTerm(in.Mode)},
		{ast.StringTerm("cwd"), ast.StringTerm(in.Cwd)},
		{ast.StringTerm("project_root"), ast.StringTerm(in.ProjectRoot)},
		{ast.StringTerm("home"), ast.StringTerm(in.Home)},
		{ast.StringTerm("working_dirs"), ast.NewTerm(working)},
		{ast.StringTerm("facts"), ast.NewTerm(facts)},
	}
	if in.PolicyFiles != nil {
		pf := make([]*ast.Term, len(in.PolicyFiles))
		for i, p := range in.PolicyFiles {
			pf[i] = ast.StringTerm(p)
		}
		kv = append(kv, [2]*ast.Term{ast.StringTerm("policy_files"), ast.ArrayTerm(pf...)})
	}
	if in.Hook != nil {
		kv = append(kv, [2]*ast.Term{ast.StringTerm("hook"), ast.NewTerm(hookValue(in.Hook))})
	}
	return ast.NewObject(kv...), nil
}

// workingDirsValue is input.working_dirs.
func workingDirsValue(wds []string) ast.Value {
	if wds == nil {
		return ast.Null{}
	}
	dirs := make([]*ast.Term, len(wds))
	for i, d := range wds {
		dirs[i] = ast.StringTerm(d)
	}
	return ast.NewArray(dirs...)
}

// hookValue is input.hook.
func hookValue(h *HookVerdict) ast.Value {
	return ast.NewObject(
		[2]*ast.Term{ast.StringTerm("decision"), ast.StringTerm(h.Decision)},
		[2]*ast.Term{ast.StringTerm("reason"), ast.StringTerm(h.Reason)})
}

// jsonField is one struct field as encoding/json writes it.
type jsonField struct {
	name      string
	index     []int
	omitEmpty bool
	// key is name as a term, made once: OPA shares terms (its own are
	// interned), and an input is never changed by evaluation.
	key *ast.Term
}

var jsonFields sync.Map // reflect.Type → []jsonField

// fieldsOf lists t's fields as encoding/json sees them: tags, "-",
// omitempty, and the fields of embedded structs promoted (the facts'
// types have no name conflicts to arbitrate).
func fieldsOf(t reflect.Type) []jsonField {
	if f, ok := jsonFields.Load(t); ok {
		return f.([]jsonField)
	}
	var out []jsonField
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct {
			for _, inner := range fieldsOf(sf.Type) {
				inner.index = append([]int{i}, inner.index...)
				out = append(out, inner)
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		out = append(out, jsonField{name: name, index: []int{i}, omitEmpty: strings.Contains(","+opts+",", ",omitempty,"),
			key: ast.StringTerm(name)})
	}
	jsonFields.Store(t, out)
	return out
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// goValue converts v as json.Marshal would write it and OPA read it back.
func goValue(v reflect.Value) (ast.Value, error) {
	if !v.IsValid() {
		return ast.Null{}, nil
	}
	t := v.Type()
	if t.Implements(jsonMarshaler) || t.Implements(textMarshaler) {
		// Rare in the facts: the exact JSON form, the slow way.
		return ast.InterfaceToValue(v.Interface())
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return ast.Null{}, nil
		}
		return goValue(v.Elem())
	case reflect.Struct:
		return structValue(v)
	case reflect.Slice:
		if v.IsNil() {
			return ast.Null{}, nil
		}
		if fv, ok, err := factsSliceValue(v); ok {
			return fv, err
		}
		fallthrough
	case reflect.Array:
		terms := make([]*ast.Term, v.Len())
		for i := range terms {
			e, err := goValue(v.Index(i))
			if err != nil {
				return nil, err
			}
			terms[i] = ast.NewTerm(e)
		}
		return ast.NewArray(terms...), nil
	case reflect.Map:
		if v.IsNil() {
			return ast.Null{}, nil
		}
		if t.Key().Kind() != reflect.String {
			return ast.InterfaceToValue(v.Interface())
		}
		obj := ast.NewObject()
		for it := v.MapRange(); it.Next(); {
			e, err := goValue(it.Value())
			if err != nil {
				return nil, err
			}
			obj.Insert(ast.StringTerm(jsonText(it.Key().String())), ast.NewTerm(e))
		}
		return obj, nil
	case reflect.String:
		return ast.String(jsonText(v.String())), nil
	case reflect.Bool:
		return ast.InternedValue(v.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return ast.Number(strconv.FormatInt(v.Int(), 10)), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return ast.Number(strconv.FormatUint(v.Uint(), 10)), nil
	}
	return ast.InterfaceToValue(v.Interface())
}

// structValue is a struct as a JSON object.
func structValue(v reflect.Value) (ast.Value, error) { return structFields(v, nil) }

// structFields is structValue with only the fields keep accepts (nil: all).
func structFields(v reflect.Value, keep func(name string) bool) (ast.Value, error) {
	fields := fieldsOf(v.Type())
	kv := make([][2]*ast.Term, 0, len(fields))
	for _, f := range fields {
		if keep != nil && !keep(f.name) {
			continue
		}
		fv := v.FieldByIndex(f.index)
		if f.omitEmpty && emptyForJSON(fv) {
			continue
		}
		e, err := goValue(fv)
		if err != nil {
			return nil, err
		}
		kv = append(kv, [2]*ast.Term{f.key, ast.NewTerm(e)})
	}
	return ast.NewObject(kv...), nil
}

// emptyForJSON is encoding/json's omitempty test: false, 0, "", nil, and
// empty arrays, slices, maps and strings (a struct is never empty).
func emptyForJSON(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
