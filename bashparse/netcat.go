package bashparse

// netcatOpts are the netcat options that run a program with its standard
// input and output on the connection (nc -c 'rm x' host port runs rm):
// under a prefix rule like Bash(nc:*) they are a new power, not an
// argument. -e names a program (run without a shell: still a command);
// --lua-exec names a script that cannot be analysed.
var netcatOpts = []progOpt{
	{[]string{"-e", "--exec", "-c", "--sh-exec"}, runsScript},
	{[]string{"--lua-exec"}, namesProgram},
}
