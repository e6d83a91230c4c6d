package tools

import "os/exec"

var lookPath = exec.LookPath
