// Package tts exports a pack to Tabletop Simulator (TTS): the images of
// every component, drawn by the kinds' own renderers as they print, and
// one saved-object JSON file that Objects > Saved Objects loads with every
// component laid out on the table. The format's model is in model.go.
package tts

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/schema"
)

// Dir is the folder of the export inside a pack's kit folder.
const Dir = "tts"

// Sheet limits: faces in a grid of at most MaxCols x MaxRows, the last
// slot of a full grid being TTS's hidden-card image (so MaxFaces a
// sheet), each sheet at most MaxSheetPx a side.
const (
	MaxCols    = 10
	MaxRows    = 7
	MaxFaces   = MaxCols*MaxRows - 1
	MaxSheetPx = 8192
)

// FaceDPI is the resolution images are drawn at, lowered for a deck
// whose full sheet would exceed MaxSheetPx, and for a tile larger than
// MaxSheetPx at it.
const FaceDPI = 150

// Options say where the export goes and how its images are named.
type Options struct {
	// KitDir is the pack's kit folder; the export is written to KitDir/tts.
	KitDir string
	// URLBase, when set, is where the images will be hosted: the JSON
	// names each as URLBase/<file>. Empty: file:/// URLs of the images
	// where they are written.
	URLBase string
	// WithBase exports everything of a pack that extends another; without
	// it, an add-on's export holds what its kit prints (kit.PrintedHere).
	WithBase bool
}

// Write renders the export of p with r into opts.KitDir/tts: it is
// written into a staging folder beside it and moved into place at the
// end. It returns the files written, relative to KitDir.
func Write(ctx context.Context, r *generator.Renderer, p *schema.Pack, opts Options) (_ []string, err error) {
	ex, err := plan(r, p, opts)
	if err != nil {
		return nil, err
	}
	stage, err := os.MkdirTemp(opts.KitDir, ".tts.tmp-")
	if err != nil {
		return nil, fmt.Errorf("creating the export's staging folder: %w", err)
	}
	defer func() {
		// Once moved into place, the staging folder is gone and this is a
		// no-op.
		if rmErr := os.RemoveAll(stage); rmErr != nil {
			err = errors.Join(err, fmt.Errorf("removing the export's staging folder: %w", rmErr))
		}
	}()
	if err := ex.render(ctx, stage); err != nil {
		return nil, err
	}
	data, err := Encode(ex.save)
	if err != nil {
		return nil, err
	}
	jsonName := p.Game.ID + ".json"
	if err := os.WriteFile(filepath.Join(stage, jsonName), data, 0o644); err != nil {
		return nil, err
	}
	if err := os.Chmod(stage, 0o755); err != nil {
		return nil, err
	}
	final := filepath.Join(opts.KitDir, Dir)
	if err := os.RemoveAll(final); err != nil {
		return nil, err
	}
	if err := os.Rename(stage, final); err != nil {
		return nil, fmt.Errorf("moving the export into %s: %w", final, err)
	}
	files := []string{Dir + "/" + jsonName}
	for _, img := range ex.images {
		files = append(files, Dir+"/"+img.name)
	}
	return files, nil
}

// Encode writes a save as TTS writes its files: indented JSON.
func Encode(s *Save) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("encoding the saved object: %w", err)
	}
	return b.Bytes(), nil
}

// Decode reads a saved object, refusing fields the model does not know.
func Decode(r io.Reader) (*Save, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var s Save
	if err := dec.Decode(&s); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("data after the saved object")
	}
	return &s, nil
}

// picture is one image of the export: cells of cw x ch px in a grid of
// cols x rows, cell i drawn by cells[i] (nil: left white).
type picture struct {
	name       string
	cols, rows int
	cw, ch     int
	wmm, hmm   float64 // one cell's size in mm
	dpi        float64
	cells      []func(draw.Canvas)
}

// export is the planned export: its images and its save.
type export struct {
	r      *generator.Renderer
	images []*picture
	save   *Save
}

