package runmove

import (
	"fmt"
	"strings"
)

// Turn is one turn of a plan: one token spent (or one gadget used).
type Turn struct {
	Token      Action
	UsesGadget bool
	Gadget     Gadget
	Outcome    Outcome
	Stash      bool // a stash is collected where the turn ends
	Win        byte // the safe-house letter when the turn wins, else 0
}

// String is "token destination" with the explain marks: "[stash]",
// "[safe house A: win]". Passages other than steps and plain sprints, and
// forced displacements, are noted in parentheses: "silent-S C4 (current to
// D4)", "sprint-E F3 (tunnel)".
func (t Turn) String() string {
	var sb strings.Builder
	if t.UsesGadget {
		sb.WriteString(t.Gadget.String())
	} else {
		sb.WriteString(t.Token.String())
	}
	fmt.Fprintf(&sb, " %v", t.Outcome.Moved)
	if note := passageNote(t.Outcome.Passage); note != "" {
		fmt.Fprintf(&sb, " (%s)", note)
	}
	switch t.Outcome.Forced {
	case CurrentPush:
		fmt.Fprintf(&sb, " (current to %v)", t.Outcome.End)
	case IceSlide:
		fmt.Fprintf(&sb, " (ice to %v)", t.Outcome.End)
	}
	if t.Stash {
		sb.WriteString(" [stash]")
	}
	if t.Win != 0 {
		fmt.Fprintf(&sb, " [safe house %c: win]", t.Win)
	}
	return sb.String()
}

func passageNote(p Passage) string {
	switch p {
	case BySprintTunnel, ByTunnelIcon:
		return "tunnel"
	case ByZipLine:
		return "zip line"
	case BySuspensionBridge:
		return "suspension bridge"
	case ByLink:
		return "link"
	}
	return ""
}

// Plan is a winning sequence from a spawn point.
type Plan struct {
	Start Cell
	Turns []Turn
	// Repeated lists the tokens spent more often than the board holds them:
	// the plan needs exhaustion (only for unlimited-token plans).
	Repeated []Action
}

// NeedsExhaustion reports a plan that does not fit one action board.
func (p *Plan) NeedsExhaustion() bool { return len(p.Repeated) > 0 }

// String is the explain notation: the start space, then the turns joined by
// " · ".
func (p *Plan) String() string {
	parts := make([]string, 0, len(p.Turns)+1)
	for i, t := range p.Turns {
		s := t.String()
		if i == 0 {
			s = p.Start.String() + " " + s
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return p.Start.String()
	}
	return strings.Join(parts, " · ")
}

// repeated lists, in token order, the actions the plan spends more often
// than the board holds them.
func repeated(p *Plan, b board) []Action {
	have := map[Action]int{}
	for _, t := range b.tokens {
		have[t]++
	}
	spent := map[Action]int{}
	for _, t := range p.Turns {
		if !t.UsesGadget {
			spent[t.Token]++
		}
	}
	var out []Action
	for a := SilentN; a <= SprintW; a++ {
		if spent[a] > have[a] {
			out = append(out, a)
		}
	}
	return out
}
