package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/runforge/runforge/cmd/runforge/internal/games"
)

// The browser tests drive headless Chromium (Debian's chromium package)
// through the DevTools protocol: the page of `runforge serve` for a copy of
// a bundled pack, its cards counted, edited and broken, its screenshots
// saved (in $RUNFORGE_SCREENSHOTS when set) and checked loosely. CHROMIUM
// names another binary than /usr/bin/chromium.

// chromium is the browser the tests drive, or skips the test (also when
// RUNFORGE_SKIP_BROWSER is set: .ci/run runs them in a step of their own).
func chromium(t *testing.T) string {
	t.Helper()
	if os.Getenv("RUNFORGE_SKIP_BROWSER") != "" {
		t.Skip("RUNFORGE_SKIP_BROWSER is set: the browser tests are skipped")
	}
	path := os.Getenv("CHROMIUM")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if _, err := exec.LookPath(path); err != nil {
		t.Skipf("no Chromium at %s (apt-get install chromium, or set CHROMIUM): the browser tests are skipped", path)
	}
	return path
}

// lockedBuffer is a buffer safe for a command and a test to share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServe runs `runforge serve` on the packs at paths, on a free port,
// and returns the page's URL; the server stops at the test's end.
func startServe(t *testing.T, paths ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	var out, errs lockedBuffer
	o := &serveOptions{addr: "127.0.0.1:0", paths: paths, ready: func(u string) { urls <- u }}
	o.Out = t.TempDir()
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, streams{&out, &errs}, newCatalog(games.All()), o) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
		t.Logf("serve's log:\n%s", errs.String())
	})
	select {
	case u := <-urls:
		return u
	case err := <-done:
		t.Fatalf("serve stopped: %v\n%s", err, errs.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not start within 60 s\n%s", errs.String())
	}
	return ""
}

// browser starts headless Chromium and returns its context; the console
// errors the pages log are collected in *consoleErrors.
func browser(t *testing.T) (context.Context, *[]string) {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.WindowSize(1400, 1000),
	)
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); acancel() })
	var mu sync.Mutex
	errs := &[]string{}
	err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value))
				}
				*errs = append(*errs, "console.error: "+strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			*errs = append(*errs, "exception: "+ev.ExceptionDetails.Text)
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError {
				*errs = append(*errs, fmt.Sprintf("log: %s (%s)", ev.Entry.Text, ev.Entry.URL))
			}
		}
	})
	if err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	tctx, tcancel := context.WithTimeout(ctx, 120*time.Second)
	t.Cleanup(tcancel)
	return tctx, errs
}

// noConsoleErrors fails the test for every error the page logged.
func noConsoleErrors(t *testing.T, errs *[]string) {
	t.Helper()
	for _, e := range *errs {
		t.Errorf("the page logged an error: %s", e)
	}
}

// screenshotDir is where the screenshots go: $RUNFORGE_SCREENSHOTS, else
// a temporary folder.
func screenshotDir(t *testing.T) string {
	if d := os.Getenv("RUNFORGE_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// screenshot saves the first element sel matches as name.png and checks
// it loosely: big enough to read, and not blank.
func screenshot(t *testing.T, ctx context.Context, dir, name, sel string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(sel))); err != nil {
		t.Fatalf("screenshot of %s: %v", sel, err)
	}
	buf, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("screenshot of %s: %v", sel, err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	b := img.Bounds()
	if b.Dx() < 200 || b.Dy() < 100 {
		t.Errorf("%s: %dx%d px, too small to read", path, b.Dx(), b.Dy())
	}
	if n := colours(img); n < 8 {
		t.Errorf("%s: %d colours: blank", path, n)
	}
	t.Logf("screenshot %s (%dx%d px)", path, b.Dx(), b.Dy())
}

// colours counts the distinct colours of an image, up to 1000.
func colours(img image.Image) int {
	seen := map[uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[(r>>8)<<16|(g>>8)<<8|bl>>8] = true
			if len(seen) >= 1000 {
				return len(seen)
			}
		}
	}
	return len(seen)
}

