package rego

import (
	"embed"
	"io/fs"
)

//go:embed commands/*.yaml
var commandFiles embed.FS

// CommandTable is one embedded command table file.
type CommandTable struct {
	// Name is the file's path in the bundle ("commands/kubectl.yaml").
	Name string
	Data []byte
}

// CommandTables returns the embedded command tables (the extended
// profile's knowledge of everyday CLIs) in order of file name.
func CommandTables() []CommandTable {
	entries, _ := fs.ReadDir(commandFiles, "commands")
	out := make([]CommandTable, 0, len(entries))
	for _, e := range entries {
		b, err := commandFiles.ReadFile("commands/" + e.Name())
		if err != nil {
			panic(err) // embedded files are always readable
		}
		out = append(out, CommandTable{Name: "commands/" + e.Name(), Data: b})
	}
	return out
}
