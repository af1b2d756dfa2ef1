package draw

import (
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io/fs"
	"math"
	"regexp"
	"slices"
	"strconv"
	"sync"

	"codeberg.org/go-pdf/fpdf"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// Image boxes (template boxes of type image) show a picture of the pack:
// its file: or the path a card's field: holds, placed in the box by its fit:
// (contain, cover or stretch). validate loads every picture a pack names
// with schema.LoadImage, as the build does here, so the build never fails
// on one validate accepted.
//
// In a PDF each picture is embedded once, however many cards show it: fpdf
// registers it by name in the document, and a card drawn as a form
// XObject (a template) finds it there (PDF.Template registers the pictures
// a template shows before it records it). A picture is embedded as the
// file when it is a JPEG PDF reads as is, else as a plain 8-bit PNG
// (interlaced, 16-bit, paletted PNGs and CMYK JPEGs are decoded and encoded
// again). The grey variant and an opacity below 1 are baked into the
// embedded picture. PNG output draws pictures scaled with a Catmull-Rom
// filter, cached per size.

// Bounds on the memory the store keeps: pictures scaled for PNG output are
// cached up to tileBudget bytes (more are scaled again when drawn), and at
// most decodeSlots pictures are decoded at once.
const (
	tileBudget  = 128 << 20
	decodeSlots = 2
	// maxTilePixels bounds one scaled picture (the largest PNG canvas).
	maxTilePixels = 40_000_000
)

// ImageStore loads the pictures of one pack for drawing, each once, and
// keeps what drawing them needs. It is safe for concurrent use.
type ImageStore struct {
	fsys fs.FS

	mu        sync.Mutex
	entries   map[string]*storedImage
	tiles     map[tileKey]*image.RGBA
	tileBytes int
	decoding  chan struct{}
}

// NewImageStore returns a store reading pictures from a pack's files.
func NewImageStore(fsys fs.FS) *ImageStore {
	return &ImageStore{fsys: fsys, entries: map[string]*storedImage{},
		tiles: map[tileKey]*image.RGBA{}, decoding: make(chan struct{}, decodeSlots)}
}

// get returns the picture at a path as a pack writes it. A nil store (a
// renderer not made by ForPack) knows no pictures: drawing one fails.
func (s *ImageStore) get(p string) *storedImage {
	if s == nil {
		return &storedImage{path: p, loaded: true,
			err: fmt.Errorf("image %s: the renderer was not made for the pack (Renderer.ForPack)", p)}
	}
	key := p
	if clean, err := schema.CleanImagePath(p); err == nil {
		key = clean
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	im, ok := s.entries[key]
	if !ok {
		im = &storedImage{store: s, path: key, forms: map[imageVariant]*pdfForm{}}
		s.entries[key] = im
	}
	return im
}

// Load reads the picture at path p (the checks validate makes), for a
// renderer that must know before drawing that it loads.
func (s *ImageStore) Load(p string) (*schema.Image, error) { return s.get(p).load() }

// decode decodes a picture, at most decodeSlots at once.
func (s *ImageStore) decode(im *schema.Image) (image.Image, error) {
	s.decoding <- struct{}{}
	defer func() { <-s.decoding }()
	return im.Decode()
}

// storedImage is one picture of the store: its file read and checked on
// first use, and the forms a PDF embeds, by variant.
type storedImage struct {
	store *ImageStore
	path  string

	mu     sync.Mutex
	loaded bool
	img    *schema.Image
	err    error
	forms  map[imageVariant]*pdfForm
}

// load reads the picture once: the checks validate makes (schema.ReadImage;
// the pixels decode where they are used).
func (im *storedImage) load() (*schema.Image, error) {
	im.mu.Lock()
	defer im.mu.Unlock()
	if !im.loaded {
		im.loaded = true
		im.img, im.err = schema.ReadImage(im.store.fsys, im.path)
	}
	return im.img, im.err
}

// imageVariant is how a picture is printed: grey or in colour, in
// process colour (PDFInfo.CMYK) or not, and with what opacity (1 is
// opaque).
type imageVariant struct {
	gray  bool
	cmyk  bool
	alpha float64
}

// suffix tells variants apart in the names fpdf registers pictures by.
func (v imageVariant) suffix() string {
	s := ""
	if v.gray {
		s += "#gray"
	}
	if v.cmyk {
		s += "#cmyk"
	}
	if v.alpha < 1 {
		s += "#alpha" + strconv.FormatFloat(v.alpha, 'f', -1, 64)
	}
	return s
}

// picture is a picture of the store in one variant, as canvases draw it.
type picture struct {
	img     *storedImage
	variant imageVariant
	// at is where the pack names the picture (file:line:col), for errors
	// about this use of it; "" when unknown.
	at string
}

// name is what fpdf registers the picture by.
func (p picture) name() string { return "runforge-image:" + p.img.path + p.variant.suffix() }

// imageCanvas is a canvas that draws pictures: pic scaled to fill dst,
// showing only what lies inside clip.
type imageCanvas interface {
	placeImage(pic picture, dst, clip layout.Rect)
}

// DrawImage draws the picture at path p of the store with opacity alpha,
// fit into box by fit ("contain", "cover" or "stretch"; see fitRect) and
// clipped to it. at is where the pack names the picture (file:line:col),
// which errors about this use of it start with. Canvases that draw no
// pictures leave it out.
func DrawImage(c Canvas, s *ImageStore, p string, alpha float64, box layout.Rect, fit, at string) {
	ic, ok := c.(imageCanvas)
	if !ok {
		return
	}
	pic := picture{img: s.get(p), variant: imageVariant{alpha: alpha}, at: at}
	dst := box
	if img, err := pic.img.load(); err == nil {
		dst = fitRect(box, img.Width, img.Height, fit)
	}
	ic.placeImage(pic, dst, box)
}

// fitRect is where a w x h pixel picture goes for a box: the whole picture
// centred inside it (contain), the box filled and the picture centred on it
// (cover; the box clips it), or the box itself (stretch).
func fitRect(box layout.Rect, w, h int, fit string) layout.Rect {
	if fit == "stretch" || w <= 0 || h <= 0 {
		return box
	}
	sx, sy := box.W/float64(w), box.H/float64(h)
	s := min(sx, sy)
	if fit == "cover" {
		s = max(sx, sy)
	}
	iw, ih := float64(w)*s, float64(h)*s
	return layout.Rect{X: box.X + (box.W-iw)/2, Y: box.Y + (box.H-ih)/2, W: iw, H: ih}
}

// intersect is the part of a inside b.
func intersect(a, b layout.Rect) (layout.Rect, bool) {
	x0, y0 := max(a.X, b.X), max(a.Y, b.Y)
	x1, y1 := min(a.Right(), b.Right()), min(a.Bottom(), b.Bottom())
	if x1 <= x0 || y1 <= y0 {
		return layout.Rect{}, false
	}
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, true
}

// within reports whether a lies inside b (to a micrometre).
func within(a, b layout.Rect) bool {
	const eps = 1e-3
	return a.X >= b.X-eps && a.Y >= b.Y-eps && a.Right() <= b.Right()+eps && a.Bottom() <= b.Bottom()+eps
}

// ---- PDF ----

// pdfForm is a picture as a PDF embeds it: the bytes fpdf reads and their
// type ("jpg" or "png"), or for type "cmyk" the 8-bit C, M, Y and K of
// each of its w x h pixels.
type pdfForm struct {
	typ  string
	data []byte
	w, h int
}

// pdfForm returns the picture's form for a variant, made once: the file
// itself for a JPEG PDF reads as is, else the pixels decoded and encoded
// as a plain 8-bit PNG (grey, or with an alpha channel only when needed).
func (im *storedImage) pdfForm(v imageVariant) (*pdfForm, error) {
	img, err := im.load()
	if err != nil {
		return nil, err
	}
	im.mu.Lock()
	f, ok := im.forms[v]
	im.mu.Unlock()
	if ok {
		return f, nil
	}
	switch {
	case v.cmyk:
		if v.alpha < 1 {
			return nil, fmt.Errorf("image %s: its box has opacity %g: a --cmyk print has no transparency (PDF/X-1a forbids it); "+
				"drop opacity: or build without --cmyk", img.Path, v.alpha)
		}
		m, err := im.store.decode(img)
		if err != nil {
			return nil, err
		}
		if !opaque(m) {
			return nil, fmt.Errorf("image %s has transparent pixels: a --cmyk print has no transparency (PDF/X-1a forbids it); "+
				"flatten the picture onto an opaque background in an image editor, or build without --cmyk", img.Path)
		}
		f = cmykForm(m, v.gray)
	case v == (imageVariant{alpha: 1}) && img.PassThrough():
		f = &pdfForm{typ: "jpg", data: img.Data}
	default:
		m, err := im.store.decode(img)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if err := png.Encode(&b, flatten(m, v)); err != nil {
			return nil, fmt.Errorf("image %s: encoding it for the PDF: %w", img.Path, err)
		}
		f = &pdfForm{typ: "png", data: b.Bytes()}
	}
	im.mu.Lock()
	defer im.mu.Unlock()
	if prev, ok := im.forms[v]; ok {
		return prev, nil
	}
	im.forms[v] = f
	return f, nil
}

// registerImage registers a picture in a document (or a template) under
// its name, unless it is there already, and returns the name.
func registerImage(f *fpdf.Fpdf, pic picture) (string, error) {
	name := pic.name()
	if f.GetImageInfo(name) != nil {
		return name, nil
	}
	form, err := pic.img.pdfForm(pic.variant)
	if err != nil {
		if pic.at != "" {
			err = fmt.Errorf("%s: %w", pic.at, err)
		}
		return "", err
	}
	if form.typ == "cmyk" {
		f.RegisterImageCMYK(name, form.w, form.h, form.data)
	} else {
		f.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: form.typ}, bytes.NewReader(form.data))
	}
	if err := f.Error(); err != nil {
		return "", fmt.Errorf("image %s: %w", pic.img.path, err)
	}
	return name, nil
}