// waitFor evaluates the JavaScript expression cond every 20 ms until it is
// true, and returns how long that took; it fails the test after limit.
func waitFor(t *testing.T, ctx context.Context, what, cond string, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond))
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if ok {
			return time.Since(start)
		}
		if time.Since(start) > limit {
			t.Fatalf("%s: not within %v", what, limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// do runs browser actions, failing the test on an error.
func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// allImagesLoaded is true when every image of the page has loaded.
const allImagesLoaded = `[...document.images].every(i => i.complete && i.naturalWidth > 0)`

func TestServeBrowserRunForYourLife(t *testing.T) {
	chromium(t)
	dir := copyBundled(t, "run-for-your-life")
	// A card whose name is a script shows the name and runs nothing.
	events := filepath.Join(dir, "events.yaml")
	b, err := os.ReadFile(events)
	if err != nil {
		t.Fatal(err)
	}
	hostile := strings.Replace(string(b), "name: Tracked\n", "name: \"<script>window.pwned = 1</script>\"\n", 1)
	if hostile == string(b) {
		t.Fatal("events.yaml has no card named Tracked")
	}
	if err := os.WriteFile(events, []byte(hostile), 0o644); err != nil {
		t.Fatal(err)
	}
	url := startServe(t, dir)
	ctx, errs := browser(t)
	do(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(".deck figure.item")))
	waitFor(t, ctx, "every image loaded", allImagesLoaded, 30*time.Second)
	faces := eval[int](t, ctx, `document.querySelectorAll(".deck figure.item img").length`)
	cards := eval[int](t, ctx, `[...document.querySelectorAll(".deck figure.item")].reduce((n, f) => n + Number(f.dataset.copies), 0)`)
	pwned := eval[bool](t, ctx, `window.pwned === 1`)
	caption := eval[string](t, ctx, `document.getElementById("deck-events/ev-tracked").querySelector("figcaption").textContent`)
	if faces != 84 || cards != 177 {
		t.Errorf("the page shows %d distinct faces, %d cards with their copies; want 84 and 177", faces, cards)
	}
	if pwned {
		t.Error("a card's name ran as a script")
	}
	if !strings.Contains(caption, "<script>window.pwned = 1</script>") {
		t.Errorf("the card's caption is %q, want its name as text", caption)
	}
	// The filter box keeps the cards that match.
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#filter"), "shambler"))
	shown := eval[int](t, ctx, `[...document.querySelectorAll(".deck figure.item")].filter(f => !f.hidden).length`)
	if shown != 1 {
		t.Errorf("filtering by \"shambler\" shows %d cards, want 1", shown)
	}
	eval[bool](t, ctx, `(() => { const f = document.getElementById("filter"); f.value = ""; return f.dispatchEvent(new Event("input")); })()`)
	shots := screenshotDir(t)
	screenshot(t, ctx, shots, "page", "body")
	for _, k := range []struct{ name, sel string }{
		{"deck", "section.deck"},
		{"sheet", `section.element[id^="sheet-"]`},
		{"board", `section.element[id^="board-"]`},
		{"figures", `section.element[id^="figures-"]`},
		{"tokens", `section.element[id^="tokens-"]`},
	} {
		screenshot(t, ctx, shots, "rfyl-"+k.name, k.sel)
	}
	noConsoleErrors(t, errs)
}

func TestServeBrowserFollowsEdits(t *testing.T) {
	chromium(t)
	dir := copyBundled(t, "run-for-your-life")
	url := startServe(t, dir)
	ctx, errs := browser(t)
	const card = `document.getElementById("deck-events/ev-lone-shambler")`
	do(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(".deck figure.item")))
	before := eval[string](t, ctx, card+`.querySelector("img").getAttribute("src")`)
	waitFor(t, ctx, "every image loaded", allImagesLoaded, 30*time.Second)
	events := filepath.Join(dir, "events.yaml")
	orig, err := os.ReadFile(events)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("Then it shambles closer, and closer still. ", 12)
	edited := strings.Replace(string(orig), `text: "Place 1 {zombie} on your space. It fights during the combat phase."`, `text: "`+long+`"`, 1)
	if edited == string(orig) {
		t.Fatal("events.yaml does not hold the Lone Shambler's text")
	}
	start := time.Now()
	if err := os.WriteFile(events, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	cond := fmt.Sprintf(`(() => { const c = %s; const img = c && c.querySelector("img");
		return !!img && img.getAttribute("src") !== %q && img.complete && img.naturalWidth > 0 && !!c.querySelector(".diags li"); })()`, card, before)
	waitFor(t, ctx, "the new image and its finding", cond, 2*time.Second)
	latency := time.Since(start)
	t.Logf("latency from saving events.yaml to the new image and finding on the page: %d ms (target 1000 ms)", latency.Milliseconds())
	finding := eval[string](t, ctx, card+`.querySelector(".diags li").textContent`)
	if !strings.Contains(finding, "events.yaml:") {
		t.Errorf("the card's finding %q does not give its file:line:col", finding)
	}
	screenshot(t, ctx, screenshotDir(t), "edited-card", `[id="deck-events"]`)

	// A file that does not parse: its error at the top, the last good
	// images kept.
	after := eval[string](t, ctx, card+`.querySelector("img").getAttribute("src")`)
	if err := os.WriteFile(events, []byte(edited+"\n  - id: [unclosed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the parse error at the top", `(() => { const p = document.querySelector("#problems .problem"); return !!p && p.textContent.includes("events.yaml:"); })()`, 5*time.Second)
	kept := eval[string](t, ctx, card+`.querySelector("img").getAttribute("src")`)
	if kept != after {
		t.Errorf("the card's image went from %s to %s while the pack did not parse; want the last good one", after, kept)
	}
	screenshot(t, ctx, screenshotDir(t), "parse-error", "body")
	noConsoleErrors(t, errs)
}

func TestServeBrowserKinds(t *testing.T) {
	chromium(t)
	url := startServe(t, copyBundled(t, "run"), copyBundled(t, "just-run"))
	ctx, errs := browser(t)
	do(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("section.element")))
	waitFor(t, ctx, "every image loaded", allImagesLoaded, 60*time.Second)
	shots := screenshotDir(t)
	for _, k := range []struct{ name, sel string }{
		{"map", `section.element[id^="map-map-"]`},
		{"tile-set", `section.element[id^="tileset-"]`},
		{"dice", `section.element[id^="dice-"]`},
	} {
		screenshot(t, ctx, shots, k.name, k.sel)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`section.element[id^="map-map-"] details.explain summary`)))
	opened := eval[bool](t, ctx, `(() => { const d = document.querySelector('section.element[id^="map-map-"] details.explain'); return d.open && d.textContent.includes("spawn point 1"); })()`)
	if !opened {
		t.Error("one click on a RUN map's Explain does not show its winning sequences")
	}
	noConsoleErrors(t, errs)
}
