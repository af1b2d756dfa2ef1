// Package pdftext reads back the text a PDF prints and the size it prints
// at: the font size times every scale the drawing applies on the way to
// the page (the text matrix, cm, and the /Matrix of each form XObject drawn
// with Do). It interprets the operators that place text (q/Q, cm, BT/ET,
// Tf, Tm, Td, TD, T*, TL, Tr, Tj, TJ, ', ") and ignores the rest, which is
// enough for the PDFs runforge writes; it is a test helper, not a general
// PDF text extractor. Colours reads what a PDF paints with the same way
// (colour operators, colour spaces, ink, transparency).
package pdftext

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Span is the text one text-showing operator prints.
type Span struct {
	Page int    // 1-based
	Text string // decoded: UTF-16BE for two-byte (Type0) fonts, Latin-1 otherwise
	Font string // the font's resource name
	// Size is the printed size in pt: the Tf size times the vertical scale
	// of the text matrix times the current transformation matrix (form
	// matrices and cm included).
	Size float64
	// X and Y are where the text space's origin lies on the page, in pt
	// from its lower-left corner, when the operator runs (earlier glyphs of
	// the same text object do not advance it).
	X, Y float64
}

func (s Span) String() string {
	return fmt.Sprintf("page %d: %q at %.2f pt", s.Page, s.Text, s.Size)
}

// maxFormDepth bounds form XObjects drawn inside form XObjects (a form
// that draws itself would never end).
const maxFormDepth = 16

// Read returns every text span of every page of a PDF, page by page, in
// the order the content draws them.
func Read(pdf []byte) ([]Span, error) {
	ctx, err := api.ReadContext(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		return nil, fmt.Errorf("reading the PDF: %w", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return nil, fmt.Errorf("reading the PDF: %w", err)
	}
	var spans []Span
	for p := 1; p <= ctx.PageCount; p++ {
		page, err := PageSpans(ctx, p)
		if err != nil {
			return nil, err
		}
		spans = append(spans, page...)
	}
	return spans, nil
}

// PageSpans returns the text spans of one page (1-based).
func PageSpans(ctx *model.Context, page int) ([]Span, error) {
	d, _, inh, err := ctx.PageDict(page, false)
	if err != nil {
		return nil, fmt.Errorf("page %d: %w", page, err)
	}
	content, err := ctx.PageContent(d, page)
	if errors.Is(err, model.ErrNoContent) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("page %d: %w", page, err)
	}
	var res types.Dict
	if inh != nil {
		res = inh.Resources
	}
	r := &reader{ctx: ctx, page: page, forms: map[int][]byte{}}
	if err := r.run(content, res, graphics{ctm: identity}, 0); err != nil {
		return nil, fmt.Errorf("page %d: %w", page, err)
	}
	return r.spans, nil
}

// Smallest returns the span of the smallest size that prints something
// other than white space; ok is false when there is none.
func Smallest(spans []Span) (s Span, ok bool) {
	for _, sp := range spans {
		if strings.TrimSpace(sp.Text) == "" {
			continue
		}
		if !ok || sp.Size < s.Size {
			s, ok = sp, true
		}
	}
	return s, ok
}

// matrix is a PDF transformation matrix [a b c d e f]: a point (x, y)
// goes to (a x + c y + e, b x + d y + f).
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// mul is m followed by n (m x n in PDF's row-vector notation).
func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2],
		m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2],
		m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4],
		m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// graphics is the part of the graphics state that q and Q save: the
// transformation and the text state.
type graphics struct {
	ctm     matrix
	font    string
	size    float64
	leading float64
	render  int // Tr
}

// reader interprets the content streams of one page.
type reader struct {
	ctx   *model.Context
	page  int
	spans []Span
	forms map[int][]byte // decoded form content by object number
}

