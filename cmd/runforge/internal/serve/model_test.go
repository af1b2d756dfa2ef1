package serve

import (
	"reflect"
	"testing"
)

func TestSections(t *testing.T) {
	text := "run/map-1a.yaml: map map-1a\nspawn point 1 (C1)\n  rank 3\nrun/map-1b.yaml: map map-1b\nspawn point 1 (A1)\n" +
		"just-run: board simulation\nJust Run board simulation: 10 boards\nscenarios: a, b\n"
	want := []string{
		"run/map-1a.yaml: map map-1a\nspawn point 1 (C1)\n  rank 3\n",
		"run/map-1b.yaml: map map-1b\nspawn point 1 (A1)\n",
		"just-run: board simulation\nJust Run board simulation: 10 boards\nscenarios: a, b\n",
	}
	if got := sections(text); !reflect.DeepEqual(got, want) {
		t.Errorf("sections:\n%q\nwant\n%q", got, want)
	}
}

func TestHasError(t *testing.T) {
	for _, tc := range []struct {
		diags []diagView
		want  bool
	}{
		{nil, false},
		{[]diagView{{Severity: "warning"}}, false},
		{[]diagView{{Severity: "warning"}, {Severity: "error"}}, true},
	} {
		if got := hasError(tc.diags); got != tc.want {
			t.Errorf("hasError(%v) = %v", tc.diags, got)
		}
	}
}
