package pdftext

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// ColourUse is what a PDF paints with, read from every object of the file:
// the colour operators of every content stream (pages and form XObjects),
// the colour spaces that dictionaries, images, inline images and cs/CS
// operators name, the most ink any CMYK colour or image sample lays down,
// and the transparency it uses.
type ColourUse struct {
	// Operators counts the colour-setting operators by name (rg, RG, g,
	// G, k, K, cs, CS, sc, SC, scn, SCN).
	Operators map[string]int
	// RGB counts the colours of the rg, RG, g and G operators as
	// 0xRRGGBB, each operand read back to 8 bits (a grey's three the
	// same).
	RGB map[uint32]int
	// Spaces counts the colour space names found: an image's or inline
	// image's /ColorSpace (/CS), a cs or CS operand, and the colour space
	// families named in any dictionary or array (DeviceRGB, CalRGB, Lab,
	// ICCBased, DeviceN, Separation, Indexed, ...).
	Spaces map[string]int
	// MaxInk is the highest C+M+Y+K, in 8-bit units (255 = 100%), of any
	// k or K operator (each operand read back to 8 bits) and of any 8-bit
	// DeviceCMYK image sample (after its /Decode).
	MaxInk int
	// Transparency lists what makes the file use transparency: a soft
	// mask (/SMask), a constant alpha below 1 (/CA, /ca), a blend mode
	// other than Normal, a transparency group.
	Transparency []string
}

// colourSpaces are the colour space names Colours counts in dictionaries.
var colourSpaces = []string{"DeviceRGB", "DeviceCMYK", "DeviceGray", "CalRGB", "CalGray", "Lab", "ICCBased",
	"Indexed", "Separation", "DeviceN", "Pattern"}

