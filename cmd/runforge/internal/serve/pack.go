package serve

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/deck"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/check"
)

// schemaPack is a loaded pack.
type schemaPack = schema.Pack

// previewDPI is the resolution of the images the page draws itself (a
// deck's back, the pages of a sheet or a board): that of the build's card
// previews, 250 x 350 px for a poker card.
const previewDPI = 100

// pack builds one pack and makes its view. When it does not build (it
// does not load, an error stops its build, the build fails), its last good
// view is shown with the new findings, and the problem says why.
func (s *Server) pack(ctx context.Context, res check.Result) (*packState, *problem) {
	name := res.Target.Name
	p := res.Pack
	bo := s.o.Build
	bo.AllowOverflow = true // the page shows clipped text, with its finding
	gate := validate.AllowBlocked(res.Diags, bo.Registry)
	errs, _ := validate.Count(gate)
	why := ""
	switch {
	case p == nil || p.Game == nil:
		why = "the pack does not load"
	case errs > 0:
		why = fmt.Sprintf("not built: fix the %s below first", plural(errs, "error"))
	}
	if why == "" {
		start := time.Now()
		arts, err := kitbuildPack(ctx, s, res, bo)
		s.timing.build += time.Since(start)
		if err == nil {
			start = time.Now()
			st, err := s.view(ctx, res, arts)
			s.timing.page += time.Since(start)
			if err == nil {
				s.last[name] = st
				return st, nil
			}
			why = err.Error()
		} else {
			why = err.Error()
		}
	}
	prob := &problem{Pack: name, Text: why}
	for _, d := range res.Diags {
		if d.Severity == validate.Error {
			prob.Diags = append(prob.Diags, viewOf(d))
		}
	}
	old := s.last[name]
	if old == nil {
		v := &packView{ID: name, Title: name, Name: name, Stale: true}
		v.Errors, v.Warnings = validate.Count(res.Diags)
		for _, d := range res.Diags {
			v.Loose = append(v.Loose, viewOf(d))
		}
		return &packState{view: v, files: map[string]servedFile{}}, prob
	}
	v := old.view.withFindings(p, res.Diags)
	v.Stale = true
	files := make(map[string]servedFile, len(old.files))
	for u, f := range old.files {
		files[u] = f
	}
	if p != nil && p.Game != nil {
		s.markFindings(p, v, files)
	}
	return &packState{view: v, files: files}, prob
}

