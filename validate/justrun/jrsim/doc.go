// Package jrsim is the board simulation of Just Run (rulebook lines cited
// as Lnnn): a seeded Monte Carlo run of the rulebook's tile-by-tile board
// assembly. It is pure: typed tiles and settings in, metrics, findings and an
// explanation out; no YAML, no schema, no rule registration. The validate
// package converts a pack into []Tile and Settings and positions the
// findings with the opaque Tile.Src they carry.
//
// # Model
//
// The board is Width columns by Length rows (5 x 10, L85; 5 x 7 in the
// Shorter Variation, L113); row 1 is the start row, the last row the exit
// row. The start tiles lie face up at their positions (L105, A14); the exit
// tiles are shuffled face down into the exit row and never drawn (L85, A4);
// the room tiles are shuffled into a draw pile (L87) and the discard pile is
// empty. Survivors start anywhere in the start row (A13).
//
// A policy opens frontier doors: doors of face-up tiles connected to the
// start row that face an empty room cell or a face-down exit cell. Opening
// into the exit row flips the exit tile there (step 4). Opening into a room
// cell draws tiles until one fits (L557): every side facing a face-up tile
// matches it, door against door and wall against wall; sides facing empty
// cells are free. Misfits are discarded; the discards are reshuffled into a
// new draw pile only when the draw pile is empty (L559, A10). Once every
// tile not on the board has been tried for this cell (A7), the last one
// tried goes face down (A8): the cell is inaccessible from any direction,
// and draw pile and discards are reshuffled together (A9). If no tile is
// left at all, the cell stays empty for good. Locked and blocked doors are
// bashable, so structure is door against door only (step 6, A21); wall
// bashing is left out (A11).
//
// Board i is seeded with Settings.Seed + i (math/rand/v2 PCG), so results
// do not depend on the number of goroutines. Simulate spreads boards
// over runtime.GOMAXPROCS workers whose integer counts are merged by
// addition.
//
// # Policies (A12)
//
// Explore opens a random frontier door until none is left: reachability of
// the main exit, the Labs and the rescuee, and the per-tile placement share.
// Run opens a door into the highest row (ties broken by the board's PRNG)
// until the main exit is connected or no frontier door is left: tempo,
// draw-pile exhaustion and face-down tiles.
//
// # Metrics
//
// "Reachable" means face up and connected door against door to the start
// row (or to the given start tile) at the end of the board. Metrics holds,
// per length and policy: the main exit reachable from the start row and
// from each start tile; a Lab face up and reachable (with Find the Cure);
// the rescuee's room reachable and connected to the main exit (with Rescue
// Mission); the draw pile exhausted, and a face-down tile placed, before the
// exit connected (and at any time); the dead-end share; misfits per
// placement; placements until the exit connects (median, p90); the
// single-door share of placed tiles; the main-exit column; reshuffles per
// board; per room tile, the share of boards where it was placed face up;
// and where the failing boards stopped. Every share has N and a 95 % Wilson
// interval.
//
// Check runs both lengths under both policies and reports the metrics past
// their thresholds as Findings: justrun/board-exit (error),
// justrun/board-start, justrun/board-lab, justrun/board-rescuee,
// justrun/board-tempo (run policy) and justrun/tile-rarely-placed (explore,
// full length) warnings. Explain gives every metric and every assumption,
// as stable text and as JSON.
//
// # Assumptions as applied
//
//   - A1: rotation none (the n side faces the exit row) or free; under free,
//     most-doors takes the fitting rotation with the most doors that lead
//     into the board (not against an edge or a face-down tile), the first
//     clockwise from the printed orientation on a tie; random draws among the
//     distinct fitting rotations. Start and exit tiles never rotate (A5, A14).
//   - A2: one door per side, at its centre: a side is a door or a wall.
//   - A3: edge doors dead (legal, lead nowhere) or misfit (reject the tile);
//     exit tiles' edge doors are always dead.
//   - A4: on-reveal: a face-down exit tile constrains nothing; when flipped,
//     a wall against the opening door leaves it dead. always: exit tiles
//     constrain room tiles from setup.
//   - A6: a face-down tile constrains nothing (wildcard) or is four walls.
//   - A7-A10: as in the model above.
//   - A11: wallBash modelled is rejected with ErrUnsupported.
//   - A13: the union of the start tiles, and each start tile, are reported.
//   - A15: start tiles connect where both have a door; s doors of start
//     tiles face the table edge and are dead.
//   - A16, A17, A20: separate pools; Labs are room tiles; the whole room deck
//     on the shorter board too.
//   - A18: once a room in the 5th row is first reached, the rescuee's row
//     and column are rolled 1..5 each (6s rerolled: uniform), counted from
//     the start row (from-start) or the first room row (room-rows), within
//     the board. An empty cell gets a tile by the fit rules without an
//     opening (isolated), face down if none fits. On a board too short for a
//     5th row the roll never happens and the rescuee is never reachable.
//   - A21: facing doors connect, whatever tile was placed first.
//
// Counting: a placement is a room cell filled from the pile, face up or face
// down (exit reveals are not placements); a misfit is a discarded tile; a
// reshuffle is any rebuilt draw pile (L559, both kinds). The exhausted and
// face-down metrics count the first event before the exit connected; the
// "any time" variants are the calibration values of the illustrative mix
// for face-down tiles under explore.
package jrsim
