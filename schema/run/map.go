package run

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/runforge/runforge/schema"
)

// Map is one side of a RUN map card (kind: Map, one file per side): a 6 x 6 grid of spaces given as a picture of legend
// symbols, and the map's features as lists of entries, each positioned on
// its own so that a finding points at the entry at fault. Columns A-F run
// left to right and rows 1-6 top to bottom: A1 is the top-left space, on
// the map-number edge, and N means toward row 1 (assumption A1).
type Map struct {
	ID string `json:"id"`
	// Component is the manifest component of the map cards: each side
	// counts one card (see Facts).
	Component string `json:"component"`
	// Card is the physical card number, Side its side ("a" or "b").
	Card int    `json:"card"`
	Side string `json:"side"`
	// Number is the printed map number ("2b"), Name the printed name.
	Number string `json:"number"`
	Name   string `json:"name"`
	// Levels is the picture: rows of legend symbols (see MapPicture).
	Levels string `json:"levels"`
	// Legend holds the symbols the map adds or redefines.
	Legend            map[string]*MapSymbol `json:"legend"`
	Stashes           []string              `json:"stashes"`
	SafeHouses        []*MapSafeHouse       `json:"safeHouses"`
	Spawns            []*MapSpawn           `json:"spawns"`
	Helipads          []string              `json:"helipads"`
	DonutShops        []string              `json:"donutShops"`
	Witnesses         []string              `json:"witnesses"`
	Puddles           []string              `json:"puddles"`
	Access            []*MapAccess          `json:"access"`
	Tunnels           []*MapTunnel          `json:"tunnels"`
	ZipLines          []*MapZipLine         `json:"zipLines"`
	Links             []*MapLink            `json:"links"`
	CrossedOutGadgets []string              `json:"crossedOutGadgets"`
	RulesText         []*MapRulesText       `json:"rulesText"`
	Overrides         MapOverrides          `json:"overrides"`

	// Picture is Levels parsed into rows of symbols, each with its position.
	Picture MapPicture `json:"-"`
	// Grid is the picture resolved through the legend; nil unless the
	// picture has 6 rows of 6 symbols that are all in the legend.
	Grid *MapGrid `json:"-"`

	Ref schema.Ref `json:"-"`
}

// MapSize is the number of rows and columns of a map: "Each map consists
// of a grid of 6 x 6 spaces." (run.md L105).
const MapSize = 6

// MapSymbol is what a legend symbol stands for. Every space has an explicit
// level (water -1, ground 0, terrain and roofs 1 or more) and a separate
// building flag (assumption A4).
type MapSymbol struct {
	Level    int  `json:"level"`
	Building bool `json:"building"`
	Water    bool `json:"water"`
	Ice      bool `json:"ice"`
	// Bridge is ground for movement; water joins under it (A9).
	Bridge bool `json:"bridge"`
	// Current is the direction of a current's arrow (N, E, S or W), or "".
	Current string `json:"current"`

	// Ref is the symbol's legend entry; zero for a built-in symbol.
	Ref schema.Ref `json:"-"`
}

// BuiltinLegend returns the symbols every map may use: . ground,
// # building (level 1), ~ water (level -1), > < ^ v water with a current
// pointing E, W, N, S, * ice and = bridge (both level 0).
func BuiltinLegend() map[string]MapSymbol {
	return map[string]MapSymbol{
		".": {Level: 0},
		"#": {Level: 1, Building: true},
		"~": {Level: -1, Water: true},
		">": {Level: -1, Water: true, Current: "E"},
		"<": {Level: -1, Water: true, Current: "W"},
		"^": {Level: -1, Water: true, Current: "N"},
		"v": {Level: -1, Water: true, Current: "S"},
		"*": {Level: 0, Ice: true},
		"=": {Level: 0, Bridge: true},
	}
}

// MapSafeHouse is a safe house, lettered A or B (L117).
type MapSafeHouse struct {
	Letter string `json:"letter"`
	At     string `json:"at"`

	Ref schema.Ref `json:"-"`
}

// MapSpawn is a spawn point numbered 1-8 (L119).
type MapSpawn struct {
	Number int    `json:"number"`
	At     string `json:"at"`

	Ref schema.Ref `json:"-"`
}

