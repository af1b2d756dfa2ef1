package tokens

import (
	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/figures"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// bandPad is the room kept over the standees' band on a token sheet,
// between the last row of tokens and the band's header.
const bandPad = layout.StandeeMarkReach

// sharedBand is the pack's standees as one band on a token sheet, and
// where it goes: the standees share the token sheets when the band fits
// the room the tokens leave on a sheet they already use (see
// figures.Band for why a one-sided standee may sit on any token sheet).
type sharedBand struct {
	band figures.Band
	// at is the band's place, the room over it (bandPad) included, on
	// sheet at.Page.
	at layout.Placement
}

// rect is the band's own rectangle on its sheet.
func (sb sharedBand) rect() layout.Rect {
	return layout.Rect{X: sb.at.Trim.X, Y: sb.at.Trim.Y + bandPad, W: sb.band.W, H: sb.band.H}
}

// standeeBand places the pack's standees on its token sheets, after every
// token: ok is false when the pack has no token sheet or no standee, when
// its standees take more than one page of figures.pdf, or when the band
// would need a sheet of its own (then figures.pdf prints them, as it
// would anyway).
func standeeBand(p *schema.Pack, opts generator.PrintOptions) (sharedBand, bool) {
	band, ok := figures.StandeeBand(p, opts)
	if !ok {
		return sharedBand{}, false
	}
	all, _, sheets, err := tokenPlan(p, opts)
	if err != nil || len(all) == 0 {
		return sharedBand{}, false
	}
	// Tokens are placed in order, so adding the band last leaves each
	// token where tokenPlan puts it.
	sizes := tokenSizes(all)
	sizes = append(sizes, [2]float64{band.W, band.H + bandPad})
	placements, _, err := layout.PackFirstFit(opts.Paper, opts.Margin, tokenGap, sizes)
	if err != nil {
		return sharedBand{}, false
	}
	at := placements[len(placements)-1]
	if at.Page >= sheets {
		return sharedBand{}, false
	}
	return sharedBand{band: band, at: at}, true
}

// StandeesOnTokens reports whether the kit of p prints its standees on
// its token sheets rather than on figures.pdf: when that saves a sheet.
func StandeesOnTokens(p *schema.Pack, opts generator.PrintOptions) bool {
	_, ok := standeeBand(p, opts)
	return ok
}
