package engine

import (
	"fmt"
	"strconv"
)

// MarshalJSON flattens the rule fields into the match object. The keys
// come in sorted order, as they did when this was a map (output is
// compared byte for byte). It appends the bytes itself: a batch writes
// several matches per decision, and reflection was most of its output cost
// (TestMatchJSONEqualsReflect holds the two forms equal).
func (m Match) MarshalJSON() ([]byte, error) {
	return m.appendJSON(make([]byte, 0, 96+len(m.Reason)))
}

// appendJSON appends m's JSON form (MarshalJSON) to b.
func (m Match) appendJSON(b []byte) ([]byte, error) {
	if int(m.Decision) >= len(effectNames) || int(m.Stage) >= len(stageNames) {
		return nil, fmt.Errorf("engine: cannot marshal match %v/%v", m.Stage, m.Decision)
	}
	b = append(b, '{')
	r := m.RuleRef
	if r != nil {
		b = append(b, `"behavior":`...)
		b = appendJSONString(b, r.Behavior)
		b = append(b, `,"column":`...)
		b = strconv.AppendInt(b, int64(r.Column), 10)
		b = append(b, ',')
	}
	if m.Decision != 0 {
		b = append(b, `"decision":`...)
		b = appendJSONString(b, m.Decision.String())
		b = append(b, ',')
	}
	if r != nil {
		b = append(b, `"file":`...)
		b = appendJSONString(b, r.File)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(r.Line), 10)
		b = append(b, ',')
	}
	if m.Reason != "" {
		b = append(b, `"reason":`...)
		b = appendJSONString(b, m.Reason)
		b = append(b, ',')
	}
	if r != nil {
		b = append(b, `"source":`...)
		b = appendJSONString(b, r.Source)
		b = append(b, ',')
	}
	b = append(b, `"stage":`...)
	b = appendJSONString(b, m.Stage.String())
	if r != nil {
		b = append(b, `,"text":`...)
		b = appendJSONString(b, r.Text)
	}
	return append(b, '}'), nil
}

// AppendJSON appends d's JSON form, the bytes json.Marshal(d) writes, to b
// (TestDecisionAppendJSONEqualsMarshal holds the two equal). A batch
// writes one per line: json.Marshal re-scans every match's own bytes to
// compact them, which was a tenth of `check --batch`.
func (d Decision) AppendJSON(b []byte) ([]byte, error) {
	if int(d.Decision) >= len(effectNames) || int(d.Stage) >= len(stageNames) {
		return nil, fmt.Errorf("engine: cannot marshal decision %v/%v", d.Stage, d.Decision)
	}
	b = append(b, `{"decision":`...)
	b = appendJSONString(b, d.Decision.String())
	b = append(b, `,"stage":`...)
	b = appendJSONString(b, d.Stage.String())
	b = append(b, `,"reason":`...)
	b = appendJSONString(b, d.Reason)
	b = append(b, `,"rule":`...)
	if r := d.Rule; r == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, `{"text":`...)
		b = appendJSONString(b, r.Text)
		b = append(b, `,"behavior":`...)
		b = appendJSONString(b, r.Behavior)
		b = append(b, `,"source":`...)
		b = appendJSONString(b, r.Source)
		b = append(b, `,"file":`...)
		b = appendJSONString(b, r.File)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(r.Line), 10)
		b = append(b, `,"column":`...)
		b = strconv.AppendInt(b, int64(r.Column), 10)
		b = append(b, '}')
	}
	b = append(b, `,"matches":`...)
	if d.Matches == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, m := range d.Matches {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = m.appendJSON(b); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	b = append(b, `,"tool_name":`...)
	b = appendJSONString(b, d.ToolName)
	return append(b, '}'), nil
}