// view makes the view of a pack its build just wrote.
func (s *Server) view(ctx context.Context, res check.Result, arts []generator.Artifact) (*packState, error) {
	p := res.Pack
	id := p.Game.ID
	out := s.o.Build.Out
	st := &packState{files: map[string]servedFile{}}
	built := map[string]string{} // kit path -> URL with its version
	for _, a := range arts {
		disk := kitPath(out, id, a.Path)
		u := kitURL(id, a.Path)
		st.files[u] = servedFile{disk: disk}
		if isPreview(a.Path) {
			v, err := hashFile(disk)
			if err != nil {
				return nil, fmt.Errorf("reading the kit: %w", err)
			}
			built[a.Path] = u + "?v=" + v
		}
	}
	eff, err := s.o.Build.Resolve(p, s.o.Build.Created)
	if err != nil {
		return nil, err
	}
	pr, err := s.r.ForPack(p)
	if err != nil {
		return nil, err
	}
	pr = pr.WithOptions(eff.InkSaver, eff.Grayscale).WithCMYK(eff.CMYK)
	// The pack as its kit prints it: of an add-on only what it adds or
	// changes, and pieces ganged onto shared sheets. The links to the
	// kit's PDFs and their pages are those of this pack.
	printed := map[string]schema.Element{}
	pp := kit.AsPrinted(pr, p, generator.BuildOptions{Print: eff.Print, WithBase: s.o.Build.WithBase})
	for _, e := range pp.Elements {
		printed[e.ElementID()] = e
	}
	v := &packView{ID: id, Title: p.Game.Title, Name: res.Target.Name}
	if e := validate.Explain(p, s.o.Explain); e != nil {
		v.Explain = e.String()
	}
	for _, e := range p.Elements {
		key := elementKey(e)
		if d, ok := e.(*schema.Deck); ok {
			dv := &deckView{Key: key, ID: d.ID, Name: nameOr(d.Name, d.ID), Total: d.Total()}
			for _, c := range d.Cards {
				text := cardText(c)
				dv.Cards = append(dv.Cards, &itemView{
					Key: key + "/" + c.ID, ID: c.ID, Name: c.Str("name"), Text: text, Copies: c.Count,
					Image: built[fmt.Sprintf("preview/%s/%s.png", d.ID, c.ID)], Search: searchText(c.ID, c.Str("name"), text),
				})
			}
			if u, img := s.back(pr, p, d, id); u != "" {
				dv.Back = u
				st.files[strings.SplitN(u, "?", 2)[0]] = servedFile{page: img}
			}
			v.Decks = append(v.Decks, dv)
			continue
		}
		f := e.Facts()
		ev := &elementView{Key: key, Kind: s.noun(p, e), ID: e.ElementID(), Name: nameOr(f.Name, e.ElementID())}
		ev.Search = searchText(e.ElementID(), f.Name, ev.Kind)
		for _, it := range itemsOf(e) {
			ev.Items = append(ev.Items, &itemView{
				Key: key + "/" + it.id, ID: it.id, Name: it.id, Copies: 1,
				Image: built[fmt.Sprintf("preview/%s/%s.png", e.ElementID(), it.id)], Search: searchText(it.id),
			})
		}
		if !hasImages(ev.Items) {
			ev.Images = previewsOf(built, e)
		}
		if len(ev.Images) == 0 && !hasImages(ev.Items) {
			version := kitVersion(out, id, key, e, arts)
			pages := s.drawnPages(version)
			if pages == nil {
				if pages, err = s.pages(ctx, pr, p, e, generator.BuildOptions{Print: eff.Print}); err != nil {
					return nil, err
				}
				s.remember(version, pages)
			}
			for i, pg := range pages {
				u := fmt.Sprintf("/img/%s/%s-%d.svg", id, key, i+1)
				st.files[u] = servedFile{page: pg}
				ev.Images = append(ev.Images, u+"?v="+pg.version)
			}
		}
		if pe, ok := printed[e.ElementID()]; ok {
			ev.Files = s.filesOf(pp, pe, arts, eff.Print)
		}
		if v.Explain != "" {
			ev.Explain = explainFor(v.Explain, e)
		}
		v.Elements = append(v.Elements, ev)
	}
	v.attachAnalyses(p)
	v.place(p, res.Diags)
	s.markFindings(p, v, st.files)
	return &packState{view: v, files: st.files}, nil
}

// analysisKinds are the kinds of element a section of the --explain text
// about no one element concerns, by a word of its heading: the dice odds
// are about the dice, the board simulation about the tiles.
var analysisKinds = map[string]string{"odds": "Dice", "simulation": "TileSet"}

// attachAnalyses puts the sections of the pack's --explain text that name
// no element on the elements they concern (analysisKinds).
func (v *packView) attachAnalyses(p *schema.Pack) {
	if v.Explain == "" {
		return
	}
	byKey := map[string]*elementView{}
	for _, ev := range v.Elements {
		byKey[ev.Key] = ev
	}
	for _, sec := range sections(v.Explain) {
		head := strings.TrimSpace(sec[:strings.IndexByte(sec+"\n", '\n')])
		claimed := false
		for _, ev := range v.Elements {
			if strings.Contains(ev.Explain, sec) {
				claimed = true
			}
		}
		if claimed {
			continue
		}
		for word, kind := range analysisKinds {
			if !strings.Contains(head, word) {
				continue
			}
			for _, e := range p.Elements {
				if ev := byKey[elementKey(e)]; ev != nil && e.Kind() == kind {
					ev.Explain += sec
				}
			}
		}
	}
}

// hasImages reports whether any of the pieces has an image of its own.
func hasImages(items []*itemView) bool {
	for _, it := range items {
		if it.Image != "" {
			return true
		}
	}
	return false
}

