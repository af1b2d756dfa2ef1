package icons

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/runforge/runforge/generator/draw"
)

// parseSVGPath parses the subset of SVG path data the icons use:
// M L H V C Q Z and their relative forms.
func parseSVGPath(d string) (*draw.Path, error) {
	toks := tokenizeSVGPath(d)
	p := &draw.Path{}
	var cx, cy, sx, sy float64
	var cmd byte
	i := 0
	num := func() (float64, error) {
		if i >= len(toks) {
			return 0, fmt.Errorf("path ends early")
		}
		v, err := strconv.ParseFloat(toks[i], 64)
		if err != nil {
			return 0, fmt.Errorf("bad number %q", toks[i])
		}
		i++
		return v, nil
	}
	for i < len(toks) {
		t := toks[i]
		if len(t) == 1 && strings.Contains("MmLlHhVvCcQqZz", t) {
			cmd = t[0]
			i++
			if cmd == 'Z' || cmd == 'z' {
				p.Ops = append(p.Ops, draw.PathOp{Kind: draw.Close})
				cx, cy = sx, sy
			}
			continue
		}
		rel := cmd >= 'a'
		ox, oy := 0.0, 0.0
		if rel {
			ox, oy = cx, cy
		}
		switch cmd {
		case 'M', 'm', 'L', 'l':
			x, err := num()
			if err != nil {
				return nil, err
			}
			y, err := num()
			if err != nil {
				return nil, err
			}
			kind := draw.LineTo
			if cmd == 'M' || cmd == 'm' {
				kind = draw.MoveTo
				sx, sy = x+ox, y+oy
				// Further pairs after a moveto are implicit linetos.
				if cmd == 'M' {
					cmd = 'L'
				} else {
					cmd = 'l'
				}
			}
			cx, cy = x+ox, y+oy
			p.Ops = append(p.Ops, draw.PathOp{Kind: kind, P: [3][2]float64{{cx, cy}}})
		case 'H', 'h':
			x, err := num()
			if err != nil {
				return nil, err
			}
			cx = x + ox
			p.Ops = append(p.Ops, draw.PathOp{Kind: draw.LineTo, P: [3][2]float64{{cx, cy}}})
		case 'V', 'v':
			y, err := num()
			if err != nil {
				return nil, err
			}
			cy = y + oy
			p.Ops = append(p.Ops, draw.PathOp{Kind: draw.LineTo, P: [3][2]float64{{cx, cy}}})
		case 'C', 'c', 'Q', 'q':
			n := 6
			if cmd == 'Q' || cmd == 'q' {
				n = 4
			}
			v := make([]float64, n)
			for k := range v {
				var err error
				if v[k], err = num(); err != nil {
					return nil, err
				}
			}
			if n == 6 {
				p.Ops = append(p.Ops, draw.PathOp{Kind: draw.CubicTo, P: [3][2]float64{
					{v[0] + ox, v[1] + oy}, {v[2] + ox, v[3] + oy}, {v[4] + ox, v[5] + oy}}})
				cx, cy = v[4]+ox, v[5]+oy
			} else {
				// Elevate the quadratic to a cubic.
				qx, qy := v[0]+ox, v[1]+oy
				ex, ey := v[2]+ox, v[3]+oy
				p.Ops = append(p.Ops, draw.PathOp{Kind: draw.CubicTo, P: [3][2]float64{
					{cx + 2.0/3*(qx-cx), cy + 2.0/3*(qy-cy)}, {ex + 2.0/3*(qx-ex), ey + 2.0/3*(qy-ey)}, {ex, ey}}})
				cx, cy = ex, ey
			}
		default:
			return nil, fmt.Errorf("unsupported path command %q", string(cmd))
		}
	}
	return p, nil
}

func tokenizeSVGPath(d string) []string {
	var toks []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			toks = append(toks, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(d); i++ {
		c := d[i]
		switch {
		case strings.IndexByte("MmLlHhVvCcQqZz", c) >= 0:
			flush()
			toks = append(toks, string(c))
		case c == ' ' || c == ',' || c == '\n' || c == '\t' || c == '\r':
			flush()
		case c == '-':
			flush()
			cur.WriteByte(c)
		case c == '.' && strings.Contains(cur.String(), "."):
			flush()
			cur.WriteByte(c)
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return toks
}

// PolygonPath is the closed polygon through pts, as the icons build theirs.
func PolygonPath(pts ...[2]float64) *draw.Path {
	ps := make([]iconPt, len(pts))
	for i, p := range pts {
		ps[i] = iconPt{p[0], p[1]}
	}
	path, err := parseSVGPath(iconPolygon(ps))
	if err != nil {
		return &draw.Path{}
	}
	return path
}