// Access feature kinds (L249, L552).
const (
	AccessFireEscape = "fire-escape"
	AccessLadder     = "ladder"
	AccessVine       = "vine"
	AccessPier       = "pier"
)

// MapAccess is a fire escape, ladder, vine or pier leading from the lower
// space From up to the adjacent space To with the actions shown.
type MapAccess struct {
	Kind    string   `json:"kind"`
	From    string   `json:"from"`
	To      string   `json:"to"`
	Actions []string `json:"actions"`

	Ref schema.Ref `json:"-"`
}

// MapTunnel is a tunnel between two ends, with optional extra icons.
type MapTunnel struct {
	Ends    []string         `json:"ends"`
	Actions []*MapTunnelIcon `json:"actions"`

	Ref schema.Ref `json:"-"`
}

// MapTunnelIcon is an extra movement icon drawn at one end of a tunnel
// (L600).
type MapTunnelIcon struct {
	From   string `json:"from"`
	Action string `json:"action"`

	Ref schema.Ref `json:"-"`
}

// MapZipLine is a zip line or, with Style "bridge", a suspension bridge.
type MapZipLine struct {
	Start  string `json:"start"`
	End    string `json:"end"`
	Action string `json:"action"`
	OneWay bool   `json:"oneWay"`
	// EndAction is the icon at the end of a two-way line.
	EndAction string `json:"endAction"`
	Style     string `json:"style"`

	Ref schema.Ref `json:"-"`
}

// MapLink is a pair of linked spaces (L620-622); BackAction makes it
// two-way.
type MapLink struct {
	From       string `json:"from"`
	To         string `json:"to"`
	Action     string `json:"action"`
	BackAction string `json:"backAction"`

	Ref schema.Ref `json:"-"`
}

// MapRulesText is a map-specific rule printed at the bottom of the map;
// Encoded asserts that machine-readable fields express its effect.
type MapRulesText struct {
	Text    string `json:"text"`
	Encoded bool   `json:"encoded"`

	Ref schema.Ref `json:"-"`
}

// MapOverrides are machine-readable map-specific effects.
type MapOverrides struct {
	ForbiddenMoves []*MapForbiddenMove `json:"forbiddenMoves"`
}

// MapForbiddenMove forbids the step from From to To, for the listed
// actions or for all.
type MapForbiddenMove struct {
	From    string   `json:"from"`
	To      string   `json:"to"`
	Actions []string `json:"actions"`

	Ref schema.Ref `json:"-"`
}

// Gadgets are the Runner's gadgets: the 4 basic ones (L270-296) and the 2
// advanced ones, usable only on maps with water (L673).
var (
	BasicGadgets    = []string{"smoke-bomb", "crowbar", "hook", "jetpack"}
	AdvancedGadgets = []string{"jet-ski", "scuba-gear"}
)

// Cell is a space of a map: Col 0-5 for columns A-F, Row 0-5 for rows 1-6.
type Cell struct{ Col, Row int }

// ParseCell parses a cell such as "C3".
func ParseCell(s string) (Cell, bool) {
	if len(s) != 2 || s[0] < 'A' || s[0] >= 'A'+MapSize || s[1] < '1' || s[1] >= '1'+MapSize {
		return Cell{}, false
	}
	return Cell{Col: int(s[0] - 'A'), Row: int(s[1] - '1')}, true
}

// String formats the cell as "C3".
func (c Cell) String() string { return fmt.Sprintf("%c%d", 'A'+c.Col, c.Row+1) }

// OnMap reports whether the cell is one of A1-F6.
func (c Cell) OnMap() bool { return c.Col >= 0 && c.Col < MapSize && c.Row >= 0 && c.Row < MapSize }

// MapPicture is a map's levels picture parsed into rows of symbols. Blank
// lines and a first header line are left out.
type MapPicture struct {
	Rows []PictureRow
}

// PictureRow is one row of the picture.
type PictureRow struct {
	// Label is the row number written before the symbols, if any.
	Label *PictureToken
	// Symbols are the row's symbols, left to right.
	Symbols []PictureToken
	// Pos is where the row's text starts.
	Pos schema.Pos
}

// PictureToken is a word of the picture and its position in the file.
type PictureToken struct {
	Text string
	Pos  schema.Pos
}

