package bashparse

// env's options beyond -i, -u, -0 and -v change what runs or how in ways
// a prefix rule does not approve (the reference asks: "'env -S' can't be
// checked before it runs"): -S/--split-string splits its value into a
// command line, -C/--chdir runs the command in another directory, and
// --default-signal, --ignore-signal and --block-signal change how it
// meets signals. With one of them env is an exec-style wrapper: only an
// exact rule approves it, and deny and ask rules still see the command
// it runs.

// envExecOptions are env's options that make it an exec-style wrapper.
var envExecOptions = []string{"-S", "--split-string", "-C", "--chdir", "--default-signal", "--ignore-signal", "--block-signal"}
