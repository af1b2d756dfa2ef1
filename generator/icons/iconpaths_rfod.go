package icons

import (
	"maps"
	"math"
)

// Run, Fight, or Die!'s and Reloaded's icons (schema rfodSchema.Icons and
// rfodrSchema.Icons): the action dice faces (bat, run, search, gun, book,
// explore; the zombie is a shared icon) and the event die's six faces. Like
// RUN's, they are built from simple shapes.
func rfodIconPaths() map[string][]iconLayer {
	out := map[string][]iconLayer{}
	// A baseball bat, handle bottom left, barrel top right.
	out["bat"] = []iconLayer{
		{D: iconPolygon([]iconPt{{17.2, 77.2}, {74.9, 10.9}, {89.1, 25.1}, {22.8, 82.8}})},
		{D: iconCircle(82, 18, 10)},
		{D: iconCircle(17, 83, 8)},
		{D: iconPolygon([]iconPt{{28.6, 66.2}, {33.4, 61.0}, {38.2, 65.8}, {33.4, 71.0}}), Knockout: true},
	}
	// A running figure: head, torso, arms and legs as round-capped limbs.
	run := []iconLayer{{D: iconCircle(64, 13, 9)}}
	run = append(run, iconLimb([]iconPt{{58, 28}, {47, 54}}, 14)...)
	run = append(run, iconLimb([]iconPt{{57, 31}, {70, 44}, {84, 37}}, 8)...)
	run = append(run, iconLimb([]iconPt{{55, 32}, {40, 38}, {30, 29}}, 8)...)
	run = append(run, iconLimb([]iconPt{{47, 55}, {64, 69}, {60, 90}}, 10)...)
	run = append(run, iconLimb([]iconPt{{46, 56}, {34, 74}, {12, 78}}, 10)...)
	out["run"] = run
	// A magnifying glass.
	search := []iconLayer{{D: iconCircle(40, 40, 32)}, {D: iconCircle(40, 40, 22), Knockout: true}}
	search = append(search, iconLimb([]iconPt{{62, 62}, {88, 88}}, 14)...)
	search = append(search, iconLayer{D: "M27 40Q27 27 40 27L40 32Q32 32 32 40Z"})
	out["search"] = search
	// A pistol pointing left.
	out["gun"] = []iconLayer{
		{D: iconPolygon([]iconPt{{8, 26}, {88, 26}, {92, 30}, {92, 46}, {8, 46}})},
		{D: iconPolygon([]iconPt{{10, 18}, {17, 18}, {17, 26}, {10, 26}})},
		{D: iconPolygon([]iconPt{{64, 46}, {90, 46}, {94, 86}, {72, 88}})},
		{D: iconPolygon([]iconPt{{46, 46}, {66, 46}, {66, 66}, {52, 66}})},
		{D: iconPolygon([]iconPt{{51, 50}, {62, 50}, {62, 61}, {55, 61}}), Knockout: true},
		{D: iconPolygon([]iconPt{{14, 31}, {60, 31}, {60, 34}, {14, 34}}), Knockout: true},
	}
	// An open book (the Book of the Dead).
	out["book"] = []iconLayer{
		{D: iconPolygon([]iconPt{{4, 22}, {50, 30}, {96, 22}, {96, 84}, {50, 92}, {4, 84}})},
		{D: iconPolygon([]iconPt{{10, 20}, {47, 27}, {47, 82}, {10, 76}}), Knockout: true},
		{D: iconPolygon([]iconPt{{53, 27}, {90, 20}, {90, 76}, {53, 82}}), Knockout: true},
		{D: iconPolygon([]iconPt{{16, 32}, {41, 37}, {41, 41}, {16, 36}})},
		{D: iconPolygon([]iconPt{{16, 44}, {41, 49}, {41, 53}, {16, 48}})},
		{D: iconPolygon([]iconPt{{16, 56}, {41, 61}, {41, 65}, {16, 60}})},
		{D: iconCircle(71.5, 44, 9)},
		{D: iconPolygon([]iconPt{{66, 50}, {77, 50}, {76, 60}, {67, 60}})},
		{D: iconCircle(68, 44, 2.6), Knockout: true},
		{D: iconCircle(75, 44, 2.6), Knockout: true},
	}
	// A compass rose (Reloaded's Explore).
	out["explore"] = []iconLayer{
		{D: iconCircle(50, 50, 46)},
		{D: iconCircle(50, 50, 38), Knockout: true},
		{D: iconPolygon([]iconPt{{50, 14}, {60, 50}, {40, 50}})},
		{D: iconPolygon([]iconPt{{40, 50}, {60, 50}, {50, 86}})},
		{D: iconPolygon([]iconPt{{45, 54}, {55, 54}, {50, 74}}), Knockout: true},
		{D: iconPolygon([]iconPt{{14, 50}, {50, 45}, {86, 50}, {50, 55}})},
		{D: iconCircle(50, 50, 5), Knockout: true},
	}
	// The event die: ALL QUIET (a crescent moon and stars).
	out["all-quiet"] = []iconLayer{
		{D: iconCircle(44, 54, 38)},
		{D: iconCircle(62, 42, 32), Knockout: true},
		{D: iconStar(4, 78, 20, 10, 4)},
		{D: iconStar(4, 86, 50, 7, 3)},
	}
	// AMBUSH: a warning triangle.
	out["ambush"] = []iconLayer{
		{D: iconPolygon([]iconPt{{50, 6}, {96, 90}, {4, 90}})},
		{D: iconPolygon([]iconPt{{50, 22}, {83, 82}, {17, 82}}), Knockout: true},
		{D: iconPolygon([]iconPt{{45, 38}, {55, 38}, {53, 64}, {47, 64}})},
		{D: iconCircle(50, 72, 5)},
	}
	// AMULET: a pendant on a chain.
	out["amulet"] = []iconLayer{
		{D: iconHalfRingDown(50, 8, 30, 35)},
		{D: iconPolygon([]iconPt{{50, 36}, {78, 64}, {50, 96}, {22, 64}})},
		{D: iconPolygon([]iconPt{{50, 48}, {66, 64}, {50, 82}, {34, 64}}), Knockout: true},
		{D: iconCircle(50, 64, 7)},
		{D: iconCircle(50, 40, 7)},
	}
	// CHARGE: a double chevron.
	out["charge"] = []iconLayer{
		{D: iconPolygon([]iconPt{{6, 14}, {26, 14}, {56, 50}, {26, 86}, {6, 86}, {36, 50}})},
		{D: iconPolygon([]iconPt{{42, 14}, {62, 14}, {92, 50}, {62, 86}, {42, 86}, {72, 50}})},
	}
	// NURSE: a cross in a circle.
	out["nurse"] = []iconLayer{
		{D: iconCircle(50, 50, 46)},
		{D: iconPolygon([]iconPt{{41, 18}, {59, 18}, {59, 41}, {82, 41}, {82, 59}, {59, 59}, {59, 82}, {41, 82}, {41, 59}, {18, 59}, {18, 41}, {41, 41}}), Knockout: true},
	}
	// ZOMBIES RISE: a hand rising out of the ground.
	out["zombies-rise"] = []iconLayer{
		{D: iconPolygon([]iconPt{{4, 80}, {30, 74}, {52, 78}, {74, 73}, {96, 80}, {96, 94}, {4, 94}})},
		{D: iconPolygon([]iconPt{{34, 46}, {64, 46}, {62, 78}, {38, 78}})},
		{D: iconPolygon([]iconPt{{34, 20}, {41, 20}, {41, 48}, {34, 48}})},
		{D: iconPolygon([]iconPt{{43, 12}, {50, 12}, {50, 48}, {43, 48}})},
		{D: iconPolygon([]iconPt{{52, 14}, {59, 14}, {59, 48}, {52, 48}})},
		{D: iconPolygon([]iconPt{{61, 22}, {67, 22}, {66, 50}, {60, 50}})},
		{D: iconPolygon([]iconPt{{34, 62}, {22, 44}, {27, 40}, {39, 56}})},
	}
	// A location's icons: draw an Event card (L426), or a Loot card (L430).
	out["event"] = []iconLayer{
		{D: iconPolygon(iconRotated([]iconPt{{24, 10}, {76, 10}, {76, 90}, {24, 90}}, -12, 0.9))},
		{D: iconPolygon(iconRotated([]iconPt{{29, 15}, {71, 15}, {71, 85}, {29, 85}}, -12, 0.9)), Knockout: true},
		{D: iconPolygon([]iconPt{{44, 24}, {56, 24}, {54, 60}, {46, 60}})},
		{D: iconCircle(50, 72, 6)},
	}
	out["loot"] = []iconLayer{
		{D: "M28 42Q12 92 50 93Q88 92 72 42Z"},
		{D: "M36 42L64 42L59 31L68 14L32 14L41 31Z"},
		{D: "M44 56L56 56L56 62L62 62L62 74L56 74L56 80L44 80L44 74L38 74L38 62L44 62Z", Knockout: true},
	}
	maps.Copy(out, rfodFollowerIconPaths())
	return out
}

