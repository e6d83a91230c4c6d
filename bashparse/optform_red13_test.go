package bashparse

import "testing"

// red13optsForms are option forms of respellings a program runs as the
// spelling a deny or ask rule names: a curl body implies its method, git
// push --mirror forces and deletes, rsync's --delete-WHEN deletes,
// truncate's --size is -s, git restore's --staged is -S, and terraform
// reads --x as -x.
var red13optsForms = []struct {
	cmd  string
	want string // "" when the command holds no option
}{
	{"curl -d x u", "curl -X=POST -d=x :: u"},
	{"curl --data-raw x u", "curl --data-raw=x -X=POST -d=x :: u"},
	{"curl --json {} u", "curl --json={} -X=POST -d={} :: u"},
	{"curl -F a=b u", "curl -F=a=b -X=POST :: u"},
	{"curl -T f u", "curl -T=f -X=PUT :: u"},
	{"curl -I u", "curl -I -X=HEAD :: u"},
	{"curl -X post u", "curl -X=POST :: u"},
	{"curl -G -d x u", "curl -G -X=GET -d=x :: u"},
	{"curl -X GET -d x u", "curl -X=GET -d=x :: u"},
	{"curl -s u", "curl -s :: u"},
	{"git push --mirror", "git push --mirror -d -f ::"},
	{"rsync -a --del a/ b/", "rsync --delete --delete-during -a :: a/ b/"},
	{"rsync -a --delete-after a/ b/", "rsync --delete --delete-after -a :: a/ b/"},
	{"rsync -e ssh a/ h:b/", "rsync -e=ssh :: a/ h:b/"},
	{"truncate --size=0 f", "truncate -s=0 :: f"},
	{"truncate -s0 f", "truncate -s=0 :: f"},
	{"git restore --staged x", "git restore -S :: x"},
	{"terraform apply --auto-approve", "terraform -auto-approve :: apply"},
}

func TestRed13optsOptionForms(t *testing.T) {
	for _, tc := range red13optsForms {
		a := Parse(tc.cmd)
		if len(a.Commands) == 0 {
			t.Fatalf("%q: no command", tc.cmd)
		}
		w := a.Commands[0].Wide
		got := ""
		if f, ok := OptionFormOf(append([]string{w.Name}, w.Args...)); ok {
			got = f.Text()
		}
		if got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// red13optsMoreForms: pnpm's install with packages is its add, cargo
// install's -f is --force, dd's KEY=VALUE operands are options.
var red13optsMoreForms = []struct {
	cmd  string
	want string
}{
	{"pnpm i -g x", "pnpm add -g :: x"},
	{"pnpm add --global x", "pnpm add -g :: x"},
	{"cargo install x --force", "cargo install -f :: x"},
	{"dd if=x of=/dev/sda", "dd -if=x -of=/dev/sda ::"},
	{"dd of=/dev/sda bs=1M", "dd -bs=1M -of=/dev/sda ::"},
	{"chmod -R 0777 x", "chmod -R :: 777 x"},
	{"chmod -R a=rwx 0777", "chmod -R :: 777 0777"},
	{"chmod -R 0755 x", "chmod -R :: 755 x"},
	{"iptables -t nat --flush", "iptables -F -t :: nat"},
	{"gcloud projects delete x -q", "gcloud --quiet :: projects delete x"},
	{"ssh -fNR80:x:80 h", "ssh -N -R=80:x:80 -f :: h"},
	{"ssh -R", "ssh -R ::"},
	{"head -20 f", "head -20 :: f"},
}

func TestRed13optsMoreForms(t *testing.T) {
	for _, tc := range red13optsMoreForms {
		w := Parse(tc.cmd).Commands[0].Wide
		f, _ := OptionFormOf(append([]string{w.Name}, w.Args...))
		if got := f.Text(); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.cmd, got, tc.want)
		}
	}
}
