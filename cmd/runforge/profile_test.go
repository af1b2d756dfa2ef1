package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProfileFlags: --cpuprofile and --memprofile write gzipped pprof
// profiles of the run, --trace an execution trace; a profile that cannot
// be written is a usage error.
func TestProfileFlags(t *testing.T) {
	dir := t.TempDir()
	cpu, mem, tr := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof"), filepath.Join(dir, "trace.out")
	cases := []struct {
		name  string
		args  []string
		code  int
		files []string
		err   string
	}{
		{"both", []string{"rules", "--cpuprofile", cpu, "--memprofile", mem}, exitClean, []string{cpu, mem}, ""},
		{"cpu into a missing folder", []string{"rules", "--cpuprofile", filepath.Join(dir, "no", "cpu.prof")}, exitUsage, nil, "--cpuprofile"},
		{"mem into a missing folder", []string{"rules", "--memprofile", filepath.Join(dir, "no", "mem.prof")}, exitUsage, nil, "--memprofile"},
		{"trace", []string{"rules", "--trace", tr}, exitClean, nil, ""},
		{"trace into a missing folder", []string{"rules", "--trace", filepath.Join(dir, "no", "trace.out")}, exitUsage, nil, "--trace"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := Main(c.args, &out, &errb); code != c.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, c.code, errb.String())
			}
			if !strings.Contains(errb.String(), c.err) {
				t.Errorf("stderr %q does not name %q", errb.String(), c.err)
			}
			if c.name == "trace" {
				// An execution trace starts with its own header.
				b, err := os.ReadFile(tr)
				if err != nil || !bytes.HasPrefix(b, []byte("go 1.")) {
					t.Errorf("--trace wrote %.12q, %v: no execution trace", b, err)
				}
			}
			for _, f := range c.files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				zr, err := gzip.NewReader(bytes.NewReader(b))
				if err != nil {
					t.Fatalf("%s is no gzipped profile: %v", filepath.Base(f), err)
				}
				if raw, err := io.ReadAll(zr); err != nil || len(raw) == 0 {
					t.Errorf("%s: %d bytes of profile, %v", filepath.Base(f), len(raw), err)
				}
			}
		})
	}
}

// TestAsksForMemProfile: the command line is read for --memprofile before
// cobra parses it, to turn allocation sampling off when it is not asked
// for.
func TestAsksForMemProfile(t *testing.T) {
	cases := []struct {
		args []string
		want bool
	}{
		{[]string{"build"}, false},
		{[]string{"build", "--memprofile", "m.prof"}, true},
		{[]string{"--memprofile=m.prof", "validate", "p"}, true},
		{[]string{"build", "--cpuprofile", "c.prof"}, false},
		{[]string{"build", "--", "--memprofile"}, false},
		{[]string{"build", "--memprofiles"}, false},
	}
	for _, c := range cases {
		if got := asksForMemProfile(c.args); got != c.want {
			t.Errorf("asksForMemProfile(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}
