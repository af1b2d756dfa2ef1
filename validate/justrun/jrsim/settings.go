package jrsim

import (
	"errors"
	"fmt"
	"slices"
)

// ErrUnsupported is returned for an assumption value the simulation does not
// implement (placement.wallBash: modelled).
var ErrUnsupported = errors.New("not supported by the board simulation")

// Values of the placement and setup keys. The names are the
// manifest values.
const (
	RotationNone = "none" // A1 default: the n side faces the exit row
	RotationFree = "free" // A1: any rotation that fits

	RotationMostDoors = "most-doors" // A1 default with free: the fitting rotation with the most live doors
	RotationRandom    = "random"     // A1: a random fitting rotation

	EdgeDoorsDead   = "dead"   // A3 default: legal, leads nowhere
	EdgeDoorsMisfit = "misfit" // A3: rejects the tile

	ExitOnReveal = "on-reveal" // A4 default: face-down exit tiles constrain nothing
	ExitAlways   = "always"    // A4: exit tiles constrain from setup

	FaceDownWildcard = "wildcard" // A6 default: no alignment constraint
	FaceDownWall     = "wall"     // A6: four walls for alignment

	WallBashExcluded = "excluded" // A11 default
	WallBashModelled = "modelled" // A11: unsupported here

	RescueFromStart = "from-start" // A18 default: row 1 is the start row
	RescueRoomRows  = "room-rows"  // A18: row 1 is the first room row
)

// Placement holds every assumption that shapes board assembly,
// under its manifest key. An empty string means the default. The single-value
// keys exist so that the pack states the assumption; any other value is
// rejected.
type Placement struct {
	Rotation        string `json:"rotation"`        // A1 placement.rotation: none | free
	RotationChoice  string `json:"rotationChoice"`  // A1 placement.rotationChoice: most-doors | random (free only)
	DoorPosition    string `json:"doorPosition"`    // A2 placement.doorPosition: centre
	EdgeDoors       string `json:"edgeDoors"`       // A3 placement.edgeDoors: dead | misfit
	ExitAlignment   string `json:"exitAlignment"`   // A4 placement.exitAlignment: on-reveal | always
	ExitOrient      string `json:"exitOrientation"` // A5 placement.exitOrientation: fixed
	FaceDown        string `json:"faceDown"`        // A6 placement.faceDown: wildcard | wall
	GiveUp          string `json:"giveUp"`          // A7 placement.giveUp: all-tried-for-cell
	FaceDownTile    string `json:"faceDownTile"`    // A8 placement.faceDownTile: last-tried
	AfterFaceDown   string `json:"afterFaceDown"`   // A9 placement.afterFaceDown: reshuffle-all
	DiscardReturn   string `json:"discardReturn"`   // A10 placement.discardReturn: when-empty
	WallBash        string `json:"wallBash"`        // A11 placement.wallBash: excluded | modelled
	StartOrder      string `json:"startOrder"`      // A14 setup.startOrder: fixed
	ConnectingDoors string `json:"connectingDoors"` // A15 setup.connectingDoors: between-start-tiles
	TilePools       string `json:"tilePools"`       // A16 setup.tilePools: separate
	Labs            string `json:"labs"`            // A17 setup.labs: room-tiles
	RescueRows      string `json:"rescueRows"`      // A18 placement.rescueRows: from-start | room-rows
	RescuePlacement string `json:"rescuePlacement"` // A18 placement.rescuePlacement: isolated
	ExitSpawn       string `json:"exitSpawn"`       // A19 setup.exitSpawn: always
	ShorterDeck     string `json:"shorterDeck"`     // A20 setup.shorterDeck: all
	FacingDoors     string `json:"facingDoors"`     // A21 placement.facingDoors: connect
}

