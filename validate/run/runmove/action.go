package runmove

import (
	"fmt"
	"slices"
)

// Action is a Runner action token face (run.md L214-240). The numeric order
// of the constants is the fixed token order that breaks ties between
// equally short winning sequences: silent moves clockwise from N,
// then the two wilds, then the sprints clockwise from N.
type Action uint8

// The 14 action faces; NoAction means "none" (an absent icon).
const (
	NoAction Action = iota
	SilentN
	SilentNE
	SilentE
	SilentSE
	SilentS
	SilentSW
	SilentW
	SilentNW
	WildOrthogonal
	WildDiagonal
	SprintN
	SprintE
	SprintS
	SprintW
)

// actionNames are the enum values, with their capitals.
func actionNames() [SprintW + 1]string {
	return [...]string{
		"", "silent-N", "silent-NE", "silent-E", "silent-SE", "silent-S", "silent-SW", "silent-W", "silent-NW",
		"wild-orthogonal", "wild-diagonal", "sprint-N", "sprint-E", "sprint-S", "sprint-W",
	}
}

// Silent is the silent move in direction d (L216, L222).
func Silent(d Dir) Action {
	if d < N || d > NW {
		return NoAction
	}
	return SilentN + Action(d-N)
}

// Sprint is the loud sprint in orthogonal direction d (L240).
func Sprint(d Dir) Action {
	switch d {
	case N:
		return SprintN
	case E:
		return SprintE
	case S:
		return SprintS
	case W:
		return SprintW
	}
	return NoAction
}

// IsSilent reports a silent move.
func (a Action) IsSilent() bool { return a >= SilentN && a <= SilentNW }

// IsSprint reports a loud sprint.
func (a Action) IsSprint() bool { return a >= SprintN && a <= SprintW }

// IsWild reports a loud wild.
func (a Action) IsWild() bool { return a == WildOrthogonal || a == WildDiagonal }

// Dir is the direction shown on a silent move or a sprint, NoDir for wilds.
func (a Action) Dir() Dir {
	switch {
	case a.IsSilent():
		return N + Dir(a-SilentN)
	case a.IsSprint():
		return [...]Dir{N, E, S, W}[a-SprintN]
	}
	return NoDir
}

// WildDirs lists the directions a wild may move in: "an orthogonally [a
// diagonally] adjacent space in any direction" (L228, L234).
func (a Action) WildDirs() []Dir {
	switch a {
	case WildOrthogonal:
		return []Dir{N, E, S, W}
	case WildDiagonal:
		return []Dir{NE, SE, SW, NW}
	}
	return nil
}

// Performs reports whether token a can perform the icon: the token itself,
// or a wild whose directions include the icon's silent move (L250).
func (a Action) Performs(icon Action) bool {
	if a == icon {
		return true
	}
	return icon.IsSilent() && slices.Contains(a.WildDirs(), icon.Dir())
}

// String is the enum value, e.g. "silent-NE" or "sprint-W".
func (a Action) String() string {
	if a >= SilentN && a <= SprintW {
		return actionNames()[a]
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// ParseAction parses an action enum value such as "silent-NE".
func ParseAction(s string) (Action, error) {
	for a := SilentN; a <= SprintW; a++ {
		if actionNames()[a] == s {
			return a, nil
		}
	}
	return NoAction, fmt.Errorf("action %q: want silent-N..silent-NW, sprint-N/E/S/W, wild-orthogonal or wild-diagonal", s)
}

// DefaultTokens is the A2 split of the 14 gray action tokens (L62): one
// silent move per direction (4 orthogonal, 4 diagonal, L214-222), one sprint
// per orthogonal direction (L238), one orthogonal wild (L226) and one
// diagonal wild (L232; "all gray action tokens except the diagonal wild",
// L162). The pack may correct it; the search accepts any token list.
func DefaultTokens() []Action {
	ts := make([]Action, 0, 14)
	for a := SilentN; a <= SprintW; a++ {
		ts = append(ts, a)
	}
	return ts
}

// RankTokens is the action board of a Runner rank, from all the tokens in
// the box: every token at ranks 1 and 5 (L164, L478, L498), every token but
// the diagonal wild at ranks 2-4 (L162; A19: rank rules are not cumulative).
// It is 14 tokens at ranks 1 and 5 and 13 at ranks 2-4 with DefaultTokens.
func RankTokens(all []Action, rank int) []Action {
	if rank == 1 || rank == 5 {
		return slices.Clone(all)
	}
	return WithoutDiagonalWild(all)
}

// WithoutDiagonalWild drops the diagonal wild: the board of ranks 2-4, and of
// the harder rank-5 variant "play without the diagonal wild" (L502).
func WithoutDiagonalWild(ts []Action) []Action {
	out := make([]Action, 0, len(ts))
	for _, t := range ts {
		if t != WildDiagonal {
			out = append(out, t)
		}
	}
	return out
}
