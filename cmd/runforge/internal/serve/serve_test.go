package serve

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/runforge/runforge/cmd/runforge/internal/games"
	"github.com/runforge/runforge/data"
	"github.com/runforge/runforge/generator/kitbuild"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/check"
)

// session serves the packs at paths after one round, with its kits in a
// temporary folder.
func session(t *testing.T, paths ...string) (*Server, *httptest.Server) {
	t.Helper()
	gs := games.All()
	reg := validate.ForGames(games.Rules(gs))
	s, err := New(Options{
		Paths:   paths,
		Check:   check.Options{Bundled: data.Pack, BundledNames: data.Packs(), Games: schema.NewRegistry(games.Schemas(gs)...), Registry: reg},
		Renders: games.Renders(gs),
		Explain: games.Rules(gs),
		Build:   kitbuild.Options{Out: t.TempDir(), Registry: reg},
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Rebuild(context.Background())
	ts := httptest.NewServer(OnlyLocalHosts(s.Handler()))
	t.Cleanup(ts.Close)
	return s, ts
}

func get(t *testing.T, ts *httptest.Server, path string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, ts.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The path as written, not cleaned or re-encoded by the client.
	req.URL.Opaque = path
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

func TestPackTextIsEscaped(t *testing.T) {
	_, ts := session(t, "testdata/hostile")
	code, page := get(t, ts, "/")
	if code != http.StatusOK {
		t.Fatalf("GET /: %d\n%s", code, page)
	}
	for _, raw := range []string{"<script>window.pwned", "<img src=x", "<b>bold</b>"} {
		if strings.Contains(page, raw) {
			t.Errorf("the page holds %q unescaped", raw)
		}
	}
	for _, shown := range []string{"&lt;script&gt;window.pwned = 1&lt;/script&gt;", "&lt;b&gt;bold&lt;/b&gt;"} {
		if !strings.Contains(page, shown) {
			t.Errorf("the page does not show %q as text", shown)
		}
	}
	if n := strings.Count(page, "<script"); n != 1 {
		t.Errorf("the page has %d script elements, want 1 (its own app.js)", n)
	}
}

func TestServesOnlyKitsAndAssets(t *testing.T) {
	s, ts := session(t, "testdata/hostile")
	_, files := s.current()
	var card string
	for u := range files {
		if strings.HasSuffix(u, "/preview/cards/script.png") {
			card = u
		}
	}
	if card == "" {
		t.Fatalf("no preview of the card among %d files", len(files))
	}
	for _, ok := range []string{card, "/static/app.js", "/static/style.css", "/kit/hostile/components.txt"} {
		if code, _ := get(t, ts, ok); code != http.StatusOK {
			t.Errorf("GET %s: %d, want 200", ok, code)
		}
	}
	secret := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(secret, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		"/kit/hostile/../../../../etc/passwd",
		"/kit/hostile/preview/../../hostile/components.txt",
		"/kit/hostile/%2e%2e/%2e%2e/etc/passwd",
		"/kit/hostile/..%2f..%2fetc%2fpasswd",
		"/kit/hostile/..%5c..%5cetc%5cpasswd",
		"/kit/hostile\\..\\..\\etc\\passwd",
		"/static/../serve.go",
		"/static/%2e%2e/page.html",
		"/static/page.html",
		"/assets/page.html",
		"/" + filepath.ToSlash(secret),
		"//" + filepath.ToSlash(secret),
		"/kit/" + filepath.ToSlash(secret),
		"/img/hostile/../../go.mod",
		"/kit/hostile",
		"/kit/hostile/",
		"/kit/hostile/preview",
	} {
		code, body := get(t, ts, bad)
		if code != http.StatusNotFound && code != http.StatusForbidden {
			t.Errorf("GET %s: %d, want 404 (or 403)\n%.200s", bad, code, body)
		}
		if strings.Contains(body, "secret") || strings.Contains(body, "root:") {
			t.Errorf("GET %s served a file outside the kits", bad)
		}
	}
}

func TestRefusesOtherHosts(t *testing.T) {
	_, ts := session(t, "testdata/hostile")
	for host, want := range map[string]int{
		"localhost:8037":  http.StatusOK,
		"127.0.0.1:8037":  http.StatusOK,
		"[::1]:8037":      http.StatusOK,
		"evil.example":    http.StatusForbidden,
		"evil.example:80": http.StatusForbidden,
		"10.0.0.1:8037":   http.StatusForbidden,
	} {
		req, err := http.NewRequest(http.MethodGet, ts.URL+"/", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, res.StatusCode, want)
		}
	}
}

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8037": true, "localhost:1": true, "[::1]:80": true, "127.1.2.3:80": true,
		"0.0.0.0:8037": false, ":8037": false, "[::]:80": false, "192.168.1.2:80": false, "example.com:80": false, "nonsense": false,
	} {
		if got := IsLoopback(addr); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", addr, got, want)
		}
	}
}

