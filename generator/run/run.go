// Package run is what RUN brings to rendering: the fields its backup and
// rank cards derive, and its map cards, which print together on the kit's
// maps.pdf.
package run

import (
	"io"
	"strconv"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/schema"
	runschema "github.com/runforge/runforge/schema/run"
)

// Game is what RUN brings to rendering.
func Game() generator.Game {
	return generator.Game{
		Derived: map[string]generator.DeriveFunc{
			"run/backup": runBackupFields,
			"run/rank":   runRankFields,
		},
		Kinds: map[string]generator.KindRenderer{
			// RUN maps print together on the kit's maps.pdf; their build
			// writes each map's preview.
			"Map": generator.Kind[*runschema.Map]{Build: buildMap, Fit: mapOverflows}.Renderer(),
		},
		Pieces: map[string]generator.PiecesFunc{"Map": generator.PiecesOf(mapPieces)},
		Press:  map[string]generator.PiecesFunc{"Map": generator.PiecesOf(mapPieces)},
		KitOutputs: []generator.KitOutput{{
			Path:   "maps.pdf",
			Wanted: func(p *schema.Pack, _ generator.PrintOptions, _ bool) bool { return len(mapCards(p)) > 0 },
			Write: func(r *generator.Renderer, w io.Writer, p *schema.Pack, opts generator.PrintOptions) (int, error) {
				return WriteMaps(r, w, p, opts)
			},
			What:  "the RUN map cards, each printed twice (one copy per player)",
			Index: indexMaps,
			Pages: generator.SpanPages(mapPagesOf),
		}},
	}
}

// runBackupFields derives a backup card's rank numbers ("1  3  4", printed
// bottom right, L150) and the names and texts of its top, middle and bottom
// actions (top, topText, ...), looked up in the deck's actions: vocabulary
// (the id and no text when undeclared). It needs nothing of the pack.
func runBackupFields(_ *schema.Pack, card *schema.Card) map[string]string {
	var ranks []string
	for _, r := range card.Ints("ranks") {
		ranks = append(ranks, strconv.Itoa(r))
	}
	out := map[string]string{"rankList": strings.Join(ranks, "  ")}
	names, texts := map[string]string{}, map[string]string{}
	if card.Deck != nil {
		for _, a := range runschema.BackupActions(card.Deck) {
			names[a.ID], texts[a.ID] = a.Name, a.Text
		}
	}
	for i, tier := range []string{"top", "middle", "bottom"} {
		acts := card.List("actions")
		if i >= len(acts) {
			break
		}
		name := names[acts[i]]
		if name == "" {
			name = acts[i]
		}
		out[tier] = name
		out[tier+"Text"] = strings.TrimSpace(texts[acts[i]])
	}
	return out
}

// runRankFields derives a rank card's role as printed; it needs nothing of
// the pack.
func runRankFields(_ *schema.Pack, card *schema.Card) map[string]string {
	role := "Runner"
	if card.Str("role") == "dispatch" {
		role = "Dispatch"
	}
	return map[string]string{"roleName": role}
}
