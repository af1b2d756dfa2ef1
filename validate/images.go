package validate

import (
	"errors"
	"fmt"

	"github.com/runforge/runforge/schema"
)

// imageRules check the pictures of image boxes and of elements that show
// their own (schema.Pictured, such as tiles): every picture a template
// box's file:, a card's field or an element names is loaded as the build
// loads it (schema.LoadImage), so that the build never fails on
// one.
func imageRules() []*Rule {
	return []*Rule{
		{ID: "pack/image", Severity: Error, Fixed: true, Check: checkImages,
			Doc: fmt.Sprintf("A picture an image box or a tile shows cannot be printed: its path is absolute, leads out of the pack folder or names no file; "+
				"the file is larger than %d MiB, is not a PNG or JPEG, claims more than %d megapixels, or is damaged or cut short. "+
				"Or an image box names no picture (neither file: nor field:), or both.",
				schema.MaxImageFileSize>>20, schema.MaxImagePixels/1_000_000)},
	}
}

// imageLoader loads each picture once per validation.
type imageLoader struct {
	pack   *schema.Pack
	loaded map[string]error
}

// load checks the picture at a path as a pack writes it.
func (l *imageLoader) load(p string) error {
	clean, err := schema.CleanImagePath(p)
	if err != nil {
		return err
	}
	if err, ok := l.loaded[clean]; ok {
		return err
	}
	_, err = schema.LoadImage(l.pack.FS, clean)
	l.loaded[clean] = err
	return err
}

func checkImages(c *Context) {
	l := &imageLoader{pack: c.Pack, loaded: map[string]error{}}
	for _, id := range templateIDs(c.Pack) {
		for _, b := range c.Pack.Templates[id].Boxes {
			if b.Kind() == "image" {
				checkImageBox(c, l, id, b)
			}
		}
	}
	for _, d := range c.Pack.Decks() {
		fields := imageFields(c.Pack, d)
		for _, card := range d.Cards {
			for _, f := range fields {
				checkCardImage(c, l, card, f)
			}
		}
	}
	for _, e := range c.Pack.Elements {
		pe, ok := e.(schema.Pictured)
		if !ok {
			continue
		}
		for _, pic := range pe.Pictures() {
			if err := l.load(pic.Path); err != nil {
				reportImage(c, pic.Ref.Pos(), pic.What, err)
			}
		}
	}
}

// checkImageBox reports an image box that names no picture, or both a
// file and a field, and the picture its file: names when it cannot be
// printed.
func checkImageBox(c *Context, l *imageLoader, id string, b *schema.Box) {
	where := fmt.Sprintf("template %q box %q", id, b.ID)
	switch {
	case b.File == "" && b.Field == "":
		c.ReportHint(b.Ref.Child("id").Pos(), where+" is an image box with no picture: it has neither file: nor field:",
			"give it file: art/picture.png for one picture on every card, or field: art for each card's own")
		return
	case b.Ref.Child("file").Exists() && b.Ref.Child("field").Exists():
		c.ReportHint(b.Ref.Child("field").Pos(), where+" is an image box with both file: and field:",
			"keep file: for one picture on every card, or field: for each card's own")
		return
	case b.File == "":
		return
	}
	if err := l.load(b.File); err != nil {
		pos := b.Ref.Child("id").Pos()
		if ref := b.Ref.Child("file"); ref.Exists() {
			pos = ref.Pos()
		}
		reportImage(c, pos, where, err)
	}
}

// imageFields lists, once each, the card fields the image boxes of a
// deck's templates show pictures from.
func imageFields(p *schema.Pack, d *schema.Deck) []string {
	var out []string
	seen := map[string]bool{}
	face, back := d.Sides()
	for _, id := range []string{face, back} {
		t, ok := p.Templates[id]
		if !ok {
			continue
		}
		for _, b := range t.Boxes {
			if b.Kind() == "image" && b.File == "" && b.Field != "" && !seen[b.Field] {
				seen[b.Field] = true
				out = append(out, b.Field)
			}
		}
	}
	return out
}

// checkCardImage reports a card's picture that cannot be printed, at the
// card's field that names it. A card without the field shows no picture.
func checkCardImage(c *Context, l *imageLoader, card *schema.Card, field string) {
	v, ok := card.Fields[field]
	if !ok {
		return
	}
	where := fmt.Sprintf("card %q %s", card.ID, field)
	pos := card.FieldRef(field).Pos()
	s, isText := v.(string)
	switch {
	case !isText:
		c.ReportHint(pos, fmt.Sprintf("%s: an image box shows a picture from this field, so it must be a path such as art/zombie.png, not %v", where, v),
			"write the path of the card's picture, relative to the pack folder")
	case s == "":
		return
	default:
		if err := l.load(s); err != nil {
			reportImage(c, pos, where, err)
		}
	}
}

// reportImage reports a picture that cannot be printed, with the loader's
// hint.
func reportImage(c *Context, pos schema.Pos, where string, err error) {
	hint := ""
	var ie *schema.ImageError
	if errors.As(err, &ie) {
		hint = ie.Hint
	}
	c.ReportHint(pos, fmt.Sprintf("%s: %v", where, err), hint)
}
