package suggest

import "testing"

func TestNearest(t *testing.T) {
	flags := []string{"out", "paper", "duplex", "grayscale", "no-previews", "strict", "help"}
	cases := []struct {
		name       string
		word       string
		candidates []string
		want       string
	}{
		{"one insertion", "papper", flags, "paper"},
		{"one deletion", "dupex", flags, "duplex"},
		{"neighbours swapped", "dpulex", flags, "duplex"},
		{"two edits", "nopreviewz", flags, "no-previews"},
		{"three edits", "frobnicate", flags, ""},
		{"three edits sharing a start", "Dark Woods", []string{"Deep Woods"}, ""},
		{"letter case", "PAPER", flags, "paper"},
		{"grey for gray", "greyscale", flags, "grayscale"},
		{"empty", "", flags, ""},
		{"short word, one edit", "a5", []string{"letter", "a4"}, "a4"},
		{"short word, two edits", "tcsh", []string{"bash", "zsh", "fish"}, ""},
		{"-re for -er", "theatre", []string{"hospital", "theater"}, "theater"},
		{"-er for -re", "Theater", []string{"hospital", "theatre"}, "theatre"},
		{"-our for -or", "colour-guard", []string{"color-guard"}, "color-guard"},
		{"-ce for -se", "defence", []string{"offense", "defense"}, "defense"},
		{"plural with -ce", "defences", []string{"defenses"}, "defenses"},
		{"accents", "Café", []string{"cafe", "cage"}, "cafe"},
		{"accents and a typo", "Hôtel Rivièra", []string{"hotel-riviera", "hotel riviera"}, "hotel riviera"},
		{"accents and spelling and a typo", "Théâtre Centre", []string{"theater center"}, "theater center"},
		{"first of equals", "cat", []string{"bat", "hat"}, "bat"},
		{"longer common start", "bsh", []string{"zsh", "bash"}, "bash"},
		{"variant beats typo", "grey", []string{"grew", "gray"}, "gray"},
		{"zombiez", "zombiez", []string{"zombie", "zombies", "bullet"}, "zombies"},
		{"far apart", "rfodr-location", []string{"hospital"}, ""},
		{"case beats one edit", "silent-ne", []string{"silent-N", "silent-NE"}, "silent-NE"},
		{"case and one edit", "silent-NNE", []string{"silent-N", "silent-NE", "silent-E"}, "silent-NE"},
		{"nothing near", "jump", []string{"silent-N", "sprint-N"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Nearest(c.word, c.candidates); got != c.want {
				t.Errorf("Nearest(%q, %q) = %q, want %q", c.word, c.candidates, got, c.want)
			}
		})
	}
}

func TestFold(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Theatre", "theater"}, {"centres", "centers"}, {"more", "more"}, {"acre", "acre"},
		{"colours", "colors"}, {"four", "four"}, {"armour-plate", "armor-plate"},
		{"Défence", "defense"}, {"grey-wolf", "gray-wolf"}, {"zombies", "zombies"},
		{"Ñandú", "nandu"}, {"", ""},
	}
	for _, c := range cases {
		if got := Fold(c.in); got != c.want {
			t.Errorf("Fold(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestDistance(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"paper", "paper", 0},
		{"papper", "paper", 1}, {"ab", "ba", 1}, {"abc", "cab", 2}, {"kitten", "sitting", 3},
		{"héllo", "hello", 1},
	}
	for _, c := range cases {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
}

func TestHint(t *testing.T) {
	ids := []string{"hospital", "police-station"}
	if got, want := Hint("hospitl", ids, "%q", "add a location card"), `did you mean "hospital"? fix the spelling`; got != want {
		t.Errorf("near miss: got %q, want %q", got, want)
	}
	if got, want := Hint("airport", ids, "%q", "add a location card"), "add a location card"; got != want {
		t.Errorf("no near miss: got %q, want %q", got, want)
	}
	if got, want := DidYouMean("zombiez", []string{"zombie", "zombies"}, "{%s}"), "did you mean {zombies}?"; got != want {
		t.Errorf("DidYouMean: got %q, want %q", got, want)
	}
}
