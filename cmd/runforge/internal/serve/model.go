package serve

import (
	"fmt"
	"sort"
	"strings"

	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
)

// pageView is what the page shows: every pack of the session.
type pageView struct {
	// Gen counts the rounds: each rebuild after a change is one more.
	Gen      int
	Errors   int
	Warnings int
	// Problems are what stops a pack from showing as it is now: a file
	// that does not parse, an error that stops its build, a build that
	// failed. The pack shows its last good images meanwhile.
	Problems []problem
	Packs    []*packView
}

// problem is one line of the banner at the top of the page.
type problem struct {
	Pack  string
	Text  string
	Diags []diagView
}

// packView is one pack as it prints.
type packView struct {
	ID       string
	Title    string
	Name     string
	Errors   int
	Warnings int
	// Stale is set when the images are those of an earlier round: the
	// pack as it is now does not build.
	Stale    bool
	Decks    []*deckView
	Elements []*elementView
	// Loose are the findings about no element shown (the manifest,
	// templates, a file that does not load).
	Loose []diagView
	// Explain is the whole --explain text of the pack ("" for none).
	Explain string
}

// deckView is a deck: its distinct faces and its back.
type deckView struct {
	Key   string
	ID    string
	Name  string
	Cards []*itemView
	// Total counts the cards with their copies.
	Total int
	Back  string // image URL, "" for none
	Diags []diagView
}

// itemView is one distinct card (or piece) of an element, with its image.
type itemView struct {
	Key    string
	ID     string
	Name   string
	Text   string
	Copies int
	Image  string // URL, "" when not built
	Diags  []diagView
	// Search is what the filter box matches: id, name and text.
	Search string
}

// elementView is an element other than a deck: a sheet, a board, a map,
// a tile set, dice, figures, tokens. Items are its pieces with images of
// their own (a tile set's tiles), Images its pictures (a map's preview,
// the pages it prints).
type elementView struct {
	Key    string
	Kind   string
	ID     string
	Name   string
	Items  []*itemView
	Images []string
	// Files are the kit's PDFs that print the element.
	Files []kitLink
	// Marked are the parts of the element its findings name, marked on
	// its image (a RUN map's spaces).
	Marked  []string
	Diags   []diagView
	Explain string
	Search  string
}

// kitLink is a file of the kit, linked from the element it prints.
type kitLink struct {
	URL  string
	Name string
}

// diagView is a finding as the page shows it.
type diagView struct {
	Severity string
	Rule     string
	Message  string
	Hint     string
	Pos      string
}

func viewOf(d validate.Diagnostic) diagView {
	return diagView{Severity: d.Severity.String(), Rule: d.Rule, Message: d.Message, Hint: d.Hint, Pos: d.Pos.String()}
}

// Hot reports whether any of the findings is an error.
func hasError(ds []diagView) bool {
	for _, d := range ds {
		if d.Severity == "error" {
			return true
		}
	}
	return false
}

// site is where an element or an item starts in a file: findings at or
// after it (and before the next site of that file) are about it.
type site struct {
	file string
	line int
	// key is the element's or item's key; keys of items hold their
	// element's key before a slash.
	key string
	// depth is 0 for an element, 1 for an item: of two sites on one line
	// the item is the more precise.
	depth int
}

// placer finds the element or item a finding is about, by its position.
type placer struct {
	byFile map[string][]site
}

// newPlacer indexes the sites of the pack's elements and their items.
func newPlacer(p *schema.Pack) *placer {
	pl := &placer{byFile: map[string][]site{}}
	for _, e := range p.Elements {
		ek := elementKey(e)
		pos := e.Source().Pos()
		if pos.File != "" {
			pl.add(site{file: pos.File, line: 1, key: ek})
		}
		for _, it := range itemsOf(e) {
			ip := it.ref.Pos()
			if ip.File != "" {
				pl.add(site{file: ip.File, line: ip.Line, key: ek + "/" + it.id, depth: 1})
			}
		}
	}
	for f := range pl.byFile {
		s := pl.byFile[f]
		sort.SliceStable(s, func(i, j int) bool {
			if s[i].line != s[j].line {
				return s[i].line < s[j].line
			}
			return s[i].depth < s[j].depth
		})
	}
	return pl
}