// previewsOf are the build's previews of a whole element: its own
// (preview/<id>.png, a RUN map), else that of the file it prints on
// (preview/tokens.png for a token set). A deck's contact sheets are not
// shown: its cards are.
func previewsOf(built map[string]string, e schema.Element) []string {
	if u := built["preview/"+e.ElementID()+".png"]; u != "" {
		return []string{u}
	}
	var out []string
	for _, o := range e.Facts().Outputs {
		if u := built["preview/"+strings.TrimSuffix(o, ".pdf")+".png"]; u != "" {
			out = append(out, u)
		}
	}
	return out
}

// filesOf are the kit's PDFs that print an element: its own, and the
// pages of the kit's shared files that hold it (figures.pdf, maps.pdf).
func (s *Server) filesOf(p *schema.Pack, e schema.Element, arts []generator.Artifact, opts generator.PrintOptions) []kitLink {
	written := map[string]bool{}
	for _, a := range arts {
		written[a.Path] = true
	}
	id := p.Game.ID
	var out []kitLink
	for _, o := range e.Facts().Outputs {
		if written[o] && strings.HasSuffix(o, ".pdf") {
			out = append(out, kitLink{URL: kitURL(id, o), Name: o})
		}
	}
	for _, g := range s.r.Games() {
		for _, ko := range g.KitOutputs {
			if ko.Pages == nil || !written[ko.Path] {
				continue
			}
			first, last, ok := generator.PageSpan(ko.Pages(p, e, opts))
			if !ok {
				continue
			}
			name := fmt.Sprintf("%s, page %d", ko.Path, first)
			if last > first {
				name = fmt.Sprintf("%s, pages %d-%d", ko.Path, first, last)
			}
			out = append(out, kitLink{URL: kitURL(id, ko.Path), Name: name})
		}
	}
	return out
}

// noun names an element's kind for the page.
func (s *Server) noun(p *schema.Pack, e schema.Element) string {
	if reg := p.Registry(); reg != nil {
		return reg.KindNoun(e)
	}
	return e.Kind()
}

// back draws a deck's back (with its first card's fields, for a back
// that shows some) and returns its URL.
func (s *Server) back(pr *generator.Renderer, p *schema.Pack, d *schema.Deck, id string) (string, *pageImage) {
	faceID, backID := d.Sides()
	if backID == "" {
		return "", nil
	}
	_, bt, _, err := deck.Sides(p, d, faceID, backID)
	if err != nil || bt == nil {
		return "", nil
	}
	card := &schema.Card{Deck: d}
	if len(d.Cards) > 0 {
		card = d.Cards[0]
	}
	var buf bytes.Buffer
	if err := pr.WriteCardPreview(&buf, bt, generator.NewCardData(p, d, card), previewDPI); err != nil {
		return "", nil
	}
	img := &pageImage{body: buf.Bytes(), version: shortHash(buf.Bytes())}
	return fmt.Sprintf("/img/%s/deck-%s-back.png?v=%s", id, d.ID, img.version), img
}

// pages draws the pages an element prints as SVG, as its kind's renderer
// writes them into a PDF of the element's own. Its version is the hash of
// that PDF.
func (s *Server) pages(ctx context.Context, pr *generator.Renderer, p *schema.Pack, e schema.Element, opts generator.BuildOptions) (_ []*pageImage, err error) {
	kr, _ := pr.KindOf(e.Kind())
	type doc struct {
		title string
		pages []*pageImage
	}
	var mu sync.Mutex
	var docs []*doc
	obs := pr.Observed(func(title string, w, h float64) draw.Canvas {
		c := newSVGCanvas(pr.Fonts, w, h)
		mu.Lock()
		defer mu.Unlock()
		var d *doc
		for _, x := range docs {
			if x.title == title {
				d = x
			}
		}
		if d == nil {
			d = &doc{title: title}
			docs = append(docs, d)
		}
		d.pages = append(d.pages, &pageImage{svg: true, canvas: c})
		return c
	})
	jobs := kr.Jobs(obs, p, e, opts)
	if len(jobs) == 0 {
		return s.sharedPages(obs, p, e, opts.Print, func() []*pageImage {
			mu.Lock()
			defer mu.Unlock()
			var out []*pageImage
			for _, d := range docs {
				out = append(out, d.pages...)
			}
			return out
		})
	}
	stage, err := os.MkdirTemp("", "runforge-serve-")
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, os.RemoveAll(stage)) }()
	arts, err := generator.RunJobs(ctx, stage, jobs)
	if err != nil {
		return nil, fmt.Errorf("drawing %s: %w", e.ElementID(), err)
	}
	sort.Slice(arts, func(i, j int) bool { return arts[i].Path < arts[j].Path })
	h := sha256.New()
	for _, a := range arts {
		b, err := os.ReadFile(kitPath(stage, "", a.Path))
		if err != nil {
			return nil, err
		}
		h.Write(b)
	}
	version := hex.EncodeToString(h.Sum(nil)[:8])
	var out []*pageImage
	for _, d := range docs {
		out = append(out, d.pages...)
	}
	for i, pg := range out {
		pg.version = fmt.Sprintf("%s-%d", version, i+1)
		pg.body, pg.canvas = pg.canvas.SVG(), nil
	}
	return out, nil
}

