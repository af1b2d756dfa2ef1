package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/runforge/runforge/schema"
)

// PackExplanation is what `runforge validate --explain` adds for one pack:
// the parts the games' explain hooks computed (RUN's winning sequences,
// Just Run's simulation metrics, combo odds), as text (String) and as JSON
// (MarshalJSON: the pack, then each part under its key), with the same
// content.
type PackExplanation struct {
	Pack  string
	parts []ExplainPart
	// memo is what the pack's validation computed (ExplainWith), or nil.
	memo *memo
}

// Recall returns the value the rules of the pack's validation computed for
// key with Memo, when the explanation was made with their Analyses
// (ExplainWith) and a rule computed it: an explain hook reuses it rather
// than computing it again.
func Recall[T any](e *PackExplanation, key any) (T, bool) {
	var zero T
	if e == nil {
		return zero, false
	}
	v, ok := e.memo.recall(key)
	if !ok {
		return zero, false
	}
	t, ok := v.(T)
	return t, ok
}

// ExplainPart is one analysis's part of a pack's explanation.
type ExplainPart struct {
	// Key is the part's field in the JSON form ("maps", "odds").
	Key string
	// Value is the part's JSON value.
	Value any
	// Text is the part's text form, each line ending in a newline.
	Text string
}

// Add appends a part to the explanation.
func (e *PackExplanation) Add(part ExplainPart) { e.parts = append(e.parts, part) }

// Part returns the value of the part with the given key.
func (e *PackExplanation) Part(key string) (any, bool) {
	for _, p := range e.parts {
		if p.Key == key {
			return p.Value, true
		}
	}
	return nil, false
}

// Explain computes the explanation of a pack with the explain hooks of the
// given games, in their order; nil when there is nothing to explain.
func Explain(p *schema.Pack, games []Game) *PackExplanation {
	return ExplainWith(p, games, nil)
}

// ExplainWith is Explain after the pack's validation with Options.Analyses
// an: the hooks reuse what its rules computed (Recall). A nil an is
// Explain.
func ExplainWith(p *schema.Pack, games []Game, an *Analyses) *PackExplanation {
	if p == nil || p.Game == nil {
		return nil
	}
	e := &PackExplanation{Pack: p.Game.ID}
	if an != nil {
		e.memo = an.m
	}
	for _, g := range games {
		if g.Explain != nil {
			g.Explain(p, e)
		}
	}
	if len(e.parts) == 0 {
		return nil
	}
	return e
}

// String is the text form: the parts' texts in order.
func (e *PackExplanation) String() string {
	if e == nil {
		return ""
	}
	var sb strings.Builder
	for _, p := range e.parts {
		sb.WriteString(p.Text)
	}
	return sb.String()
}

// MarshalJSON writes {"pack": ..., then each part's key and value}.
func (e *PackExplanation) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"pack":`)
	v, err := json.Marshal(e.Pack)
	if err != nil {
		return nil, err
	}
	b.Write(v)
	for _, p := range e.parts {
		k, err := json.Marshal(p.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(p.Value)
		if err != nil {
			return nil, fmt.Errorf("explain part %s: %w", p.Key, err)
		}
		b.WriteByte(',')
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
