package kit

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/schema"
)

// The kit's gang step: pieces smaller than a page (card-size sheets,
// decks, tile sets) that would each leave most of a sheet empty share
// sheets with others of their class (same kind of imposition, stock and
// duplex need; for grids the same piece size), printed in the PDF of the
// first of them in pack order. The others' files disappear. A printWith:
// the designer wrote stays: its host and guests move together. Elements
// of a pack this one extends gang only among themselves, as a printWith:
// may not reach into the extended pack: its PDFs stay as they were printed.

// gangMember is an element the kit may gang, with what its kind says.
type gangMember struct {
	e    schema.Element
	kr   generator.KindRenderer
	g    generator.Gang
	rank int // position in the pack
	// base is set for an element of a pack this one extends.
	base bool
}

// class is what the member may share sheets with: its kind's class, kept
// apart for the extended pack's elements.
func (m gangMember) class() string {
	if m.base {
		return m.g.Class + " (extended pack)"
	}
	return m.g.Class
}

// gangUnit is what prints in one PDF before the step: an element and the
// elements that print with it (printWith:), host first.
type gangUnit struct {
	members []gangMember
	pieces  []impose.Piece
	// fixed is set for a unit whose members are of several classes: the
	// step leaves it as written.
	fixed bool
}

func (u *gangUnit) host() gangMember { return u.members[0] }

// kitGang is a set of units that print on shared sheets.
type kitGang struct {
	units  []*gangUnit
	pieces []impose.Piece
}

// sheets is how many sheets pieces of the class of g take.
func sheetsOf(g generator.Gang, pieces []impose.Piece) int {
	if len(pieces) == 0 {
		return 0
	}
	return g.Sheets(pieces)
}

