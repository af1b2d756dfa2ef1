package generator

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
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

// A contact sheet painted band by band, each band's memory reused for a
// later one, is the sheet painted whole: the background filled, each
// item's card downsampled into its cell; and its gaps are the background.
func TestContactSheetBands(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	r, err := NewRenderer(false)
	if err != nil {
		t.Fatal(err)
	}
	items := make([]previewItem, 43)
	for i := range items {
		items[i] = previewItem{label: fmt.Sprint("card ", i), path: fmt.Sprintf("p/c%d.png", i), draw: func(c draw.Canvas) {
			if i%3 != 0 {
				c.Rect(0, 0, 20, 30, 0, draw.Filled(draw.RGB(uint8(5*i), 90, 200)))
			}
			c.Rect(2, 3, 8, 9, 1, draw.Stroked(draw.Black, 0.4))
			c.Text(2, 20, fmt.Sprint("Card ", i), draw.Bold, 8, draw.Black)
		}}
	}
	stage := t.TempDir()
	if _, err := runJobs(stage, []job{{name: "s", parallel: func(env jobEnv) ([]Artifact, error) {
		return r.writeContactSheet(env, "s.png", 20, 30, items)
	}}}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(stage, "s.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// The sheet painted whole, as it was before it was painted in bands.
	const cols, cw, ch = ContactSheetCols, 20.0, 30.0
	rows := (len(items) + cols - 1) / cols
	sheet, err := draw.NewPNGCanvas(r.Fonts, cols*(cw+sheetGap)+sheetGap, float64(rows)*(ch+sheetGap)+sheetGap, sheetDPI)
	if err != nil {
		t.Fatal(err)
	}
	sheet.Rect(0, 0, cols*(cw+sheetGap)+sheetGap, float64(rows)*(ch+sheetGap)+sheetGap, 0, draw.Filled(sheetBackground))
	want := sheet.Image()
	k := sheetDPI / 25.4
	for j, it := range items {
		card, err := draw.NewPNGCanvas(r.Fonts, cw, ch, PreviewDPI)
		if err != nil {
			t.Fatal(err)
		}
		it.draw(card)
		x, y := sheetGap+float64(j%cols)*(cw+sheetGap), sheetGap+float64(j/cols)*(ch+sheetGap)
		downsample(want, image.Rect(int(x*k+0.5), int(y*k+0.5), int((x+cw)*k+0.5), int((y+ch)*k+0.5)), card.Image())
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("the sheet is %v, want %v", got.Bounds(), want.Bounds())
	}
	bg := color.RGBA{sheetBackground.R, sheetBackground.G, sheetBackground.B, 255}
	for y := range want.Bounds().Dy() {
		for x := range want.Bounds().Dx() {
			if g, w := color.RGBAModel.Convert(got.At(x, y)), want.RGBAAt(x, y); g != w {
				t.Fatalf("pixel (%d, %d) is %v, want %v", x, y, g, w)
			}
		}
	}
	// The room of the cells the last row does not fill.
	if c := want.RGBAAt(want.Bounds().Dx()-5, want.Bounds().Dy()-10); c != bg {
		t.Errorf("an empty cell is %v, want the background %v", c, bg)
	}
}
