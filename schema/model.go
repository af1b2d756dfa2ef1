package schema

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/runforge/runforge/schema/internal/yamldoc"
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
	// Settings are the manifest's game blocks (e.g. justRun:) by key, each
	// decoded over its game's defaults by the registry's SettingsBlock; a
	// key is absent when the manifest writes no such block. A game's
	// package reads its own through a typed accessor.
	Settings map[string]any `json:"-"`

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
	CutLines  *bool   `json:"cutLines"`
	Margin    *Length `json:"margin"`
	Layout    string  `json:"layout"`
	// BackOffset shifts back pages by X, Y millimetres.
	BackOffset *Offset `json:"backOffset"`
	InkSaver   bool    `json:"inkSaver"`
	Grayscale  bool    `json:"grayscale"`
	// CMYK prints in process colour within the ink limit (--cmyk).
	CMYK bool `json:"cmyk"`
}

// Offset is a shift in millimetres.
type Offset struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// MaxMargin is the largest printer margin a pack or flag may set, in mm.
const MaxMargin = 25.0

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

// Ref locates a model element in its file so diagnostics can point at it.
type Ref struct {
	doc     *yamldoc.Document
	Pointer string
}

// Pos is the position of the element's value.
func (r Ref) Pos() Pos {
	if r.doc == nil {
		return Pos{}
	}
	return r.doc.Pos(r.Pointer)
}

// KeyPos is the position of the element's key in its mapping (or its value).
func (r Ref) KeyPos() Pos {
	if r.doc == nil {
		return Pos{}
	}
	return r.doc.KeyPosOr(r.Pointer)
}

// File is the file the element comes from.
func (r Ref) File() string {
	if r.doc == nil {
		return ""
	}
	return r.doc.File
}

// Child is the reference of a member (by key or index) of the element.
func (r Ref) Child(key string) Ref {
	return Ref{doc: r.doc, Pointer: r.Pointer + "/" + yamldoc.EscapePointer(key)}
}

// Index is the reference of the i-th item of a sequence element.
func (r Ref) Index(i int) Ref { return r.Child(strconv.Itoa(i)) }

// Text is the scalar written at the reference as text ("63mm", "12"), or
// "" when the file holds no scalar there: a message can then quote a value
// as the user wrote it, in their unit.
func (r Ref) Text() string {
	if r.doc == nil {
		return ""
	}
	v := r.doc.Value
	if r.Pointer != "" {
		for _, seg := range strings.Split(r.Pointer[1:], "/") {
			seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
			switch t := v.(type) {
			case map[string]any:
				v = t[seg]
			case []any:
				i, err := strconv.Atoi(seg)
				if err != nil || i < 0 || i >= len(t) {
					return ""
				}
				v = t[i]
			default:
				return ""
			}
		}
	}
	switch t := v.(type) {
	case string:
		return t
	case json.Number:
		return t.String()
	}
	return ""
}

// TextPos is the position of the character at rune offset col of text
// line line (both 0-based) of the literal block scalar (|) at the
// reference. For any other value, or a line not written as it reads, it is
// the position of the value.
func (r Ref) TextPos(line, col int) Pos {
	if r.doc == nil {
		return Pos{}
	}
	b, ok := r.doc.Blocks[r.Pointer]
	if !ok || line < 0 || line >= len(b.Cols) || b.Cols[line] == 0 {
		return r.Pos()
	}
	return Pos{File: r.doc.File, Line: b.Line + line, Col: b.Cols[line] + col}
}

// Exists reports whether the file holds a value at the reference.
func (r Ref) Exists() bool {
	if r.doc == nil {
		return false
	}
	return r.doc.HasValue(r.Pointer)
}

// DecodeInto fills v (a struct pointer) from a schema-checked JSON value.
func DecodeInto(value any, v any) error {
	b, err := json.Marshal(value)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
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

// SettingsFieldRef is the reference of a key under a game's settings block
// (block): the key when the manifest writes it, else its nearest written
// ancestor, else the manifest's system: line.
func SettingsFieldRef(block Ref, path ...string) Ref {
	r := block
	for _, k := range path {
		r = r.Child(k)
	}
	for at := r; ; {
		if at.Exists() {
			return at
		}
		if at.Pointer == block.Pointer {
			break
		}
		at = Ref{doc: at.doc, Pointer: parentPointer(at.Pointer)}
	}
	return Ref{doc: block.doc, Pointer: "/system"}
}

// parentPointer returns the JSON pointer of the parent of p.
func parentPointer(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return p[:i]
		}
	}
	return ""
}
