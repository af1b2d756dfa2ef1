package main

import (
	"strings"
	"testing"
)

func TestIcons(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		code     int
		want     []string // lines or fragments that must appear
		wantNone []string // fragments that must not
	}{
		{args: []string{"icons"}, want: []string{"ICON", "zombie ", "silent-ne ", "run ", "run-for-your-life"}},
		{args: []string{"icons", "--game", "run"}, want: []string{"silent-ne ", "zombie "}, wantNone: []string{"run-for-your-life"}},
		{args: []string{"icons", "--game", "RUN"}, want: []string{"silent-ne "}, wantNone: []string{"run-for-your-life"}},
		{args: []string{"icons", "--game", "rnu"}, code: 2, want: []string{`--game "rnu" is not a game system; did you mean run?`}},
		{args: []string{"icons", "extra"}, code: 2, want: []string{"unknown command"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stderr, stdout := run(t, "", tc.args...)
			out := stdout + stderr
			if code != tc.code {
				t.Fatalf("exit %d, want %d:\n%s", code, tc.code, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.wantNone {
				if strings.Contains(out, w) {
					t.Errorf("output has %q:\n%s", w, out)
				}
			}
		})
	}
}
