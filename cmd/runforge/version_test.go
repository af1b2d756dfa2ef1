package main

import (
	"runtime/debug"
	"testing"
)

func TestFormatVersion(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	info := func(version string, settings []debug.BuildSetting) *debug.BuildInfo {
		return &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/runforge/runforge", Version: version}, Settings: settings}
	}
	commit := vcs("vcs", "git", "vcs.revision", "44a0ee3c1a846963be8d662ca7d9db2495247b6c", "vcs.time", "2026-11-23T22:48:05Z", "vcs.modified", "false")
	cases := []struct {
		name         string
		linked, hash string
		bi           *debug.BuildInfo
		want         string
	}{
		{"release: version and commit set at link time", "v1.2.3", "0123456789abcdef", info("v1.4.0", commit), "v1.2.3 (0123456)"},
		{"version set at link time, commit recorded", "1.2.3", "", info("v1.4.0", commit), "1.2.3 (44a0ee3)"},
		{"version set at link time, no commit", "1.2.3", "", info("(devel)", nil), "1.2.3"},
		{"version set at link time, no build info", "v1.2.3", "abc", nil, "v1.2.3 (abc)"},
		{"no build info", "", "", nil, "devel"},
		{"go install @v1.4.0", "", "", info("v1.4.0", nil), "v1.4.0"},
		{"go install from a clone", "", "", info("v0.0.0-20261123224805-44a0ee3c1a84", commit), "v0.0.0-20261123224805-44a0ee3c1a84"},
		{"-buildvcs=true, no module version", "", "", info("(devel)", commit), "devel (44a0ee3, 2026-11-23)"},
		{"uncommitted changes", "", "", info("(devel)", vcs("vcs.revision", "44a0ee3c1a84", "vcs.time", "2026-11-23T22:48:05Z", "vcs.modified", "true")), "devel (44a0ee3, 2026-11-23, modified)"},
		{"no time", "", "", info("", vcs("vcs.revision", "abc")), "devel (abc)"},
		{"-buildvcs=false", "", "", info("(devel)", vcs("-buildmode", "exe")), "devel (no commit recorded, go1.26.8)"},
	}
	for _, c := range cases {
		if got := formatVersion(c.linked, c.hash, c.bi); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
