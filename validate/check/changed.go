package check

import (
	"io/fs"
	"path/filepath"
	"sort"

	"github.com/runforge/runforge/schema"
	"go.yaml.in/yaml/v3"
)

// PacksOf selects the packs that changed files touch: the pack folder that
// holds each file (the nearest folder above it with a game.yaml; a file in
// no pack is passed over, a deleted one counts for its pack), then, among
// candidates (the packs the command would check otherwise), every pack
// that extends a selected pack, however many packs lie between. Files are
// paths on disk, relative to the working folder or absolute (backslashes
// read as on Windows). The packs
// come out sorted by name, each once.
func PacksOf(files []string, candidates []Target) ([]Target, error) {
	selected := map[string]Target{}
	ids := map[string]bool{}
	add := func(t Target, id string) {
		selected[diskKey(t.Name)] = t
		if id != "" {
			ids[id] = true
		}
	}
	for _, f := range files {
		dir, err := packDirOf(windowsStyle(f))
		if err != nil {
			continue
		}
		if _, ok := selected[diskKey(filepath.ToSlash(dir))]; ok {
			continue
		}
		t, err := diskTarget(dir)
		if err != nil {
			return nil, err
		}
		id, _ := manifestIDs(t.FS)
		add(t, id)
	}
	for grew := true; grew; {
		grew = false
		for _, c := range candidates {
			if !c.OnDisk || c.File != "" || c.Dir != "" {
				continue
			}
			if _, ok := selected[diskKey(c.Name)]; ok {
				continue
			}
			if id, extends := manifestIDs(c.FS); extends != "" && ids[extends] {
				add(c, id)
				grew = true
			}
		}
	}
	out := make([]Target, 0, len(selected))
	for _, t := range selected {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// diskKey identifies a pack folder however its path was written.
func diskKey(name string) string {
	p := filepath.FromSlash(name)
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return filepath.Clean(p)
}

// manifestIDs reads the id and extends: of a pack's manifest; empty when
// it cannot be read (the pack's validation says why).
func manifestIDs(fsys fs.FS) (id, extends string) {
	b, err := schema.ReadLimited(fsys, schema.ManifestFile, schema.MaxFileSize)
	if err != nil {
		return "", ""
	}
	var m struct {
		ID      string `yaml:"id"`
		Extends string `yaml:"extends"`
	}
	if yaml.Unmarshal(b, &m) != nil {
		return "", ""
	}
	return m.ID, m.Extends
}

// Within keeps the targets that are among the packs of candidates.
func Within(targets, candidates []Target) []Target {
	in := map[string]bool{}
	for _, c := range candidates {
		if c.OnDisk {
			in[diskKey(c.Name)] = true
		}
	}
	var out []Target
	for _, t := range targets {
		if in[diskKey(t.Name)] {
			out = append(out, t)
		}
	}
	return out
}
