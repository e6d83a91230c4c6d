package engine

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/util"
)

// scalarTextOPA is lib.scalar_text(v) through OPA's own conversions: the
// definition scalarText must equal.
func scalarTextOPA(v any) (string, bool, error) {
	if s, ok := v.(string); ok {
		return s, true, nil
	}
	x := v
	if err := util.RoundTripFast(&x); err != nil {
		return "", false, err
	}
	val, err := ast.InterfaceToValue(x)
	if err != nil {
		return "", false, err
	}
	switch t := val.(type) {
	case ast.Object, *ast.Array, ast.Set:
		return "", false, nil
	case ast.String:
		return string(t), true, nil
	}
	j, err := ast.JSON(val)
	if err != nil {
		return "", false, err
	}
	b, err := json.Marshal(j)
	return string(b), true, err
}

// TestScalarTextMatchesOPA: the Go conversion (which the lean build uses,
// without OPA) writes every scalar as OPA does.
func TestScalarTextMatchesOPA(t *testing.T) {
	var nilMap map[string]any
	var nilPtr *int
	one := 1
	for _, v := range []any{
		nil, true, false, "s", "\xff", 0.0, math.Copysign(0, -1), 1.5, -2.25, 1e20, 1e21, 1e-7, 123456789.123, float32(0.1), float32(3e38), -1e-300, 5e-324, math.MaxFloat64,
		float64(1 << 53), 9007199254740993.0, json.Number("12"), json.Number("1e400"), json.Number("-0.0"),
		3, int64(-7), uint8(200), &one, nilPtr, map[string]any{"a": 1.0}, nilMap, []any{1.0}, []string{}, []string(nil),
		struct{ A int }{1}, Allow, StageDeny,
	} {
		got, gotOK, gotErr := scalarText(v)
		want, wantOK, wantErr := scalarTextOPA(v)
		if got != want || gotOK != wantOK || (gotErr == nil) != (wantErr == nil) {
			t.Errorf("%T %v: got %q %v %v, want %q %v %v", v, v, got, gotOK, gotErr, want, wantOK, wantErr)
		}
	}
}
