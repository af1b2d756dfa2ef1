package schema

import (
	"fmt"
	"strings"

	"github.com/runforge/runforge/schema/internal/yamldoc"
)

// Sheet is reference material (kind: Sheet): a player aid, a rules summary
// or a table, written as blocks of headings, paragraphs, bullet lists and
// tables that flow into one or two columns, on a front and an optional back.
type Sheet struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Component string `json:"component"`
	// Count is the number of copies printed (default 1).
	Count int `json:"count"`
	// Size is "page" (the printable area of the paper), "half-page", or a
	// card size (poker, bridge, mini, tarot, square, custom).
	Size   string  `json:"size"`
	Width  *Length `json:"width"`
	Height *Length `json:"height"`
	// Landscape turns a page or half-page sheet sideways.
	Landscape bool `json:"landscape"`
	// Columns is 1 or 2 (default 1).
	Columns int `json:"columns"`
	// FontSize is the body text size (default 9pt); headings scale from it.
	FontSize   *Length `json:"fontSize"`
	Background string  `json:"background"`
	// Accent colours headings, rules and table headers.
	Accent string `json:"accent"`
	// BackBackground and BackAccent, when set, replace Background and
	// Accent on the back: a tile's used side, a card's other face.
	BackBackground string   `json:"backBackground"`
	BackAccent     string   `json:"backAccent"`
	Front          []*Block `json:"front"`
	Back           []*Block `json:"back"`
	// PrintWith names another card-size sheet of the same size whose PDF
	// this one prints in, on shared pages (small tiles gang up instead of
	// taking a page each). Empty: the sheet has a PDF of its own.
	PrintWith string `json:"printWith"`

	Ref Ref `json:"-"`
}

// Block is one block of a sheet: exactly one of Heading, Paragraph,
// Bullets, Table or Break is set.
type Block struct {
	Heading string `json:"heading"`
	// Level is the heading level, 1 (default) or 2.
	Level     int      `json:"level"`
	Paragraph string   `json:"paragraph"`
	Bullets   []string `json:"bullets"`
	Table     *Table   `json:"table"`
	// Break is "column" or "page": the next block starts in the next column
	// or on the next page.
	Break string `json:"break"`

	Ref Ref `json:"-"`
}

// Table is a table of text cells; the first column is often a row label.
type Table struct {
	Header []string   `json:"header"`
	Rows   [][]string `json:"rows"`
	// Widths are the relative column widths (default equal).
	Widths []float64 `json:"widths"`
}

// Sheet sizes that are not card sizes.
const (
	SheetPage     = "page"
	SheetHalfPage = "half-page"
)

func decodeSheet(obj map[string]any, ref Ref) (Element, []Problem) {
	s := &Sheet{Count: 1, Columns: 1}
	if err := DecodeInto(obj, s); err != nil {
		return nil, []Problem{{Pos: ref.Pos(), Rule: "schema/invalid", Message: err.Error()}}
	}
	s.Ref = ref
	var probs []Problem
	for side, blocks := range map[string][]*Block{"front": s.Front, "back": s.Back} {
		for i, b := range blocks {
			b.Ref = ref.Child(side).Index(i)
			probs = append(probs, b.checkShape()...)
		}
	}
	yamldoc.SortProblems(probs)
	return s, probs
}

// blockKinds are the fields of which a block holds exactly one.
var blockKinds = []string{"heading", "paragraph", "bullets", "table", "break"}

// checkShape reports a block that holds none or several of blockKinds.
func (b *Block) checkShape() []Problem {
	var has []string
	for _, k := range blockKinds {
		if b.Ref.Child(k).Exists() {
			has = append(has, k)
		}
	}
	if len(has) == 1 {
		return nil
	}
	msg := "a block holds one of heading, paragraph, bullets, table or break; this one has none"
	if len(has) > 1 {
		msg = fmt.Sprintf("a block holds one of heading, paragraph, bullets, table or break; this one has %s", strings.Join(has, " and "))
	}
	return []Problem{{Pos: b.Ref.Pos(), Rule: "schema/invalid", Message: msg,
		Hint: "split it into one block per item: - heading: ...  then  - paragraph: ..."}}
}

// Kind implements Element.
func (s *Sheet) Kind() string { return "Sheet" }

// ElementID implements Element.
func (s *Sheet) ElementID() string { return s.ID }

// Source implements Element.
func (s *Sheet) Source() Ref { return s.Ref }

// Facts implements Element.
func (s *Sheet) Facts() Facts {
	f := Facts{Name: nameOr(s.Name, s.ID), Printed: s.Count > 0, Backs: len(s.Back) > 0}
	if s.PrintWith == "" {
		f.Outputs = []string{s.ID + ".pdf"}
	}
	f.PrintsWith = s.PrintWith
	if s.Component != "" {
		f.Copies = []Contribution{{What: fmt.Sprintf("sheet %q", s.ID), Component: s.Component, Copies: s.Count, Ref: s.Ref.Child("component"), Count: s.Ref.Child("count")}}
	}
	for _, b := range append(append([]*Block(nil), s.Front...), s.Back...) {
		f.Texts = append(f.Texts, b.texts(s.ID)...)
	}
	return f
}

// texts lists the texts of a block with their positions.
func (b *Block) texts(sheet string) []TextSite {
	what := fmt.Sprintf("sheet %q", sheet)
	var out []TextSite
	if b.Heading != "" {
		out = append(out, TextSite{What: what + " heading", Text: b.Heading, Ref: b.Ref.Child("heading")})
	}
	if b.Paragraph != "" {
		out = append(out, TextSite{What: what + " paragraph", Text: b.Paragraph, Ref: b.Ref.Child("paragraph")})
	}
	for i, t := range b.Bullets {
		out = append(out, TextSite{What: what + " bullet", Text: t, Ref: b.Ref.Child("bullets").Index(i)})
	}
	if b.Table != nil {
		tref := b.Ref.Child("table")
		for i, t := range b.Table.Header {
			out = append(out, TextSite{What: what + " table header", Text: t, Ref: tref.Child("header").Index(i)})
		}
		for r, row := range b.Table.Rows {
			for c, t := range row {
				out = append(out, TextSite{What: what + " table cell", Text: t, Ref: tref.Child("rows").Index(r).Index(c)})
			}
		}
	}
	return out
}

// Sheets returns the pack's sheets.
func (p *Pack) Sheets() []*Sheet { return ElementsOf[*Sheet](p) }

// SheetsPrintedWith returns the sheets that print in host's PDF
// (printWith: host), in pack order.
func (p *Pack) SheetsPrintedWith(host string) []*Sheet {
	var out []*Sheet
	for _, s := range p.Sheets() {
		if s.PrintWith == host && s.ID != host {
			out = append(out, s)
		}
	}
	return out
}