// sharedPages draws the pages of the kit's shared files (figures.pdf)
// that hold an element whose kind writes no file of its own, with obs,
// whose pages drawn returns.
func (s *Server) sharedPages(obs *generator.Renderer, p *schema.Pack, e schema.Element, opts generator.PrintOptions, drawn func() []*pageImage) ([]*pageImage, error) {
	var out []*pageImage
	for _, g := range s.r.Games() {
		for _, ko := range g.KitOutputs {
			if ko.Pages == nil || ko.Write == nil {
				continue
			}
			first, last, ok := generator.PageSpan(ko.Pages(p, e, opts))
			if !ok || (ko.Wanted != nil && !ko.Wanted(p, opts, true)) {
				continue
			}
			before := len(drawn())
			var buf bytes.Buffer
			if _, err := ko.Write(obs, &buf, p, opts); err != nil {
				return nil, fmt.Errorf("drawing %s: %w", e.ElementID(), err)
			}
			pages := drawn()[before:]
			version := shortHash(buf.Bytes())
			for i := first; i <= last && i >= 1 && i <= len(pages); i++ {
				pg := pages[i-1]
				pg.version = fmt.Sprintf("%s-%d", version, i)
				pg.body, pg.canvas = pg.canvas.SVG(), nil
				out = append(out, pg)
			}
		}
	}
	return out, nil
}

// markFindings shows each element whose findings name parts of it that
// its renderer notes (a RUN map's spaces, "D3") as the first page of the
// kit's file that prints it, with those parts marked, in place of its
// images.
func (s *Server) markFindings(p *schema.Pack, v *packView, files map[string]servedFile) {
	eff, err := s.o.Build.Resolve(p, s.o.Build.Created)
	if err != nil {
		return
	}
	pr, err := s.r.ForPack(p)
	if err != nil {
		return
	}
	pr = pr.WithOptions(eff.InkSaver, eff.Grayscale).WithCMYK(eff.CMYK)
	byKey := map[string]schema.Element{}
	for _, e := range p.Elements {
		byKey[elementKey(e)] = e
	}
	for _, ev := range v.Elements {
		e := byKey[ev.Key]
		if e == nil || len(ev.Diags) == 0 {
			continue
		}
		names := map[string]bool{}
		for _, d := range ev.Diags {
			for _, w := range strings.FieldsFunc(d.Message, func(r rune) bool {
				return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
			}) {
				names[w] = true
			}
		}
		pg, marked := markedPage(pr, p, e, eff.Print, names)
		if pg == nil {
			continue
		}
		u := fmt.Sprintf("/img/%s/%s-marked.svg", p.Game.ID, ev.Key)
		files[u] = servedFile{page: pg}
		ev.Images = []string{u + "?v=" + pg.version}
		ev.Marked = marked
	}
}

