package kitbuild

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/layout"
	"github.com/runforge/runforge/schema"
	"github.com/runforge/runforge/schema/schematest"
	"github.com/runforge/runforge/validate/check"
	"github.com/runforge/runforge/validate/report"
)

// loadPack loads a generic pack whose manifest ends with print.
func loadPack(t *testing.T, print string) *schema.Pack {
	t.Helper()
	fsys := fstest.MapFS{
		"game.yaml":  {Data: []byte("kind: Game\nid: small\ntitle: Small\nsystem: generic\ncomponents:\n  - id: cards\n    name: Cards\n    expected: 1\n" + print)},
		"cards.yaml": {Data: []byte("kind: Deck\nid: cards\ncomponent: cards\ncardType: generic\ncards:\n  - {id: a, name: A}\n")},
	}
	p, probs := schematest.LoadPackWith(fsys, "small", schema.LoadOptions{})
	if p == nil {
		t.Fatalf("pack does not load: %v", probs)
	}
	return p
}

// given says that the named flags were given.
func given(names ...string) func(string) bool {
	return func(n string) bool { return slices.Contains(names, n) }
}

// TestResolveFlagOverPackOverDefault: a flag given wins over the pack's
// print:, which wins over the built-in default, and the build says which
// settings the pack chose, and where.
func TestResolveFlagOverPackOverDefault(t *testing.T) {
	created := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := loadPack(t, "print:\n  paper: a4\n  margin: 5mm\n  layout: gutterfold\n  duplex: long\n  inkSaver: true\n")

	s, err := Flags{}.Resolve(p, created)
	if err != nil {
		t.Fatal(err)
	}
	if s.Print.Paper.Name != "a4" || s.Print.Margin != 5 || s.Print.Layout != generator.LayoutGutterfold || !s.InkSaver || !s.Print.CropMarks || s.Print.Created != created {
		t.Errorf("pack settings: %+v", s)
	}
	want := []string{
		"paper a4 (from small/game.yaml:10:10 print.paper; --paper overrides it)",
		"duplex long (from small/game.yaml:13:11 print.duplex) is not used: the gutterfold layout prints every file single-sided",
	}
	for _, w := range want {
		if !slices.Contains(s.FromPack, w) {
			t.Errorf("FromPack lacks %q:\n%s", w, strings.Join(s.FromPack, "\n"))
		}
	}

	// A flip asked for on the command line is named as the flag.
	s, err = Flags{Layout: "gutterfold", Duplex: "short", Given: given("layout", "duplex")}.Resolve(p, created)
	if err != nil {
		t.Fatal(err)
	}
	if w := "--duplex short is not used: the gutterfold layout prints every file single-sided"; !slices.Contains(s.FromPack, w) {
		t.Errorf("FromPack lacks %q:\n%s", w, strings.Join(s.FromPack, "\n"))
	}

	f := Flags{Paper: "letter", Margin: "0.25in", Layout: "sheet", NoCropMarks: true, BackOffset: "0.5,-1",
		Given: given("paper", "margin", "layout", "no-crop-marks", "back-offset")}
	s, err = f.Resolve(p, created)
	if err != nil {
		t.Fatal(err)
	}
	if s.Print.Paper.Name != "letter" || s.Print.Margin != layout.DefaultMargin || s.Print.Layout != generator.LayoutSheet ||
		s.Print.CropMarks || s.Print.BackOffset != (layout.Point{X: 0.5, Y: -1}) || s.Print.Duplex != layout.LongEdge {
		t.Errorf("flags given: %+v", s.Print)
	}
	for _, n := range s.FromPack {
		if strings.HasPrefix(n, "paper") || strings.HasPrefix(n, "margin") || strings.HasPrefix(n, "layout") {
			t.Errorf("a flag given still names the pack: %q", n)
		}
	}

	s, err = Flags{}.Resolve(loadPack(t, ""), created)
	if err != nil || s.Print.Paper.Name != "letter" || s.Print.Layout != generator.LayoutSheet || len(s.FromPack) != 0 {
		t.Errorf("defaults: %+v, %v", s, err)
	}
}

// print.cmyk turns process colour on unless --cmyk=false is given; the
// flag alone turns it on too.
func TestResolveCMYK(t *testing.T) {
	p := loadPack(t, "print:\n  cmyk: true\n")
	s, err := Flags{}.Resolve(p, time.Time{})
	if err != nil || !s.CMYK || !slices.Contains(s.FromPack, "CMYK on (from small/game.yaml:10:9 print.cmyk; --cmyk=false overrides it)") {
		t.Errorf("pack's print.cmyk: %+v, %v", s, err)
	}
	s, err = Flags{Given: given("cmyk")}.Resolve(p, time.Time{})
	if err != nil || s.CMYK {
		t.Errorf("--cmyk=false: %+v, %v", s, err)
	}
	s, err = Flags{CMYK: true, Given: given("cmyk")}.Resolve(loadPack(t, ""), time.Time{})
	if err != nil || !s.CMYK || len(s.FromPack) != 0 {
		t.Errorf("--cmyk: %+v, %v", s, err)
	}
}

