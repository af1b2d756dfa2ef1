package validate_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/runforge/runforge/validate"
)

// picture is a file of testdata/images, as a pack file's source.
func picture(name string) string {
	b, err := os.ReadFile(filepath.Join("testdata", "images", name))
	if err != nil {
		panic(err)
	}
	return string(b)
}

// artTemplates adds an art box to the generic face (each card's picture,
// field: art) and a picture on the back (file:).
const artTemplates = `kind: Templates
templates:
  - id: generic
    extends: generic
    boxes:
      - {id: art, type: image, field: art, x: 5mm, y: 40mm, w: 53.5mm, h: 30mm, fit: cover}
  - id: generic-back
    extends: generic-back
    boxes:
      - {id: emblem, type: image, file: BACK, x: 16mm, y: 60mm, w: 30mm, h: 20mm}
`

// artPack is a generic pack whose cards show pictures: card-a art/a.png,
// card-b the value given, the back art/back.jpg.
func artPack(cardB string, kv ...string) files {
	return genericPack(
		"templates.yaml", strings.Replace(artTemplates, "BACK", "art/back.jpg", 1),
		"cards.yaml", edit(edit(genericCards, "count: 2\n", "count: 2\n    art: art/a.png\n"),
			"id: card-b\n", "id: card-b\n    art: "+cardB+"\n"),
		"art/a.png", picture("ok.png"),
		"art/back.jpg", picture("photo.jpg"),
		"art/b.png", picture("ok.png"),
	).with(kv...)
}

func imageCases() []ruleCase {
	const rule = "pack/image"
	return []ruleCase{
		{rule: rule, name: "quiet-pictures-that-load", files: artPack("./art/b.png")},
		{rule: rule, name: "quiet-tile-art-that-loads", files: jrPack("room-tiles.yaml", edit(jrRooms, "{id: ward, count: 5,", "{id: ward, count: 5, art: art/ward.png,"), "art/ward.png", picture("ok.png"))},
		{rule: rule, name: "fires-tile-art-missing", files: jrPack("room-tiles.yaml", edit(jrRooms, "{id: ward, count: 5,", "{id: ward, count: 5, art: art/wards.png,"), "art/ward.png", picture("ok.png")),
			want: []want{{file: "room-tiles.yaml", at: "art: |art/wards.png", sev: validate.Error,
				exact: `tile "ward" art: art/wards.png does not exist in the pack folder`, hint: []string{`did you mean "art/ward.png"? fix the spelling`}}}},
		{rule: rule, name: "quiet-card-without-a-picture",
			files: artPack("art/b.png", "cards.yaml", edit(genericCards, "count: 2\n", "count: 2\n    art: art/a.png\n"))},
		{rule: rule, name: "fires-card-picture-missing", files: artPack("art/c.png"),
			want: []want{{file: "cards.yaml", at: "art: |art/c.png",
				exact: `card "card-b" art: art/c.png does not exist in the pack folder`, hint: []string{`did you mean "art/a.png"? fix the spelling`}}}},
		{rule: rule, name: "fires-card-picture-cut-short", files: artPack("art/b.png", "art/b.png", picture("truncated.png")),
			want: []want{{file: "cards.yaml", at: "art: |art/b.png",
				msg: []string{`card "card-b" art: art/b.png is cut short`, "cannot be decoded"}, hint: []string{"export or copy it again"}}}},
		{rule: rule, name: "fires-card-picture-huge-header", files: artPack("art/b.png", "art/b.png", picture("huge-header.png")),
			want: []want{{file: "cards.yaml", at: "art: |art/b.png",
				msg: []string{"100000x100000 pixels", "at most 40 megapixels"}, hint: []string{"scale it down"}}}},
		{rule: rule, name: "fires-card-picture-is-text", files: artPack("art/b.png", "art/b.png", picture("not-an-image.png")),
			want: []want{{file: "cards.yaml", at: "art: |art/b.png", msg: []string{"holds text, not a PNG or JPEG image"}}}},
		{rule: rule, name: "fires-card-picture-absolute", files: artPack("/etc/passwd"),
			want: []want{{file: "cards.yaml", at: "art: |/etc/passwd", msg: []string{`"/etc/passwd" is absolute`}}}},
		{rule: rule, name: "fires-card-picture-leaves-the-pack", files: artPack("../secret.png"),
			want: []want{{file: "cards.yaml", at: "art: |../secret.png", msg: []string{"leads outside the pack folder"}}}},
		// The generic card schema types art:, not other fields.
		{rule: rule, name: "fires-card-field-not-a-path",
			files: artPack("art/b.png",
				"templates.yaml", strings.Replace(strings.Replace(artTemplates, "field: art", "field: picture", 1), "BACK", "art/back.jpg", 1),
				"cards.yaml", edit(genericCards, "id: card-b\n", "id: card-b\n    picture: [a.png, b.png]\n")),
			want: []want{{file: "cards.yaml", at: "picture: |[a.png", msg: []string{`card "card-b" picture`, "must be a path"}}}},
		{rule: rule, name: "fires-box-file-damaged",
			files: artPack("art/b.png", "templates.yaml", strings.Replace(artTemplates, "BACK", "art/a.png", 1), "art/a.png", picture("truncated.png")),
			want: []want{
				{file: "cards.yaml", at: "art: |art/a.png", msg: []string{`card "card-a" art: art/a.png is cut short`}},
				{file: "templates.yaml", at: "file: |art/a.png", msg: []string{`template "generic-back" box "emblem": art/a.png is cut short`}},
			}},
		{rule: rule, name: "fires-box-without-picture",
			files: artPack("art/b.png", "templates.yaml", strings.Replace(artTemplates, "file: BACK, ", "", 1)),
			want: []want{{file: "templates.yaml", at: "{id: |emblem",
				exact: `template "generic-back" box "emblem" is an image box with no picture: it has neither file: nor field:`}}},
		{rule: rule, name: "fires-box-with-file-and-field",
			files: artPack("art/b.png", "templates.yaml", strings.Replace(artTemplates, "BACK", "art/a.png, field: art", 1)),
			want: []want{{file: "templates.yaml", at: "field: |art, x: 16mm",
				msg: []string{`box "emblem" is an image box with both file: and field:`}}}},
	}
}

// pack/image reports a loader error: a pack cannot turn it off.
func TestImageRuleIsFixed(t *testing.T) {
	f := artPack("art/c.png", "game.yaml", gameYAML("generic", genericComponents+"rules:\n  pack/image: off\n"))
	got := check(t, f, validate.Options{})
	if len(ofRule(got, "pack/image")) != 1 || len(ofRule(got, "pack/fixed-rule")) != 1 {
		t.Errorf("got:\n%s", dump(got))
	}
}

// A picture many cards show is reported at each card that names it.
func TestImageReportedAtEachUse(t *testing.T) {
	f := artPack("art/a.png", "art/a.png", "")
	got := ofRule(check(t, f, validate.Options{}), "pack/image")
	if len(got) != 2 || got[0].Pos.Line == got[1].Pos.Line {
		t.Errorf("got:\n%s", dump(got))
	}
}
