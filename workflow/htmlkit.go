package workflow

import (
	"encoding/json"
	"fmt"
	"html/template"
	"strings"
	"sync"

	"github.com/agentctl/agentctl/engine"
)

// The building blocks of the HTML reports (replay --html, diff --html):
// one stylesheet, a bar chart, a filter bar and the script that filters a
// table and checks its rows against the embedded summary. Each report is
// one self-contained page: no network, no external assets.

// chartRow is one line of a bar chart: a label and the segments of its bar.
type chartRow struct {
	Label string
	// ID, when set, names the row for tests and links.
	ID   string
	Segs []chartSeg
	// Note is printed after the bar (a count, a share).
	Note string
}

// chartSeg is one coloured segment of a bar, Percent wide.
type chartSeg struct {
	Class   string
	Text    string
	Title   string
	Percent float64
}

// filterSelect is a drop-down of the filter bar: rows whose data-KEY
// attribute equals the chosen value are shown.
type filterSelect struct {
	Key, Label, All string
	Options         []filterOption
}

// filterOption is one value of a filterSelect.
type filterOption struct{ Value, Text string }

// percent is n of total in percent (0 when total is 0).
func percent(n, total int) float64 {
	if total <= 0 {
		return 0
	}
	return float64(n) * 100 / float64(total)
}

// summaryJS is v as JSON for a <script type="application/json"> element:
// the page and a reader comparing it with --output json see the same data.
func summaryJS(v any) (template.JS, error) {
	js, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return template.JS(strings.ReplaceAll(string(js), "</", `<\/`)), nil
}

// inputText is a call's input as one line of JSON, cut to n bytes; the
// template escapes it (the reader sees && and <).
func inputText(in map[string]any, n int) string {
	var buf strings.Builder
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(in)
	s := strings.TrimSpace(buf.String())
	if len(s) > n {
		cut := n
		for cut > 0 && s[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// ruleText names the rule that decided, with its settings file:line, or
// "" when a stage decided without a rule.
func ruleText(d engine.Decision) string {
	if r := d.Rule; r != nil {
		return fmt.Sprintf("%s (%s %s)", r.Text, r.Source, r.Location())
	}
	return ""
}

// reportKit holds the shared templates: "head" (document start, style,
// title), "chart" (a []chartRow), "filters" (a []filterSelect after the
// text box) and "end" (the summary JSON, the script, document end).
// Parsed on first use: every agentctl process links this package, and most
// (a hook, a check) never write a report.
var reportKit = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("kit").Parse(reportKitText))
})

const reportKitText = `
{{define "head"}}<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.}}</title>
<style>
body{font:14px system-ui,sans-serif;margin:2em;color:#222}
h1{font-size:1.5em;margin-bottom:.3em}h2{font-size:1.1em;margin:1.2em 0 .4em}
.notes{background:#f5f5f5;border-left:4px solid #999;padding:.4em .8em;margin:.8em 0}.notes li{margin:.2em 0}
.chart-row{display:flex;align-items:center;margin:.25em 0}
.chart-row .label{width:9em;flex:none;text-align:right;padding-right:.6em;white-space:nowrap}
.track{flex:1;display:flex;background:#eee;height:1.5em;max-width:60em}
.seg{height:100%;color:#fff;overflow:hidden;white-space:nowrap;font-size:12px;line-height:1.5em;padding-left:.3em;box-sizing:border-box}
.chart-row .note{padding-left:.6em;white-space:nowrap;color:#555}
.allow{background:#2e7d32}.ask{background:#f9a825;color:#222}.deny{background:#c62828}
.opened{background:#d84315}.closed{background:#1565c0}.moved{background:#757575}
.badge{display:inline-block;padding:0 .4em;border-radius:3px;color:#fff;font-size:12px}
.badge.ask{color:#222}
table{border-collapse:collapse;width:100%;margin-top:1em}td,th{border-bottom:1px solid #ddd;padding:.3em;text-align:left;vertical-align:top}
th{position:sticky;top:0;background:#fff}
td.input{font-family:monospace;font-size:12px;max-width:30em;overflow-wrap:anywhere}
.where,.pos{font-family:monospace;font-size:12px;color:#555;overflow-wrap:anywhere}
.reason{font-size:12px;color:#555}
.filters select,.filters input{margin-right:.5em}
</style></head><body>
<h1>{{.}}</h1>
{{end}}
{{define "chart"}}<div class="chart">{{range .}}<div class="chart-row"{{with .ID}} id="{{.}}"{{end}}><span class="label">{{.Label}}</span><div class="track">{{range .Segs}}<div class="seg {{.Class}}" style="width:{{printf "%.2f" .Percent}}%" title="{{.Title}}">{{.Text}}</div>{{end}}</div>{{with .Note}}<span class="note">{{.}}</span>{{end}}</div>
{{end}}</div>
{{end}}
{{define "filters"}}<p class="filters"><input id="filter" placeholder="filter" aria-label="filter">
{{range .}}<select data-key="{{.Key}}" aria-label="{{.Label}}"><option value="">{{.All}}</option>{{range .Options}}<option value="{{.Value}}">{{.Text}}</option>{{end}}</select>
{{end}}<span id="shown"></span></p>
{{end}}
{{define "end"}}<script id="summary" type="application/json">{{.}}</script>
<script>
(function () {
  // Filter the rows of #calls by the text box and every select[data-key].
  var table = document.getElementById('calls');
  var rows = Array.prototype.slice.call(table.querySelectorAll('tbody tr'));
  var text = document.getElementById('filter');
  var selects = Array.prototype.slice.call(document.querySelectorAll('select[data-key]'));
  function apply() {
    var q = text.value.toLowerCase(), n = 0;
    rows.forEach(function (r) {
      var ok = (!q || r.textContent.toLowerCase().indexOf(q) >= 0) && selects.every(function (s) {
        return !s.value || r.getAttribute('data-' + s.dataset.key) === s.value;
      });
      r.style.display = ok ? '' : 'none';
      if (ok) n++;
    });
    document.getElementById('shown').textContent = n + ' of ' + rows.length + ' shown';
  }
  text.addEventListener('input', apply);
  selects.forEach(function (s) { s.addEventListener('change', apply); });
  apply();
  // The rows agree with the summary: as many as summary[data-total], and
  // per value of data-by (data-keys) as many as summary[value].
  var s = JSON.parse(document.getElementById('summary').textContent);
  var ok = rows.length === s[table.dataset.total];
  var by = table.dataset.by;
  (table.dataset.keys || '').split(' ').forEach(function (k) {
    if (!k) return;
    var n = rows.filter(function (r) { return r.getAttribute('data-' + by) === k; }).length;
    if (n !== s[k]) ok = false;
  });
  document.body.dataset.ready = ok ? 'ok' : 'mismatch';
})();
</script></body></html>
{{end}}`

// newReport is a report template, parsed on first use: the kit's blocks
// and body, which uses them.
func newReport(name, body string) func() *template.Template {
	return sync.OnceValue(func() *template.Template {
		return template.Must(template.Must(reportKit().Clone()).New(name).Parse(body))
	})
}