// MapGrid is a resolved picture, indexed [row][column].
type MapGrid [MapSize][MapSize]MapSpace

// MapSpace is one space of a resolved map.
type MapSpace struct {
	MapSymbol
	Cell   Cell
	Symbol string
	// Pos is the symbol's position in the picture.
	Pos schema.Pos
}

// At returns the space at a cell, or nil off the map.
func (g *MapGrid) At(c Cell) *MapSpace {
	if g == nil || !c.OnMap() {
		return nil
	}
	return &g[c.Row][c.Col]
}

// HasWater reports whether any symbol of the map's picture stands for
// water, whether or not the picture is a complete grid: Jet Ski and Scuba
// Gear "may only be used on maps with water" (L673).
func (m *Map) HasWater() bool {
	legend := m.Symbols()
	for _, row := range m.Picture.Rows {
		for _, s := range row.Symbols {
			if legend[s.Text].Water {
				return true
			}
		}
	}
	return false
}

func decodeMap(obj map[string]any, ref schema.Ref) (schema.Element, []schema.Problem) {
	m := &Map{}
	if err := schema.DecodeInto(obj, m); err != nil {
		return nil, []schema.Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	m.Ref = ref
	m.setRefs()
	legend := m.Symbols()
	m.Picture = parsePicture(m.Levels, ref.Child("levels"), legend)
	m.Grid = m.Picture.resolve(legend)
	return m, nil
}

// setRefs points every entry at its node.
func (m *Map) setRefs() {
	for k, s := range m.Legend {
		s.Ref = m.Ref.Child("legend").Child(k)
	}
	for i, s := range m.SafeHouses {
		s.Ref = m.Ref.Child("safeHouses").Index(i)
	}
	for i, s := range m.Spawns {
		s.Ref = m.Ref.Child("spawns").Index(i)
	}
	for i, a := range m.Access {
		a.Ref = m.Ref.Child("access").Index(i)
	}
	for i, t := range m.Tunnels {
		t.Ref = m.Ref.Child("tunnels").Index(i)
		for j, ic := range t.Actions {
			ic.Ref = t.Ref.Child("actions").Index(j)
		}
	}
	for i, z := range m.ZipLines {
		z.Ref = m.Ref.Child("zipLines").Index(i)
	}
	for i, l := range m.Links {
		l.Ref = m.Ref.Child("links").Index(i)
	}
	for i, t := range m.RulesText {
		t.Ref = m.Ref.Child("rulesText").Index(i)
	}
	for i, f := range m.Overrides.ForbiddenMoves {
		f.Ref = m.Ref.Child("overrides").Child("forbiddenMoves").Index(i)
	}
}

// Symbols returns the map's legend: the built-in symbols, with the map's
// own added or put in their place.
func (m *Map) Symbols() map[string]MapSymbol {
	legend := BuiltinLegend()
	for k, s := range m.Legend {
		legend[k] = *s
	}
	return legend
}

// SymbolNames returns the legend's symbols, sorted.
func SymbolNames(legend map[string]MapSymbol) []string {
	return slices.Sorted(maps.Keys(legend))
}

// pictureWord is a word of a picture line and its rune offset.
type pictureWord struct {
	text string
	col  int
}

// pictureWords splits a line into words separated by white space.
func pictureWords(line string) []pictureWord {
	var words []pictureWord
	start, col := -1, 0
	var b strings.Builder
	for _, r := range line {
		if unicode.IsSpace(r) {
			if start >= 0 {
				words = append(words, pictureWord{b.String(), start})
				b.Reset()
				start = -1
			}
		} else {
			if start < 0 {
				start = col
			}
			b.WriteRune(r)
		}
		col++
	}
	if start >= 0 {
		words = append(words, pictureWord{b.String(), start})
	}
	return words
}

// parsePicture parses the levels picture: row 1 at the top, an
// optional first line that starts with # and is not a row of legend
// symbols (a column header such as "#  A B C D E F"), then one line per
// row of symbols separated by spaces, each row optionally led by its row
// number. Blank lines are skipped.
func parsePicture(levels string, ref schema.Ref, legend map[string]MapSymbol) MapPicture {
	var pic MapPicture
	first := true
	for i, line := range strings.Split(levels, "\n") {
		words := pictureWords(line)
		if len(words) == 0 {
			continue
		}
		if first && isHeader(words, legend) {
			first = false
			continue
		}
		first = false
		row := PictureRow{Pos: ref.TextPos(i, words[0].col)}
		if isRowLabel(words, legend) {
			row.Label = &PictureToken{Text: words[0].text, Pos: row.Pos}
			words = words[1:]
		}
		for _, w := range words {
			row.Symbols = append(row.Symbols, PictureToken{Text: w.text, Pos: ref.TextPos(i, w.col)})
		}
		pic.Rows = append(pic.Rows, row)
	}
	return pic
}

// isHeader reports whether the first line of a picture is a column header:
// it starts with # and is not all legend symbols (after a row number).
func isHeader(words []pictureWord, legend map[string]MapSymbol) bool {
	if !strings.HasPrefix(words[0].text, "#") {
		return false
	}
	if isRowLabel(words, legend) {
		words = words[1:]
	}
	for _, w := range words {
		if _, ok := legend[w.text]; !ok {
			return true
		}
	}
	return false
}

// isRowLabel reports whether a row starts with its row number: a number
// followed by 6 symbols, or a number that is no legend symbol.
func isRowLabel(words []pictureWord, legend map[string]MapSymbol) bool {
	w := words[0].text
	if strings.TrimFunc(w, unicode.IsDigit) != "" || len(words) < 2 {
		return false
	}
	_, symbol := legend[w]
	return len(words) == MapSize+1 || !symbol
}

// resolve turns a picture of 6 rows of 6 known symbols into a grid; nil
// for any other picture.
func (pic MapPicture) resolve(legend map[string]MapSymbol) *MapGrid {
	if len(pic.Rows) != MapSize {
		return nil
	}
	var g MapGrid
	for r, row := range pic.Rows {
		if len(row.Symbols) != MapSize {
			return nil
		}
		for c, tok := range row.Symbols {
			sym, ok := legend[tok.Text]
			if !ok {
				return nil
			}
			g[r][c] = MapSpace{MapSymbol: sym, Cell: Cell{Col: c, Row: r}, Symbol: tok.Text, Pos: tok.Pos}
		}
	}
	return &g
}

// Kind implements Element.
func (m *Map) Kind() string { return "Map" }

// ElementID implements Element.
func (m *Map) ElementID() string { return m.ID }

// Source implements Element.
func (m *Map) Source() schema.Ref { return m.Ref }

// Facts implements Element. Maps print on the kit's maps.pdf (reserved in
// Schema.KitOutputs), each card twice with side b behind side a for duplex, so a
// map prints backs; its own output is its preview, preview/map-<id>.png.
// Towards its component each side counts one card: a card has two sides
// and each map is played on two copies of it, one per player (L50, L91),
// so a card with both sides counts 2 and one missing a side counts 1.
func (m *Map) Facts() schema.Facts {
	f := schema.Facts{Name: nameOr(m.Name, m.ID), Printed: true, Backs: true, Outputs: []string{"preview/" + m.ID + ".png"}}
	if m.Component != "" {
		f.Copies = []schema.Contribution{{What: fmt.Sprintf("map %q (card %d side %s)", m.ID, m.Card, m.Side),
			Component: m.Component, Copies: 1, Ref: m.Ref.Child("component")}}
	}
	what := fmt.Sprintf("map %q", m.ID)
	if m.Name != "" {
		f.Texts = append(f.Texts, schema.TextSite{What: what + " name", Text: m.Name, Ref: m.Ref.Child("name")})
	}
	for _, t := range m.RulesText {
		f.Texts = append(f.Texts, schema.TextSite{What: what + " rules text", Text: t.Text, Ref: t.Ref.Child("text")})
	}
	return f
}

// PrintGroup implements schema.Grouped: the two sides of a map card print
// on one card, so a kit that prints one side prints the card whole.
func (m *Map) PrintGroup() string { return fmt.Sprintf("map card %d", m.Card) }

// Maps returns the pack's RUN maps.
func Maps(p *schema.Pack) []*Map { return schema.ElementsOf[*Map](p) }

// nameOr returns name, or id when name is empty.
func nameOr(name, id string) string {
	if name != "" {
		return name
	}
	return id
}
