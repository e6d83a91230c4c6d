# Stage 2: ask rules. Any matching ask rule asks, whatever allows.
package agentctl.ask

import data.agentctl.lib

matches := lib.matching("ask")

custom := [m | some m in data.agentctl.custom.ask]