func TestEditsShowAndBrokenFileKeepsLastImages(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "hostile")
	if err := os.CopyFS(dir, os.DirFS("testdata/hostile")); err != nil {
		t.Fatal(err)
	}
	s, _ := session(t, dir)
	page, _ := s.current()
	card := page.Packs[0].Decks[0].Cards[1]
	if card.ID != "quote" || card.Image == "" || len(card.Diags) != 0 {
		t.Fatalf("card %s: image %q, findings %v", card.ID, card.Image, card.Diags)
	}
	cards := filepath.Join(dir, "cards.yaml")
	b, err := os.ReadFile(cards)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("A card that says far too much. ", 40)
	edited := strings.Replace(string(b), `text: "A card."`, `text: "`+long+`"`, 1)
	if err := os.WriteFile(cards, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	s.Rebuild(context.Background())
	page, _ = s.current()
	now := page.Packs[0].Decks[0].Cards[1]
	if now.Image == card.Image || now.Image == "" {
		t.Errorf("the edited card's image is %q, was %q: want a new one", now.Image, card.Image)
	}
	if len(now.Diags) == 0 || now.Diags[0].Rule != "text/overflow" || !strings.Contains(now.Diags[0].Pos, "cards.yaml:") {
		t.Errorf("the edited card's findings are %+v, want text/overflow at its line", now.Diags)
	}
	if page.Packs[0].Stale || len(page.Problems) != 0 {
		t.Errorf("an overflow stops the preview: %+v", page.Problems)
	}

	if err := os.WriteFile(cards, []byte(edited+"\n  - {id: [broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.Rebuild(context.Background())
	page, files := s.current()
	if len(page.Problems) != 1 || len(page.Problems[0].Diags) == 0 || page.Problems[0].Diags[0].Rule != "yaml/syntax" {
		t.Fatalf("problems %+v, want the syntax error at the top", page.Problems)
	}
	kept := page.Packs[0].Decks[0].Cards[1]
	if !page.Packs[0].Stale || kept.Image != now.Image {
		t.Errorf("the broken pack shows %q (stale %v), want its last good image %q", kept.Image, page.Packs[0].Stale, now.Image)
	}
	if _, ok := files[strings.SplitN(kept.Image, "?", 2)[0]]; !ok {
		t.Errorf("the last good image %s is not served", kept.Image)
	}
}

// TestLogCountsRounds: the log numbers the rounds 1, 2, 3, though each
// publishes the page twice (validated, then built).
func TestLogCountsRounds(t *testing.T) {
	gs := games.All()
	reg := validate.ForGames(games.Rules(gs))
	var log bytes.Buffer
	s, err := New(Options{
		Paths:   []string{"testdata/hostile"},
		Check:   check.Options{Bundled: data.Pack, BundledNames: data.Packs(), Games: schema.NewRegistry(games.Schemas(gs)...), Registry: reg},
		Renders: games.Renders(gs),
		Explain: games.Rules(gs),
		Build:   kitbuild.Options{Out: t.TempDir(), Registry: reg},
		Log:     &log,
	})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		s.Rebuild(context.Background())
	}
	var rounds []string
	for _, line := range strings.Split(log.String(), "\n") {
		if n, _, ok := strings.Cut(line, ":"); ok && strings.HasPrefix(n, "round ") {
			rounds = append(rounds, n)
		}
	}
	if want := []string{"round 1", "round 2", "round 3"}; !slices.Equal(rounds, want) {
		t.Errorf("the log's rounds are %q, want %q", rounds, want)
	}
}

func TestMapFindingMarksItsSpace(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if err := os.CopyFS(dir, os.DirFS("../../../../data/run")); err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(dir, "map-1a.yaml")
	b, err := os.ReadFile(m)
	if err != nil {
		t.Fatal(err)
	}
	// Spawn point 6 on the stash at F4: run/shared-space names the space.
	edited := strings.Replace(string(b), "{number: 6, at: B6}", "{number: 6, at: F4}", 1)
	if edited == string(b) {
		t.Fatal("map-1a.yaml has no spawn point 6 at B6")
	}
	if err := os.WriteFile(m, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	s, ts := session(t, dir)
	page, _ := s.current()
	var ev *elementView
	for _, e := range page.Packs[0].Elements {
		if e.ID == "map-1a" {
			ev = e
		}
	}
	if ev == nil || len(ev.Diags) == 0 {
		t.Fatalf("map-1a has no findings: %+v", ev)
	}
	if len(ev.Marked) == 0 || ev.Marked[0] != "F4" || len(ev.Images) != 1 {
		t.Fatalf("marked %v, images %v; want F4 marked on one page", ev.Marked, ev.Images)
	}
	code, svg := get(t, ts, strings.SplitN(ev.Images[0], "?", 2)[0])
	if code != http.StatusOK || strings.Count(svg, `class="mark"`) != 1 {
		t.Errorf("the marked page: %d, %d marks", code, strings.Count(svg, `class="mark"`))
	}
}

// TestAddOnLinksItsOwnKit: an add-on's page links each element to the
// pages of its own kit that print it: the map it adds to its maps.pdf as
// that kit prints it, the base pack's maps to nothing of this kit.
func TestAddOnLinksItsOwnKit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run-promo")
	if err := os.CopyFS(dir, os.DirFS("../../../../data/run-promo")); err != nil {
		t.Fatal(err)
	}
	s, _ := session(t, dir)
	page, _ := s.current()
	links := map[string][]string{}
	shown := map[string]bool{}
	for _, e := range page.Packs[0].Elements {
		shown[e.ID] = true
		for _, f := range e.Files {
			links[e.ID] = append(links[e.ID], f.Name)
		}
	}
	if got := links["map-5b"]; len(got) != 1 || got[0] != "maps.pdf, pages 1-4" {
		t.Errorf("map-5b links %q; want maps.pdf, pages 1-4", got)
	}
	if !shown["map-1a"] {
		t.Fatal("the page shows no map-1a, the base pack's map")
	}
	if got := links["map-1a"]; len(got) != 0 {
		t.Errorf("map-1a, which the RUN kit prints, links %q in the add-on's kit", got)
	}
}
