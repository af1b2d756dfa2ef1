package press

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
)

// Image is one press image of a set: a distinct side of its items, and
// how many copies of it to order.
type Image struct {
	// Path is <set folder>/<name>.png.
	Path string
	Back bool
	// Item is the item it shows; "" for a back items share.
	Item string
	// Pairs is, for a front, the path of its back ("" for a one-sided
	// item); "" for a back.
	Pairs  string
	W, H   float64 // trim, mm
	Side   generator.Side
	Copies int
}

// Images lists a set's images in item order: each item's front, then its
// back when it has one of its own; then each back items share, once, with
// the copies of all of them.
func (s Set) Images() []Image {
	var out []Image
	shared := map[string]int{} // index in out of a shared back, by name
	var sharedOrder []Image
	for _, it := range s.Items {
		copies := max(it.Copies, 0)
		front := Image{Path: s.Dir + "/" + it.Name + ".png", Item: it.Name, W: it.W, H: it.H, Side: it.Front, Copies: copies}
		if !it.TwoSided() {
			out = append(out, front)
			continue
		}
		front.Pairs = s.Dir + "/" + backName(it) + ".png"
		out = append(out, front)
		if it.SharedBack == "" {
			out = append(out, Image{Path: front.Pairs, Back: true, Item: it.Name, W: it.W, H: it.H, Side: it.Back, Copies: copies})
			continue
		}
		if i, ok := shared[it.SharedBack]; ok {
			sharedOrder[i].Copies += copies
			continue
		}
		shared[it.SharedBack] = len(sharedOrder)
		sharedOrder = append(sharedOrder, Image{Path: front.Pairs, Back: true, W: it.W, H: it.H, Side: it.Back, Copies: copies})
	}
	return append(out, sharedOrder...)
}

// Jobs renders the set's images, one DPI PNG with Bleed each, carrying
// its resolution and an sRGB chunk, and writes its manifest. Each image is
// a job of its own, so that the build's last jobs end close together; the
// jobs pass their canvases on through the set's pool.
func Jobs(r *generator.Renderer, s Set) []generator.Job {
	images := s.Images()
	if len(images) == 0 {
		return nil
	}
	jobs := []generator.Job{generator.FileJob(s.ManifestPath(), func(w io.Writer) (int, error) {
		return 0, WriteManifest(w, images)
	})}
	canvases := &canvasPool{}
	for _, im := range images {
		jobs = append(jobs, generator.StageFileJob(im.Path, func(stage string) ([]generator.Artifact, error) {
			if err := renderImage(r, canvases, stage, im); err != nil {
				return nil, err
			}
			return []generator.Artifact{{Path: im.Path}}, nil
		}))
	}
	return jobs
}

// canvasPool keeps the canvases of a set's jobs that finished, for the
// next job of the same size: a canvas at a time per core and size, instead
// of a canvas (some 4 MB at a card's size) and a PNG encoder for each job.
type canvasPool struct {
	mu   sync.Mutex
	free []pooledCanvas
}

type pooledCanvas struct {
	w, h float64 // trim, mm
	c    *draw.PNGCanvas
}

// get returns a canvas for images of trim w x h.
func (p *canvasPool) get(r *generator.Renderer, w, h float64) (*draw.PNGCanvas, error) {
	p.mu.Lock()
	for i, pc := range p.free {
		if pc.w == w && pc.h == h {
			p.free = append(p.free[:i], p.free[i+1:]...)
			p.mu.Unlock()
			return pc.c, nil
		}
	}
	p.mu.Unlock()
	return draw.NewPNGCanvas(r.Fonts, w+2*Bleed, h+2*Bleed, DPI)
}

// put gives back a canvas get returned for trim w x h.
func (p *canvasPool) put(w, h float64, c *draw.PNGCanvas) {
	p.mu.Lock()
	p.free = append(p.free, pooledCanvas{w, h, c})
	p.mu.Unlock()
}

