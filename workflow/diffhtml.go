package workflow

import (
	"fmt"
	"html/template"
	"io"
	"sort"

	"github.com/agentctl/agentctl/engine"
)

// diffRow is one changed call as the diff report shows it.
type diffRow struct {
	Direction  string
	Transition string // "deny→ask": the filter's value
	Tool       string
	Input      string
	JSON       string // the whole input, as a tooltip
	Session    string
	Where      string
	Base, Head diffCell
}

// diffCell is one side's decision of a changed call.
type diffCell struct {
	Decision, Stage, Rule, Pos, Reason string
}

// diffPage is what the diff report renders.
type diffPage struct {
	Title       string
	Summary     DiffSummary
	Decisions   []chartRow
	Transitions []chartRow
	Filters     []filterSelect
	Rows        []diffRow
	JSON        template.JS
}

// transition is a change of effect (or of rule, when moved) and how often.
type transition struct {
	from, to  engine.Effect
	direction Direction
	n         int
}

func (t transition) value() string { return t.from.String() + "→" + t.to.String() }

func (t transition) text() string {
	s := t.from.String() + " → " + t.to.String()
	if t.direction == Moved {
		s += " (another rule)"
	}
	return s
}

// directionOrder sorts the report: what opens first.
var directionOrder = map[Direction]int{Opened: 0, Closed: 1, Moved: 2}

// WriteDiffHTML writes a diff as one self-contained HTML page (no
// network, no external assets): the base and head decisions and the
// changed transitions as bar charts, the notes, and the changed calls as a
// table that filters by text, transition, direction and tool, each side
// with the rule and settings file:line that decided it.
func WriteDiffHTML(w io.Writer, title string, changes []Change, s DiffSummary) error {
	page := diffPage{Title: title, Summary: s}
	for _, side := range []struct {
		name, label string
		sum         Summary
	}{{"base", s.BaseLabel, s.Base}, {"head", s.HeadLabel, s.Head}} {
		row := chartRow{Label: side.name, ID: "bar-" + side.name, Note: side.label}
		for _, b := range []struct {
			d string
			n int
		}{{"allow", side.sum.Allow}, {"ask", side.sum.Ask}, {"deny", side.sum.Deny}} {
			if b.n > 0 {
				row.Segs = append(row.Segs, chartSeg{Class: b.d, Text: fmt.Sprintf("%s %d", b.d, b.n),
					Title: fmt.Sprintf("%s: %s %d of %d", side.name, b.d, b.n, side.sum.Calls), Percent: percent(b.n, side.sum.Calls)})
			}
		}
		page.Decisions = append(page.Decisions, row)
	}
	counts := map[[2]engine.Effect]*transition{}
	var ts []*transition
	tools := map[string]bool{}
	for _, c := range changes {
		k := [2]engine.Effect{c.Base.Decision, c.Head.Decision}
		t := counts[k]
		if t == nil {
			t = &transition{from: k[0], to: k[1], direction: c.Direction}
			counts[k] = t
			ts = append(ts, t)
		}
		t.n++
		tools[c.Call.Tool] = true
		page.Rows = append(page.Rows, diffRow{Direction: string(c.Direction), Transition: t.value(), Tool: c.Call.Tool,
			Input: ShortInput(c.Call.Tool, c.Call.Input, 120), JSON: inputText(c.Call.Input, 2000), Session: shortID(c.Call.Session), Where: c.Call.Location(),
			Base: newDiffCell(c.Base), Head: newDiffCell(c.Head)})
	}
	sort.SliceStable(ts, func(i, j int) bool {
		a, b := ts[i], ts[j]
		if directionOrder[a.direction] != directionOrder[b.direction] {
			return directionOrder[a.direction] < directionOrder[b.direction]
		}
		return a.n > b.n
	})
	most := 0
	for _, t := range ts {
		most = max(most, t.n)
	}
	trans := filterSelect{Key: "transition", Label: "transition", All: "every transition"}
	for _, t := range ts {
		page.Transitions = append(page.Transitions, chartRow{Label: t.text(), ID: "bar-" + t.value(),
			Segs: []chartSeg{{Class: string(t.direction), Text: fmt.Sprintf("%s %d", t.direction, t.n), Percent: percent(t.n, most),
				Title: fmt.Sprintf("%s: %d calls", t.text(), t.n)}},
			Note: fmt.Sprintf("%d of %d calls (%.1f%%)", t.n, s.Calls, percent(t.n, s.Calls))})
		trans.Options = append(trans.Options, filterOption{t.value(), fmt.Sprintf("%s (%d)", t.text(), t.n)})
	}
	dirs := filterSelect{Key: "direction", Label: "direction", All: "every direction"}
	for _, d := range []struct {
		d Direction
		n int
	}{{Opened, s.Opened}, {Closed, s.Closed}, {Moved, s.Moved}} {
		if d.n > 0 {
			dirs.Options = append(dirs.Options, filterOption{string(d.d), fmt.Sprintf("%s (%d)", d.d, d.n)})
		}
	}
	tool := filterSelect{Key: "tool", Label: "tool", All: "every tool"}
	names := make([]string, 0, len(tools))
	for n := range tools {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		tool.Options = append(tool.Options, filterOption{n, n})
	}
	page.Filters = []filterSelect{trans, dirs, tool}
	js, err := summaryJS(s)
	if err != nil {
		return err
	}
	page.JSON = js
	return diffTemplate().Execute(w, page)
}

