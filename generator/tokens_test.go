package generator

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
)

// playerTokens are the bundled pack's eight player tokens.
func playerTokens(t *testing.T) []*schema.Token {
	t.Helper()
	var out []*schema.Token
	for _, tok := range loadRFYL(t).TokenSets()[0].Tokens {
		if tok.Component == "player-tokens" {
			out = append(out, tok)
		}
	}
	if len(out) != 8 {
		t.Fatalf("%d player tokens, want 8", len(out))
	}
	return out
}

// No colour-only information: in every variant, grayscale and ink-saver
// included, the eight player tokens draw differently once colour is gone
// (red and blue are the same grey), and each carries a label.
func TestPlayerTokensDifferWithoutColour(t *testing.T) {
	tokens := playerTokens(t)
	base, _ := NewRenderer(false)
	hex := regexp.MustCompile(`#[0-9a-f]{6}`)
	for _, v := range []struct {
		name               string
		inkSaver, grayscal bool
	}{{"colour", false, false}, {"grayscale", false, true}, {"ink-saver", true, false}, {"ink-saver grayscale", true, true}} {
		r := base.WithOptions(v.inkSaver, v.grayscal)
		seen := map[string]string{}
		for _, tok := range tokens {
			if tok.Label == "" {
				t.Errorf("%s: no label", tok.ID)
			}
			rec := &Recorder{}
			r.DrawToken(rec, tok, 0, 0, 1)
			// Compare the drawing with every colour taken out.
			shape := hex.ReplaceAllString(rec.String(), "#")
			if other, ok := seen[shape]; ok {
				t.Errorf("%s: %s and %s differ only in colour", v.name, other, tok.ID)
			}
			seen[shape] = tok.ID
			if !strings.Contains(rec.String(), "text ") {
				t.Errorf("%s: %s draws no label", v.name, tok.ID)
			}
		}
	}
}

// The cut line shows on every token: light over a dark colour, dark on a
// light colour and on the ink-saver's white paper.
func TestTokenCutLineShows(t *testing.T) {
	tokens := loadRFYL(t).TokenSets()[0].Tokens
	for _, inkSaver := range []bool{false, true} {
		r, _ := NewRenderer(inkSaver)
		for _, tok := range tokens {
			rec := &Recorder{}
			r.DrawToken(rec, tok, 0, 0, 1)
			s := tok.Size.MM()
			var cut *Color
			outline := regexp.MustCompile(`^(ellipse|rect) 0\.00 0\.00 ` + fmtMM(s) + ` ` + fmtMM(s) + ` .*stroke=(#[0-9a-f]{6})/`)
			for _, op := range rec.Ops {
				if m := outline.FindStringSubmatch(op); m != nil {
					c := colorOr(m[2], Black)
					cut = &c
				}
			}
			if cut == nil {
				t.Errorf("%s: no cut line:\n%s", tok.ID, rec)
				continue
			}
			under := colorOr(tok.Fill, White)
			if inkSaver {
				under = White
			}
			if isLight(*cut) == isLight(under) {
				t.Errorf("%s (ink-saver %v): cut line %s on %s does not show", tok.ID, inkSaver, cut.Hex(), under.Hex())
			}
		}
	}
}

func TestPlayerTokenRenderingGolden(t *testing.T) {
	tokens := playerTokens(t)
	for _, inkSaver := range []bool{false, true} {
		r, _ := NewRenderer(inkSaver)
		rec := &Recorder{}
		for i, tok := range tokens {
			r.DrawToken(rec, tok, float64(i%4)*25, float64(i/4)*25, 1)
		}
		name := "tokens-players.txt"
		if inkSaver {
			name = "tokens-players-inksaver.txt"
		}
		checkGolden(t, name, rec.String())
	}
}

func fmtMM(v float64) string { return regexp.QuoteMeta(fmt.Sprintf("%.2f", v)) }

// TestWriteTokensNamesTheTokenTooLarge: a token the paper cannot hold is an
// error at the token's size, not a bare layout error.
func TestWriteTokensNamesTheTokenTooLarge(t *testing.T) {
	p, probs := schema.LoadPack(fstest.MapFS{
		"game.yaml":   {Data: []byte("kind: Game\nid: t\ntitle: T\nsystem: generic\ncomponents: []\n")},
		"tokens.yaml": {Data: []byte("kind: Tokens\nid: tokens\ntokens:\n  - {id: small, count: 2, shape: round, size: 16mm}\n  - {id: disc, count: 1, shape: round, size: 250mm}\n")},
	}, "pack")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	r, _ := NewRenderer(false)
	_, err := r.WriteTokens(io.Discard, p, PrintOptions{Paper: layout.Papers["a4"], Margin: layout.DefaultMargin})
	if err == nil || !strings.HasPrefix(err.Error(), `pack/tokens.yaml:5:46: token "disc": a 252.0x252.0mm piece does not fit on a4 paper`) {
		t.Errorf("error %v", err)
	}
}