// renderImage renders an image on a canvas of the pool into the folder
// stage.
func renderImage(r *generator.Renderer, canvases *canvasPool, stage string, im Image) error {
	c, err := canvases.get(r, im.W, im.H)
	if err != nil {
		return fmt.Errorf("%s: %w", im.Path, err)
	}
	c.Reset()
	// The image's pixel size is rounded: the art reaches a pixel past
	// the bleed, so that no edge pixel is left half white.
	c.Push()
	c.Translate(Bleed, Bleed)
	im.Side(c, Bleed+25.4/DPI)
	c.Pop()
	if err := generator.WriteFile(stage, im.Path, c.EncodePrint); err != nil {
		return err
	}
	// A canvas whose job failed (a panic midway included) is not given
	// back: the build stops.
	canvases.put(im.W, im.H, c)
	return nil
}

// ManifestHeader names the columns of a press manifest.
var ManifestHeader = []string{"file", "side", "copies", "item", "back_file", "sides", "width_px", "height_px", "width_mm", "height_mm", "dpi", "bleed_mm"}

// Px is a press image's side in pixels for mm of trim plus bleed.
func Px(mm float64) int { return int(math.Round(mm * DPI / 25.4)) }

// WriteManifest writes the manifest of a set's images as CSV, one row per
// image in Images' order: its file name (in the manifest's folder), front
// or back, how many copies of it to order, the item it shows ("" for a
// shared back), the back a front goes with ("" for a one-sided item),
// whether its item is one-sided or two-sided (1 or 2), and its size with
// bleed in pixels and millimetres.
func WriteManifest(w io.Writer, images []Image) error {
	mm := func(v float64) string { return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) }
	cw := csv.NewWriter(w)
	if err := cw.Write(ManifestHeader); err != nil {
		return err
	}
	for _, im := range images {
		side, sides := "front", "1"
		if im.Back {
			side = "back"
		}
		if im.Back || im.Pairs != "" {
			sides = "2"
		}
		wmm, hmm := im.W+2*Bleed, im.H+2*Bleed
		if err := cw.Write([]string{path.Base(im.Path), side, strconv.Itoa(im.Copies), im.Item, baseOrEmpty(im.Pairs), sides,
			strconv.Itoa(Px(wmm)), strconv.Itoa(Px(hmm)), mm(wmm), mm(hmm), strconv.Itoa(DPI), mm(Bleed)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// baseOrEmpty is the last element of a slash path, or "" for "".
func baseOrEmpty(p string) string {
	if p == "" {
		return ""
	}
	return path.Base(p)
}

// IndexLines describe a set printed by WritePDF in the kit's index: its
// pages and what they are, and where its images and manifest are.
func IndexLines(s Set) []string {
	var one, two, copies int
	var sizes []string
	for _, it := range s.Items {
		if it.TwoSided() {
			two++
		} else {
			one++
		}
		copies += max(it.Copies, 0)
		size := fmt.Sprintf("%gx%gmm", generator.Round2(it.W+2*Bleed), generator.Round2(it.H+2*Bleed))
		if !slices.Contains(sizes, size) {
			sizes = append(sizes, size)
		}
	}
	var what string
	switch {
	case two > 0 && one > 0:
		what = fmt.Sprintf("each two-sided piece's front followed by its back (%d two-sided, %d one-sided: fronts only)", two, one)
	case two > 0:
		what = "each front followed by its back"
	default:
		what = "one-sided: fronts only"
	}
	lines := []string{fmt.Sprintf("%s (%s), one per page of trim + 1/8 in bleed (%s; TrimBox and BleedBox set), %s: for print shops",
		generator.Plural(copies, "piece"), generator.Plural(len(s.Items), "distinct piece"), strings.Join(sizes, ", "), what)}
	images := s.Images()
	several := []string{}
	for _, im := range images {
		if !im.Back && im.Copies > 1 {
			several = append(several, fmt.Sprintf("%s x%d", path.Base(im.Path), im.Copies))
		}
	}
	line := fmt.Sprintf("%s/: 300 dpi PNGs of every side with bleed; %s lists the copies of each image to order, with its side, item, back and size with bleed in px and mm",
		s.Dir, s.ManifestPath())
	if len(several) > 0 {
		line += "; images of more than one copy: " + strings.Join(several, ", ")
	} else {
		line += "; one copy of each"
	}
	return append(lines, line)
}