// registerImages registers pictures in the document before a template
// that shows them is recorded: the template then finds each under its name
// and the document embeds it once. (A picture a template registered itself
// would be a second copy, which fpdf leaves without an object.)
func (d *PDF) registerImages(pics []picture) {
	for _, pic := range pics {
		pic.variant.cmyk = d.cmyk
		if _, err := registerImage(d.f, pic); err != nil {
			d.f.SetError(err)
			return
		}
	}
}

// placeImage implements imageCanvas: the picture placed at dst and clipped
// to clip when it reaches beyond.
func (c *PDFCanvas) placeImage(pic picture, dst, clip layout.Rect) {
	if po, ok := c.obs.(PictureObserver); ok {
		po.Picture(dst, clip)
	}
	pic.variant.cmyk = c.cmyk
	name, err := registerImage(c.f, pic)
	if err != nil {
		c.f.SetError(err)
		return
	}
	crop := !within(dst, clip)
	if crop {
		c.Push()
		c.ClipRect(clip.X, clip.Y, clip.W, clip.H)
	}
	c.f.ImageOptions(name, dst.X, dst.Y, dst.W, dst.H, false, fpdf.ImageOptions{AllowNegativePosition: true}, 0, "")
	if crop {
		c.Pop()
	}
}

// placeImage implements imageCanvas: the probe notes the pictures a
// template shows, for PDF.Template to register first.
func (p *fontProbe) placeImage(pic picture, dst, clip layout.Rect) {
	p.images = append(p.images, pic)
}

