package workflow

import (
	"fmt"
	"html/template"
	"io"
)

// replayRow is one decided call as the replay report shows it.
type replayRow struct {
	Session, Where, Tool, Input, Decision, Stage, Rule, Reason string
}

// replayPage is what the replay report renders.
type replayPage struct {
	Title   string
	Summary Summary
	Chart   []chartRow
	Filters []filterSelect
	Rows    []replayRow
	JSON    template.JS
}

// WriteReplayHTML writes a replay as one self-contained HTML page (no
// network, no external assets): the counts as a bar chart, and the calls
// as a table that filters by text and decision, each with the rule and
// file:line that decided it.
func WriteReplayHTML(w io.Writer, title string, rs []Replayed, sum Summary) error {
	page := replayPage{Title: title, Summary: sum, Filters: []filterSelect{{Key: "decision", Label: "decision",
		All: "every decision", Options: []filterOption{{"allow", "allow"}, {"ask", "ask"}, {"deny", "deny"}}}}}
	for _, b := range []struct {
		d string
		n int
	}{{"allow", sum.Allow}, {"ask", sum.Ask}, {"deny", sum.Deny}} {
		p := percent(b.n, sum.Calls)
		page.Chart = append(page.Chart, chartRow{Label: b.d, ID: "bar-" + b.d,
			Segs: []chartSeg{{Class: b.d, Percent: p, Title: fmt.Sprintf("%s %d", b.d, b.n)}},
			Note: fmt.Sprintf("%d (%.0f%%)", b.n, p)})
	}
	for _, r := range rs {
		page.Rows = append(page.Rows, replayRow{Session: r.Call.Session, Where: r.Call.Location(), Tool: r.Call.Tool,
			Input: inputText(r.Call.Input, 160), Decision: r.Decision.Decision.String(), Stage: r.Decision.Stage.String(),
			Reason: r.Decision.Reason, Rule: ruleText(r.Decision)})
	}
	js, err := summaryJS(sum)
	if err != nil {
		return err
	}
	page.JSON = js
	return replayTemplate().Execute(w, page)
}

var replayTemplate = newReport("replay", `{{template "head" .Title}}
<p>{{.Summary.Calls}} calls in {{.Summary.Sessions}} sessions:
allow <span id="count-allow">{{.Summary.Allow}}</span>,
ask <span id="count-ask">{{.Summary.Ask}}</span>,
deny <span id="count-deny">{{.Summary.Deny}}</span>.</p>
{{template "chart" .Chart}}
{{template "filters" .Filters}}
<table id="calls" data-total="calls" data-by="decision" data-keys="allow ask deny"><thead><tr><th>session</th><th>where</th><th>tool</th><th>input</th><th>decision</th><th>rule (file:line)</th></tr></thead><tbody>
{{range .Rows}}<tr data-decision="{{.Decision}}"><td>{{.Session}}</td><td class="where">{{.Where}}</td><td>{{.Tool}}</td><td class="input">{{.Input}}</td><td><span class="badge {{.Decision}}">{{.Decision}}</span> ({{.Stage}})</td><td title="{{.Reason}}">{{.Rule}}</td></tr>
{{end}}</tbody></table>
{{template "end" .JSON}}`)
