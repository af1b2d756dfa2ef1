package kitbuild

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// Built-in print settings: what a build uses when neither a flag nor the
// pack's print: sets one.
const (
	DefaultPaper      = "letter"
	DefaultDuplex     = "long"
	DefaultLayout     = "sheet"
	DefaultMargin     = "0.25in"
	DefaultBackOffset = "0,0"
)

// Flags are the print settings of a build as the command line gives them.
// A flag that was not given leaves the pack's setting; the built-in
// default applies only when the pack has none.
type Flags struct {
	Paper       string // letter or a4, lower case
	Duplex      string // long, short or none, lower case
	BackOffset  string // X,Y in millimetres
	NoCropMarks bool
	CutLines    bool
	Margin      string // a length such as 5mm or 0.25in
	Layout      string // sheet, gutterfold or press, lower case
	InkSaver    bool
	Grayscale   bool
	CMYK        bool // process colour within the ink limit; PDF/X-1a for press
	// Given reports whether the flag of that name ("paper",
	// "no-crop-marks", ...) was given on the command line; nil means none
	// was.
	Given func(flag string) bool
}

// given reports whether the flag name was given.
func (f Flags) given(name string) bool {
	return f.Given != nil && f.Given(name)
}

// Check checks the back offset and margin given on the command line,
// before any pack is read.
func (f Flags) Check() error {
	if f.given("back-offset") {
		if _, err := ParseOffset(f.BackOffset); err != nil {
			return err
		}
	}
	if f.given("margin") {
		if _, err := ParseMargin(f.Margin); err != nil {
			return fmt.Errorf("--margin: %w", err)
		}
	}
	return nil
}

// Settings are the print settings a pack is built with.
type Settings struct {
	// Print are the paper, margins, duplex and layout.
	Print generator.PrintOptions
	// InkSaver and Grayscale are the print variants.
	InkSaver, Grayscale bool
	// CMYK prints in process colour (generator.Renderer.WithCMYK).
	CMYK bool
	// FromPack says, for each setting the pack's print: chose and that
	// differs from the built-in default, its value and where it is set.
	FromPack []string
}

