# The decision: the first stage that decides wins (ARCHITECTURE.md).
#   deny rules → ask rules → tool-specific → safety → mode → allow rules → fallback
# Plan mode's deny of a call that is not read-only comes right after the
# deny rules: a deny beats every ask.
# A hook's deny always denies; its ask asks; its allow only answers the
# fallback ask, and not under dontAsk. dontAsk turns every ask into a deny.
#
# input is the document rego/schemas/input.json describes. The annotation
# below types input in this package and every package under it — the stage
# modules and an organisation's agentctl.custom — when OPA is given the
# schemas: `opa check --schema rego/schemas rego/ DIR`. (agentctl compiles
# custom modules against the same schema itself.)

# METADATA
# title: agentctl decision
# scope: subpackages
# schemas:
#   - input: schema.input
package agentctl

import data.agentctl.allow
import data.agentctl.ask
import data.agentctl.deny
import data.agentctl.lib
import data.agentctl.mode
import data.agentctl.safety
import data.agentctl.tool

hook := object.get(input, "hook", {"decision": "none"})

hook_reason := object.get(hook, "reason", "")

custom_msg(m) := m if is_string(m)

else := object.get(m, "msg", sprintf("%v", [m]))

verdict := {"decision": "deny", "stage": "deny", "rule": lib.rule_ref(r), "reason": sprintf("denied by rule %s", [lib.describe(r)])} if {
	r := deny.matches[0]
} else := {"decision": "deny", "stage": "deny", "rule": null, "reason": sprintf("denied by org policy: %s", [custom_msg(m)])} if {
	m := deny.custom[0]
} else := {"decision": "deny", "stage": "hook", "rule": null, "reason": sprintf("denied by PreToolUse hook: %s", [hook_reason])} if {
	hook.decision == "deny"
} else := {"decision": "deny", "stage": "mode", "rule": null, "reason": m.reason} if {
	# Plan mode denies what is not read-only (spec §6): an ask rule, a
	# protected path or a critical rm must not turn that into a prompt the
	# user could approve while planning.
	m := mode.result
	m.decision == "deny"
} else := {"decision": "ask", "stage": "ask", "rule": lib.rule_ref(r), "reason": sprintf("rule %s requires approval", [lib.describe(r)])} if {
	r := ask.matches[0]
} else := {"decision": "ask", "stage": "ask", "rule": null, "reason": sprintf("org policy requires approval: %s", [custom_msg(m)])} if {
	m := ask.custom[0]
} else := {"decision": "ask", "stage": "tool", "rule": null, "reason": concat("; ", tool.findings)} if {
	count(tool.findings) > 0
} else := {"decision": "ask", "stage": "safety", "rule": null, "reason": concat("; ", safety.findings)} if {
	count(safety.findings) > 0
} else := {"decision": "ask", "stage": "hook", "rule": null, "reason": sprintf("PreToolUse hook asks: %s", [hook_reason])} if {
	hook.decision == "ask"
} else := {"decision": m.decision, "stage": "mode", "rule": null, "reason": m.reason} if {
	m := mode.result
} else := {"decision": "allow", "stage": "allow", "rule": lib.rule_ref(r), "reason": sprintf("allowed by rule %s", [lib.describe(r)])} if {
	allow.ok
	count(allow.used) > 0
	r := allow.used[0]
} else := {"decision": "allow", "stage": "allow", "rule": null, "reason": sprintf("allowed by org policy: %s", [custom_msg(m)])} if {
	m := custom_allow[0]
} else := {"decision": "allow", "stage": "hook", "rule": null, "reason": sprintf("allowed by PreToolUse hook: %s", [hook_reason])} if {
	hook.decision == "allow"

	# dontAsk runs only what rules or read-only detection allow (spec §6):
	# a hook's allow does not answer its fallback, which denies.
	input.mode != "dontAsk"
} else := {"decision": "ask", "stage": "default", "rule": null, "reason": fallback_reason}

custom_allow := [m | some m in data.agentctl.custom.allow]

fallback_reason := sprintf("%s needs approval: %s", [input.tool, concat("; ", allow.unapproved)]) if {
	count(allow.unapproved) > 0
} else := sprintf("no rule allows %s", [input.tool])

# final applies dontAsk: every ask becomes a deny.
final := object.union(verdict, {"decision": "deny", "reason": sprintf("%s (dontAsk mode denies what would ask)", [verdict.reason])}) if {
	input.mode == "dontAsk"
	verdict.decision == "ask"
} else := verdict

# matches keeps every stage's findings for explain, in stage order.
matches := array.concat(
	array.concat(
		[object.union(lib.rule_ref(r), {"stage": "deny"}) | some r in deny.matches],
		[object.union(lib.rule_ref(r), {"stage": "ask"}) | some r in ask.matches],
	),
	array.concat(
		array.concat(
			[{"stage": "tool", "reason": f} | some f in tool.findings],
			[{"stage": "safety", "reason": f} | some f in safety.findings],
		),
		array.concat(
			[{"stage": "mode", "reason": m.reason, "decision": m.decision} | m := mode.result],
			[object.union(lib.rule_ref(r), {"stage": "allow"}) | some r in allow.used],
		),
	),
)

decision := object.union(final, {"matches": matches, "tool_name": input.tool})