// Colours reads what the PDF pdf paints with (see ColourUse).
func Colours(pdf []byte) (ColourUse, error) {
	u := ColourUse{Operators: map[string]int{}, RGB: map[uint32]int{}, Spaces: map[string]int{}}
	ctx, err := api.ReadContext(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		return u, fmt.Errorf("reading the PDF: %w", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		return u, fmt.Errorf("reading the PDF: %w", err)
	}
	contents := map[int]bool{}
	for p := 1; p <= ctx.PageCount; p++ {
		d, _, _, err := ctx.PageDict(p, false)
		if err != nil {
			return u, fmt.Errorf("page %d: %w", p, err)
		}
		o, _ := d.Find("Contents")
		refs := []types.Object{o}
		if a, ok := o.(types.Array); ok {
			refs = a
		}
		for _, r := range refs {
			if ir, ok := r.(types.IndirectRef); ok {
				contents[ir.ObjectNumber.Value()] = true
			}
		}
	}
	nums := make([]int, 0, len(ctx.XRefTable.Table))
	for n := range ctx.XRefTable.Table {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	for _, n := range nums {
		e := ctx.XRefTable.Table[n]
		if e == nil || e.Free || e.Object == nil {
			continue
		}
		var dict types.Dict
		switch o := e.Object.(type) {
		case types.Dict:
			dict = o
		case types.StreamDict:
			dict = o.Dict
			if err := u.stream(o, contents[n]); err != nil {
				return u, fmt.Errorf("object %d: %w", n, err)
			}
		case types.Array:
			u.names(o.PDFString())
			continue
		default:
			continue
		}
		u.names(dict.PDFString())
		u.transparency(dict)
	}
	sort.Strings(u.Transparency)
	return u, nil
}

// names counts the colour space families a dictionary or array names.
func (u *ColourUse) names(s string) {
	for _, cs := range colourSpaces {
		name := "/" + cs
		for i := strings.Index(s, name); i >= 0; {
			end := i + len(name)
			if end == len(s) || isSpace(s[end]) || isDelim(s[end]) {
				u.Spaces[cs]++
			}
			next := strings.Index(s[end:], name)
			if next < 0 {
				break
			}
			i = end + next
		}
	}
}

// transparency notes the transparency a dictionary asks for.
func (u *ColourUse) transparency(d types.Dict) {
	if _, ok := d.Find("SMask"); ok {
		if n := d.NameEntry("SMask"); n == nil || *n != "None" {
			u.Transparency = append(u.Transparency, "/SMask")
		}
	}
	for _, k := range []string{"CA", "ca"} {
		if o, ok := d.Find(k); ok {
			if v, ok := number(o); ok && v < 1 {
				u.Transparency = append(u.Transparency, fmt.Sprintf("/%s %g", k, v))
			}
		}
	}
	if bm := d.NameEntry("BM"); bm != nil && *bm != "Normal" && *bm != "Compatible" {
		u.Transparency = append(u.Transparency, "/BM /"+*bm)
	}
	if s := d.NameEntry("S"); s != nil && *s == "Transparency" {
		u.Transparency = append(u.Transparency, "transparency group")
	}
}

func number(o types.Object) (float64, bool) {
	switch v := o.(type) {
	case types.Float:
		return v.Value(), true
	case types.Integer:
		return float64(v.Value()), true
	}
	return 0, false
}

// stream reads a stream: an image's samples, or a content stream's (a
// page's, content true, or a form XObject's) colour operators.
func (u *ColourUse) stream(sd types.StreamDict, content bool) error {
	st := sd.Subtype()
	switch {
	case st != nil && *st == "Image":
		return u.image(sd)
	case st != nil && *st == "Form", content:
		if err := sd.Decode(); err != nil {
			return err
		}
		u.content(sd.Content)
	}
	return nil
}

// image reads an image's colour space and, for an 8-bit DeviceCMYK image,
// the ink of every sample.
func (u *ColourUse) image(sd types.StreamDict) error {
	cs := sd.NameEntry("ColorSpace")
	if cs == nil || *cs != "DeviceCMYK" {
		return nil // named spaces are counted with the dictionary
	}
	if bpc := sd.IntEntry("BitsPerComponent"); bpc == nil || *bpc != 8 {
		return fmt.Errorf("a DeviceCMYK image of %v bits a sample", bpc)
	}
	if err := sd.Decode(); err != nil {
		return err
	}
	invert := [4]bool{}
	if o, ok := sd.Find("Decode"); ok {
		if a, ok := o.(types.Array); ok && len(a) == 8 {
			for i := range invert {
				lo, _ := number(a[2*i])
				hi, _ := number(a[2*i+1])
				invert[i] = lo == 1 && hi == 0
			}
		}
	}
	px := sd.Content
	for i := 0; i+4 <= len(px); i += 4 {
		sum := 0
		for j, v := range px[i : i+4] {
			if invert[j] {
				v = 255 - v
			}
			sum += int(v)
		}
		u.MaxInk = max(u.MaxInk, sum)
	}
	return nil
}

// rgb counts the colour of an rg, RG, g or G operator with operands ops.
func (u *ColourUse) rgb(op string, ops []operand) {
	n := 3
	if op == "g" || op == "G" {
		n = 1
	}
	if len(ops) < n {
		return
	}
	var c uint32
	for i := range 3 {
		o := ops[len(ops)-n+min(i, n-1)]
		c = c<<8 | uint32(min(255, max(0, math.Round(o.num*255))))
	}
	u.RGB[c]++
}

// content reads the colour operators of a content stream.
func (u *ColourUse) content(b []byte) {
	l := &lexer{b: b}
	var ops []operand
	for {
		o, op, ok := l.next()
		if !ok {
			return
		}
		if op == "" {
			ops = append(ops, o)
			continue
		}
		switch op {
		case "rg", "RG", "g", "G":
			u.Operators[op]++
			u.rgb(op, ops)
		case "sc", "SC", "scn", "SCN":
			u.Operators[op]++
		case "cs", "CS":
			u.Operators[op]++
			if len(ops) > 0 && ops[len(ops)-1].kind == nameOperand {
				u.Spaces[string(ops[len(ops)-1].str)]++
			}
		case "k", "K":
			u.Operators[op]++
			sum := 0
			for _, o := range ops {
				sum += int(math.Round(o.num * 255))
			}
			u.MaxInk = max(u.MaxInk, sum)
		case "ID":
			// An inline image: its dictionary's operands came after BI.
			for i := 0; i+1 < len(ops); i++ {
				if k := string(ops[i].str); ops[i].kind == nameOperand && (k == "CS" || k == "ColorSpace") {
					if v := ops[i+1]; v.kind == nameOperand {
						u.Spaces["inline "+string(v.str)]++
					}
				}
			}
		}
		ops = ops[:0]
	}
}
