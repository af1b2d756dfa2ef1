package generator

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/runforge/runforge/generator/draw"
)

// renderGauge counts the renderers running at once.
type renderGauge struct {
	now, peak atomic.Int32
}

// render is one renderer's work: long enough (20 ms) for renderers to
// overlap even under the race detector on a busy machine.
func (g *renderGauge) render() {
	n := g.now.Add(1)
	for {
		p := g.peak.Load()
		if n <= p || g.peak.CompareAndSwap(p, n) {
			break
		}
	}
	time.Sleep(20 * time.Millisecond)
	g.now.Add(-1)
}

// sheetJob is a contact-sheet job of n items of 20x30mm, each drawn by draw.
func sheetJob(r *Renderer, name string, n int, paint func(i int)) job {
	items := make([]previewItem, n)
	for i := range items {
		items[i] = previewItem{
			label: fmt.Sprintf("previewing card \"c%d\"", i),
			path:  fmt.Sprintf("preview/%s/c%d.png", name, i),
			draw:  func(draw.Canvas) { paint(i) },
		}
	}
	return job{name: name, parallel: func(env jobEnv) ([]Artifact, error) {
		return r.writeContactSheet(env, "preview/"+name+".png", 20, 30, items)
	}}
}

// However many contact sheets and files a build writes at once, no more
// renderers run than GOMAXPROCS, and the sheets do use idle cores.
func TestRenderersBoundedByGOMAXPROCS(t *testing.T) {
	const procs = 4
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	r, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	var g renderGauge
	var jobs []job
	for s := range 6 {
		jobs = append(jobs, sheetJob(r, fmt.Sprint("deck", s), 24, func(int) { g.render() }))
		jobs = append(jobs, job{run: func(string) ([]Artifact, error) { g.render(); return nil, nil }})
	}
	arts, err := runJobs(t.TempDir(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	if len(arts) != 6*25 {
		t.Errorf("%d artifacts, want %d", len(arts), 6*25)
	}
	if p := g.peak.Load(); p > procs || p < 2 {
		t.Errorf("%d renderers ran at once, want 2 to %d", p, procs)
	}
	// A lone sheet spreads over more than one core, never more than there are.
	g = renderGauge{}
	if _, err := runJobs(t.TempDir(), []job{sheetJob(r, "lone", 40, func(int) { g.render() })}); err != nil {
		t.Fatal(err)
	}
	if p := g.peak.Load(); p < 2 || p > procs {
		t.Errorf("a lone sheet ran %d renderers at once, want 2 to %d", p, procs)
	}
}

// A panic while drawing one card, on whichever goroutine, fails the job
// with an error naming the card instead of killing the process.
func TestPreviewPanicNamesTheCard(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	r, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []int{0, 7, 39} {
		t.Run(fmt.Sprint("card ", bad), func(t *testing.T) {
			stage := t.TempDir()
			var g renderGauge
			jobs := []job{sheetJob(r, "deck", 40, func(i int) {
				g.render()
				if i == bad {
					var m map[string]int
					//lint:ignore SA5000 the render panics on purpose
					m["boom"]++
				}
			})}
			arts, err := runJobs(stage, jobs)
			want := fmt.Sprintf(`previewing card "c%d": internal error: assignment to entry in nil map`, bad)
			if err == nil || !strings.Contains(err.Error(), want) || arts != nil {
				t.Fatalf("err = %v, artifacts %v; want %q", err, arts, want)
			}
			if _, err := os.Stat(filepath.Join(stage, "preview", "deck.png")); err == nil {
				t.Error("the contact sheet was written")
			}
		})
	}
}

// The gaps of a contact sheet and its cells cover the sheet, each pixel
// once, whatever the number of cells in the last row.
func TestSheetGapsCoverTheSheet(t *testing.T) {
	for _, tt := range []struct {
		name          string
		count, cols   int
		cw, ch, scale float64
	}{
		{"one card", 1, 1, 63.5, 88.9, 50 / 25.4},
		{"one row", 7, 7, 63.5, 88.9, 50 / 25.4},
		{"full rows", 20, 10, 63.5, 88.9, 50 / 25.4},
		{"last row short", 43, 10, 57, 87, 50 / 25.4},
		{"tiny cells", 13, 10, 1, 1.3, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rows := (tt.count + tt.cols - 1) / tt.cols
			k := tt.scale
			b := image.Rect(0, 0, int(math.Round((float64(tt.cols)*(tt.cw+sheetGap)+sheetGap)*k)),
				int(math.Round((float64(rows)*(tt.ch+sheetGap)+sheetGap)*k)))
			cells := make([]image.Rectangle, tt.count)
			for j := range cells {
				x := sheetGap + float64(j%tt.cols)*(tt.cw+sheetGap)
				y := sheetGap + float64(j/tt.cols)*(tt.ch+sheetGap)
				cells[j] = image.Rect(int(x*k+0.5), int(y*k+0.5), int((x+tt.cw)*k+0.5), int((y+tt.ch)*k+0.5))
			}
			covered := make([]int, b.Dx()*b.Dy())
			for _, r := range append(sheetGaps(b, cells, tt.cols), cells...) {
				if !r.In(b) {
					t.Fatalf("%v is not within the sheet %v", r, b)
				}
				for y := r.Min.Y; y < r.Max.Y; y++ {
					for x := r.Min.X; x < r.Max.X; x++ {
						covered[y*b.Dx()+x]++
					}
				}
			}
			for i, n := range covered {
				if n != 1 {
					t.Fatalf("pixel (%d, %d) is covered %d times, want once", i%b.Dx(), i/b.Dx(), n)
				}
			}
		})
	}
}
