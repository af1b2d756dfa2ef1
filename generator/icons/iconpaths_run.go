package icons

import (
	"fmt"
	"math"
	"strings"
)

// RUN's icons (schema runSchema.Icons): the Runner's action tokens, the
// gadgets, the map features and the cardboard tokens. They are built from
// simple shapes, so they are computed once from these helpers rather than
// written out as path data.
func runIconPaths() map[string][]iconLayer {
	out := map[string][]iconLayer{}
	// An arrow pointing north, and one short arm of a wild.
	iconArrow := []iconPt{{50, 6}, {88, 46}, {63, 46}, {63, 94}, {37, 94}, {37, 46}, {12, 46}}
	iconWildArm := []iconPt{{50, 2}, {72, 26}, {57, 26}, {57, 46}, {43, 46}, {43, 26}, {28, 26}}
	dirs := []string{"n", "ne", "e", "se", "s", "sw", "w", "nw"}
	for i, d := range dirs {
		deg := float64(i) * 45
		scale := 1.0
		if i%2 == 1 {
			scale = 0.86 // a diagonal arrow keeps inside the box
		}
		// A silent move: one plain arrow.
		out["silent-"+d] = []iconLayer{{D: iconPolygon(iconRotated(iconArrow, deg, scale))}}
		if i%2 == 0 {
			// A sprint: a loud double arrow head over a shaft.
			out["sprint-"+d] = []iconLayer{
				{D: iconPolygon(iconRotated([]iconPt{{50, 4}, {88, 38}, {12, 38}}, deg, 1))},
				{D: iconPolygon(iconRotated([]iconPt{{50, 30}, {88, 64}, {12, 64}}, deg, 1))},
				{D: iconPolygon(iconRotated([]iconPt{{40, 60}, {60, 60}, {60, 96}, {40, 96}}, deg, 1))},
			}
		}
	}
	// The wilds: four short arrows out of the centre.
	for name, start := range map[string]float64{"wild-orthogonal": 0, "wild-diagonal": 45} {
		var ls []iconLayer
		for k := range 4 {
			ls = append(ls, iconLayer{D: iconPolygon(iconRotated(iconWildArm, start+float64(k)*90, 1))})
		}
		ls = append(ls, iconLayer{D: iconCircle(50, 50, 11)})
		out[name] = ls
	}

	out["stash"] = []iconLayer{
		{D: "M28 42Q12 92 50 93Q88 92 72 42Z"},
		{D: "M36 42L64 42L59 31L68 14L32 14L41 31Z"},
		{D: "M40 58L60 58L60 63L40 63Z", Knockout: true},
	}
	out["safe-house"] = []iconLayer{
		{D: "M50 6L95 46L83 46L83 92L17 92L17 46L5 46Z"},
		{D: "M41 60L59 60L59 92L41 92Z", Knockout: true},
	}
	out["helipad"] = []iconLayer{
		{D: iconCircle(50, 50, 46)},
		{D: "M31 26L42 26L42 44L58 44L58 26L69 26L69 74L58 74L58 55L42 55L42 74L31 74Z", Knockout: true},
	}
	out["witness"] = []iconLayer{
		{D: "M4 50Q50 2 96 50Q50 98 4 50Z"},
		{D: iconCircle(50, 50, 20), Knockout: true},
		{D: iconCircle(50, 50, 10)},
	}
	out["puddle"] = []iconLayer{
		{D: "M12 60Q8 40 30 40Q38 26 58 32Q80 28 86 46Q98 58 84 70Q70 84 48 76Q22 84 12 60Z"},
		{D: "M30 52Q40 46 50 50L48 54Q40 51 32 56Z", Knockout: true},
	}
	out["donut"] = []iconLayer{
		{D: iconCircle(50, 50, 44)},
		{D: iconCircle(50, 50, 16), Knockout: true},
	}
	out["footprint"] = []iconLayer{
		{D: "M44 34C30 34 28 58 32 74C36 92 56 94 60 78C64 62 58 34 44 34Z"},
		{D: iconCircle(36, 20, 7)}, {D: iconCircle(49, 14, 7)}, {D: iconCircle(61, 19, 6)}, {D: iconCircle(70, 28, 5)},
	}
	out["road-block"] = []iconLayer{
		{D: "M6 28L94 28L94 56L6 56Z"},
		{D: "M18 56L29 56L29 92L18 92Z"}, {D: "M71 56L82 56L82 92L71 92Z"},
		{D: "M18 28L32 28L20 56L6 56Z", Knockout: true},
		{D: "M48 28L62 28L50 56L36 56Z", Knockout: true},
		{D: "M78 28L92 28L80 56L66 56Z", Knockout: true},
	}
	out["motion-detector"] = []iconLayer{
		{D: iconHalfRing(50, 84, 38, 46)},
		{D: iconHalfRing(50, 84, 22, 30)},
		{D: iconCircle(50, 84, 10)},
	}
	out["police-car"] = []iconLayer{
		{D: "M6 62L20 42L34 32L66 32L80 42L94 62L94 76L6 76Z"},
		{D: "M43 18L57 18L57 32L43 32Z"},
		{D: "M30 44L48 44L48 56L22 56Z", Knockout: true},
		{D: "M52 44L70 44L78 56L52 56Z", Knockout: true},
		{D: iconCircle(28, 78, 11)}, {D: iconCircle(72, 78, 11)},
		{D: iconCircle(28, 78, 4), Knockout: true}, {D: iconCircle(72, 78, 4), Knockout: true},
	}
	out["used"] = []iconLayer{
		{D: iconPolygon(iconRotated([]iconPt{{42, 4}, {58, 4}, {58, 96}, {42, 96}}, 45, 1))},
		{D: iconPolygon(iconRotated([]iconPt{{42, 4}, {58, 4}, {58, 96}, {42, 96}}, -45, 1))},
	}
	out["construction-site"] = []iconLayer{
		{D: "M50 6L74 82L26 82Z"},
		{D: "M12 82L88 82L88 94L12 94Z"},
		{D: "M42 32L58 32L61 42L39 42Z", Knockout: true},
		{D: "M36 54L64 54L67 64L33 64Z", Knockout: true},
	}
	// The gadgets (L270-296, L673-685).
	out["smoke-bomb"] = []iconLayer{
		{D: iconCircle(42, 62, 32)},
		{D: "M60 36Q68 20 84 16L86 23Q73 27 67 40Z"},
		{D: iconCircle(88, 12, 7)},
		{D: iconCircle(32, 52, 7), Knockout: true},
	}
	out["crowbar"] = []iconLayer{
		{D: iconPolygon(iconRotated([]iconPt{{44, 20}, {56, 20}, {56, 94}, {44, 94}}, 35, 1))},
		{D: "M58 10Q76 2 84 16L78 22Q72 14 62 18Z"},
	}
	out["hook"] = []iconLayer{
		{D: "M45 4L55 4L55 66L45 66Z"},
		{D: iconCircle(50, 8, 8)},
		{D: "M48 60Q20 62 12 40L22 36Q28 52 48 50Z"},
		{D: "M52 60Q80 62 88 40L78 36Q72 52 52 50Z"},
		{D: "M45 60L55 60L55 96L45 96Z"},
	}
	out["jetpack"] = []iconLayer{
		{D: "M16 14Q16 6 28 6Q40 6 40 14L40 70L16 70Z"},
		{D: "M60 14Q60 6 72 6Q84 6 84 14L84 70L60 70Z"},
		{D: "M40 24L60 24L60 40L40 40Z"},
		{D: "M18 72L38 72L28 96Z"}, {D: "M62 72L82 72L72 96Z"},
	}
	out["jet-ski"] = []iconLayer{
		{D: "M4 62L96 62L86 80L16 80Z"},
		{D: "M34 44L70 44L76 62L30 62Z"},
		{D: "M62 28L72 28L74 44L64 44Z"},
		{D: "M2 88Q25 80 50 88Q75 96 98 88L98 94Q75 102 50 94Q25 86 2 94Z"},
	}
	out["scuba-gear"] = []iconLayer{
		{D: "M8 34L80 34L80 70L58 70L44 58L30 70L8 70Z"},
		{D: "M16 42L38 42L38 60L16 60Z", Knockout: true},
		{D: "M50 42L72 42L72 60L50 60Z", Knockout: true},
		{D: "M86 10L94 10L94 64L86 64Z"},
	}
	return out
}

