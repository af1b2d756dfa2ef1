package deck

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/schema"
)

// loadRFPack loads a Run, Fight, or Die! fixture pack of the game's
// package (generator/rfod/testdata/<dir>).
func loadRFPack(t testing.TB, dir string) *schema.Pack {
	t.Helper()
	return rendertest.LoadPack(t, filepath.Join("..", "rfod", "testdata", dir))
}

// newTestRenderer is a renderer of no game, with the embedded fonts.
func newTestRenderer(t testing.TB) renderer {
	t.Helper()
	r, err := generator.NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	return renderer{r}
}

// runJobs runs jobs in turn into the folder stage and returns what they
// wrote, sorted by path as a build lists it.
func runJobs(stage string, jobs []generator.Job) ([]generator.Artifact, error) {
	var arts []generator.Artifact
	for _, j := range jobs {
		a, err := j.Run(stage)
		if err != nil {
			return nil, err
		}
		arts = append(arts, a...)
	}
	slices.SortFunc(arts, func(a, b generator.Artifact) int { return strings.Compare(a.Path, b.Path) })
	return arts, nil
}

// newRenderer is a renderer of no game with the embedded fonts.
func newRenderer(inkSaver bool) (renderer, error) {
	r, err := generator.NewRenderer(inkSaver)
	return renderer{r}, err
}