// flatten is a decoded picture as a PDF embeds it: *image.Gray when it is
// opaque and grey (or printed grey), else *image.NRGBA, in the variant.
// Grey is the luminance Color.Gray uses.
func flatten(m image.Image, v imageVariant) image.Image {
	if opaque(m) && v.alpha >= 1 && (v.gray || isGrayModel(m.ColorModel())) {
		return toGray(m)
	}
	n := toNRGBA(m)
	a := alpha8(v.alpha)
	for i := 0; i < len(n.Pix); i += 4 {
		p := n.Pix[i : i+4 : i+4]
		if v.gray {
			y := luminance(p[0], p[1], p[2])
			p[0], p[1], p[2] = y, y, y
		}
		if a < 255 {
			p[3] = uint8((int(p[3])*a + 127) / 255)
		}
	}
	return n
}

// cmykForm is an opaque picture in process colour: each pixel converted
// by CMYKRule (grey first in the grey variant, which then prints in black
// ink alone).
func cmykForm(m image.Image, gray bool) *pdfForm {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	pix := make([]byte, 0, 4*w*h)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(m.At(x, y)).(color.NRGBA)
			col := Color{c.R, c.G, c.B}
			if gray {
				col = col.Gray()
			}
			k := CMYKRule(col)
			pix = append(pix, k.C, k.M, k.Y, k.K)
		}
	}
	return &pdfForm{typ: "cmyk", data: pix, w: w, h: h}
}

// opaque reports whether a decoded picture has no transparent pixel.
func opaque(m image.Image) bool {
	o, ok := m.(interface{ Opaque() bool })
	return ok && o.Opaque()
}

func isGrayModel(cm color.Model) bool { return cm == color.GrayModel || cm == color.Gray16Model }

