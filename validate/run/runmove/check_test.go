package runmove

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func check(t *testing.T, m *Map) []Finding {
	t.Helper()
	fs, err := Check(m, DefaultTokens())
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

func messages(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.String())
	}
	return out
}

// Both illustrative maps are legal: every objective is winnable
// within one action board from every spawn point, and there is no trap. So
// every finding kind is quiet on them.
func TestIllustrativeMapsAreQuiet(t *testing.T) {
	for _, name := range []string{"base", "water"} {
		if fs := check(t, loadFixture(t, name)); len(fs) != 0 {
			t.Errorf("%s: %d findings:\n%s", name, len(fs), strings.Join(messages(fs), "\n"))
		}
	}
}

// Every finding kind is triggered by one fixture, with its message
// shape, and quiet on the others where the map does not break its rule.
func TestFindingKinds(t *testing.T) {
	for _, tc := range []struct {
		fixture string
		want    []string // one expected finding per line, in order
	}{
		{"uncollectable", []string{
			"error run/rank3: rank 3 (3 stashes, then A or B) cannot be won from spawn points 1-8: stashes C2, F4 cannot be collected; last spaces reached: B1, C1, C3",
			"error run/rank4: rank 4 (3 stashes, then A) cannot be won from spawn points 1-8: stashes C2, F4 cannot be collected; last spaces reached: B1, C1, C3",
			"error run/rank4: rank 4 (3 stashes, then B) cannot be won from spawn points 1-8: stashes C2, F4 cannot be collected; last spaces reached: B1, C1, C3",
			"error run/rank5: rank 5 (all 4 stashes, then A or B) cannot be won from spawn points 1-8: stashes C2, F4 cannot be collected; last spaces reached: B1, C1, C3",
		}},
		{"deadend", []string{
			"error run/rank3: rank 3 (3 stashes, then A or B) cannot be won from spawn point 8: stashes C2, F4, F1 cannot be collected; last spaces reached: A5, A6",
			"error run/rank4: rank 4 (3 stashes, then A) cannot be won from spawn point 8: stashes C2, F4, F1 cannot be collected; last spaces reached: A5, A6",
			"error run/rank4: rank 4 (3 stashes, then B) cannot be won from spawn point 8: stashes C2, F4, F1 cannot be collected; last spaces reached: A5, A6",
			"error run/rank5: rank 5 (all 4 stashes, then A or B) cannot be won from spawn points 1-7: stash A6: collected, but no safe house reachable afterwards; last spaces reached: A5, A6",
			"error run/rank5: rank 5 (all 4 stashes, then A or B) cannot be won from spawn point 8: stashes C2, F4, F1 cannot be collected; last spaces reached: A5, A6",
			"warning run/trap: trap spaces A5, A6: no safe house can be reached from them; reached from spawn points 1-8",
		}},
		{"safehouse", []string{
			"error run/rank4: rank 4 (3 stashes, then A) cannot be won from spawn points 1-8: no turn can end on safe house A (B5), from any space with any action token; last spaces reached: A4, A5, A6",
		}},
		{"ponds", []string{
			"error run/rank5: rank 5 (all 4 stashes, then A or B) cannot be won from spawn points 1-8: at most 3 stashes on any one route; last spaces reached: A5, A6, F6",
		}},
		{"climbs", []string{
			"warning run/needs-exhaustion: rank 5 (all 4 stashes, then A or B) cannot be won within one action board (14 tokens) from spawn points 1-8; it needs exhaustion, which costs a hit at rank >= 3",
		}},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			got := messages(check(t, loadFixture(t, tc.fixture)))
			if !slices.Equal(got, tc.want) {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// The first reason that applies, in order. With C2 also
// uncollectable, rank 5 blames C2 (reason a) before the dead-end A6; rank 3,
// which needs only 3 of the 4, blames A6: it can be collected but leaves no
// way to a safe house, and the message says so (reason b).
func TestReasonOrder(t *testing.T) {
	m := loadFixture(t, "deadend")
	m.Access = m.Access[1:] // no fire escape onto C2
	m.Spawns = m.Spawns[:7] // no spawn point in the pond
	got := messages(check(t, m))
	want := []string{
		"error run/rank3: rank 3 (3 stashes, then A or B) cannot be won from spawn points 1-7: stash A6: collected, but no safe house reachable afterwards; last spaces reached: A5, A6",
		"error run/rank4: rank 4 (3 stashes, then A) cannot be won from spawn points 1-7: stash A6: collected, but no safe house reachable afterwards; last spaces reached: A5, A6",
		"error run/rank4: rank 4 (3 stashes, then B) cannot be won from spawn points 1-7: stash A6: collected, but no safe house reachable afterwards; last spaces reached: A5, A6",
		"error run/rank5: rank 5 (all 4 stashes, then A or B) cannot be won from spawn points 1-7: stash C2 cannot be collected; last spaces reached: B1, C1, C3",
		"warning run/trap: trap spaces A5, A6: no safe house can be reached from them; reached from spawn points 1-7",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A needs-exhaustion warning is never emitted with an error for the same
// objective and spawn point.
func TestNeverErrorAndWarningTogether(t *testing.T) {
	for _, name := range fixtures(t) {
		seen := map[string]bool{}
		fs := check(t, loadFixture(t, name))
		for _, f := range fs {
			if f.Rule == RuleTrap {
				continue
			}
			for _, sp := range f.Spawns {
				key := f.Objective.String() + "/" + sp.At.String()
				if seen[key] {
					t.Errorf("%s: %s reported twice for spawn point %d", name, f.Objective, sp.Number)
				}
				seen[key] = true
			}
		}
	}
}

// The finding points at the entry at fault, and relates the spawn points.
func TestFindingPositions(t *testing.T) {
	fs := check(t, loadFixture(t, "safehouse"))
	if len(fs) != 1 {
		t.Fatalf("want 1 finding, got %d", len(fs))
	}
	f := fs[0]
	if got := f.Src.(pos); got.Line != 13 {
		t.Errorf("positioned at %v; want the safe house A entry, line 13", got)
	}
	if rel := f.Related(); len(rel) != 8 {
		t.Errorf("%d related positions; want the 8 spawn entries", len(rel))
	}
	fs = check(t, loadFixture(t, "uncollectable"))
	if got := fs[0].Src.(pos); got.Line != 13 || got.Col != 9 {
		t.Errorf("positioned at %v; want stash C2, line 13 column 9", got)
	}
	trap := check(t, loadFixture(t, "deadend"))
	if got := trap[len(trap)-1].Src.(pos); got.Line != 13 || got.Col != 4 {
		t.Errorf("trap positioned at %v; want the A5 cell of the picture, 13:4", got)
	}
}

func TestSpawnList(t *testing.T) {
	for _, tc := range []struct {
		nums []int
		want string
	}{
		{[]int{3}, "spawn point 3"},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8}, "spawn points 1-8"},
		{[]int{7, 1, 2, 3, 5, 8}, "spawn points 1-3, 5, 7-8"},
		{[]int{5, 5}, "spawn point 5"},
	} {
		var sp []Spawn
		for _, n := range tc.nums {
			sp = append(sp, Spawn{Number: n})
		}
		if got := spawnList(sp); got != tc.want {
			t.Errorf("spawnList(%v) = %q; want %q", tc.nums, got, tc.want)
		}
	}
}

// Check rejects what the model cannot represent rather than guessing.
func TestCheckRejects(t *testing.T) {
	m := loadFixture(t, "base")
	m.SafeHouses[0].Letter = 'C'
	if _, err := Check(m, DefaultTokens()); err == nil {
		t.Error("safe house C accepted")
	}
	m = loadFixture(t, "base")
	m.Stashes = append(m.Stashes, m.Stashes...)
	m.Stashes = append(m.Stashes, m.Stashes[0])
	if _, err := Check(m, DefaultTokens()); err == nil {
		t.Error("9 stashes accepted")
	}
	if _, err := Check(loadFixture(t, "base"), append(DefaultTokens(), DefaultTokens()...)); err == nil {
		t.Error("28 tokens accepted")
	}
	// A fifth stash (a run/stashes error) is not searched: with 6, the
	// one-board search of one map took seconds.
	m = loadFixture(t, "base")
	d4, _ := ParseCell("D4")
	m.Stashes = append(m.Stashes, Stash{At: d4})
	if _, err := Check(m, DefaultTokens()); err == nil {
		t.Error("5 stashes accepted")
	}
	if _, err := Explain(m, DefaultTokens()); err == nil {
		t.Error("5 stashes explained")
	}
}

// A17: the spawn point is not a turn end, so a stash under it counts only if
// a turn ends there later: here, a roof no fire escape serves.
func TestSpawnIsNotATurnEnd(t *testing.T) {
	m := mustFixture(t, roofs+"stashes F4 A6 F1 B5\nsafe A F6\nsafe B A1\nspawn 1 B5\naccess fire-escape E4 F4 silent-E\n")
	got := messages(check(t, m))
	want := []string{
		"error run/rank5: rank 5 (all 4 stashes, then A or B) cannot be won from spawn point 1: stash B5 cannot be collected; last spaces reached: A4, A5, A6",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// CheckUnlimited is Check less its run/needs-exhaustion findings, on every
// fixture, whatever the map.
func TestCheckUnlimitedIsCheckWithoutExhaustion(t *testing.T) {
	names, err := fixtureNames()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		m := loadFixture(t, name)
		full := check(t, m)
		cheap, err := CheckUnlimited(m, DefaultTokens())
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, f := range full {
			if f.Rule != RuleNeedsExhaustion {
				want = append(want, f.String())
			}
		}
		if got := messages(cheap); !slices.Equal(got, want) {
			t.Errorf("%s: CheckUnlimited\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// fixtureNames lists the testdata maps by name.
func fixtureNames() ([]string, error) {
	paths, err := filepath.Glob(filepath.Join("testdata", "*.map"))
	var names []string
	for _, p := range paths {
		names = append(names, strings.TrimSuffix(filepath.Base(p), ".map"))
	}
	return names, err
}
