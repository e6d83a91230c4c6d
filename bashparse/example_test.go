package bashparse_test

import (
	"fmt"

	"github.com/agentctl/agentctl/bashparse"
)

func ExampleParse() {
	a := bashparse.Parse(`sudo -u root rm -rf "$DIR"/* && echo $(cat .env) > out.txt`)
	for _, c := range a.Commands {
		fmt.Printf("narrow %q, wide %q, read-only %v\n", c.Narrow.Text, c.Wide.Text, c.ReadOnly)
		for _, f := range c.Files {
			fmt.Printf("  %s %s (dynamic %v)\n", f.Access, f.Path, f.Dynamic)
		}
	}
	// Output:
	// narrow "sudo -u root rm -rf \"$DIR\"/*", wide "rm -rf \"$DIR\"/*", read-only false
	//   write "$DIR"/* (dynamic true)
	// narrow "echo $(cat .env)", wide "echo $(cat .env)", read-only false
	//   write out.txt (dynamic false)
	// narrow "cat .env", wide "cat .env", read-only true
	//   read .env (dynamic false)
}