// luminance is the grey of an RGB colour, as Color.Gray computes it.
func luminance(r, g, b uint8) uint8 {
	return uint8((299*int(r) + 587*int(g) + 114*int(b)) / 1000)
}

// alpha8 is an opacity as an 8-bit alpha.
func alpha8(a float64) int { return int(math.Round(min(max(a, 0), 1) * 255)) }

// toGray converts an opaque picture to 8-bit grey.
func toGray(m image.Image) *image.Gray {
	if g, ok := m.(*image.Gray); ok {
		return g
	}
	b := m.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := g.Pix[(y-b.Min.Y)*g.Stride:]
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(m.At(x, y)).(color.NRGBA)
			row[x-b.Min.X] = luminance(c.R, c.G, c.B)
		}
	}
	return g
}

// toNRGBA converts a picture to 8-bit non-premultiplied RGBA, which the
// caller may change (a decoded *image.NRGBA is returned as it is).
func toNRGBA(m image.Image) *image.NRGBA {
	if n, ok := m.(*image.NRGBA); ok && n.Rect.Min == (image.Point{}) {
		return n
	}
	b := m.Bounds()
	n := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			n.SetNRGBA(x-b.Min.X, y-b.Min.Y, color.NRGBAModel.Convert(m.At(x, y)).(color.NRGBA))
		}
	}
	return n
}

// imageName finds the references to pictures in resource dictionaries:
// /I<fpdf's SHA-1 of the picture> N 0 R.
var imageName = regexp.MustCompile(`/I([0-9a-f]{40}) (\d+) 0 R`)

// objectRef is an indirect reference, N 0 R.
var objectRef = regexp.MustCompile(`\b(\d+) 0 R\b`)

// xobjectDict is the XObject dictionary of a resource dictionary, one
// entry a line.
var xobjectDict = regexp.MustCompile(`/XObject <<\n((?:/\S+ \d+ 0 R\n)*)>>`)

// imageGroup is a picture's objects in fpdf's output: the image and its
// soft mask, if any.
type imageGroup struct {
	hash string
	objs []*pdfObject
}

// sortImageObjects makes fpdf's output of a document with pictures depend
// on the pictures alone. fpdf writes pictures sorted by width, in map order
// among pictures of one width, and lists those a template shows in map
// order too, so identical input could give other bytes. Here the pictures
// are put in the order of their SHA-1 (fpdf's name for them) and numbered
// again, and the XObject entries of every resource dictionary are sorted.
// A document without pictures is returned as it is.
func sortImageObjects(raw []byte) ([]byte, error) {
	if !bytes.Contains(raw, []byte("/Subtype /Image")) {
		return raw, nil
	}
	objs, x, _, err := splitPDF(raw)
	if err != nil {
		return nil, err
	}
	groups, first, err := imageGroups(objs)
	if err != nil || len(groups) == 0 {
		return raw, err
	}
	slices.SortStableFunc(groups, func(a, b imageGroup) int { return cmp.Compare(a.hash, b.hash) })
	renumber := map[int]int{}
	var run []*pdfObject
	for _, g := range groups {
		for _, o := range g.objs {
			renumber[o.num] = first.num + len(run)
			run = append(run, o)
		}
	}
	var out bytes.Buffer
	out.Grow(len(raw))
	out.Write(raw[:objs[0].startOld])
	offsets := make([]int, x.size)
	emit := func(o *pdfObject) {
		num := renumber[o.num]
		if num == 0 {
			num = o.num
		}
		offsets[num] = out.Len()
		head := len(strconv.Itoa(o.num) + " 0 obj")
		out.WriteString(strconv.Itoa(num) + " 0 obj")
		out.Write(renumberDict(o.data[head:o.dictEnd], renumber))
		out.Write(o.data[o.dictEnd:])
	}
	for _, o := range objs {
		switch {
		case o == first:
			for _, r := range run {
				emit(r)
			}
		case renumber[o.num] == 0:
			emit(o)
		}
	}
	start := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", x.size)
	for n := 1; n < x.size; n++ {
		fmt.Fprintf(&out, "%010d 00000 n \n", offsets[n])
	}
	out.Write(x.trailer)
	fmt.Fprintf(&out, "startxref\n%d\n%%%%EOF\n", start)
	return out.Bytes(), nil
}

