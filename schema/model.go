package schema

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Game is a pack manifest (kind: Game).
type Game struct {
	ID          string            `json:"id"`
	Title       string            `json:"title"`
	System      string            `json:"system"`
	Version     string            `json:"version"`
	Extends     string            `json:"extends"`
	Description string            `json:"description"`
	Include     []string          `json:"include"`
	Components  []*Component      `json:"components"`
	Print       PrintSettings     `json:"print"`
	Rules       map[string]string `json:"rules"`
	Fonts       []*FontRef        `json:"fonts"`
	Assumptions []string          `json:"assumptions"`

	Ref Ref `json:"-"`
}

// Component is one line of the published component list with its count.
type Component struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Expected   int    `json:"expected"`
	Source     string `json:"source"`
	Printed    *bool  `json:"printed"`
	Substitute string `json:"substitute"`

	Ref Ref `json:"-"`
}

// IsPrinted reports whether runforge prints the component (default true).
func (c *Component) IsPrinted() bool { return c.Printed == nil || *c.Printed }

// PrintSettings are a pack's print defaults; command-line flags override them.
type PrintSettings struct {
	Paper     string  `json:"paper"`
	Duplex    string  `json:"duplex"`
	Bleed     *Length `json:"bleed"`
	CropMarks *bool   `json:"cropMarks"`
	InkSaver  bool    `json:"inkSaver"`
	Grayscale bool    `json:"grayscale"`
}

// FontRef names a TrueType font shipped in the pack, for templates to use
// by name.
type FontRef struct {
	Name string `json:"name"`
	File string `json:"file"`

	Ref Ref `json:"-"`
}

// BuiltinFonts are the font names every template may use: the embedded Go
// fonts.
var BuiltinFonts = []string{"regular", "bold", "italic", "bolditalic", "mono"}

// MaxFontSize is the largest font file a pack may ship, in bytes.
const MaxFontSize = 16 << 20

// Deck is a deck of cards (kind: Deck).
type Deck struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Component string  `json:"component"`
	CardType  string  `json:"cardType"`
	Template  string  `json:"template"`
	Back      string  `json:"back"`
	Size      string  `json:"size"`
	Width     *Length `json:"width"`
	Height    *Length `json:"height"`
	DropTrack int     `json:"dropTrack"`
	Cards     []*Card `json:"-"`

	Ref Ref `json:"-"`
}

// Sides returns the face and back template ids of the deck: its own, or
// the defaults of its card type (rfyl/event -> rfyl-event, rfyl-event-back;
// generic -> generic, generic-back).
func (d *Deck) Sides() (face, back string) {
	face, back = d.Template, d.Back
	defFace, defBack := "", ""
	switch d.CardType {
	case "":
	case "generic":
		defFace, defBack = "generic", "generic-back"
	default:
		defFace = strings.ReplaceAll(d.CardType, "/", "-")
		defBack = defFace + "-back"
	}
	if face == "" {
		face = defFace
	}
	if back == "" {
		back = defBack
	}
	return face, back
}

// BoxIssue is a template box whose text a card cannot show as written: it
// does not fit, or has characters the font cannot draw.
type BoxIssue struct {
	Template string
	Box      string
	// Field is the card field the box shows, if any.
	Field string
	// Detail says what is wrong, e.g. "needs 41.2mm of 31mm at 7pt".
	Detail string
}

// Total is the number of copies in the deck.
func (d *Deck) Total() int {
	n := 0
	for _, c := range d.Cards {
		n += c.Count
	}
	return n
}

// Card is one card of a deck with its typed fields.
type Card struct {
	ID     string
	Count  int
	Fields map[string]any // string, int64, float64, bool or []string
	Deck   *Deck

	Ref Ref
}

// Str returns a text field ("" when absent); numbers are formatted.
func (c *Card) Str(name string) string {
	switch v := c.Fields[name].(type) {
	case string:
		return v
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// Int returns an integer field and whether it is set.
func (c *Card) Int(name string) (int, bool) {
	v, ok := c.Fields[name].(int64)
	return int(v), ok
}

// List returns a list field.
func (c *Card) List(name string) []string {
	v, _ := c.Fields[name].([]string)
	return v
}

// Has reports whether the field is set.
func (c *Card) Has(name string) bool {
	_, ok := c.Fields[name]
	return ok
}

// FieldRef is the reference of one field of the card.
func (c *Card) FieldRef(name string) Ref { return c.Ref.Child(name) }

// TokenSet is a sheet of tokens (kind: Tokens).
type TokenSet struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Tokens []*Token `json:"tokens"`

	Ref Ref `json:"-"`
}

// Token is one kind of token with its copies.
type Token struct {
	ID        string `json:"id"`
	Component string `json:"component"`
	Name      string `json:"name"`
	Count     int    `json:"count"`
	Shape     string `json:"shape"`
	Size      Length `json:"size"`
	Fill      string `json:"fill"`
	Ink       string `json:"ink"`
	Icon      string `json:"icon"`
	Label     string `json:"label"`

	Ref Ref `json:"-"`
}

// Ref locates a model element in its file so diagnostics can point at it.
type Ref struct {
	doc     *document
	Pointer string
}

// Pos is the position of the element's value.
func (r Ref) Pos() Pos {
	if r.doc == nil {
		return Pos{}
	}
	return r.doc.pos(r.Pointer)
}

// KeyPos is the position of the element's key in its mapping (or its value).
func (r Ref) KeyPos() Pos {
	if r.doc == nil {
		return Pos{}
	}
	return r.doc.keyPosOr(r.Pointer)
}

// File is the file the element comes from.
func (r Ref) File() string {
	if r.doc == nil {
		return ""
	}
	return r.doc.file
}

// Child is the reference of a member (by key or index) of the element.
func (r Ref) Child(key string) Ref {
	return Ref{doc: r.doc, Pointer: r.Pointer + "/" + escapePointer(key)}
}

// Index is the reference of the i-th item of a sequence element.
func (r Ref) Index(i int) Ref { return r.Child(strconv.Itoa(i)) }

// Exists reports whether the file holds a value at the reference.
func (r Ref) Exists() bool {
	if r.doc == nil {
		return false
	}
	_, ok := r.doc.valPos[r.Pointer]
	return ok
}

// decodeInto fills v (a struct pointer) from a schema-checked JSON value.
func decodeInto(value any, v any) error {
	b, err := json.Marshal(value)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// cardFrom builds a card from its checked JSON object.
func cardFrom(obj map[string]any) *Card {
	c := &Card{Count: 1, Fields: map[string]any{}}
	for k, v := range obj {
		switch k {
		case "id":
			c.ID, _ = v.(string)
			continue
		case "count":
			if n, err := v.(json.Number).Int64(); err == nil {
				c.Count = int(n)
			}
			continue
		}
		c.Fields[k] = normalize(v)
	}
	return c
}

func normalize(v any) any {
	switch t := v.(type) {
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i
		}
		f, _ := t.Float64()
		return f
	case []any:
		out := make([]string, 0, len(t))
		for _, e := range t {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return v
}