// DefaultPlacement is the default for every key.
func DefaultPlacement() Placement {
	return Placement{
		Rotation: RotationNone, RotationChoice: RotationMostDoors, DoorPosition: "centre",
		EdgeDoors: EdgeDoorsDead, ExitAlignment: ExitOnReveal, ExitOrient: "fixed",
		FaceDown: FaceDownWildcard, GiveUp: "all-tried-for-cell", FaceDownTile: "last-tried",
		AfterFaceDown: "reshuffle-all", DiscardReturn: "when-empty", WallBash: WallBashExcluded,
		StartOrder: "fixed", ConnectingDoors: "between-start-tiles", TilePools: "separate",
		Labs: "room-tiles", RescueRows: RescueFromStart, RescuePlacement: "isolated",
		ExitSpawn: "always", ShorterDeck: "all", FacingDoors: "connect",
	}
}

// placementKey is one key of Placement: its assumption, manifest path, field
// and allowed values (the first is the default).
type placementKey struct {
	id, key string
	field   func(*Placement) *string
	values  []string
}

func placementKeys() []placementKey {
	return []placementKey{
		{"A1", "placement.rotation", func(p *Placement) *string { return &p.Rotation }, []string{RotationNone, RotationFree}},
		{"A1", "placement.rotationChoice", func(p *Placement) *string { return &p.RotationChoice }, []string{RotationMostDoors, RotationRandom}},
		{"A2", "placement.doorPosition", func(p *Placement) *string { return &p.DoorPosition }, []string{"centre"}},
		{"A3", "placement.edgeDoors", func(p *Placement) *string { return &p.EdgeDoors }, []string{EdgeDoorsDead, EdgeDoorsMisfit}},
		{"A4", "placement.exitAlignment", func(p *Placement) *string { return &p.ExitAlignment }, []string{ExitOnReveal, ExitAlways}},
		{"A5", "placement.exitOrientation", func(p *Placement) *string { return &p.ExitOrient }, []string{"fixed"}},
		{"A6", "placement.faceDown", func(p *Placement) *string { return &p.FaceDown }, []string{FaceDownWildcard, FaceDownWall}},
		{"A7", "placement.giveUp", func(p *Placement) *string { return &p.GiveUp }, []string{"all-tried-for-cell"}},
		{"A8", "placement.faceDownTile", func(p *Placement) *string { return &p.FaceDownTile }, []string{"last-tried"}},
		{"A9", "placement.afterFaceDown", func(p *Placement) *string { return &p.AfterFaceDown }, []string{"reshuffle-all"}},
		{"A10", "placement.discardReturn", func(p *Placement) *string { return &p.DiscardReturn }, []string{"when-empty"}},
		{"A11", "placement.wallBash", func(p *Placement) *string { return &p.WallBash }, []string{WallBashExcluded, WallBashModelled}},
		{"A14", "setup.startOrder", func(p *Placement) *string { return &p.StartOrder }, []string{"fixed"}},
		{"A15", "setup.connectingDoors", func(p *Placement) *string { return &p.ConnectingDoors }, []string{"between-start-tiles"}},
		{"A16", "setup.tilePools", func(p *Placement) *string { return &p.TilePools }, []string{"separate"}},
		{"A17", "setup.labs", func(p *Placement) *string { return &p.Labs }, []string{"room-tiles"}},
		{"A18", "placement.rescueRows", func(p *Placement) *string { return &p.RescueRows }, []string{RescueFromStart, RescueRoomRows}},
		{"A18", "placement.rescuePlacement", func(p *Placement) *string { return &p.RescuePlacement }, []string{"isolated"}},
		{"A19", "setup.exitSpawn", func(p *Placement) *string { return &p.ExitSpawn }, []string{"always"}},
		{"A20", "setup.shorterDeck", func(p *Placement) *string { return &p.ShorterDeck }, []string{"all"}},
		{"A21", "placement.facingDoors", func(p *Placement) *string { return &p.FacingDoors }, []string{"connect"}},
	}
}

// Normalized is p with every empty key set to its default.
func (p Placement) Normalized() Placement {
	for _, k := range placementKeys() {
		if f := k.field(&p); *f == "" {
			*f = k.values[0]
		}
	}
	return p
}

// Validate rejects unknown values; placement.wallBash: modelled is rejected
// with ErrUnsupported (A11: structural metrics leave wall bashing out).
func (p Placement) Validate() error {
	p = p.Normalized()
	var errs []error
	for _, k := range placementKeys() {
		v := *k.field(&p)
		if !slices.Contains(k.values, v) {
			errs = append(errs, fmt.Errorf("%s (%s) = %q: want one of %q", k.key, k.id, v, k.values))
		}
	}
	if p.WallBash == WallBashModelled {
		errs = append(errs, fmt.Errorf("placement.wallBash (A11) = modelled: %w", ErrUnsupported))
	}
	return errors.Join(errs...)
}

