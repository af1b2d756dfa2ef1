package jrsim

import (
	"strings"
	"testing"
)

// TestLuckyBoard: one board that reaches the exit does not pass silently:
// its interval holds every threshold, and board-count says how many boards
// would decide.
func TestLuckyBoard(t *testing.T) {
	for _, tc := range []struct {
		boards int
		warn   bool
	}{{1, true}, {10, true}, {10000, false}} {
		set := DefaultSettings()
		set.Boards = tc.boards
		fs, err := Check(illustrativeMix(), set)
		if err != nil {
			t.Fatal(err)
		}
		var count []Finding
		for _, f := range fs {
			if f.Rule == RuleBoardCount {
				count = append(count, f)
			}
		}
		if !tc.warn {
			if len(count) > 0 {
				t.Errorf("%d boards: %v", tc.boards, count)
			}
			continue
		}
		if len(count) == 0 {
			t.Fatalf("%d boards: no board-count warning in %v", tc.boards, fs)
		}
		f := count[0]
		if f.Boards <= tc.boards || f.Severity.String() != "warning" || !strings.Contains(f.Message(), "boards would decide") {
			t.Errorf("%d boards: %d to decide, %q", tc.boards, f.Boards, f.Message())
		}
	}
}

func TestBoardsToDecide(t *testing.T) {
	for _, tc := range []struct {
		p, t float64
		want int
		ok   bool
	}{
		{1, 0.95, 73, true},   // 1.96^2 * 0.0475 / 0.0025 = 72.99
		{0.9, 0.95, 73, true}, // symmetric in p - t
		{0.5, 0.5, 0, false},
		{0.011, 0.01, 38031, true}, // 1.96^2 * 0.0099 / 1e-6
	} {
		n, ok := boardsToDecide(tc.p, tc.t)
		if n != tc.want || ok != tc.ok {
			t.Errorf("boardsToDecide(%v, %v) = %d, %v; want %d, %v", tc.p, tc.t, n, ok, tc.want, tc.ok)
		}
		if !ok {
			continue
		}
		// At n boards the interval around p leaves t out; at n-1 it holds it.
		hits := func(n int) int { return int(tc.p*float64(n) + 0.5) }
		if s := Wilson(hits(n), n); s.Lo < tc.t && tc.t < s.Hi && float64(hits(n))/float64(n) == tc.p {
			t.Errorf("%v vs %v: %d boards still straddle: %v", tc.p, tc.t, n, s)
		}
	}
}
