package generator

import (
	"github.com/runforge/runforge/generator/impose"
	"github.com/runforge/runforge/schema"
)

// Gang is what a kind says about an element whose pieces are smaller than
// a page, so that the kit may print them on sheets shared with other
// elements (see generator/kit): elements of one Class share sheets, in the
// PDF of the first of them.
type Gang struct {
	// Class names what may share a sheet: the kind's imposition, the
	// stock, the duplex need and, for grids, the piece size.
	Class string
	Stock Stock
	// Host is the element the designer's printWith: names, "" for none.
	Host string
	// Pieces are the trim sizes of every piece the element prints.
	Pieces []impose.Piece
	// Sheets is how many sheets pieces of the class take together, in
	// order.
	Sheets func(pieces []impose.Piece) int
}

// gangFuncs are a kind's Gang and PrintWith, for any element.
type gangFuncs struct {
	gang func(r *Renderer, p *schema.Pack, e schema.Element, opts PrintOptions) (Gang, bool)
	with func(e schema.Element, host string) schema.Element
}

// Gang says how the element may share sheets with others of its class;
// false for an element (or kind) that never does.
func (kr KindRenderer) Gang(r *Renderer, p *schema.Pack, e schema.Element, opts PrintOptions) (Gang, bool) {
	if kr.gangs.gang == nil {
		return Gang{}, false
	}
	return kr.gangs.gang(r, p, e, opts)
}

// PrintWith returns a copy of e that prints on the sheets of host, as a
// printWith: host written in its file would make it; e itself when the
// kind cannot.
func (kr KindRenderer) PrintWith(e schema.Element, host string) schema.Element {
	if kr.gangs.with == nil {
		return e
	}
	return kr.gangs.with(e, host)
}

// gangsOf wraps a Kind's Gang and PrintWith for any element.
func gangsOf[E schema.Element](k Kind[E]) gangFuncs {
	if k.Gang == nil || k.PrintWith == nil {
		return gangFuncs{}
	}
	return gangFuncs{
		gang: func(r *Renderer, p *schema.Pack, e schema.Element, opts PrintOptions) (Gang, bool) {
			if el, ok := e.(E); ok {
				return k.Gang(r, p, el, opts)
			}
			return Gang{}, false
		},
		with: func(e schema.Element, host string) schema.Element {
			if el, ok := e.(E); ok {
				return k.PrintWith(el, host)
			}
			return e
		},
	}
}
