# The part of the tool catalogue (data.agentctl.tools) the Rego unit tests
# use, as agentctl writes it into every bundle; go test checks that it is
# the catalogue's own (rego/rego_test.go).
package agentctl_catalogue_test

tools := {
	"Agent": {
		"buckets": ["Agent"], "family": "", "main_field": "",
		"own_path_rules": false, "read_only": true, "needs_permission": false,
	},
	"Bash": {
		"buckets": ["Bash"], "family": "", "main_field": "command",
		"own_path_rules": false, "read_only": false, "needs_permission": true,
	},
	"Edit": {
		"buckets": ["Edit"], "family": "Edit", "main_field": "file_path",
		"own_path_rules": true, "read_only": false, "needs_permission": true,
	},
	"Read": {
		"buckets": ["Read"], "family": "Read", "main_field": "file_path",
		"own_path_rules": true, "read_only": true, "needs_permission": true,
	},
	"Write": {
		"buckets": ["Write", "Edit"], "family": "Edit", "main_field": "file_path",
		"own_path_rules": false, "read_only": false, "needs_permission": true,
	},
	"WebFetch": {
		"buckets": ["WebFetch"], "family": "", "main_field": "url",
		"own_path_rules": false, "read_only": true, "needs_permission": true,
	},
}