// renumberDict rewrites the references of a dictionary to renumbered
// objects, and sorts the entries of its XObject dictionaries.
func renumberDict(dict []byte, renumber map[int]int) []byte {
	dict = objectRef.ReplaceAllFunc(dict, func(ref []byte) []byte {
		n, err := strconv.Atoi(string(ref[:bytes.IndexByte(ref, ' ')]))
		if err != nil {
			return ref // no object number: none is renumbered
		}
		if m, ok := renumber[n]; ok {
			return []byte(strconv.Itoa(m) + " 0 R")
		}
		return ref
	})
	return xobjectDict.ReplaceAllFunc(dict, func(d []byte) []byte {
		body := xobjectDict.FindSubmatch(d)[1]
		lines := bytes.SplitAfter(body, []byte("\n"))
		slices.SortFunc(lines, bytes.Compare)
		return slices.Concat([]byte("/XObject <<\n"), bytes.Join(lines, nil), []byte(">>"))
	})
}

// imageGroups finds the pictures of fpdf's output, which it writes one
// after the other: each image referenced by name from a resource
// dictionary, with the soft mask written right after it. first is the
// first of their objects in the file.
func imageGroups(objs []*pdfObject) (groups []imageGroup, first *pdfObject, err error) {
	hashOf := map[int]string{}
	for _, o := range objs {
		for _, m := range imageName.FindAllSubmatch(o.data[:o.dictEnd], -1) {
			n, err := strconv.Atoi(string(m[2]))
			if err != nil {
				return nil, nil, fmt.Errorf("image object number %q: %w", m[2], err)
			}
			hashOf[n] = string(m[1])
		}
	}
	for i := 0; i < len(objs); i++ {
		o := objs[i]
		h, ok := hashOf[o.num]
		if !ok {
			continue
		}
		dict := o.data[:o.dictEnd]
		if !bytes.Contains(dict, []byte("/Subtype /Image")) || bytes.Contains(dict, []byte("/Indexed")) {
			return nil, nil, fmt.Errorf("object %d is not an image fpdf wrote", o.num)
		}
		g := imageGroup{hash: h, objs: []*pdfObject{o}}
		if bytes.Contains(dict, []byte("/SMask ")) {
			if i+1 >= len(objs) || objs[i+1].num != o.num+1 {
				return nil, nil, fmt.Errorf("image %d: no soft mask after it", o.num)
			}
			i++
			g.objs = append(g.objs, objs[i])
		}
		if first == nil {
			first = o
		} else if last := groups[len(groups)-1].objs; last[len(last)-1].num+1 != o.num {
			return nil, nil, fmt.Errorf("image %d: the images are not written one after the other", o.num)
		}
		groups = append(groups, g)
	}
	return groups, first, nil
}

// ---- PNG ----

// tileKey names a picture scaled for PNG output: the part src of it, in
// its pixels, scaled to w x h in a variant.
type tileKey struct {
	path    string
	variant imageVariant
	src     image.Rectangle
	w, h    int
}

// tile returns the part src of the picture scaled to w x h pixels in a
// variant, premultiplied, cached while the cache has room.
func (im *storedImage) tile(v imageVariant, src image.Rectangle, w, h int) (*image.RGBA, error) {
	img, err := im.load()
	if err != nil {
		return nil, err
	}
	s := im.store
	key := tileKey{path: im.path, variant: v, src: src, w: w, h: h}
	s.mu.Lock()
	t, ok := s.tiles[key]
	s.mu.Unlock()
	if ok {
		return t, nil
	}
	m, err := s.decode(img)
	if err != nil {
		return nil, err
	}
	t = image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(t, t.Bounds(), m, src.Add(m.Bounds().Min), xdraw.Src, nil)
	tint(t, v)
	s.mu.Lock()
	defer s.mu.Unlock()
	if prev, ok := s.tiles[key]; ok {
		return prev, nil
	}
	if size := len(t.Pix); s.tileBytes+size <= tileBudget {
		s.tiles[key] = t
		s.tileBytes += size
	}
	return t, nil
}

// tint applies a variant to premultiplied pixels.
func tint(t *image.RGBA, v imageVariant) {
	a := alpha8(v.alpha)
	if !v.gray && a == 255 {
		return
	}
	for i := 0; i < len(t.Pix); i += 4 {
		p := t.Pix[i : i+4 : i+4]
		if v.gray {
			y := luminance(p[0], p[1], p[2])
			p[0], p[1], p[2] = y, y, y
		}
		if a < 255 {
			for j := range p {
				p[j] = uint8((int(p[j])*a + 127) / 255)
			}
		}
	}
}