// WoundSpaceRadius is the outer radius of the wound-space ring, in the
// icon's 100-unit square.
const WoundSpaceRadius = 49.5

// rfodFollowerIconPaths are the icons that lead the sections of a
// Follower card and mark its wound spaces: RFoD's Bonus, Penalty and
// Special (run-fight-or-die.md L406) and the Solitaire text (L499), and
// Reloaded's Follower Key (run-fight-or-die-reloaded.md L166-182): a
// positive effect, an effect on a wound, a negative effect, an effect on
// death. Each is a disc with its sign cut out, so that the family reads
// alike at text size; a wound space (L162, and a Trauma requirement's
// mark, L517) is an empty ring a Wound token covers.
func rfodFollowerIconPaths() map[string][]iconLayer {
	disc := iconLayer{D: iconCircle(50, 50, 46)}
	plus := iconLayer{D: iconPolygon([]iconPt{{43, 22}, {57, 22}, {57, 43}, {78, 43}, {78, 57}, {57, 57}, {57, 78}, {43, 78}, {43, 57}, {22, 57}, {22, 43}, {43, 43}}), Knockout: true}
	minus := iconLayer{D: iconPolygon([]iconPt{{22, 43}, {78, 43}, {78, 57}, {22, 57}}), Knockout: true}
	out := map[string][]iconLayer{}
	out["bonus"] = []iconLayer{disc, plus}
	out["penalty"] = []iconLayer{disc, minus}
	out["positive"] = []iconLayer{disc, plus}
	out["negative"] = []iconLayer{disc, minus}
	// Special: a five-pointed star.
	out["special"] = []iconLayer{disc, {D: iconStar(5, 50, 53, 32, 13), Knockout: true}}
	// Solitaire: one lone figure, head and shoulders.
	out["solitaire"] = []iconLayer{
		disc,
		{D: iconCircle(50, 36, 13), Knockout: true},
		{D: "M24 78Q24 54 50 54Q76 54 76 78Z", Knockout: true},
	}
	// On a wound: a drop of blood.
	out["on-wound"] = []iconLayer{disc, {D: "M50 16C59 30 70 41 70 58C70 70 61 80 50 80C39 80 30 70 30 58C30 41 41 30 50 16Z", Knockout: true}}
	// On death: a skull, its eyes, nose and teeth in ink.
	out["on-death"] = []iconLayer{
		disc,
		{D: iconCircle(50, 43, 25), Knockout: true},
		{D: iconPolygon([]iconPt{{37, 52}, {63, 52}, {63, 78}, {37, 78}}), Knockout: true},
		{D: iconCircle(40.5, 45, 7)},
		{D: iconCircle(59.5, 45, 7)},
		{D: iconPolygon([]iconPt{{50, 53}, {54.5, 61}, {45.5, 61}})},
		{D: iconPolygon([]iconPt{{44, 68}, {47, 68}, {47, 78}, {44, 78}})},
		{D: iconPolygon([]iconPt{{53, 68}, {56, 68}, {56, 78}, {53, 78}})},
	}
	// A wound space: an empty ring that fills its square, so that inline
	// in a Trauma requirement set at 12pt it is about 4 mm across, a
	// place for a Wound token (L517).
	out["wound-space"] = []iconLayer{
		{D: iconCircle(50, 50, WoundSpaceRadius)},
		{D: iconCircle(50, 50, WoundSpaceRadius-7.5), Knockout: true},
	}
	return out
}

