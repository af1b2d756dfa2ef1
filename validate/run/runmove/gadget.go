package runmove

// GadgetReadings are the readings of the gadget rules the gadget report uses
// (A18: they never affect a finding).
func GadgetReadings() []string {
	return []string{
		"smoke-bomb: one step to any of the 8 adjacent spaces under the movement rules, climbing any access feature whatever its icon (L250, L272)",
		"crowbar: from a ground-level (level 0, not water, not a building) space orthogonally next to a building complex to any other such space next to the same complex (L278, L280); in water, from a water space onto an orthogonally adjacent building and from a building onto an orthogonally adjacent water space (L566)",
		"hook: 1 or 2 spaces in a straight orthogonal line or 1 diagonal, ignoring fire escapes, with a building at one end at least, so water to building and building to water but never ground or water to ground or water (L286-290, L568)",
		"jetpack: 1 or 2 spaces in a straight orthogonal line, landing on any space whatever its level, also out of water and up terrain (L296, L564, L570)",
		"jet-ski: ground is the lowest level of the non-water, non-building spaces (L588); from such a space orthogonally next to water to any other one next to the same body of water (L679)",
		"scuba-gear: from water to any other water space of the same body, never a bridge space (L685, L687)",
		"bodies of water: water spaces joined orthogonally, and through bridge spaces (L691, A9)",
		"gadgets never trigger zip lines, suspension bridges or links (they need the action shown, L606); currents and ice apply after them; crowbar, jet-ski and scuba-gear slide on ice only along a straight line (A12)",
		"each assignment is judged with the gadgets on the stashes known in advance (an upper bound for a Runner who discovers them on pickup)",
	}
}

// GadgetOutcomes lists the ways a turn using gadget g at p can end, under the
// readings of GadgetReadings. Gadgets are used instead of a token (L192).
func GadgetOutcomes(m *Map, p Cell, g Gadget) []Outcome {
	var raw []Outcome
	switch g {
	case SmokeBomb:
		raw = smokeBomb(m, p)
	case Crowbar:
		raw = crowbar(m, p)
	case Hook:
		raw = hook(m, p)
	case Jetpack:
		raw = jetpack(m, p)
	case JetSki:
		raw = jetSki(m, p)
	case ScubaGear:
		raw = scubaGear(m, p)
	}
	return finish(m, raw)
}

// gadgetMove is a gadget movement to q; the ice direction is the straight
// line, if any.
func gadgetMove(m *Map, p, q Cell, pass Passage) (Outcome, bool) {
	if m.forbidden(p, q, NoAction, NoAction) {
		return Outcome{}, false
	}
	d, _ := Line(p, q)
	return Outcome{Moved: q, Dir: d, Passage: pass}, true
}

func smokeBomb(m *Map, p Cell) []Outcome {
	var out []Outcome
	for d := N; d <= NW; d++ {
		q, ok := p.Step(d)
		if !ok || m.forbidden(p, q, NoAction, NoAction) {
			continue
		}
		if m.level(q) <= m.level(p) || m.anyAccess(p, q) {
			out = append(out, Outcome{Moved: q, Dir: d, Passage: ByStep})
		}
	}
	return out
}

func crowbar(m *Map, p Cell) []Outcome {
	var out []Outcome
	add := func(q Cell) {
		if o, ok := gadgetMove(m, p, q, ByGadget); ok {
			out = append(out, o)
		}
	}
	sp := m.Spaces[p]
	switch {
	case isGround(sp):
		complexes := buildingComplexes(m)
		for q := Cell(0); q < NumCells; q++ {
			if q != p && isGround(m.Spaces[q]) && shareBody(complexes, p, q) {
				add(q)
			}
		}
	case sp.Water:
		for _, q := range orthNeighbours(p) {
			if m.Spaces[q].Building {
				add(q)
			}
		}
	case sp.Building:
		for _, q := range orthNeighbours(p) {
			if m.Spaces[q].Water {
				add(q)
			}
		}
	}
	return out
}

func isGround(s Space) bool { return s.Level == 0 && !s.Water && !s.Building }