// Resolve merges the flags over the pack's print settings over the
// built-in defaults: a flag given on the command line wins, else the
// pack's setting. created is the date written into the PDFs.
func (f Flags) Resolve(p *schema.Pack, created time.Time) (Settings, error) {
	ps := p.Game.Print
	var eff Settings
	note := func(key, flag, what string, isDefault bool) {
		if !isDefault {
			eff.FromPack = append(eff.FromPack, fmt.Sprintf("%s (from %s; --%s overrides it)", what, printSource(p, key), flag))
		}
	}
	paperName := f.Paper
	if !f.given("paper") {
		paperName = cmp.Or(ps.Paper, DefaultPaper)
		note("paper", "paper", "paper "+ps.Paper, ps.Paper == "" || ps.Paper == DefaultPaper)
	}
	duplexName := f.Duplex
	if !f.given("duplex") {
		duplexName = cmp.Or(ps.Duplex, DefaultDuplex)
		note("duplex", "duplex", "duplex "+ps.Duplex, ps.Duplex == "" || ps.Duplex == DefaultDuplex)
	}
	paper, err := layout.PaperByName(paperName)
	if err != nil {
		return eff, err
	}
	duplex, err := layout.ParseDuplex(duplexName)
	if err != nil {
		return eff, err
	}
	bleed := layout.DefaultBleed
	if ps.Bleed != nil {
		bleed = ps.Bleed.MM()
	}
	crop := !f.NoCropMarks
	if !f.given("no-crop-marks") && ps.CropMarks != nil {
		crop = *ps.CropMarks
		note("cropMarks", "no-crop-marks=false", "crop marks off", crop)
	}
	cutLines := f.CutLines
	if !f.given("cut-lines") && ps.CutLines != nil {
		cutLines = *ps.CutLines
		note("cutLines", "cut-lines=false", "cut lines on", !cutLines)
	}
	margin, err := ParseMargin(cmp.Or(f.Margin, DefaultMargin))
	if err != nil {
		return eff, err
	}
	if !f.given("margin") && ps.Margin != nil {
		margin = ps.Margin.MM()
		note("margin", "margin", fmt.Sprintf("margin %gmm", round2(margin)), math.Abs(margin-layout.DefaultMargin) < 1e-9)
	}
	lay, err := ParseLayout(cmp.Or(f.Layout, DefaultLayout))
	if err != nil {
		return eff, err
	}
	if !f.given("layout") && ps.Layout != "" {
		lay = generator.Layout(ps.Layout)
		note("layout", "layout", "layout "+ps.Layout, lay == DefaultLayout)
	}
	if lay == generator.LayoutGutterfold && duplex != layout.NoDuplex && (f.given("duplex") || ps.Duplex != "") {
		// Gutterfold is for printers without duplex: the asked-for flip
		// would be ignored without a word.
		from := "--duplex " + duplex.String()
		if !f.given("duplex") {
			from = fmt.Sprintf("duplex %s (from %s)", duplex, printSource(p, "duplex"))
		}
		eff.FromPack = append(eff.FromPack, from+" is not used: the gutterfold layout prints every file single-sided")
	}
	offset, err := ParseOffset(cmp.Or(f.BackOffset, DefaultBackOffset))
	if err != nil {
		return eff, err
	}
	if !f.given("back-offset") && ps.BackOffset != nil {
		offset = layout.Point{X: ps.BackOffset.X, Y: ps.BackOffset.Y}
		note("backOffset", "back-offset", fmt.Sprintf("back offset %g,%g mm", offset.X, offset.Y), offset == layout.Point{})
	}
	eff.InkSaver, eff.Grayscale = f.InkSaver, f.Grayscale
	if !f.given("ink-saver") && ps.InkSaver {
		eff.InkSaver = true
		note("inkSaver", "ink-saver=false", "ink saver on", false)
	}
	if !f.given("grayscale") && ps.Grayscale {
		eff.Grayscale = true
		note("grayscale", "grayscale=false", "grayscale on", false)
	}
	eff.CMYK = f.CMYK
	if !f.given("cmyk") && ps.CMYK {
		eff.CMYK = true
		note("cmyk", "cmyk=false", "CMYK on", false)
	}
	eff.Print = generator.PrintOptions{
		Paper: paper, Margin: margin, Bleed: bleed, Duplex: duplex,
		BackOffset: offset, CropMarks: crop, CutLines: cutLines, Layout: lay, Created: created,
	}
	return eff, nil
}

// printSource says where a pack's print setting key is written: the
// position in its game.yaml, or the pack it extends.
func printSource(p *schema.Pack, key string) string {
	ref := p.Game.Ref.Child("print").Child(key)
	if ref.Exists() {
		return ref.Pos().String() + " print." + key
	}
	if p.Game.Extends != "" {
		return fmt.Sprintf("print.%s of %s, which %s extends", key, p.Game.Extends, p.Game.ID)
	}
	return "print." + key
}

// round2 rounds to two decimals, for messages.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

// ParseMargin parses a printer margin such as 6.35mm or 0.25in, in
// millimetres; more than schema.MaxMargin is an error.
func ParseMargin(s string) (float64, error) {
	l, err := schema.ParseLength(s)
	if err != nil {
		return 0, err
	}
	if l.MM() > schema.MaxMargin {
		return 0, fmt.Errorf("%s is more than %gmm", s, schema.MaxMargin)
	}
	return l.MM(), nil
}

// ParseLayout parses a card layout name, in any letter case.
func ParseLayout(s string) (generator.Layout, error) {
	switch l := generator.Layout(strings.ToLower(s)); l {
	case generator.LayoutSheet, generator.LayoutGutterfold, generator.LayoutPress:
		return l, nil
	}
	return "", fmt.Errorf("unknown layout %q (want sheet, gutterfold or press)", s)
}

// ParseOffset parses a back-page offset "X,Y" in millimetres, each
// between -20 and 20.
func ParseOffset(s string) (layout.Point, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return layout.Point{}, fmt.Errorf("--back-offset %q: want X,Y in millimetres, e.g. 0.5,-0.25", s)
	}
	var v [2]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || f < -20 || f > 20 {
			return layout.Point{}, fmt.Errorf("--back-offset %q: want X,Y in millimetres between -20 and 20", s)
		}
		v[i] = f
	}
	return layout.Point{X: v[0], Y: v[1]}, nil
}
