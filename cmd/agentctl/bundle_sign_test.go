package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBundleSigning: a bundle signed with OPA's bundle signing loads in a
// real `opa run --server --verification-key`; a tampered or unsigned copy is
// refused by that same server.
func TestBundleSigning(t *testing.T) {
	opa := opaBinary(t)
	dir := t.TempDir()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	priv := filepath.Join(dir, "private.pem")
	pub := filepath.Join(dir, "public.pem")
	pubDER, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(priv, pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}), 0o600)
	os.WriteFile(pub, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER}), 0o644)

	args, _ := demoEnv(t)
	signed := filepath.Join(dir, "signed.tar.gz")
	if _, errOut, code := runCLI(t, "", append(args, "bundle", "build", "-o", signed, "--signing-key", priv)...); code != 0 {
		t.Fatalf("bundle build --signing-key: exit %d: %s", code, errOut)
	}
	// Loads and answers.
	startOPAProcess(t, opa, signed, "--bundle", "--verification-key", pub)

	tampered := filepath.Join(dir, "tampered.tar.gz")
	rewriteTar(t, signed, tampered, "agentctl/deny.rego", func(b []byte) []byte {
		return bytes.Replace(b, []byte("matches := lib.matching(\"deny\")"), []byte("matches := []"), 1)
	})
	unsigned := filepath.Join(dir, "unsigned.tar.gz")
	if _, errOut, code := runCLI(t, "", append(args, "bundle", "build", "-o", unsigned)...); code != 0 {
		t.Fatalf("bundle build: %s", errOut)
	}
	for name, path := range map[string]string{"tampered": tampered, "unsigned": unsigned} {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		out, err := exec.CommandContext(ctx, opa, "run", "--server", "--bundle", "--addr", freePort(t),
			"--verification-key", pub, path).CombinedOutput()
		timedOut := ctx.Err() == context.DeadlineExceeded
		cancel()
		if err == nil || timedOut {
			t.Errorf("%s bundle: the verifying server did not refuse it (err %v): %s", name, err, out)
		}
		if name == "tampered" && !strings.Contains(string(out), "digest mismatch") {
			t.Errorf("tampered bundle refused for another reason: %s", out)
		}
	}
}

// rewriteTar copies a .tar.gz, passing one member through change.
func rewriteTar(t *testing.T, from, to, member string, change func([]byte) []byte) {
	t.Helper()
	f, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	tr := tar.NewReader(zr)
	changed := false
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if strings.TrimPrefix(h.Name, "/") == member {
			nb := change(b)
			changed = !bytes.Equal(nb, b)
			b = nb
		}
		h.Size = int64(len(b))
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		tw.Write(b)
	}
	if !changed {
		t.Fatalf("%s: member %s not changed", from, member)
	}
	tw.Close()
	zw.Close()
	if err := os.WriteFile(to, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
