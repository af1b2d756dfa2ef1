package runmove

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/runforge/runforge/validate/severity"
)

// Rule ids of the reachability findings.
const (
	RuleRank3           = "run/rank3"
	RuleRank4           = "run/rank4"
	RuleRank5           = "run/rank5"
	RuleNeedsExhaustion = "run/needs-exhaustion"
	RuleTrap            = "run/trap"
)

// ReasonKind is why an objective fails with unlimited tokens; the first kind
// that applies is reported, in this order.
type ReasonKind uint8

// Reasons, in the order they are tried.
const (
	StashUncollectable   ReasonKind = iota + 1 // no turn ends on enough stashes
	StashDeadEnd                               // a stash, once collected, leaves no way to a safe house
	SafeHouseUnreachable                       // no turn ends on an eligible safe house (or there is none)
	TooFewStashes                              // at most Max stashes on any one route to a safe house
)

// Reason is the fault of a failed objective.
type Reason struct {
	Kind       ReasonKind
	Stashes    []Stash     // StashUncollectable, StashDeadEnd: the stashes at fault
	SafeHouses []SafeHouse // SafeHouseUnreachable: the eligible safe houses (none: missing)
	Letters    string      // the letters the objective accepts
	NoTurnEnds bool        // SafeHouseUnreachable: no turn of any token, from any space, ends on them
	Max        int         // TooFewStashes
}

// String renders the reason as the findings print it.
func (r Reason) String() string {
	switch r.Kind {
	case StashUncollectable:
		return fmt.Sprintf("%s cannot be collected", stashList(r.Stashes))
	case StashDeadEnd:
		return fmt.Sprintf("%s: collected, but no safe house reachable afterwards", stashList(r.Stashes))
	case SafeHouseUnreachable:
		if len(r.SafeHouses) == 0 {
			return fmt.Sprintf("no safe house %s on the map", strings.Join(strings.Split(r.Letters, ""), " or "))
		}
		parts := make([]string, len(r.SafeHouses))
		for i, h := range r.SafeHouses {
			parts[i] = fmt.Sprintf("%c (%v)", h.Letter, h.At)
		}
		if r.NoTurnEnds {
			return fmt.Sprintf("no turn can end on %s %s, from any space with any action token", plural(len(parts), "safe house", "safe houses"), strings.Join(parts, ", "))
		}
		return fmt.Sprintf("%s %s cannot be reached", plural(len(parts), "safe house", "safe houses"), strings.Join(parts, ", "))
	case TooFewStashes:
		return fmt.Sprintf("at most %d stashes on any one route", r.Max)
	}
	return ""
}

// key identifies the defect, for grouping spawn points.
func (r Reason) key() string { return strconv.Itoa(int(r.Kind)) + ":" + r.String() }

func stashList(ss []Stash) string {
	cells := make([]Cell, len(ss))
	for i, s := range ss {
		cells[i] = s.At
	}
	return plural(len(ss), "stash", "stashes") + " " + FormatCells(cells)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Finding is one reachability diagnostic.
type Finding struct {
	Rule      string
	Severity  severity.Severity
	Objective Objective // not for run/trap
	Spawns    []Spawn   // the spawn points the defect holds for, by number
	Reason    Reason    // run/rank3, run/rank4, run/rank5
	Stuck     []Cell    // run/rank*: up to three reachable turn-end spaces closest to the target, sorted
	Tokens    int       // run/needs-exhaustion: the size of the action board
	Traps     []Cell    // run/trap: the trap spaces, sorted
	Src       Ref       // where to point: the entry at fault, else the first spawn point or trap space
}

// Related are the other positions worth showing: the spawn points and the
// other entries at fault.
func (f Finding) Related() []Ref {
	var rs []Ref
	for _, s := range f.Spawns {
		rs = append(rs, s.Src)
	}
	for i, s := range f.Reason.Stashes {
		if i > 0 {
			rs = append(rs, s.Src)
		}
	}
	for i, h := range f.Reason.SafeHouses {
		if i > 0 {
			rs = append(rs, h.Src)
		}
	}
	return rs
}

// Message renders the finding's message.
func (f Finding) Message() string {
	switch f.Rule {
	case RuleNeedsExhaustion:
		return fmt.Sprintf("%s cannot be won within one action board (%d tokens) from %s; it needs exhaustion, which costs a hit at rank >= 3",
			f.Objective, f.Tokens, spawnList(f.Spawns))
	case RuleTrap:
		return fmt.Sprintf("%s %s: no safe house can be reached from %s; reached from %s",
			plural(len(f.Traps), "trap space", "trap spaces"), FormatCells(f.Traps), plural(len(f.Traps), "it", "them"), spawnList(f.Spawns))
	}
	msg := fmt.Sprintf("%s cannot be won from %s: %s", f.Objective, spawnList(f.Spawns), f.Reason)
	if len(f.Stuck) > 0 {
		msg += "; last spaces reached: " + FormatCells(f.Stuck)
	}
	return msg
}

// String is "severity rule: message".
func (f Finding) String() string { return fmt.Sprintf("%v %s: %s", f.Severity, f.Rule, f.Message()) }

// spawnList is "spawn point 3" or "spawn points 1-3, 5".
func spawnList(sp []Spawn) string {
	nums := make([]int, 0, len(sp))
	for _, s := range sp {
		nums = append(nums, s.Number)
	}
	slices.Sort(nums)
	nums = slices.Compact(nums)
	var parts []string
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", nums[i], nums[j]))
		} else {
			parts = append(parts, strconv.Itoa(nums[i]))
		}
		i = j + 1
	}
	return plural(len(nums), "spawn point", "spawn points") + " " + strings.Join(parts, ", ")
}
