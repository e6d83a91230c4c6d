package workflow

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"
)

// reportRow is one decided call as the HTML report shows it.
type reportRow struct {
	Session, Where, Tool, Input, Decision, Stage, Rule, Reason string
}

// reportPage is what the report template renders.
type reportPage struct {
	Title   string
	Summary Summary
	Bars    []reportBar
	Rows    []reportRow
	// JSON is the summary as the JSON output gives it: the page and a
	// reader comparing it with --output json see the same counts.
	JSON template.JS
}

// reportBar is one bar of the summary chart (percent of all calls).
type reportBar struct {
	Decision string
	Count    int
	Percent  int
}

// WriteReplayHTML writes a replay as one self-contained HTML page (no
// network, no external assets): the counts as a bar chart, and the calls
// as a table that filters by text and decision, each with the rule and
// file:line that decided it.
func WriteReplayHTML(w io.Writer, title string, rs []Replayed, sum Summary) error {
	page := reportPage{Title: title, Summary: sum}
	for _, b := range []struct {
		d string
		n int
	}{{"allow", sum.Allow}, {"ask", sum.Ask}, {"deny", sum.Deny}} {
		pct := 0
		if sum.Calls > 0 {
			pct = b.n * 100 / sum.Calls
		}
		page.Bars = append(page.Bars, reportBar{b.d, b.n, pct})
	}
	for _, r := range rs {
		var buf strings.Builder
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false) // the template escapes; the reader sees && and <
		_ = enc.Encode(r.Call.Input)
		input := strings.TrimSpace(buf.String())
		if len(input) > 160 {
			input = input[:160] + "…"
		}
		row := reportRow{Session: r.Call.Session, Where: r.Call.Location(), Tool: r.Call.Tool, Input: input,
			Decision: r.Decision.Decision.String(), Stage: r.Decision.Stage.String(), Reason: r.Decision.Reason}
		if rule := r.Decision.Rule; rule != nil {
			row.Rule = fmt.Sprintf("%s (%s %s:%d)", rule.Text, rule.Source, rule.File, rule.Line)
		}
		page.Rows = append(page.Rows, row)
	}
	js, err := json.Marshal(sum)
	if err != nil {
		return err
	}
	page.JSON = template.JS(strings.ReplaceAll(string(js), "</", `<\/`))
	return reportTemplate.Execute(w, page)
}

var reportTemplate = template.Must(template.New("report").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>
body{font:14px system-ui,sans-serif;margin:2em;color:#222}
.bar{height:1.4em;margin:.2em 0;color:#fff;padding-left:.4em;white-space:nowrap}
.allow{background:#2e7d32}.ask{background:#f9a825;color:#222}.deny{background:#c62828}
table{border-collapse:collapse;width:100%;margin-top:1em}td,th{border-bottom:1px solid #ddd;padding:.3em;text-align:left;vertical-align:top}
td.input{font-family:monospace;font-size:12px;max-width:30em;overflow-wrap:anywhere}
</style></head><body>
<h1>{{.Title}}</h1>
<p>{{.Summary.Calls}} calls in {{.Summary.Sessions}} sessions:
allow <span id="count-allow">{{.Summary.Allow}}</span>,
ask <span id="count-ask">{{.Summary.Ask}}</span>,
deny <span id="count-deny">{{.Summary.Deny}}</span>.</p>
<div id="chart">{{range .Bars}}<div class="bar {{.Decision}}" style="width:{{.Percent}}%">{{.Decision}} {{.Count}}</div>{{end}}</div>
<p><input id="filter" placeholder="filter" aria-label="filter">
<select id="decision" aria-label="decision"><option value="">every decision</option><option>allow</option><option>ask</option><option>deny</option></select>
<span id="shown"></span></p>
<table id="calls"><thead><tr><th>session</th><th>where</th><th>tool</th><th>input</th><th>decision</th><th>rule (file:line)</th></tr></thead><tbody>
{{range .Rows}}<tr data-decision="{{.Decision}}"><td>{{.Session}}</td><td>{{.Where}}</td><td>{{.Tool}}</td><td class="input">{{.Input}}</td><td class="{{.Decision}}">{{.Decision}} ({{.Stage}})</td><td title="{{.Reason}}">{{.Rule}}</td></tr>
{{end}}</tbody></table>
<script id="summary" type="application/json">{{.JSON}}</script>
<script>
(function () {
  var rows = Array.prototype.slice.call(document.querySelectorAll('#calls tbody tr'));
  var text = document.getElementById('filter'), dec = document.getElementById('decision');
  function apply() {
    var q = text.value.toLowerCase(), d = dec.value, n = 0;
    rows.forEach(function (r) {
      var ok = (!d || r.dataset.decision === d) && (!q || r.textContent.toLowerCase().indexOf(q) >= 0);
      r.style.display = ok ? '' : 'none';
      if (ok) n++;
    });
    document.getElementById('shown').textContent = n + ' shown';
  }
  text.addEventListener('input', apply);
  dec.addEventListener('change', apply);
  apply();
  var s = JSON.parse(document.getElementById('summary').textContent);
  document.body.dataset.ready = (s.allow + s.ask + s.deny === rows.length) ? 'ok' : 'mismatch';
})();
</script></body></html>
`))
