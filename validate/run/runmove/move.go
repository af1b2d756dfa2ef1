package runmove

// Passage says how a movement went.
type Passage uint8

// Passages.
const (
	ByStep             Passage = iota // one adjacent step (silent move, wild, Smoke Bomb)
	BySprint                          // a sprint walk on the surface
	BySprintTunnel                    // a sprint walk that passed through a tunnel
	ByTunnelIcon                      // an extra tunnel icon (L600)
	ByZipLine                         // a zip line (L606)
	BySuspensionBridge                // a suspension bridge (L616)
	ByLink                            // linked spaces (L622)
	ByGadget                          // a gadget other than the Smoke Bomb
)

// Displacement is the forced displacement after a movement (A13: at most one).
type Displacement uint8

// Displacements.
const (
	NoDisplacement Displacement = iota
	CurrentPush                 // L578
	IceSlide                    // L652
)

// Outcome is one way a turn can end.
type Outcome struct {
	Moved   Cell // where the movement itself ended
	End     Cell // where the turn ends, after the forced displacement
	Dir     Dir  // direction of the movement, NoDir for zip lines and links
	Passage Passage
	Forced  Displacement
}

// Outcomes lists every way one turn spending token from p can end,
// without repeats, in a fixed order: forced special moves, then per
// direction (clockwise from N) the step and extra tunnel icons; sprint stops
// in walking order, the surface before the tunnel. An empty result means the
// token cannot be used at p.
//
//  1. Zip lines, suspension bridges and links whose icon is exactly the token
//     are forced (L606, L608, L616, L622; A15, A16) and regardless of levels
//     (A5); a wild does not trigger them unless Options.WildsForceSpecials.
//  2. Otherwise a silent move steps in its direction, a wild in any of its
//     directions (L216-234), a sprint walks (L240, L560, L592-598).
//  3. One forced displacement where the movement ended: a current push or an
//     ice slide (L578, L652; A11-A13).
//
// The start space is not a turn end (A17); collecting and winning are the
// search's business, at End.
func Outcomes(m *Map, p Cell, token Action) []Outcome {
	var raw []Outcome
	switch {
	case token.IsSilent(), token.IsSprint():
		if sp := specials(m, p, token, token); len(sp) > 0 {
			return finish(m, sp)
		}
		if token.IsSilent() {
			raw = direction(m, p, token, token)
		} else {
			raw = sprint(m, p, token)
		}
	case token.IsWild():
		for _, d := range token.WildDirs() {
			icon := Silent(d)
			if sp := specials(m, p, token, icon); len(sp) > 0 {
				raw = append(raw, sp...)
				continue
			}
			raw = append(raw, direction(m, p, token, icon)...)
		}
	}
	return finish(m, raw)
}

// finish applies the forced displacement and drops repeats.
func finish(m *Map, raw []Outcome) []Outcome {
	out := make([]Outcome, 0, len(raw))
	for _, o := range raw {
		o = displace(m, o)
		if !containsOutcome(out, o) {
			out = append(out, o)
		}
	}
	return out
}

func containsOutcome(os []Outcome, o Outcome) bool {
	for _, x := range os {
		if x.Moved == o.Moved && x.End == o.End {
			return true
		}
	}
	return false
}

// canStep is step(p, q, via): q on the map (the caller), the move
// not forbidden, and q not higher than p (same level or down, any action,
// sprints included: L247, L248) or an access feature from p to q showing via
// and the token not a sprint (L249-251).
func canStep(m *Map, p, q Cell, token, via Action) bool {
	if m.forbidden(p, q, token, via) {
		return false
	}
	if m.level(q) <= m.level(p) {
		return true
	}
	return !token.IsSprint() && m.climbs(p, q, via)
}

// direction is the regular outcome of performing the silent icon via with
// token from p: one step (diagonal steps never blocked by corners, A7), plus
// any extra tunnel icon drawn at p for that move.
func direction(m *Map, p Cell, token, via Action) []Outcome {
	var out []Outcome
	d := via.Dir()
	if q, ok := p.Step(d); ok && canStep(m, p, q, token, via) {
		out = append(out, Outcome{Moved: q, Dir: d, Passage: ByStep})
	}
	return append(out, tunnelIcons(m, p, token, via)...)
}

// tunnelIcons: "Tunnels showing an additional movement icon … may also be
// passed using the indicated action, moving from its entrance directly to
// its exit" (L600). Optional, from the end where the icon is drawn, only in
// the icon's direction along the tunnel (A14), with the exact token (as A15),
// never up (no access feature joins tunnel ends).
func tunnelIcons(m *Map, p Cell, token, via Action) []Outcome {
	var out []Outcome
	for _, t := range m.Tunnels {
		for _, icon := range t.Icons {
			if icon.From != p || !usesIcon(m, token, via, icon.Action) {
				continue
			}
			q := otherEnd(t, p)
			d, _ := Line(p, q)
			if d != icon.Action.Dir() || m.level(q) > m.level(p) || m.forbidden(p, q, token, via) {
				continue
			}
			out = append(out, Outcome{Moved: q, Dir: d, Passage: ByTunnelIcon})
		}
	}
	return out
}

