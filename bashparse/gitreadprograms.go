package bashparse

// gitReadNoProgram refuses, in any read-only git subcommand, the options
// that name a program git runs on the other side of a transport: git log
// and show reject them today ("unrecognized argument"), but ls-remote,
// fetch and archive --remote run them, and the reference asks for them on
// every subcommand, so a read-only form never carries one.
var gitReadNoProgram = noFlag("--upload-pack", "--receive-pack", "--exec")
