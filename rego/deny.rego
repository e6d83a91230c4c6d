# Stage 1: deny rules. Any matching deny rule (settings or the custom org
# module) denies; specificity does not matter.
package agentctl.deny

import data.agentctl.lib

matches := lib.matching("deny")

custom := [m | some m in data.agentctl.custom.deny]