// sourceRect is the part of a w x h picture drawn at dst that shows in
// vis, in the picture's pixels (at least one).
func sourceRect(vis, dst layout.Rect, w, h int) image.Rectangle {
	fx, fy := float64(w)/dst.W, float64(h)/dst.H
	x0 := int(math.Round((vis.X - dst.X) * fx))
	y0 := int(math.Round((vis.Y - dst.Y) * fy))
	x1 := int(math.Round((vis.Right() - dst.X) * fx))
	y1 := int(math.Round((vis.Bottom() - dst.Y) * fy))
	x0, y0 = min(max(x0, 0), w-1), min(max(y0, 0), h-1)
	x1, y1 = min(max(x1, x0+1), w), min(max(y1, y0+1), h)
	return image.Rect(x0, y0, x1, y1)
}

// placeImage implements imageCanvas: the visible part of the picture is
// scaled to its size in pixels and composited, through the clip; a
// rotated canvas maps it with a bilinear transform.
func (c *PNGCanvas) placeImage(pic picture, dst, clip layout.Rect) {
	vis, ok := intersect(dst, clip)
	if !ok {
		return
	}
	k := c.scale
	ox, oy := c.dc.TransformPoint(vis.X*k, vis.Y*k)
	ux, uy := c.dc.TransformPoint(vis.Right()*k, vis.Y*k)
	vx, vy := c.dc.TransformPoint(vis.X*k, vis.Bottom()*k)
	pw := int(math.Round(math.Hypot(ux-ox, uy-oy)))
	ph := int(math.Round(math.Hypot(vx-ox, vy-oy)))
	if pw < 1 || ph < 1 || pw*ph > maxTilePixels {
		return
	}
	img, err := pic.img.load()
	var t *image.RGBA
	if err == nil {
		t, err = pic.img.tile(pic.variant, sourceRect(vis, dst, img.Width, img.Height), pw, ph)
	}
	if err != nil {
		c.brokenImage(vis)
		return
	}
	if !c.rotated {
		x, y := int(math.Round(ox)), int(math.Round(oy))
		r := image.Rect(x, y, x+pw, y+ph)
		if c.clip != nil {
			draw.DrawMask(c.Image(), r, t, image.Point{}, c.clip, r.Min, draw.Over)
		} else {
			draw.Draw(c.Image(), r, t, image.Point{}, draw.Over)
		}
		return
	}
	s2d := f64.Aff3{(ux - ox) / float64(pw), (vx - ox) / float64(ph), ox, (uy - oy) / float64(pw), (vy - oy) / float64(ph), oy}
	opts := &xdraw.Options{}
	if c.clip != nil {
		opts.DstMask = c.clip
	}
	xdraw.BiLinear.Transform(c.Image(), s2d, t, t.Bounds(), xdraw.Over, opts)
}

// brokenImage marks where a picture that cannot be drawn would be: a grey
// box crossed out. (validate refuses such pictures before a build.)
func (c *PNGCanvas) brokenImage(r layout.Rect) {
	grey := Color{0xc0, 0xc0, 0xc0}
	c.Rect(r.X, r.Y, r.W, r.H, 0, Style{Fill: &grey})
	c.Line(r.X, r.Y, r.Right(), r.Bottom(), Black, 0.3)
	c.Line(r.X, r.Bottom(), r.Right(), r.Y, Black, 0.3)
}

// ---- wrappers ----

// placeImage implements imageCanvas: the picture is printed grey.
func (g grayCanvas) placeImage(pic picture, dst, clip layout.Rect) {
	if ic, ok := g.Canvas.(imageCanvas); ok {
		pic.variant.gray = true
		ic.placeImage(pic, dst, clip)
	}
}

// placeImage implements imageCanvas for a miniature.
func (k scaledCanvas) placeImage(pic picture, dst, clip layout.Rect) {
	if ic, ok := k.c.(imageCanvas); ok {
		scale := func(r layout.Rect) layout.Rect {
			return layout.Rect{X: k.x(r.X), Y: k.y(r.Y), W: r.W * k.s, H: r.H * k.s}
		}
		ic.placeImage(pic, scale(dst), scale(clip))
	}
}

// placeImage implements imageCanvas: it logs the picture, where it goes
// and the clip.
func (r *Recorder) placeImage(pic picture, dst, clip layout.Rect) {
	r.Logf("image %s%s %.2f %.2f %.2f %.2f clip %.2f %.2f %.2f %.2f", pic.img.path, pic.variant.suffix(),
		dst.X, dst.Y, dst.W, dst.H, clip.X, clip.Y, clip.W, clip.H)
}
