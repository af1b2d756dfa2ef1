// Package runmove is the movement model and reachability analysis of RUN
// (RUN rulebook lines cited as Lnnn). It is pure: a typed Map in, findings and explanations out;
// no YAML, no schema, no rule registration.
//
// # Model
//
// A Map is a 6 x 6 grid of spaces A1..F6 (A1 top-left, N toward row 1: A1)
// with an explicit level per space (water -1, ground 0, terrain and roofs
// >= 1) and a building flag (A4), plus stashes, safe houses A and B, spawn
// points, access features, tunnels, zip lines and suspension bridges, linked
// spaces and forbidden moves. Every feature carries an opaque Ref for
// diagnostics.
//
// Outcomes is the movement model: where one turn spending one
// token can end. Moving down or level is free with any action, sprints
// included (L247, L248); moving up needs an access feature whose icon the
// token performs, never by a sprint (L249-251, L552, L558, L586). Diagonal
// moves are never blocked by corners (A7). Sprints stop on the first water
// space entered (L560) and pass tunnels both ways (L594, A14). Zip lines,
// suspension bridges and links are forced on their exact action (L606-622;
// A5, A8, A15, A16). After the movement, at most one forced displacement: a
// current push or an ice slide, one space, no chain (L578, L580, L652;
// A10-A13). Stashes are collected, and games won, only where a turn ends; the
// spawn point is not a turn end (L258, L264, A17).
//
// # Reachability
//
// Check proves, from every spawn point, the objectives
// (Objectives): rank 3 (3 stashes, then A or B, 13 tokens; also covers ranks
// 1-2), rank 4 with A alone and with B alone, rank 5 (all 4 stashes, 14
// tokens). First with unlimited tokens, a breadth-first search over (space,
// stashes collected): failure is an error, explained by the first reason
// that applies (ReasonKind) and the last spaces reached (A3). Then within
// one action board, each token used once (L196): failure is the warning
// run/needs-exhaustion. The one-board search finds the lexicographically
// first of the shortest wins in the fixed token order of Action: iterative
// deepening bounded by the exact unlimited-token distance, then breadth-first
// by turns with dominance pruning, which also proves failures.
// Check also reports trap spaces: turn ends from which no safe house can be
// reached.
//
// Explain gives the explain output: a shortest winning sequence per spawn
// point and objective, rank 5 without the diagonal wild (L502), and the
// gadget report (every, some or no assignment of the pool, under the A18
// readings of GadgetReadings).
//
// # Assumptions as applied
//
//   - A1: A1 top-left, N toward row 1. A2: DefaultTokens, 14 tokens; ranks 2-4
//     drop the diagonal wild (A19: rank rules are not cumulative).
//   - A3: impossible with unlimited tokens is an error; only within one board,
//     a warning.
//   - A4, A5: levels are compared; moving down is free, even onto a roof; zip
//     lines, suspension bridges and links ignore levels.
//   - A6: the access-feature kind is not read by movement (run/access checks it).
//   - A7: no corner cutting anywhere.
//   - A8: a sprint passing a zip-line start does not trigger it.
//   - A9: a bridge is ground for movement; water joins under it (gadgets).
//   - A10: a current pushes even where it should not (run/current reports
//     that); a push off the map is blocked.
//   - A11, A12, A13: one slide, blocked off the map or onto a higher space, none
//     without a direction; one forced displacement per turn.
//   - A14: tunnel ends in one line; sprints pass both ways; an extra icon
//     works from its end, in its direction, never up.
//   - A15, A16: exact token only (Options.WildsForceSpecials is the documented
//     option); links are two-way when the other end has an action.
//   - A17: the spawn point is not a turn end.
//   - A18: gadget readings only in the gadget report.
package runmove