func (pl *placer) add(s site) { pl.byFile[s.file] = append(pl.byFile[s.file], s) }

// place returns the key of the element or item at pos: the last site of
// its file at or before its line; "" when none.
func (pl *placer) place(pos schema.Pos) string {
	sites := pl.byFile[pos.File]
	key := ""
	for _, s := range sites {
		if s.line > pos.Line && pos.Line > 0 {
			break
		}
		if pos.Line == 0 && s.depth > 0 {
			break
		}
		key = s.key
	}
	return key
}

// placeDiag places a finding: at its own position, else at the first of
// its related positions that is on an element.
func (pl *placer) placeDiag(d validate.Diagnostic) string {
	if k := pl.place(d.Pos); k != "" {
		return k
	}
	for _, r := range d.Related {
		if k := pl.place(r.Pos); k != "" {
			return k
		}
	}
	return ""
}

// item is a piece of an element with an id and a mapping of its own.
type item struct {
	id  string
	ref schema.Ref
}

// itemsOf lists the pieces of an element: a deck's cards, the items its
// facts name (a tile set's tiles, a token set's tokens).
func itemsOf(e schema.Element) []item {
	if d, ok := e.(*schema.Deck); ok {
		out := make([]item, 0, len(d.Cards))
		for _, c := range d.Cards {
			out = append(out, item{c.ID, c.Ref})
		}
		return out
	}
	var out []item
	for _, it := range e.Facts().Items {
		out = append(out, item{it.ID, it.Ref})
	}
	return out
}

// elementKey names an element on the page: its kind and id.
func elementKey(e schema.Element) string {
	return strings.ToLower(e.Kind()) + "-" + e.ElementID()
}

// searchText is what the filter box matches for a piece.
func searchText(parts ...string) string {
	return strings.ToLower(strings.Join(parts, " "))
}

// cardText joins the text fields of a card the filter box matches:
// every string field, in name order.
func cardText(c *schema.Card) string {
	names := make([]string, 0, len(c.Fields))
	for n := range c.Fields {
		names = append(names, n)
	}
	sort.Strings(names)
	var parts []string
	for _, n := range names {
		if n == "id" || n == "name" {
			continue
		}
		switch v := c.Fields[n].(type) {
		case string:
			parts = append(parts, v)
		case []string:
			parts = append(parts, v...)
		case []any:
			for _, x := range v {
				parts = append(parts, fmt.Sprint(x))
			}
		}
	}
	return strings.Join(parts, " ")
}

// explainFor is the part of a pack's --explain text about an element: the
// sections (a line at the left margin and the indented lines under it)
// whose heading names its file or its id.
func explainFor(text string, e schema.Element) string {
	file := e.Source().Pos().File
	var out strings.Builder
	for _, sec := range sections(text) {
		head := strings.TrimSpace(sec[:strings.IndexByte(sec+"\n", '\n')])
		if (file != "" && strings.HasPrefix(head, file+":")) || strings.HasSuffix(head, " "+e.ElementID()) {
			out.WriteString(sec)
		}
	}
	return out.String()
}

// sections splits an --explain text into sections, each starting at a
// heading: a line at the left margin that starts with a file or pack name
// and a colon ("run/map-1a.yaml: map map-1a", "just-run: board
// simulation"). Lines before the first heading make a section too.
func sections(text string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		if isHeading(line) && cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
		cur.WriteString(line)
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// isHeading reports whether a line heads a section of an --explain text.
func isHeading(line string) bool {
	name, _, ok := strings.Cut(line, ": ")
	return ok && name != "" && !strings.ContainsAny(name, " \t") && strings.ContainsAny(name, "/.-")
}
