package bashparse

// Once set -H (set -o histexpand, shopt -so histexpand) and set -o history
// are on, bash rewrites every later line before parsing it: after
// history -s 'rm -rf x', a line reading !! runs rm -rf x, and
// ^ls^rm or !!:s/ls/rm/ edit the last command into another. The analysis
// reads the lines as written, so turning history expansion on is an
// unresolved part (set +H, which turns it off, is not).

// histExpansion reports whether args (a command's argv) turns on bash's
// history expansion.
func histExpansion(args []Word) bool { return shellOptionOn(args, 'H', "histexpand") }