// Policy is an exploration policy (A12).
type Policy string

// The two fixed policies.
const (
	// Explore opens a random unchecked door into an empty cell (or a face-down
	// exit cell) until none is left.
	Explore Policy = "explore"
	// Run opens a frontier door into the highest row (players heading for the
	// exit), ties broken by the board's PRNG, until the main exit is connected
	// or no frontier door is left.
	Run Policy = "run"
)

// Scenarios are the scenarios of the pack that gate simulated metrics.
type Scenarios struct {
	FindTheCure   bool `json:"findTheCure"`   // a Lab face up and reachable (L647)
	RescueMission bool `json:"rescueMission"` // the rescuee placed and reachable (L683)
}

// Threshold is a metric's bound; nil fields are unset. MinShorter replaces
// Min on the shorter board (labReachable).
type Threshold struct {
	Min        *float64 `json:"min,omitempty"`
	MinShorter *float64 `json:"minShorter,omitempty"`
	Max        *float64 `json:"max,omitempty"`
}

// AtLeast is a min threshold.
func AtLeast(v float64) Threshold { return Threshold{Min: &v} }

// AtMost is a max threshold.
func AtMost(v float64) Threshold { return Threshold{Max: &v} }

// WithMinShorter sets the shorter board's min.
func (t Threshold) WithMinShorter(v float64) Threshold { t.MinShorter = &v; return t }

// min is the minimum for a board; shorter selects MinShorter when set.
func (t Threshold) min(shorter bool) (float64, bool) {
	if shorter && t.MinShorter != nil {
		return *t.MinShorter, true
	}
	if t.Min != nil {
		return *t.Min, true
	}
	return 0, false
}

func (t Threshold) validate(name string) error {
	var errs []error
	for _, v := range []struct {
		k string
		p *float64
	}{{"min", t.Min}, {"minShorter", t.MinShorter}, {"max", t.Max}} {
		if v.p != nil && !(*v.p >= 0 && *v.p <= 1) {
			errs = append(errs, fmt.Errorf("simulation.thresholds.%s.%s = %v: want 0..1", name, v.k, *v.p))
		}
	}
	return errors.Join(errs...)
}

// Thresholds are the bounds of the simulated metrics; the direction is
// part of the key.
type Thresholds struct {
	ExitReachable          Threshold `json:"exitReachable"`          // explore, full and shorter; error
	ExitReachableEachStart Threshold `json:"exitReachableEachStart"` // explore; warning
	LabReachable           Threshold `json:"labReachable"`           // explore; warning (find-the-cure)
	RescueeReachable       Threshold `json:"rescueeReachable"`       // explore; warning (rescue-mission)
	ExhaustedBeforeExit    Threshold `json:"exhaustedBeforeExit"`    // run; warning
	FaceDownBeforeExit     Threshold `json:"faceDownBeforeExit"`     // run; warning
	TilePlacedShare        Threshold `json:"tilePlacedShare"`        // explore, per room tile; warning
}

// DefaultThresholds are the default bounds.
func DefaultThresholds() Thresholds {
	return Thresholds{
		ExitReachable:          AtLeast(0.95),
		ExitReachableEachStart: AtLeast(0.95),
		LabReachable:           AtLeast(0.90).WithMinShorter(0.75),
		RescueeReachable:       AtLeast(0.90),
		ExhaustedBeforeExit:    AtMost(0.10),
		FaceDownBeforeExit:     AtMost(0.05),
		TilePlacedShare:        AtLeast(0.01),
	}
}