func TestParse(t *testing.T) {
	if m, err := ParseMargin("0.25in"); err != nil || m != 6.35 {
		t.Errorf("margin 0.25in: %v, %v", m, err)
	}
	if _, err := ParseMargin("30mm"); err == nil || !strings.Contains(err.Error(), "is more than") {
		t.Errorf("margin 30mm: %v", err)
	}
	if l, err := ParseLayout("Press"); err != nil || l != generator.LayoutPress {
		t.Errorf("layout Press: %v, %v", l, err)
	}
	if _, err := ParseLayout("fold"); err == nil {
		t.Error("layout fold: no error")
	}
	if pt, err := ParseOffset(" 0.5, -0.25"); err != nil || pt != (layout.Point{X: 0.5, Y: -0.25}) {
		t.Errorf("offset: %v, %v", pt, err)
	}
	for _, bad := range []string{"1", "a,b", "21,0", "NaN,0"} {
		if _, err := ParseOffset(bad); err == nil {
			t.Errorf("offset %q: no error", bad)
		}
	}
	err := Flags{Margin: "1m", Given: given("margin")}.Check()
	if err == nil || !strings.HasPrefix(err.Error(), "--margin: ") {
		t.Errorf("Check --margin 1m: %v", err)
	}
	if err := (Flags{Margin: "1m"}).Check(); err != nil {
		t.Errorf("a flag not given is not checked: %v", err)
	}
}

func TestRefusal(t *testing.T) {
	for _, tc := range []struct {
		o               Options
		errs, warns, cl int
		want            string
	}{
		{errs: 0, warns: 2, want: ""},
		{o: Options{Strict: true}, warns: 2, want: "nothing was built: --strict stops on the 2 warnings above"},
		{errs: 1, want: "nothing was built: fix the 1 error above first"},
		{errs: 2, cl: 2, want: "nothing was built: the findings above would print clipped (fix them, or pass --allow-overflow to print anyway)"},
		{o: Options{AllowOverflow: true}, warns: 1, cl: 1, want: ""},
		{warns: 1, cl: 1, want: "nothing was built: the findings above would print clipped (fix them, or pass --allow-overflow)"},
	} {
		got := tc.o.Refusal(report.Summary{Errors: tc.errs, Warnings: tc.warns}, tc.cl)
		if got != tc.want {
			t.Errorf("%+v: %q, want %q", tc, got, tc.want)
		}
	}
}

func TestCheckIDs(t *testing.T) {
	p := loadPack(t, "")
	one := []check.Result{{Target: check.Target{Name: "a"}, Pack: p}}
	if err := (Options{Out: "out"}).CheckIDs(one); err != nil {
		t.Error(err)
	}
	two := append(one, check.Result{Target: check.Target{Name: "b"}, Pack: p})
	err := Options{Out: "out"}.CheckIDs(two)
	if err == nil || !strings.Contains(err.Error(), `pack id "small" is also the id of a; both would be written to out/small`) {
		t.Errorf("two packs with one id: %v", err)
	}
}

// TestLockOutDir: a second build into the same folder waits for the first,
// and gives up with ErrInterrupted when its context ends.
func TestLockOutDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	unlock, err := LockOutDir(context.Background(), dir, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		t.Fatalf("the output folder was not created: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	var status bytes.Buffer
	unlock2, err := LockOutDir(ctx, dir, &status)
	if err == nil {
		unlock2()
		t.Skip("this file system has no locks")
	}
	if !errors.Is(err, ErrInterrupted) || !strings.Contains(status.String(), "waiting for another runforge build") {
		t.Errorf("second lock: %v; status %q", err, status.String())
	}
}

// TestBuildPackInterrupted: a build whose context has ended writes nothing
// and says what is left.
func TestBuildPackInterrupted(t *testing.T) {
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := check.Result{Target: check.Target{Name: "small"}, Pack: loadPack(t, "")}
	_, err := BuildPack(ctx, nil, c, Options{Out: out}, &bytes.Buffer{})
	if !errors.Is(err, ErrInterrupted) || err.Error() != "interrupted: small was not built; nothing was written for it" {
		t.Errorf("%v", err)
	}
}
