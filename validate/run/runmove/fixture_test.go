package runmove

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// pos is the source reference the test fixtures attach to features.
type pos struct {
	File      string
	Line, Col int
}

func (p pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// The fixture format, one directive per line ("#" starts a comment):
//
//	id base
//	legend 2 level=2                   # extra symbol: level=N building water ice bridge current=D
//	levels                             # then an optional "A B C D E F" header and 6 rows
//	1 . . . . . .                      # row number, 6 symbols (built-in: . # ~ > < ^ v * =)
//	stashes C2 F4 A6 F1
//	safe A F6
//	spawn 3 C3
//	access fire-escape D2 C2 silent-W [more icons]
//	tunnel A3 E3 [A3:silent-E ...]     # extra icons as end:action
//	zip A1 C1 silent-E [oneway] [end=silent-W] [bridge]
//	link A1 B1 silent-E [back=silent-W]
//	forbid A1 B1 [actions]
//	crossed hook
//	option wilds-force-specials
type fixtureParser struct {
	file   string
	m      *Map
	legend map[string]Space
	rows   int
	inGrid bool
}

func builtinLegend() map[string]Space {
	return map[string]Space{
		".": {Level: 0}, "#": {Level: 1, Building: true}, "~": {Level: -1, Water: true},
		">": {Level: -1, Water: true, Current: E}, "<": {Level: -1, Water: true, Current: W},
		"^": {Level: -1, Water: true, Current: N}, "v": {Level: -1, Water: true, Current: S},
		"*": {Level: 0, Ice: true}, "=": {Level: 0, Bridge: true},
	}
}

// parseFixture parses a map in the fixture format.
func parseFixture(file, text string) (*Map, error) {
	p := &fixtureParser{file: file, m: &Map{ID: strings.TrimSuffix(filepath.Base(file), ".map")}, legend: builtinLegend()}
	for i, line := range strings.Split(text, "\n") {
		if j := strings.Index(line, "#"); j >= 0 && !p.inGrid {
			line = line[:j]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if err := p.line(i+1, line, f); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, i+1, err)
		}
	}
	if p.rows != Size {
		return nil, fmt.Errorf("%s: %d rows of levels, want %d", file, p.rows, Size)
	}
	return p.m, nil
}