// iconLimb is a thick polyline of width w with round caps and joints, as
// ink layers.
func iconLimb(pts []iconPt, w float64) []iconLayer {
	var out []iconLayer
	for i, p := range pts {
		out = append(out, iconLayer{D: iconCircle(p.x, p.y, w/2)})
		if i == 0 {
			continue
		}
		a := pts[i-1]
		dx, dy := p.x-a.x, p.y-a.y
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*w/2, dx/l*w/2
		out = append(out, iconLayer{D: iconPolygon([]iconPt{{a.x + nx, a.y + ny}, {p.x + nx, p.y + ny}, {p.x - nx, p.y - ny}, {a.x - nx, a.y - ny}})})
	}
	return out
}

// iconStar is the path data of a star of n points about (cx, cy), point
// up, with outer radius r and inner radius ri.
func iconStar(n int, cx, cy, r, ri float64) string {
	var ps []iconPt
	for k := range 2 * n {
		rad := r
		if k%2 == 1 {
			rad = ri
		}
		a := float64(k) * math.Pi / float64(n)
		ps = append(ps, iconPt{cx + rad*math.Sin(a), cy - rad*math.Cos(a)})
	}
	return iconPolygon(ps)
}

// iconHalfRingDown is the path data of the lower half of a ring about
// (cx, cy) between radii r1 < r2.
func iconHalfRingDown(cx, cy, r1, r2 float64) string {
	var ps []iconPt
	const n = 16
	for k := 0; k <= n; k++ {
		a := math.Pi * float64(k) / n
		ps = append(ps, iconPt{cx + r2*math.Cos(a), cy + r2*math.Sin(a)})
	}
	for k := n; k >= 0; k-- {
		a := math.Pi * float64(k) / n
		ps = append(ps, iconPt{cx + r1*math.Cos(a), cy + r1*math.Sin(a)})
	}
	return iconPolygon(ps)
}
