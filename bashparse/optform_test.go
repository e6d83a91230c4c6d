package bashparse

import (
	"strings"
	"testing"
)

func TestOptionFormOf(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want string // "" when the command holds no option
	}{
		{"rm -rf x", "rm -f -r :: x"},
		{"rm -fr x", "rm -f -r :: x"},
		{"rm -R --force x", "rm -f -r :: x"},
		{"rm --rec --fo x", "rm -f -r :: x"},
		{"rm x -rf", "rm -f -r :: x"},
		{"rm -f -f -r x", "rm -f -r :: x"},
		{"rm -- -rf", ""},
		{"rm x", ""},
		{"git push -f origin", "git push -f :: origin"},
		{"git push origin +main", "git push -f :: origin +main"},
		{"git push origin :old", "git push -d :: origin :old"},
		{"git push origin main", ""},
		{"git branch -D x", "git branch -d -f :: x"},
		{"kill -9 1", "kill -s=KILL :: 1"},
		{"kill -SIGKILL 1", "kill -s=KILL :: 1"},
		{"kill -s sigkill 1", "kill -s=KILL :: 1"},
		{"kill --signal=9 1", "kill -s=KILL :: 1"},
		{"kill 1", "kill -s=TERM :: 1"},
		{"kill -- -1", "kill -s=TERM :: -1"},
		{"curl -XPOST u", "curl -X=POST :: u"},
		{"curl --request POST u", "curl -X=POST :: u"},
		{"curl -sSL -d 'a b' u", "curl -L -S -X=POST -d=a%20b -s :: u"},
		{"sed -i.bak s/a/b/ f", "sed -i=.bak :: s/a/b/ f"},
		{"sed -ni p f", "sed -i -n :: p f"},
		{"docker run -it --privileged img --rm", "docker run --privileged -i -t :: img --rm"},
		{"find . -name x -delete", "find -delete -name :: . x"},
		{"frob -abc --x=1 y", "frob --x=1 -a -b -c :: y"},
		{"frob -Xmx2g y", "frob -Xmx2g :: y"},
		{"frob -- -a", ""},
		{"tar -czf out.tgz dir", "tar -c -f=out.tgz -z :: dir"},
	} {
		a := Parse(tc.cmd)
		if a.Err != nil || len(a.Commands) == 0 {
			t.Fatalf("%q: %v", tc.cmd, a.Err)
		}
		w := a.Commands[0].Wide
		f, ok := OptionFormOf(append([]string{w.Name}, w.Args...))
		got := ""
		if ok {
			got = f.Text()
		}
		if got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// FuzzOptionFormOf checks what the matching relies on: the options are
// sorted by name, each once, each one word starting with '-', and the
// separator is never an option.
func FuzzOptionFormOf(f *testing.F) {
	for _, s := range []string{"rm -rf x", "git push -f +m", "kill -s 9 1", "curl -XPOST -d 'a b' u", "sed -i.bak -n p", "x -- -a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		words := strings.Fields(cmd)
		form, ok := OptionFormOf(words)
		if !ok {
			return
		}
		for i, o := range form.Options {
			if !strings.HasPrefix(o, "-") || strings.ContainsAny(o, " \t\n") || o == OptionFormSep {
				t.Fatalf("%q: option %q is not one option word", cmd, o)
			}
			if kp, ko := optionKey(form.Options[max(i-1, 0)]), optionKey(o); i > 0 && (kp > ko || kp == ko && form.Options[i-1] >= o) {
				t.Fatalf("%q: options %q not sorted once each", cmd, form.Options)
			}
		}
		if len(form.Head) == 0 || form.Head[0] != words[0] {
			t.Fatalf("%q: head %q", cmd, form.Head)
		}
	})
}

func TestOptionSpellings(t *testing.T) {
	for _, tc := range []struct {
		words string
		want  []string
	}{
		{"frob --tag beta", []string{"frob --tag beta", "frob --tag=beta"}},
		{"frob --tag=beta x", []string{"frob --tag=beta x", "frob --tag beta x"}},
		{"frob --a x --b=y", []string{"frob --a x --b=y", "frob --a=x --b=y", "frob --a x --b y", "frob --a=x --b y"}},
		{"frob --a -- --b x", []string{"frob --a -- --b x"}},
		{"frob --a -b", []string{"frob --a -b"}},
		{"rm --force x", []string{"rm --force x"}},           // a grammar says what takes a value
		{"git push --repo x", []string{"git push --repo x"}}, // so does a subcommand's
	} {
		var got []string
		for _, sp := range OptionSpellings(strings.Fields(tc.words)) {
			got = append(got, strings.Join(sp, " "))
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: got %q, want %q", tc.words, got, tc.want)
		}
	}
}