func loadFixture(t testing.TB, name string) *Map {
	t.Helper()
	path := filepath.Join("testdata", name+".map")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := parseFixture(path, string(b))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mustFixture(t testing.TB, text string) *Map {
	t.Helper()
	m, err := parseFixture(t.Name(), text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func (p *fixtureParser) at(line int) Ref { return pos{p.file, line, 1} }

func (p *fixtureParser) line(n int, raw string, f []string) error {
	if p.inGrid {
		return p.gridLine(n, raw, f)
	}
	args := f[1:]
	switch f[0] {
	case "id":
		p.m.ID = args[0]
	case "levels":
		p.inGrid = true
	case "legend":
		return p.legendLine(args)
	case "stashes":
		col := 0
		for _, a := range args {
			c, err := ParseCell(a)
			if err != nil {
				return err
			}
			col = strings.Index(raw[col:], a) + col + 1
			p.m.Stashes = append(p.m.Stashes, Stash{At: c, Src: pos{p.file, n, col}})
		}
	case "safe":
		c, err := ParseCell(args[1])
		p.m.SafeHouses = append(p.m.SafeHouses, SafeHouse{Letter: args[0][0], At: c, Src: p.at(n)})
		return err
	case "spawn":
		num, err := strconv.Atoi(args[0])
		if err != nil {
			return err
		}
		c, err := ParseCell(args[1])
		p.m.Spawns = append(p.m.Spawns, Spawn{Number: num, At: c, Src: p.at(n)})
		return err
	case "access":
		return p.access(n, args)
	case "crossed":
		g, err := ParseGadget(args[0])
		p.m.CrossedOut = append(p.m.CrossedOut, g)
		return err
	case "option":
		p.m.Options.WildsForceSpecials = args[0] == "wilds-force-specials"
	default:
		return p.feature(n, f[0], args)
	}
	return nil
}

func (p *fixtureParser) feature(n int, kind string, args []string) error {
	cells, rest, err := leadingCells(args)
	if err != nil {
		return err
	}
	if len(cells) < 2 {
		return fmt.Errorf("%s needs two cells", kind)
	}
	switch kind {
	case "tunnel":
		return p.tunnel(n, cells, rest)
	case "zip":
		return p.zip(n, cells, rest)
	case "link":
		return p.link(n, cells, rest)
	case "forbid":
		acts, err := parseActions(rest)
		p.m.Overrides.ForbiddenMoves = append(p.m.Overrides.ForbiddenMoves, ForbiddenMove{From: cells[0], To: cells[1], Actions: acts, Src: p.at(n)})
		return err
	}
	return fmt.Errorf("unknown directive %q", kind)
}

func leadingCells(args []string) ([]Cell, []string, error) {
	var cells []Cell
	for len(args) > 0 && len(args[0]) == 2 {
		c, err := ParseCell(args[0])
		if err != nil {
			return nil, nil, err
		}
		cells, args = append(cells, c), args[1:]
	}
	return cells, args, nil
}

func parseActions(ss []string) ([]Action, error) {
	var out []Action
	for _, s := range ss {
		a, err := ParseAction(s)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

func (p *fixtureParser) tunnel(n int, cells []Cell, rest []string) error {
	t := Tunnel{Ends: [2]Cell{cells[0], cells[1]}, Src: p.at(n)}
	for _, r := range rest {
		end, act, ok := strings.Cut(r, ":")
		if !ok {
			return fmt.Errorf("tunnel icon %q: want END:ACTION", r)
		}
		c, err := ParseCell(end)
		if err != nil {
			return err
		}
		a, err := ParseAction(act)
		if err != nil {
			return err
		}
		t.Icons = append(t.Icons, TunnelIcon{From: c, Action: a, Src: p.at(n)})
	}
	p.m.Tunnels = append(p.m.Tunnels, t)
	return nil
}

func (p *fixtureParser) zip(n int, cells []Cell, rest []string) error {
	z := ZipLine{Start: cells[0], End: cells[1], Src: p.at(n)}
	for _, r := range rest {
		var err error
		switch {
		case r == "oneway":
			z.OneWay = true
		case r == "bridge":
			z.Bridge = true
		case strings.HasPrefix(r, "end="):
			z.EndAction, err = ParseAction(strings.TrimPrefix(r, "end="))
		default:
			z.Action, err = ParseAction(r)
		}
		if err != nil {
			return err
		}
	}
	p.m.ZipLines = append(p.m.ZipLines, z)
	return nil
}

func (p *fixtureParser) link(n int, cells []Cell, rest []string) error {
	l := Link{From: cells[0], To: cells[1], Src: p.at(n)}
	for _, r := range rest {
		var err error
		if strings.HasPrefix(r, "back=") {
			l.BackAction, err = ParseAction(strings.TrimPrefix(r, "back="))
		} else {
			l.Action, err = ParseAction(r)
		}
		if err != nil {
			return err
		}
	}
	p.m.Links = append(p.m.Links, l)
	return nil
}

func (p *fixtureParser) legendLine(args []string) error {
	sp := Space{}
	for _, kv := range args[1:] {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "level":
			l, err := strconv.Atoi(v)
			if err != nil {
				return err
			}
			sp.Level = l
		case "building":
			sp.Building = true
		case "water":
			sp.Water = true
		case "ice":
			sp.Ice = true
		case "bridge":
			sp.Bridge = true
		case "current":
			d, err := ParseDir(v)
			if err != nil {
				return err
			}
			sp.Current = d
		default:
			return fmt.Errorf("legend key %q", k)
		}
	}
	p.legend[args[0]] = sp
	return nil
}

func (p *fixtureParser) gridLine(n int, raw string, f []string) error {
	if f[0] == "A" || f[0] == "#" {
		return nil // header
	}
	if _, err := strconv.Atoi(f[0]); err == nil && len(f) == Size+1 {
		f = f[1:]
	}
	if len(f) != Size {
		return fmt.Errorf("row %q: want %d symbols", raw, Size)
	}
	col := 0
	for i, sym := range f {
		sp, ok := p.legend[sym]
		if !ok {
			return fmt.Errorf("symbol %q is not in the legend", sym)
		}
		col = strings.Index(raw[col:], sym) + col + 1
		sp.Src = pos{p.file, n, col}
		c, _ := CellAt(i, p.rows)
		p.m.Spaces[c] = sp
	}
	p.rows++
	if p.rows == Size {
		p.inGrid = false
	}
	return nil
}

func (p *fixtureParser) access(n int, args []string) error {
	kinds := map[string]AccessKind{"fire-escape": FireEscape, "ladder": Ladder, "vine": Vine, "pier": Pier}
	kind, ok := kinds[args[0]]
	if !ok {
		return fmt.Errorf("access kind %q", args[0])
	}
	cells, rest, err := leadingCells(args[1:])
	if err != nil || len(cells) != 2 {
		return fmt.Errorf("access: want KIND FROM TO ICONS (%v)", err)
	}
	acts, err := parseActions(rest)
	p.m.Access = append(p.m.Access, Access{Kind: kind, From: cells[0], To: cells[1], Actions: acts, Src: p.at(n)})
	return err
}
