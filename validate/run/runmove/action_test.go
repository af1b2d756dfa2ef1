package runmove

import (
	"slices"
	"testing"
)

func TestActionNamesRoundTrip(t *testing.T) {
	for _, a := range DefaultTokens() {
		got, err := ParseAction(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAction(%q) = %v, %v", a.String(), got, err)
		}
	}
	if _, err := ParseAction("sprint-NE"); err == nil {
		t.Error("sprint-NE accepted: sprints are orthogonal (L240)")
	}
}

// A2: 4 silent orthogonal, 4 silent diagonal, 4 sprints, 1 orthogonal wild,
// 1 diagonal wild.
func TestDefaultTokensA2(t *testing.T) {
	var silentOrth, silentDiag, sprints, wilds int
	for _, a := range DefaultTokens() {
		switch {
		case a.IsSilent() && a.Dir().Diagonal():
			silentDiag++
		case a.IsSilent():
			silentOrth++
		case a.IsSprint():
			sprints++
		case a.IsWild():
			wilds++
		}
	}
	if silentOrth != 4 || silentDiag != 4 || sprints != 4 || wilds != 2 || len(DefaultTokens()) != 14 {
		t.Errorf("split %d/%d/%d/%d of %d; want 4/4/4/2 of 14", silentOrth, silentDiag, sprints, wilds, len(DefaultTokens()))
	}
}

// L162, L164, L478, L498, L502 (A19): 14 tokens at ranks 1 and 5, 13 at
// ranks 2-4 (no diagonal wild), 13 for the harder rank-5 variant.
func TestRankTokens(t *testing.T) {
	all := DefaultTokens()
	for rank, want := range map[int]int{1: 14, 2: 13, 3: 13, 4: 13, 5: 14} {
		ts := RankTokens(all, rank)
		if len(ts) != want {
			t.Errorf("rank %d: %d tokens; want %d", rank, len(ts), want)
		}
		if has := slices.Contains(ts, WildDiagonal); has != (want == 14) {
			t.Errorf("rank %d: diagonal wild present = %v", rank, has)
		}
	}
	if n := len(HardRank5().Tokens(all)); n != 13 {
		t.Errorf("rank 5 without the diagonal wild: %d tokens; want 13", n)
	}
}

// L250: a wild performs the silent move of its kind in any direction.
func TestPerforms(t *testing.T) {
	for _, tc := range []struct {
		token, icon Action
		want        bool
	}{
		{SilentW, SilentW, true},
		{WildOrthogonal, SilentW, true},
		{WildOrthogonal, SilentNW, false},
		{WildDiagonal, SilentNW, true},
		{WildDiagonal, SilentN, false},
		{SprintW, SilentW, false},
		{WildOrthogonal, SprintW, false},
	} {
		if got := tc.token.Performs(tc.icon); got != tc.want {
			t.Errorf("%v performs %v = %v; want %v", tc.token, tc.icon, got, tc.want)
		}
	}
}