// planGangs groups the pack's gangable elements printed with opts into
// gangs of two units or more that each save at least one sheet. Within a
// class, units with room left on their last sheet are taken smallest
// first; each joins the first gang it saves a sheet in, or starts one.
func planGangs(r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions) []kitGang {
	units := gangUnits(r, p, opts)
	var classes []string
	byClass := map[string][]*gangUnit{}
	for _, u := range units {
		c := u.host().class()
		if u.fixed || u.host().g.Class == "" {
			continue
		}
		if _, ok := byClass[c]; !ok {
			classes = append(classes, c)
		}
		byClass[c] = append(byClass[c], u)
	}
	var out []kitGang
	for _, c := range classes {
		var open []*gangUnit
		for _, u := range byClass[c] {
			if !full(u) {
				open = append(open, u)
			}
		}
		slices.SortStableFunc(open, func(a, b *gangUnit) int { return cmp.Compare(len(a.pieces), len(b.pieces)) })
		var gangs []*kitGang
		for _, u := range open {
			g := u.host().g
			joined := false
			for _, kg := range gangs {
				both := append(slices.Clip(kg.pieces), u.pieces...)
				if sheetsOf(g, both) < sheetsOf(g, kg.pieces)+sheetsOf(g, u.pieces) {
					kg.units, kg.pieces, joined = append(kg.units, u), both, true
					break
				}
			}
			if !joined {
				gangs = append(gangs, &kitGang{units: []*gangUnit{u}, pieces: u.pieces})
			}
		}
		for _, kg := range gangs {
			if len(kg.units) > 1 {
				slices.SortStableFunc(kg.units, func(a, b *gangUnit) int { return cmp.Compare(a.host().rank, b.host().rank) })
				out = append(out, *kg)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b kitGang) int { return cmp.Compare(a.units[0].host().rank, b.units[0].host().rank) })
	return out
}

// full reports whether a unit's last sheet has no room for one more of
// its smallest pieces: ganging it would save nothing.
func full(u *gangUnit) bool {
	small := slices.MinFunc(u.pieces, func(a, b impose.Piece) int { return cmp.Compare(a.W*a.H, b.W*b.H) })
	g := u.host().g
	return sheetsOf(g, append(slices.Clip(u.pieces), small)) > sheetsOf(g, u.pieces)
}

// gangUnits lists the PDFs of gangable elements the pack prints, in pack
// order of their hosts.
func gangUnits(r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions) []*gangUnit {
	var members []gangMember
	for i, e := range p.Elements {
		if !p.Prints(e) || pressed(r, p, e, opts) {
			continue
		}
		kr, ok := r.KindOf(e.Kind())
		if !ok {
			continue
		}
		if g, ok := kr.Gang(r, p, e, opts); ok && len(g.Pieces) > 0 && g.Sheets != nil {
			members = append(members, gangMember{e: e, kr: kr, g: g, rank: i, base: p.FromExtendedPack(e.Source())})
		}
	}
	byHost := map[string]*gangUnit{}
	var units []*gangUnit
	for _, m := range members {
		if m.g.Host == "" {
			u := &gangUnit{members: []gangMember{m}}
			byHost[m.e.Kind()+"/"+m.e.ElementID()] = u
			units = append(units, u)
		}
	}
	for _, m := range members {
		if m.g.Host == "" {
			continue
		}
		u, ok := byHost[m.e.Kind()+"/"+m.g.Host]
		if !ok {
			continue // a guest whose host is not gangable keeps to it
		}
		u.members = append(u.members, m)
	}
	for _, u := range units {
		for _, m := range u.members {
			u.pieces = append(u.pieces, m.g.Pieces...)
			u.fixed = u.fixed || m.class() != u.host().class()
		}
	}
	return units
}

// gangPack is p as the kit prints it with opts: every element of a gang
// that is not its host prints with the host, as a printWith: would make
// it. The pack itself is not changed; p is returned when nothing gangs.
func gangPack(r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions) *schema.Pack {
	gangs := planGangs(r, p, opts)
	if len(gangs) == 0 {
		return p
	}
	with := map[schema.Element]schema.Element{}
	for _, kg := range gangs {
		host := kg.units[0].host().e.ElementID()
		for _, u := range kg.units[1:] {
			for _, m := range u.members {
				with[m.e] = m.kr.PrintWith(m.e, host)
			}
		}
	}
	q := *p
	q.Elements = make([]schema.Element, len(p.Elements))
	for i, e := range p.Elements {
		q.Elements[i] = cmp.Or(with[e], e)
	}
	return &q
}

// gangIndex is the kit index's list of shared sheets: for every PDF that
// holds the pieces of several elements (ganged by the kit or by a
// printWith:), its stock, its sheets and what shares them; then the sheets
// of such pieces per stock.
func gangIndex(r *generator.Renderer, p *schema.Pack, opts generator.PrintOptions) []string {
	var lines []string
	perStock := map[generator.Stock]int{}
	var stocks []generator.Stock
	for _, u := range gangUnits(r, p, opts) {
		g := u.host().g
		n := sheetsOf(g, u.pieces)
		if _, ok := perStock[g.Stock]; !ok {
			stocks = append(stocks, g.Stock)
		}
		perStock[g.Stock] += n
		if len(u.members) < 2 {
			continue
		}
		var names []string
		for _, m := range u.members {
			names = append(names, fmt.Sprintf("%s (%s, %d)", m.e.Facts().Name, m.e.ElementID(), len(m.g.Pieces)))
		}
		lines = append(lines, fmt.Sprintf("- %s.pdf, %d %s of %s: %s", u.host().e.ElementID(), n, generator.PluralOf(n, "sheet", "sheets"), g.Stock, strings.Join(names, ", ")))
	}
	if len(lines) == 0 {
		return nil
	}
	for _, s := range stocks {
		lines = append(lines, fmt.Sprintf("  %d %s of %s for the pieces smaller than a page (cards, tiles, card-size sheets)", perStock[s], generator.PluralOf(perStock[s], "sheet", "sheets"), s))
	}
	return lines
}