// run interprets content drawn with the resources res from the state gs.
func (r *reader) run(content []byte, res types.Dict, gs graphics, depth int) error {
	l := &lexer{b: content}
	var (
		stack    []graphics
		ops      []operand
		tm, tlm  = identity, identity
		twoBytes = map[string]bool{}
	)
	num := func(i int) float64 {
		if i < len(ops) && ops[i].kind == numberOperand {
			return ops[i].num
		}
		return 0
	}
	nums := func() (matrix, bool) {
		if len(ops) < 6 {
			return matrix{}, false
		}
		var m matrix
		for i := range m {
			if ops[len(ops)-6+i].kind != numberOperand {
				return matrix{}, false
			}
			m[i] = ops[len(ops)-6+i].num
		}
		return m, true
	}
	td := func(tx, ty float64) {
		tlm = matrix{1, 0, 0, 1, tx, ty}.mul(tlm)
		tm = tlm
	}
	show := func(parts []operand) {
		if gs.render == 3 || gs.render == 7 {
			return // invisible: neither filled, stroked nor painted
		}
		wide, seen := twoBytes[gs.font]
		if !seen {
			wide = r.twoByteFont(res, gs.font)
			twoBytes[gs.font] = wide
		}
		var text strings.Builder
		for _, p := range parts {
			if p.kind == stringOperand {
				text.WriteString(decode(p.str, wide))
			}
		}
		m := tm.mul(gs.ctm)
		r.spans = append(r.spans, Span{
			Page: r.page,
			Text: text.String(),
			Font: gs.font,
			Size: math.Abs(gs.size) * math.Hypot(m[2], m[3]),
			X:    m[4],
			Y:    m[5],
		})
	}
	for {
		o, op, ok := l.next()
		if !ok {
			return nil
		}
		if op == "" {
			ops = append(ops, o)
			continue
		}
		switch op {
		case "q":
			stack = append(stack, gs)
		case "Q":
			if n := len(stack); n > 0 {
				gs, stack = stack[n-1], stack[:n-1]
			}
		case "cm":
			if m, ok := nums(); ok {
				gs.ctm = m.mul(gs.ctm)
			}
		case "BT":
			tm, tlm = identity, identity
		case "Tf":
			if len(ops) >= 2 && ops[len(ops)-2].kind == nameOperand {
				gs.font = string(ops[len(ops)-2].str)
				gs.size = ops[len(ops)-1].num
			}
		case "TL":
			gs.leading = num(0)
		case "Tr":
			gs.render = int(num(0))
		case "Tm":
			if m, ok := nums(); ok {
				tm, tlm = m, m
			}
		case "Td":
			td(num(0), num(1))
		case "TD":
			gs.leading = -num(1)
			td(num(0), num(1))
		case "T*":
			td(0, -gs.leading)
		case "Tj":
			show(ops)
		case "TJ":
			if len(ops) > 0 {
				show(ops[len(ops)-1].items)
			}
		case "'":
			td(0, -gs.leading)
			show(ops)
		case "\"":
			td(0, -gs.leading)
			if len(ops) > 0 {
				show(ops[len(ops)-1:])
			}
		case "Do":
			if len(ops) > 0 && ops[len(ops)-1].kind == nameOperand {
				if err := r.do(res, string(ops[len(ops)-1].str), gs, depth); err != nil {
					return err
				}
			}
		}
		ops = ops[:0]
	}
}

// do draws the XObject name of res if it is a form: its content with its
// own resources (else those of what draws it), under its /Matrix.
func (r *reader) do(res types.Dict, name string, gs graphics, depth int) error {
	ref := r.resource(res, "XObject", name)
	ir, ok := ref.(types.IndirectRef)
	if !ok {
		return nil
	}
	sd, _, err := r.ctx.DereferenceStreamDict(ir)
	if err != nil || sd == nil {
		return fmt.Errorf("XObject %s: %v", name, err)
	}
	if st := sd.Subtype(); st == nil || *st != "Form" {
		return nil
	}
	if depth >= maxFormDepth {
		return fmt.Errorf("form XObject %s: drawn more than %d forms deep", name, maxFormDepth)
	}
	n := ir.ObjectNumber.Value()
	content, ok := r.forms[n]
	if !ok {
		if err := sd.Decode(); err != nil {
			return fmt.Errorf("form XObject %s: %w", name, err)
		}
		content = sd.Content
		r.forms[n] = content
	}
	if a := r.array(sd.Dict, "Matrix"); len(a) == 6 {
		var m matrix
		for i, o := range a {
			v, err := r.ctx.DereferenceNumber(o)
			if err != nil {
				return fmt.Errorf("form XObject %s: /Matrix: %w", name, err)
			}
			m[i] = v
		}
		gs.ctm = m.mul(gs.ctm)
	}
	formRes := r.dict(sd.Dict, "Resources")
	if formRes == nil {
		formRes = res
	}
	return r.run(content, formRes, gs, depth+1)
}

// twoByteFont says whether the font name of res is a composite (Type0)
// font, whose codes are two bytes.
func (r *reader) twoByteFont(res types.Dict, name string) bool {
	o := r.resource(res, "Font", name)
	d, err := r.ctx.DereferenceDict(o)
	if err != nil || d == nil {
		return false
	}
	st := d.NameEntry("Subtype")
	return st != nil && *st == "Type0"
}

// resource is the entry name of the category (Font, XObject) of res.
func (r *reader) resource(res types.Dict, category, name string) types.Object {
	cat := r.dict(res, category)
	if cat == nil {
		return nil
	}
	o, _ := cat.Find(name)
	return o
}

func (r *reader) dict(d types.Dict, key string) types.Dict {
	if d == nil {
		return nil
	}
	o, _ := d.Find(key)
	v, err := r.ctx.DereferenceDict(o)
	if err != nil {
		return nil
	}
	return v
}

func (r *reader) array(d types.Dict, key string) types.Array {
	o, _ := d.Find(key)
	v, err := r.ctx.DereferenceArray(o)
	if err != nil {
		return nil
	}
	return v
}

// decode turns a string's bytes into text: UTF-16BE for a two-byte font
// (fpdf's UTF-8 fonts use Unicode code points as their codes), Latin-1
// for a simple font.
func decode(b []byte, wide bool) string {
	if !wide {
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c)
		}
		return string(r)
	}
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
	}
	return string(utf16.Decode(u))
}