// Settings configure the simulation (manifest justRun.board, justRun.placement,
// justRun.setup, justRun.simulation).
type Settings struct {
	Boards        int        `json:"boards"`        // boards per length and policy
	Seed          uint64     `json:"seed"`          // board i uses seed + i
	Policies      []Policy   `json:"policies"`      // A12: explore, run
	StartFrom     string     `json:"startFrom"`     // A13: start-row (only value)
	Width         int        `json:"width"`         // 5 (L85)
	Length        int        `json:"length"`        // 10 (L85)
	ShorterLength int        `json:"shorterLength"` // 7 (L113)
	Thresholds    Thresholds `json:"thresholds"`
	Placement     Placement  `json:"placement"`
	Scenarios     Scenarios  `json:"scenarios"`
}

// DefaultSettings are the defaults, with no scenario flag set.
func DefaultSettings() Settings {
	return Settings{
		Boards: 10000, Seed: 20200209, Policies: []Policy{Explore, Run}, StartFrom: "start-row",
		Width: 5, Length: 10, ShorterLength: 7,
		Thresholds: DefaultThresholds(), Placement: DefaultPlacement(),
	}
}

// Limits of the settings.
const (
	maxWidth  = 16
	maxLength = 64
	maxBoards = 30_000
)

// Validate rejects settings the simulation cannot run.
func (s Settings) Validate() error {
	var errs []error
	if s.Boards < 1 || s.Boards > maxBoards {
		errs = append(errs, fmt.Errorf("simulation.boards = %d: want 1..%d", s.Boards, maxBoards))
	}
	if s.Width < 1 || s.Width > maxWidth {
		errs = append(errs, fmt.Errorf("board.width = %d: want 1..%d", s.Width, maxWidth))
	}
	for _, l := range []struct {
		k string
		v int
	}{{"length", s.Length}, {"shorterLength", s.ShorterLength}} {
		if l.v < 3 || l.v > maxLength {
			errs = append(errs, fmt.Errorf("board.%s = %d: want 3..%d (a start row, a room row, an exit row)", l.k, l.v, maxLength))
		}
	}
	for _, p := range s.Policies {
		if p != Explore && p != Run {
			errs = append(errs, fmt.Errorf("simulation.policies: unknown policy %q (want explore, run)", p))
		}
	}
	if s.StartFrom != "" && s.StartFrom != "start-row" {
		errs = append(errs, fmt.Errorf("simulation.startFrom (A13) = %q: want start-row", s.StartFrom))
	}
	if err := s.Placement.Validate(); err != nil {
		errs = append(errs, err)
	}
	t := s.Thresholds
	for _, th := range []struct {
		k string
		t Threshold
	}{
		{"exitReachable", t.ExitReachable}, {"exitReachableEachStart", t.ExitReachableEachStart},
		{"labReachable", t.LabReachable}, {"rescueeReachable", t.RescueeReachable},
		{"exhaustedBeforeExit", t.ExhaustedBeforeExit}, {"faceDownBeforeExit", t.FaceDownBeforeExit},
		{"tilePlacedShare", t.TilePlacedShare},
	} {
		if err := th.t.validate(th.k); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// hasPolicy reports whether the settings run policy p.
func (s Settings) hasPolicy(p Policy) bool { return slices.Contains(s.Policies, p) }

// Assumption is one A-key with its value, as --explain prints it.
type Assumption struct {
	ID    string `json:"id"`    // A1..A21
	Key   string `json:"key"`   // manifest key, e.g. placement.rotation
	Value string `json:"value"` // its value
}

// Assumptions lists every A-key of board assembly with its value, in A order.
func (s Settings) Assumptions() []Assumption {
	p := s.Placement.Normalized()
	var out []Assumption
	for _, k := range placementKeys() {
		out = append(out, Assumption{k.id, k.key, *k.field(&p)})
	}
	pols := ""
	for i, pol := range s.Policies {
		if i > 0 {
			pols += ", "
		}
		pols += string(pol)
	}
	start := s.StartFrom
	if start == "" {
		start = "start-row"
	}
	out = append(out, Assumption{"A12", "simulation.policies", "[" + pols + "]"}, Assumption{"A13", "simulation.startFrom", start})
	slices.SortStableFunc(out, func(a, b Assumption) int { return aNum(a.ID) - aNum(b.ID) })
	return out
}

func aNum(id string) int {
	n := 0
	for _, c := range id[1:] {
		n = n*10 + int(c-'0')
	}
	return n
}
