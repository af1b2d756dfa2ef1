package kitbuild

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/draw"
	"github.com/runforge/runforge/generator/internal/gamestest"
	"github.com/runforge/runforge/generator/internal/rendertest"
	"github.com/runforge/runforge/generator/kit"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
)

// minContrast is the contrast every text needs against its ground: WCAG
// 2 level AA for body text.
const minContrast = 4.5

// contrastVariants are the colour variants of a build: the colours as
// they are, turned grey for monochrome printers, and with the large fills
// left out to save ink (text once on a band may then lie on the paper).
var contrastVariants = []struct {
	name                string
	inkSaver, grayscale bool
}{
	{"default", false, false},
	{"grayscale", false, true},
	{"ink-saver", true, false},
	{"ink-saver-grayscale", true, true},
}

// observedPage is one page of an observed build: the document's title,
// the page's number in it and what it drew.
type observedPage struct {
	doc  string
	page int
	*rendertest.GroundCanvas
}

// observeBuild builds the bundled pack with r as the command does, with
// the pack's print settings and the variant flags, in a temporary folder,
// and returns every PDF page it drew, by document and page.
func observeBuild(t *testing.T, r *generator.Renderer, pack string, flags Flags) []observedPage {
	t.Helper()
	fsys, ok := data.Pack(pack)
	if !ok {
		t.Fatalf("no bundled pack %s", pack)
	}
	p, probs := schematest.LoadPackWith(fsys, pack, schema.LoadOptions{Base: data.Pack, BaseNames: data.Packs()})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	eff, err := flags.Resolve(p, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := r.ForPack(p)
	if err != nil {
		t.Fatal(err)
	}
	pr = pr.WithOptions(eff.InkSaver, eff.Grayscale)
	var mu sync.Mutex
	var pages []observedPage
	count := map[string]int{}
	pr = pr.Observed(func(doc string, w, h float64) draw.Canvas {
		mu.Lock()
		defer mu.Unlock()
		count[doc]++
		g := rendertest.NewGroundCanvas(pr.Fonts)
		pages = append(pages, observedPage{doc, count[doc], g})
		return g
	})
	if _, err := kit.Build(pr, p, generator.BuildOptions{Print: eff.Print, OutDir: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	sort.SliceStable(pages, func(i, j int) bool {
		if pages[i].doc != pages[j].doc {
			return pages[i].doc < pages[j].doc
		}
		return pages[i].page < pages[j].page
	})
	return pages
}

// Every run of text of every bundled kit, in every colour variant, reads
// against what it is printed on: a contrast of 4.5:1 or more (WCAG AA)
// with the topmost fill under it, or the paper. Each failure names the
// pack, the document and page, what was being drawn (a card's template
// box), the text, its colours and the ratio.
func TestTextContrastEveryBundledKit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every bundled kit four times")
	}
	base, err := generator.NewRenderer(false, gamestest.All()...)
	if err != nil {
		t.Fatal(err)
	}
	for _, pack := range data.Packs() {
		for _, v := range contrastVariants {
			t.Run(pack+"/"+v.name, func(t *testing.T) {
				texts, low := 0, map[string]int{}
				var first []string
				for _, pg := range observeBuild(t, base, pack, Flags{InkSaver: v.inkSaver, Grayscale: v.grayscale}) {
					for _, tx := range pg.Texts {
						texts++
						if tx.Picture {
							t.Errorf("%s p%d: %q lies on a picture, whose contrast this test cannot judge", pg.doc, pg.page, tx.Text)
						}
						for _, g := range tx.Grounds {
							ratio := draw.Contrast(tx.Ink, g)
							if ratio >= minContrast {
								continue
							}
							where := tx.Note
							if where == "" {
								where = "page"
							}
							key := fmt.Sprintf("%s: %s: %s on %s = %.2f:1", pg.doc, where, tx.Ink.Hex(), g.Hex(), ratio)
							if low[key] == 0 {
								first = append(first, fmt.Sprintf("%s, first %q at %.1f pt on p%d at (%.1f, %.1f) mm", key, tx.Text, tx.Size, pg.page, tx.Box.X, tx.Box.Y))
							}
							low[key]++
						}
					}
				}
				if texts == 0 {
					t.Fatal("no text drawn: the build was not observed")
				}
				for _, f := range first {
					t.Errorf("contrast under %.1f:1: %s", minContrast, f)
				}
			})
		}
	}
}

// Every built-in template (the shared ones and each game's, whether a
// bundled pack uses it or not) reads in every colour variant, drawn with
// every field it shows set, and again with the fields its when: boxes test
// unset (so both sides of a when: are drawn).
func TestTextContrastEveryBuiltinTemplate(t *testing.T) {
	base, err := generator.NewRenderer(false, gamestest.All()...)
	if err != nil {
		t.Fatal(err)
	}
	p := loadPack(t, "")
	var ids []string
	for id, tpl := range p.Templates {
		if _, ok := tpl.TrimSize(); ok && tpl.Unresolved == "" && !tpl.Cycle {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	if len(ids) < 40 {
		t.Fatalf("only %d built-in templates: %v", len(ids), ids)
	}
	for _, v := range contrastVariants {
		r := base.WithOptions(v.inkSaver, v.grayscale)
		for _, id := range ids {
			tpl := p.Templates[id]
			for _, when := range []bool{true, false} {
				card := &schema.Card{ID: "sample", Count: 1, Fields: sampleFields(tpl, when)}
				deck := &schema.Deck{ID: "sample", CardType: "generic"}
				card.Deck = deck
				g := rendertest.NewGroundCanvas(r.Fonts)
				r.DrawCard(g, tpl, generator.NewCardData(p, deck, card), layout.Sides{})
				for _, tx := range g.Texts {
					for _, ground := range tx.Grounds {
						if ratio := draw.Contrast(tx.Ink, ground); ratio < minContrast {
							t.Errorf("%s, when-fields set %v: %s: %q %s on %s = %.2f:1, under %.1f:1", v.name, when, tx.Note, tx.Text, tx.Ink.Hex(), ground.Hex(), ratio, minContrast)
						}
					}
				}
			}
		}
	}
}

// fieldRef is a ${field} of a template's text.
var fieldRef = regexp.MustCompile(`\$\{([A-Za-z0-9_]+)\}`)

// sampleFields gives every field the template shows a sample value; when
// is set, the fields its when: boxes test are set too (to the value an
// equals: asks for).
func sampleFields(tpl *schema.Template, when bool) map[string]any {
	f := map[string]any{}
	for _, b := range tpl.Boxes {
		if b.Field != "" {
			f[b.Field] = "8"
		}
		for _, m := range fieldRef.FindAllStringSubmatch(b.Text, -1) {
			f[m[1]] = "8"
		}
	}
	for _, b := range tpl.Boxes {
		name, _ := strings.CutPrefix(b.When, "!")
		switch {
		case name == "":
		case !when:
			delete(f, name)
		case b.Equals != nil:
			f[name] = fmt.Sprint(b.Equals)
		default:
			f[name] = "8"
		}
	}
	return f
}