// usesIcon: the exact token uses an icon; a wild performing the icon's move
// (via) only with the A15 option.
func usesIcon(m *Map, token, via, icon Action) bool {
	if token == icon {
		return true
	}
	return m.Options.WildsForceSpecials && via == icon && token.Performs(icon)
}

func otherEnd(t Tunnel, p Cell) Cell {
	if t.Ends[0] == p {
		return t.Ends[1]
	}
	return t.Ends[0]
}

// specials lists the zip lines, suspension bridges and links starting at p
// whose icon the token uses (performing via), as movements.
func specials(m *Map, p Cell, token, via Action) []Outcome {
	var out []Outcome
	add := func(q Cell, pass Passage) {
		if !m.forbidden(p, q, token, via) {
			out = append(out, Outcome{Moved: q, Passage: pass})
		}
	}
	for _, z := range m.ZipLines {
		pass := ByZipLine
		if z.Bridge {
			pass = BySuspensionBridge
		}
		if z.Start == p && usesIcon(m, token, via, z.Action) {
			add(z.End, pass)
		}
		if z.End == p && !z.OneWay && z.EndAction != NoAction && usesIcon(m, token, via, z.EndAction) {
			add(z.Start, pass)
		}
	}
	for _, l := range m.Links {
		if l.From == p && usesIcon(m, token, via, l.Action) {
			add(l.To, ByLink)
		}
		if l.To == p && l.BackAction != NoAction && usesIcon(m, token, via, l.BackAction) {
			add(l.From, ByLink)
		}
	}
	return out
}

// sprint walks from p in the sprint's direction (L240): every step same level
// or lower, never an access feature (L251); every space reached is an
// outcome; the walk ends on the first water space it enters (L560). At a
// tunnel end, facing along the tunnel, it may also pass under to the other end
// and walk on (L594; both ways, A14); a water-water tunnel therefore only from
// its start space, ending at the other end (L598). Passing a zip-line start
// does nothing (A8).
func sprint(m *Map, p Cell, token Action) []Outcome {
	var out []Outcome
	var walk func(cur Cell, tunneled bool)
	walk = func(cur Cell, tunneled bool) {
		d := token.Dir()
		pass := BySprint
		if tunneled {
			pass = BySprintTunnel
		}
		if q, ok := cur.Step(d); ok && canStep(m, cur, q, token, token) {
			out = append(out, Outcome{Moved: q, Dir: d, Passage: pass})
			if !m.Spaces[q].Water {
				walk(q, tunneled)
			}
		}
		for _, q := range tunnelExits(m, cur, d, token) {
			out = append(out, Outcome{Moved: q, Dir: d, Passage: BySprintTunnel})
			if !m.Spaces[q].Water {
				walk(q, true)
			}
		}
	}
	walk(p, false)
	return out
}

// tunnelExits are the far ends of tunnels at cur that run in direction d.
// The walk never goes on from a water space, so a water end is passed only
// by a sprint starting on it: L598 follows from L560.
func tunnelExits(m *Map, cur Cell, d Dir, token Action) []Cell {
	var out []Cell
	for _, t := range m.Tunnels {
		if t.Ends[0] != cur && t.Ends[1] != cur {
			continue
		}
		q := otherEnd(t, cur)
		if dir, _ := Line(cur, q); dir != d {
			continue
		}
		if m.level(q) <= m.level(cur) && !m.forbidden(cur, q, token, token) {
			out = append(out, q)
		}
	}
	return out
}

// displace applies at most one forced displacement (A13) where the movement
// ended. A current pushes one space along its arrow and the turn ends there,
// even on another current (L578); a push off the map is blocked (already a
// run/current error, A10). Otherwise ice slides one space in the direction of
// the movement (L652), once (A11); off the map, onto a higher space, or
// without a direction (zip lines, links) the Runner stays on the ice (A12).
func displace(m *Map, o Outcome) Outcome {
	o.End = o.Moved
	s := m.Spaces[o.Moved]
	switch {
	case s.Current != NoDir:
		if q, ok := o.Moved.Step(s.Current); ok {
			o.End, o.Forced = q, CurrentPush
		}
	case s.Ice && o.Dir != NoDir:
		if q, ok := o.Moved.Step(o.Dir); ok && m.level(q) <= s.Level {
			o.End, o.Forced = q, IceSlide
		}
	}
	return o
}
