// Package icons holds the vector icons text and cards draw inline ({bat},
// {zombie}): their path data, a parser for the SVG path subset they use, and
// drawing one in a square of a canvas.
package icons

import (
	"fmt"
	"maps"
	"sort"
	"sync"

	"github.com/runforge/runforge/generator/draw"
)

// icon is a parsed icon: layers in a 100x100 box.
type icon struct {
	layers []iconShape
}

type iconShape struct {
	path     *draw.Path
	knockout bool
}

// allIconPaths is every icon table: the shared icons, RUN's and Run, Fight,
// or Die!'s. It is read-only once built.
var allIconPaths = sync.OnceValue(func() map[string][]iconLayer {
	out := maps.Clone(iconPaths)
	maps.Copy(out, runIconPaths())
	maps.Copy(out, rfodIconPaths())
	return out
})

// parsedIcons parses the icon path data once; it is read-only afterwards.
var parsedIcons = sync.OnceValues(func() (map[string]*icon, error) {
	out := map[string]*icon{}
	all := allIconPaths()
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		ic := &icon{}
		for i, l := range all[name] {
			p, err := parseSVGPath(l.D)
			if err != nil {
				return nil, fmt.Errorf("icon %s layer %d: %w", name, i, err)
			}
			ic.layers = append(ic.layers, iconShape{p, l.Knockout})
		}
		out[name] = ic
	}
	return out, nil
})

// InkRight is the right edge of the named icon's ink, in the units of its
// 100 x 100 box (100 for an unknown icon): text set right after an icon
// starts from its ink, as after a letter, not from the edge of its box.
// The edge is the rightmost point of its paths, control points included.
func InkRight(name string) float64 {
	icons, err := parsedIcons()
	if err != nil {
		return 100
	}
	ic, ok := icons[name]
	if !ok {
		return 100
	}
	right := 0.0
	for _, l := range ic.layers {
		if l.knockout {
			continue // cut out of the ink, never beyond it
		}
		for _, op := range l.path.Ops {
			n := 1
			if op.Kind == draw.CubicTo {
				n = 3
			} else if op.Kind == draw.Close {
				n = 0
			}
			for _, pt := range op.P[:n] {
				right = max(right, pt[0])
			}
		}
	}
	return min(right, 100)
}

// Has reports whether there is an icon of that name.
func Has(name string) bool {
	_, ok := allIconPaths()[name]
	return ok
}

// Draw draws the named icon in a size x size square at (x, y), in ink,
// cutting its details out with paper. Unknown icons draw nothing and report
// false.
func Draw(c draw.Canvas, name string, x, y, size float64, ink, paper draw.Color) bool {
	icons, err := parsedIcons()
	if err != nil {
		return false
	}
	ic, ok := icons[name]
	if !ok {
		return false
	}
	s := size / 100
	for _, l := range ic.layers {
		col := ink
		if l.knockout {
			col = paper
		}
		c.Path(l.path.Transformed(s, x, y), col)
	}
	return true
}
