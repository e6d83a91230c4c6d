package bashparse

import "strings"

// subcommandCLIs pick what they do by their first operand (git push, npm
// publish, kubectl delete): rules name it, so a first operand known only
// at run time (git $(echo push)) could be any of them.
var subcommandCLIs = map[string]bool{"git": true, "npm": true, "pnpm": true, "yarn": true, "bun": true,
	"docker": true, "podman": true, "kubectl": true, "helm": true, "cargo": true, "go": true, "gh": true,
	"glab": true, "aws": true, "gcloud": true, "az": true, "terraform": true, "tofu": true, "systemctl": true,
	"apt": true, "apt-get": true, "brew": true, "pip": true, "pip3": true, "uv": true, "poetry": true,
	"dotnet": true, "composer": true, "rails": true, "rake": true, "mvn": true, "gradle": true, "svn": true,
	"hg": true, "flyctl": true, "vercel": true, "heroku": true, "firebase": true, "doctl": true, "pulumi": true}

// dynamicSubcommand reports a subcommand-style CLI whose first operand
// (after its options) is not static.
func dynamicSubcommand(inner []Word) (string, bool) {
	if len(inner) < 2 || !inner[0].Static() || !subcommandCLIs[inner[0].Value] {
		return "", false
	}
	for _, w := range inner[1:] {
		if w.Static() && strings.HasPrefix(w.Value, "-") {
			continue
		}
		return w.Value, !w.Static()
	}
	return "", false
}
