package settings

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// dotenvLine is the line pattern of the dotenv package (npm dotenv 16 and
// 17, which Gemini CLI loads .env files with), as written there: a key of
// word characters, '.' and '-'; "=" or ": " between key and value; a value
// in single, double or back quotes (spanning lines), else up to '#' or the
// end of the line.
var dotenvLine = lazyre.New("(?m)^\\s*(?:export\\s+)?([\\w.-]+)(?:\\s*=\\s*?|:\\s+?)" +
	"(\\s*'(?:\\\\'|[^'])*'|\\s*\"(?:\\\\\"|[^\"])*\"|\\s*`(?:\\\\`|[^`])*`|[^#\\r\\n]+)?\\s*(?:#.*)?$")

// jsLineBreaks and jsSpaces are what JavaScript's regular expressions
// take for a line end (with the m flag) and for \s beyond what Go's do.
var jsLineBreaks = strings.NewReplacer("\u2028", "\n", "\u2029", "\n")
var jsSpaces = strings.NewReplacer("\v", " ", "\u00a0", " ", "\u1680", " ", "\u2000", " ", "\u2001", " ",
	"\u2002", " ", "\u2003", " ", "\u2004", " ", "\u2005", " ", "\u2006", " ", "\u2007", " ", "\u2008", " ",
	"\u2009", " ", "\u200a", " ", "\u202f", " ", "\u205f", " ", "\u3000", " ", "\ufeff", " ")

// dotenvReadings returns every value a .env file may give each variable:
// as parseDotenv reads it and as the dotenv package does. They differ —
// dotenv takes "BASH_ENV: ./x.sh", "export<TAB>BASH_ENV=./x.sh",
// "BASH_ENV=./x.sh#c" (value ./x.sh), lone-CR line ends and quoted values
// spanning lines — and a variable read only one way was not seen as
// carried: Gemini CLI set BASH_ENV from the repository's .env, and the
// hook allowed `ls`, which sources the repository's script first.
func dotenvReadings(text string) map[string][]dotenvValue {
	out := map[string][]dotenvValue{}
	add := func(env map[string]dotenvValue) {
		for k, v := range env {
			out[k] = append(out[k], v)
		}
	}
	add(parseDotenv(text))
	add(parseDotenvPackage(text))
	if js := jsSpaces.Replace(jsLineBreaks.Replace(text)); js != text {
		add(parseDotenvPackage(js))
	}
	return out
}

// parseDotenvPackage reads a .env file as the dotenv package's parse
// does. Later lines win.
func parseDotenvPackage(text string) map[string]dotenvValue {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	out := map[string]dotenvValue{}
	for _, m := range dotenvLine.FindAllStringSubmatchIndex(text, -1) {
		key := text[m[2]:m[3]]
		value := ""
		if m[4] >= 0 {
			value = text[m[4]:m[5]]
		}
		value = strings.TrimSpace(strings.Trim(value, "\ufeff"))
		quote := byte(0)
		if value != "" {
			quote = value[0]
		}
		if len(value) >= 2 && strings.IndexByte("'\"`", quote) >= 0 && value[len(value)-1] == quote {
			value = value[1 : len(value)-1]
		}
		if quote == '"' {
			value = strings.ReplaceAll(strings.ReplaceAll(value, `\n`, "\n"), `\r`, "\r")
		}
		out[key] = dotenvValue{value, 1 + strings.Count(text[:m[0]], "\n")}
	}
	return out
}

// carriedReading is the line of the first reading whose value is v, or 0.
func carriedReading(readings []dotenvValue, v string) int {
	for _, r := range readings {
		if r.value == v {
			return r.line
		}
	}
	return 0
}
