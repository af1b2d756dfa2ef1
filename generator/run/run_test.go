package run

import (
	"testing"

	"github.com/runforge/runforge/schema"
)

func TestRunBackupFields(t *testing.T) {
	deck := &schema.Deck{CardType: "run/backup", Settings: map[string]any{"actions": []any{
		map[string]any{"id": "road-block", "name": "Road Block"},
		map[string]any{"id": "sniper", "name": "Sniper"},
	}}}
	card := &schema.Card{ID: "b1", Count: 1, Deck: deck, Fields: map[string]any{
		"spawn":   int64(4),
		"ranks":   []any{int64(1), int64(3), int64(5)},
		"actions": []string{"road-block", "scan", "sniper"},
	}}
	got := Game().Derived[deck.CardType](nil, card)
	want := map[string]string{"rankList": "1  3  5", "top": "Road Block", "middle": "scan", "bottom": "Sniper"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	rank := &schema.Card{ID: "d4", Count: 1, Fields: map[string]any{"role": "dispatch", "rank": int64(4)}}
	if got := Game().Derived["run/rank"](nil, rank)["roleName"]; got != "Dispatch" {
		t.Errorf("roleName = %q, want Dispatch", got)
	}
}
