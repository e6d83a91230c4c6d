package agentctl.custom

deny contains "x" if {
	input.tool ==
}