// iconPt is a point of the 100x100 icon box, y down.
type iconPt struct{ x, y float64 }

// iconRotated turns ps clockwise by deg degrees about the centre of the box and
// scales them by s.
func iconRotated(ps []iconPt, deg, s float64) []iconPt {
	sin, cos := math.Sincos(deg * math.Pi / 180)
	out := make([]iconPt, len(ps))
	for i, p := range ps {
		dx, dy := (p.x-50)*s, (p.y-50)*s
		out[i] = iconPt{50 + dx*cos - dy*sin, 50 + dx*sin + dy*cos}
	}
	return out
}

// iconPolygon is the path data of a closed polygon.
func iconPolygon(ps []iconPt) string {
	var b strings.Builder
	for i, p := range ps {
		cmd := "L"
		if i == 0 {
			cmd = "M"
		}
		fmt.Fprintf(&b, "%s%.2f %.2f", cmd, p.x, p.y)
	}
	b.WriteString("Z")
	return b.String()
}

// iconCircle is the path data of a circle of four cubic arcs.
func iconCircle(cx, cy, r float64) string {
	k := r * 0.5523
	return fmt.Sprintf("M%.2f %.2fC%.2f %.2f %.2f %.2f %.2f %.2fC%.2f %.2f %.2f %.2f %.2f %.2fC%.2f %.2f %.2f %.2f %.2f %.2fC%.2f %.2f %.2f %.2f %.2f %.2fZ",
		cx, cy-r,
		cx+k, cy-r, cx+r, cy-k, cx+r, cy,
		cx+r, cy+k, cx+k, cy+r, cx, cy+r,
		cx-k, cy+r, cx-r, cy+k, cx-r, cy,
		cx-r, cy-k, cx-k, cy-r, cx, cy-r)
}

// iconHalfRing is the path data of the upper half of a ring about (cx, cy)
// between radii r1 < r2.
func iconHalfRing(cx, cy, r1, r2 float64) string {
	k2, k1 := r2*0.5523, r1*0.5523
	return fmt.Sprintf("M%.2f %.2fC%.2f %.2f %.2f %.2f %.2f %.2fC%.2f %.2f %.2f %.2f %.2f %.2f"+
		"L%.2f %.2fC%.2f %.2f %.2f %.2f %.2f %.2fC%.2f %.2f %.2f %.2f %.2f %.2fZ",
		cx-r2, cy,
		cx-r2, cy-k2, cx-k2, cy-r2, cx, cy-r2,
		cx+k2, cy-r2, cx+r2, cy-k2, cx+r2, cy,
		cx+r1, cy,
		cx+r1, cy-k1, cx+k1, cy-r1, cx, cy-r1,
		cx-k1, cy-r1, cx-r1, cy-k1, cx-r1, cy)
}
