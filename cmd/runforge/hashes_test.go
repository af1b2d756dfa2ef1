package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator/buildcache"
)

var updateHashes = flag.Bool("update", false, "rewrite testdata/output-hashes.txt from this build")

// outputHashesFile holds the SHA-256 of every file that the bundled packs
// build to in every layout and print variant, and of every validate report
// format. A refactor must leave it unchanged; an intended change to the
// output rewrites it (go test ./cmd/runforge -run 'TestBuildEveryBundledPack|TestReportHashes' -update)
// in the same commit, with the reason in the commit message.
const outputHashesFile = "testdata/output-hashes.txt"

// outputHashes collects "key sha256" lines from the tests that build or
// validate the bundled packs; checkOutputHashes compares them with the file.
type outputHashes struct {
	mu   sync.Mutex
	sums map[string]string
}

func (h *outputHashes) add(key string, b []byte) {
	sum := sha256.Sum256(b)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.sums == nil {
		h.sums = map[string]string{}
	}
	h.sums[key] = hex.EncodeToString(sum[:])
}

// addTree hashes every file under root, keyed by prefix and its path
// relative to root, but the build cache (out/.cache: it is no output, and
// keyed on the build of the binary).
func (h *outputHashes) addTree(t *testing.T, prefix, root string) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == buildcache.DirName {
			return fs.SkipDir
		}
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		h.add(prefix+"/"+filepath.ToSlash(rel), b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// check compares the collected hashes whose keys start with one of the
// prefixes with the file's, or rewrites those lines under -update. complete
// says whether the test built everything under the prefixes (so that a
// line of the file with no output is a file the build no longer writes).
func (h *outputHashes) check(t *testing.T, prefixes []string, complete bool) {
	t.Helper()
	if t.Failed() {
		return
	}
	want, err := readHashes(outputHashesFile)
	if err != nil && !*updateHashes {
		t.Fatal(err)
	}
	ours := func(key string) bool {
		return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(key, p+"/") })
	}
	if *updateHashes {
		for k := range want {
			if ours(k) {
				delete(want, k)
			}
		}
		for k, v := range h.sums {
			want[k] = v
		}
		if err := writeHashes(outputHashesFile, want); err != nil {
			t.Fatal(err)
		}
		return
	}
	var diffs []string
	for k, v := range h.sums {
		switch w, ok := want[k]; {
		case !ok:
			diffs = append(diffs, "new output "+k)
		case w != v:
			diffs = append(diffs, "changed "+k)
		}
	}
	if complete {
		for k := range want {
			if _, ok := h.sums[k]; ours(k) && !ok {
				diffs = append(diffs, "no longer written "+k)
			}
		}
	}
	if len(diffs) > 0 {
		slices.Sort(diffs)
		t.Errorf("the output differs from %s in %d files (an intended change: rerun with -update and say why in the commit):\n%s",
			outputHashesFile, len(diffs), strings.Join(diffs, "\n"))
	}
}

func readHashes(path string) (map[string]string, error) {
	sums := map[string]string{}
	f, err := os.Open(path)
	if err != nil {
		return sums, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sum, key, ok := strings.Cut(line, "  ")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"sha256  key\"", path, n)
		}
		sums[key] = sum
	}
	return sums, sc.Err()
}

func writeHashes(path string, sums map[string]string) error {
	keys := make([]string, 0, len(sums))
	for k := range sums {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString("# SHA-256 of every file the bundled packs build to, per layout and variant, and of\n")
	b.WriteString("# every validate report. Rewritten by: go test ./cmd/runforge -run 'TestBuildEveryBundledPack|TestReportHashes' -update\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "%s  %s\n", sums[k], k)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// TestReportHashes holds every validate report format of every bundled
// pack, with and without --explain, byte for byte.
func TestReportHashes(t *testing.T) {
	if testing.Short() {
		t.Skip("the report hashes run in the full test")
	}
	// SARIF names the folder it ran in (%SRCROOT%) as an absolute file://
	// URI; the hash must not depend on where the repository is checked out.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	var h outputHashes
	cases := [][]string{
		{"--format", "text"},
		{"--format", "json"},
		{"--format", "github"},
		{"--format", "sarif"},
		{"--explain"},
		{"--explain", "--format", "json"},
		{"--strict", "--format", "json"},
	}
	for _, pack := range data.Packs() {
		for _, args := range cases {
			name := pack + "/" + strings.ReplaceAll(strings.Join(args, " "), "--", "")
			code, stdout, stderr := run(t, "", append([]string{"validate", pack}, args...)...)
			if code != 0 {
				t.Errorf("%s: exit %d\n%s", name, code, stderr)
			}
			stdout = strings.ReplaceAll(stdout, filepath.ToSlash(wd), "<workdir>")
			h.add("validate/"+name+"/stdout", []byte(stdout))
			h.add("validate/"+name+"/stderr", []byte(stderr))
		}
	}
	h.check(t, []string{"validate"}, true)
}