// buildingComplexes numbers the building complexes, "all buildings that are
// orthogonally adjacent to each other" (L280); -1 for non-buildings.
func buildingComplexes(m *Map) [NumCells]int {
	return components(func(c Cell) bool { return m.Spaces[c].Building }, func(Cell) bool { return false })
}

// components labels the orthogonally connected components of the member
// cells; joiner cells connect their neighbours without being members.
func components(member, joiner func(Cell) bool) [NumCells]int {
	var label [NumCells]int
	for i := range label {
		label[i] = -1
	}
	seen := [NumCells]bool{}
	n := 0
	for c := Cell(0); c < NumCells; c++ {
		if !member(c) || label[c] >= 0 {
			continue
		}
		stack := []Cell{c}
		seen[c] = true
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if member(x) {
				label[x] = n
			}
			for _, y := range orthNeighbours(x) {
				if !seen[y] && (member(y) || joiner(y)) {
					seen[y] = true
					stack = append(stack, y)
				}
			}
		}
		n++
	}
	return label
}

func orthNeighbours(c Cell) []Cell {
	out := make([]Cell, 0, 4)
	for _, d := range []Dir{N, E, S, W} {
		if q, ok := c.Step(d); ok {
			out = append(out, q)
		}
	}
	return out
}

func hook(m *Map, p Cell) []Outcome {
	var out []Outcome
	for d := N; d <= NW; d++ {
		reach := 2
		if d.Diagonal() {
			reach = 1
		}
		q := p
		for range reach {
			var ok bool
			if q, ok = q.Step(d); !ok {
				break
			}
			if !m.Spaces[p].Building && !m.Spaces[q].Building {
				continue
			}
			if o, ok := gadgetMove(m, p, q, ByGadget); ok {
				out = append(out, o)
			}
		}
	}
	return out
}

func jetpack(m *Map, p Cell) []Outcome {
	var out []Outcome
	for _, d := range []Dir{N, E, S, W} {
		q := p
		for range 2 {
			var ok bool
			if q, ok = q.Step(d); !ok {
				break
			}
			if o, ok := gadgetMove(m, p, q, ByGadget); ok {
				out = append(out, o)
			}
		}
	}
	return out
}

// waterBodies labels the bodies of water: water joined orthogonally or under
// a bridge (L691, A9).
func waterBodies(m *Map) [NumCells]int {
	return components(func(c Cell) bool { return m.Spaces[c].Water }, func(c Cell) bool { return m.Spaces[c].Bridge })
}

// jetSkiGround is the lowest level of the non-water, non-building spaces
// (L588), and whether there is one.
func jetSkiGround(m *Map) (int, bool) {
	lvl, ok := 0, false
	for _, s := range m.Spaces {
		if !s.Water && !s.Building && (!ok || s.Level < lvl) {
			lvl, ok = s.Level, true
		}
	}
	return lvl, ok
}

func jetSki(m *Map, p Cell) []Outcome {
	ground, ok := jetSkiGround(m)
	isShore := func(c Cell) bool {
		s := m.Spaces[c]
		return ok && !s.Water && !s.Building && s.Level == ground
	}
	if !isShore(p) {
		return nil
	}
	bodies := waterBodies(m)
	var out []Outcome
	for q := Cell(0); q < NumCells; q++ {
		if q != p && isShore(q) && shareBody(bodies, p, q) {
			if o, ok := gadgetMove(m, p, q, ByGadget); ok {
				out = append(out, o)
			}
		}
	}
	return out
}

// shareBody reports whether p and q are orthogonally next to the same
// labelled component: a body of water, or a building complex.
func shareBody(bodies [NumCells]int, p, q Cell) bool {
	for _, a := range orthNeighbours(p) {
		for _, b := range orthNeighbours(q) {
			if bodies[a] >= 0 && bodies[a] == bodies[b] {
				return true
			}
		}
	}
	return false
}

func scubaGear(m *Map, p Cell) []Outcome {
	if !m.Spaces[p].Water {
		return nil
	}
	bodies := waterBodies(m)
	var out []Outcome
	for q := Cell(0); q < NumCells; q++ {
		if q != p && bodies[q] == bodies[p] && !m.Spaces[q].Bridge {
			if o, ok := gadgetMove(m, p, q, ByGadget); ok {
				out = append(out, o)
			}
		}
	}
	return out
}
