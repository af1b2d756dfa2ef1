// Package data embeds the bundled content packs, one folder per game, so the
// runforge binary can build them from any folder.
package data

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
)

//go:embed */*.yaml
var files embed.FS

// FS returns the bundled packs; each top-level folder is one pack.
func FS() fs.FS { return files }

// Packs lists the bundled pack names (folders with a game.yaml), sorted.
func Packs() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		// The folder is compiled into the binary: it reads unless the
		// binary is broken.
		panic(fmt.Sprintf("data: reading the bundled packs: %v", err))
	}
	var names []string
	for _, e := range entries {
		if _, err := fs.Stat(files, e.Name()+"/game.yaml"); e.IsDir() && err == nil {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}

// Pack returns the files of one bundled pack.
func Pack(name string) (fs.FS, bool) {
	if !fs.ValidPath(name) {
		return nil, false
	}
	if _, err := fs.Stat(files, name+"/game.yaml"); err != nil {
		return nil, false
	}
	sub, err := fs.Sub(files, name)
	return sub, err == nil
}
