//go:build !agentctl_lean

package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/engine"
)

func bundleCommand() *cli.Command {
	return &cli.Command{
		Name:  "bundle",
		Usage: "build OPA bundles of the compiled policy",
		Subcommands: []*cli.Command{{
			Name:  "build",
			Usage: "write the compiled OPA bundle (.tar.gz) for opa run --server / opa eval -b",
			UsageText: `agentctl bundle build -o FILE.tar.gz [--policy DIR] [--signing-key KEY [--signing-alg ALG] [--signing-key-id ID]]

Examples:
   agentctl --cwd fixtures/projects/demo bundle build -o bundle.tar.gz --policy fixtures/policies/org
   opa run --server --addr 127.0.0.1:8181 bundle.tar.gz
   agentctl bundle build -o signed.tar.gz --signing-key private.pem
   opa run --server --verification-key public.pem signed.tar.gz`,
			Flags: withGlobals(&cli.StringFlag{Name: "o", Aliases: []string{"out"}, Required: true, Usage: "bundle `FILE` to write"},
				&cli.StringFlag{Name: "signing-key", Usage: "sign with OPA's bundle signing: a PEM private key `FILE` (or an HMAC secret for HS*)"},
				&cli.StringFlag{Name: "signing-alg", Value: "RS256", Usage: "signing `ALG` (RS256, ES256, PS256, HS256, …)"},
				&cli.StringFlag{Name: "signing-key-id", Usage: "key `ID` the verifier uses (OPA's --verification-key-id; default \"default\")"}),
			Action: func(c *cli.Context) error {
				s, err := loadSettings(c)
				if err != nil {
					return err
				}
				b, err := engine.Build(s, flagString(c, "policy"))
				if err != nil {
					return cli.Exit(err.Error(), exitError)
				}
				path := c.String("o")
				f, err := os.Create(path)
				if err != nil {
					return cli.Exit(err.Error(), exitError)
				}
				var sign *engine.Signing
				if k := c.String("signing-key"); k != "" {
					sign = &engine.Signing{Key: k, Alg: c.String("signing-alg"), KeyID: c.String("signing-key-id")}
				}
				if err := b.WriteTarGz(f, sign); err != nil {
					f.Close()
					os.Remove(path)
					return cli.Exit(err.Error(), exitError)
				}
				if err := f.Close(); err != nil {
					return cli.Exit(err.Error(), exitError)
				}
				asJSON, err := jsonOutput(c)
				if err != nil {
					return err
				}
				if asJSON {
					out, _ := json.Marshal(map[string]any{"path": path, "revision": b.Revision(), "signed": sign != nil})
					fmt.Fprintln(c.App.Writer, string(out))
					return nil
				}
				fmt.Fprintf(c.App.ErrWriter, "wrote %s (revision %s)\n", path, b.Revision())
				return nil
			},
		}},
	}
}
