package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/runforge/runforge/schema"
)

// packSearchDepth is how many folders deep a command without a path looks
// for packs below the working folder: data/<pack>/ of a checkout is two.
const packSearchDepth = 3

// localPacks is what validate and build check when given no path: the
// working folder when it is a pack, else data/ when it is here (a checkout
// of runforge, or a folder of packs laid out like it), else the packs in
// its sub-folders (a folder holding a pack is not searched further). It
// returns nil when there is none, having said so on w: the bundled packs
// are checked then.
func localPacks(w console) []string {
	found := localPackDirs()
	if len(found) == 0 {
		fmt.Fprintf(w, "runforge: no pack here (no %s in this folder or its sub-folders): checking the bundled packs\n", schema.ManifestFile)
	}
	return found
}

// localPackDirs is localPacks without the note: nil when there is no pack.
func localPackDirs() []string {
	if isPackDir(".") {
		return []string{"."}
	}
	if info, err := os.Stat("data"); err == nil && info.IsDir() {
		return []string{"data"}
	}
	var found []string
	findPacks(".", packSearchDepth, &found)
	sort.Strings(found)
	return found
}

// findPacks appends the pack folders under dir, depth levels down at most.
// Hidden folders (.git, .cache) are skipped.
func findPacks(dir string, depth int, found *[]string) {
	if depth == 0 {
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return // an unreadable folder holds no pack we can check
	}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		sub := filepath.Join(dir, e.Name())
		if isPackDir(sub) {
			*found = append(*found, sub)
			continue
		}
		findPacks(sub, depth-1, found)
	}
}

// isPackDir reports whether dir holds a manifest.
func isPackDir(dir string) bool {
	info, err := os.Stat(filepath.Join(dir, schema.ManifestFile))
	return err == nil && !info.IsDir()
}