// markedPage draws the first page of the kit's shared file that prints e
// (maps.pdf), marking the parts its notes name that names holds; nil
// when none is marked.
func markedPage(pr *generator.Renderer, p *schema.Pack, e schema.Element, opts generator.PrintOptions, names map[string]bool) (pg *pageImage, marked []string) {
	defer func() {
		if recover() != nil { // a pack with errors may not draw
			pg, marked = nil, nil
		}
	}()
	for _, g := range pr.Games() {
		for _, ko := range g.KitOutputs {
			if ko.Pages == nil || ko.Write == nil {
				continue
			}
			first, _, ok := generator.PageSpan(ko.Pages(p, e, opts))
			if !ok {
				continue
			}
			var pages []*svgCanvas
			obs := pr.Observed(func(_ string, w, h float64) draw.Canvas {
				c := newSVGCanvas(pr.Fonts, w, h)
				c.mark = names
				pages = append(pages, c)
				return c
			})
			if _, err := ko.Write(obs, io.Discard, p, opts); err != nil || first < 1 || first > len(pages) {
				continue
			}
			c := pages[first-1]
			if len(c.marked) == 0 {
				continue
			}
			body := c.SVG()
			return &pageImage{body: body, svg: true, version: shortHash(body)}, c.marked
		}
	}
	return nil, nil
}

// kitVersion is the version of an element's own files in the kit just
// built (the hash of their bytes), or "" when the kit has no file of the
// element's alone (its pieces print on another's sheets).
func kitVersion(out, id, key string, e schema.Element, arts []generator.Artifact) string {
	written := map[string]bool{}
	for _, a := range arts {
		written[a.Path] = true
	}
	outs := e.Facts().Outputs
	if len(outs) == 0 || e.Facts().PrintsWith != "" {
		return ""
	}
	h := sha256.New()
	h.Write([]byte(key))
	for _, o := range outs {
		if !written[o] {
			return ""
		}
		b, err := os.ReadFile(kitPath(out, id, o))
		if err != nil {
			return ""
		}
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// plural is "1 error", "2 errors".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// nameOr is name, or id when name is empty.
func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}

// shortHash is a short hash of b, a version in a URL.
func shortHash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

// place puts each finding on the element or card it concerns.
func (v *packView) place(p *schema.Pack, diags []validate.Diagnostic) {
	v.Errors, v.Warnings = validate.Count(diags)
	pl := newPlacer(p)
	items := map[string]*[]diagView{}
	for _, d := range v.Decks {
		items[d.Key] = &d.Diags
		for _, c := range d.Cards {
			items[c.Key] = &c.Diags
		}
	}
	for _, e := range v.Elements {
		items[e.Key] = &e.Diags
		for _, it := range e.Items {
			items[it.Key] = &it.Diags
		}
	}
	for _, d := range diags {
		key := pl.placeDiag(d)
		if dst, ok := items[key]; ok {
			*dst = append(*dst, viewOf(d))
			continue
		}
		if el, _, ok := strings.Cut(key, "/"); ok {
			if dst, ok := items[el]; ok {
				*dst = append(*dst, viewOf(d))
				continue
			}
		}
		v.Loose = append(v.Loose, viewOf(d))
	}
}

// withoutFindings is a copy of items, each without its findings.
func withoutFindings(items []*itemView) []*itemView {
	out := make([]*itemView, len(items))
	for i, it := range items {
		c := *it
		c.Diags = nil
		out[i] = &c
	}
	return out
}

// withFindings is a copy of v (a pack's last good view) with the findings
// of the pack as it is now in place of its own.
func (v *packView) withFindings(p *schema.Pack, diags []validate.Diagnostic) *packView {
	out := *v
	out.Loose = nil
	out.Decks = make([]*deckView, len(v.Decks))
	for i, d := range v.Decks {
		dc := *d
		dc.Diags = nil
		dc.Cards = withoutFindings(d.Cards)
		out.Decks[i] = &dc
	}
	out.Elements = make([]*elementView, len(v.Elements))
	for i, e := range v.Elements {
		ec := *e
		ec.Diags = nil
		ec.Items = withoutFindings(e.Items)
		out.Elements[i] = &ec
	}
	if p == nil || p.Game == nil {
		out.Errors, out.Warnings = validate.Count(diags)
		for _, d := range diags {
			out.Loose = append(out.Loose, viewOf(d))
		}
		return &out
	}
	out.place(p, diags)
	return &out
}