func newDiffCell(d engine.Decision) diffCell {
	c := diffCell{Decision: d.Decision.String(), Stage: d.Stage.String(), Reason: d.Reason}
	if r := d.Rule; r != nil {
		c.Rule = r.Text + " (" + r.Source + ")"
		c.Pos = r.Location()
	}
	return c
}

var diffTemplate = newReport("diff", `{{template "head" .Title}}
{{with .Summary}}<p>Policy change <b id="base-label">{{.BaseLabel}}</b> → <b id="head-label">{{.HeadLabel}}</b>:
<span id="count-calls">{{.Calls}}</span> recorded calls, <b><span id="count-changed">{{.Changed}}</span> changed</b>:
<span id="count-opened">{{.Opened}}</span> opened (towards allow),
<span id="count-closed">{{.Closed}}</span> closed (towards deny),
<span id="count-moved">{{.Moved}}</span> decided by another rule.</p>
{{if .Notes}}<ul class="notes">{{range .Notes}}<li>{{.}}</li>{{end}}</ul>{{end}}
<h2>Decisions</h2>
<p>base: allow <span id="base-allow">{{.Base.Allow}}</span>, ask <span id="base-ask">{{.Base.Ask}}</span>, deny <span id="base-deny">{{.Base.Deny}}</span>;
head: allow <span id="head-allow">{{.Head.Allow}}</span>, ask <span id="head-ask">{{.Head.Ask}}</span>, deny <span id="head-deny">{{.Head.Deny}}</span>.</p>
{{end}}{{template "chart" .Decisions}}
<h2>Changed calls</h2>
{{if .Transitions}}{{template "chart" .Transitions}}{{else}}<p>No recorded call is decided differently.</p>{{end}}
{{template "filters" .Filters}}
<table id="calls" data-total="changed" data-by="direction" data-keys="opened closed moved"><thead><tr><th>change</th><th>tool</th><th>input</th><th>base</th><th>head</th><th>recorded at</th></tr></thead><tbody>
{{range .Rows}}<tr data-direction="{{.Direction}}" data-transition="{{.Transition}}" data-tool="{{.Tool}}"><td><span class="badge {{.Direction}}">{{.Direction}}</span></td><td>{{.Tool}}</td><td class="input" title="{{.JSON}}">{{.Input}}</td>{{template "cell" .Base}}{{template "cell" .Head}}<td class="where">{{.Where}}<br>session {{.Session}}</td></tr>
{{end}}</tbody></table>
{{template "end" .JSON}}
{{define "cell"}}<td title="{{.Reason}}"><span class="badge {{.Decision}}">{{.Decision}}</span> <span class="reason">stage {{.Stage}}</span><br>{{if .Rule}}{{.Rule}}<br><span class="pos">{{.Pos}}</span>{{else}}<span class="reason">{{.Reason}}</span>{{end}}</td>{{end}}`)
