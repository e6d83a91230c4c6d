package engine

import "testing"

// zstd --output-dir-flat DIR (and --output-dir-mirror) writes each file
// into DIR: zstd -q --output-dir-flat=.git/hooks x made .git/hooks/x.zst
// (zstd 1.5). gzip's --suffix and -S name what it writes beside an
// operand. These rows hold both after the two readers of a compressor's
// options became one (parseCompressorArgs), which now takes DIR as the
// option's value and the place the call writes into.
var compressorDirRows = map[string][]shellRow{
	"a compressor's output directory": {
		{red20shellNone, "bypassPermissions", `zstd -q --output-dir-flat=.git/hooks x`, "ask"},
		{red20shellNone, "bypassPermissions", `zstd -q --output-dir-flat .git/hooks x`, "ask"},
		{red20shellNone, "bypassPermissions", `zstd --output-dir-mirror=.claude -r src`, "ask"},
		{red20shellNone, "bypassPermissions", `zstd -q --output-dir-flat out x`, "allow"},
		{red20shellNone, "bypassPermissions", `gzip -S .bak x`, "allow"},
		{red20shellNone, "bypassPermissions", `gzip --suffix ig .git/conf`, "ask"},
		{red20shellNone, "bypassPermissions", `gzip -Sig .git/conf`, "ask"},
		{red20shellNone, "bypassPermissions", `gunzip --suffix=.x .git/config.x`, "ask"},
	},
}

func TestCompressorOutputDir(t *testing.T) { runShellRows(t, nil, compressorDirRows) }