// render draws every image into dir, on all cores.
func (ex *export) render(ctx context.Context, dir string) error {
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	errs := make([]error, len(ex.images))
	for i, pic := range ex.images {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if ctx.Err() != nil {
				errs[i] = context.Cause(ctx)
				return
			}
			errs[i] = ex.renderPicture(filepath.Join(dir, pic.name), pic)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// renderPicture draws pic's cells and writes it as PNG to path.
func (ex *export) renderPicture(path string, pic *picture) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%s: internal error: %v", pic.name, v)
		}
	}()
	sheet := image.NewRGBA(image.Rect(0, 0, pic.cols*pic.cw, pic.rows*pic.ch))
	for i := range sheet.Pix {
		sheet.Pix[i] = 0xff
	}
	cv, err := draw.NewPNGCanvas(ex.r.Fonts, pic.wmm, pic.hmm, pic.dpi)
	if err != nil {
		return fmt.Errorf("%s: %w", pic.name, err)
	}
	for i, cell := range pic.cells {
		if cell == nil {
			continue
		}
		cv.Reset()
		cell(cv)
		src := cv.Image()
		at := image.Pt((i%pic.cols)*pic.cw, (i/pic.cols)*pic.ch)
		for y := 0; y < pic.ch; y++ {
			copy(sheet.Pix[sheet.PixOffset(at.X, at.Y+y):sheet.PixOffset(at.X+pic.cw, at.Y+y)], src.Pix[src.PixOffset(0, y):src.PixOffset(pic.cw, y)])
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	err = enc.Encode(f, sheet)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", pic.name, err)
	}
	return nil
}

// cellPx is the pixel size of a w x h mm cell at dpi, as draw.NewPNGCanvas
// makes it.
func cellPx(w, h, dpi float64) (int, int) {
	k := dpi / 25.4
	return int(math.Round(w * k)), int(math.Round(h * k))
}

// dpiFor is FaceDPI, lowered so that cols x rows cells of w x h mm stay
// within MaxSheetPx a side.
func dpiFor(w, h float64, cols, rows int) float64 {
	dpi := float64(FaceDPI)
	for {
		pw, ph := cellPx(w, h, dpi)
		if pw*cols <= MaxSheetPx && ph*rows <= MaxSheetPx {
			return dpi
		}
		dpi--
	}
}

// elements are the elements of p the export shows: every one, or of an
// add-on without withBase what its kit prints.
func elements(p *schema.Pack, withBase bool) []schema.Element {
	if withBase || !p.IsAddOn() {
		return p.Elements
	}
	var out []schema.Element
	for _, e := range p.Elements {
		if x := kit.PrintedHere(p, e); x != nil {
			out = append(out, x)
		}
	}
	return out
}

// fileURL is the URL the JSON gives the image name: under base, else the
// file where it will be once the export is in place.
func fileURL(opts Options, name string) (string, error) {
	if opts.URLBase != "" {
		return strings.TrimSuffix(opts.URLBase, "/") + "/" + url.PathEscape(name), nil
	}
	abs, err := filepath.Abs(filepath.Join(opts.KitDir, Dir, name))
	if err != nil {
		return "", err
	}
	abs = filepath.ToSlash(abs)
	if !strings.HasPrefix(abs, "/") {
		abs = "/" + abs // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: abs}).String(), nil
}

// guids hands out the objects' GUIDs: six hex digits derived from the
// pack and the object's place in the file, unique in the file.
type guids struct {
	seed string
	n    int
	used map[string]bool
}

func (g *guids) next() string {
	for {
		g.n++
		sum := sha256.Sum256([]byte(fmt.Sprintf("%s/%d", g.seed, g.n)))
		id := hex.EncodeToString(sum[:3])
		if !g.used[id] {
			g.used[id] = true
			return id
		}
	}
}

// safeName is id as a file name: letters, digits, '-' and '_'.
func safeName(id string) string {
	return strings.Map(func(r rune) rune {
		if r < 128 && (r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return r
		}
		return '_'
	}, cmp.Or(id, "x"))
}
