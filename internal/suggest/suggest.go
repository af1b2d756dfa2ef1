// Package suggest finds the name a mistyped one most likely meant, for the
// "did you mean ...?" of every name lookup: card, tile, location, face,
// icon, template and box ids, rule ids, flags and their values.
//
// A candidate is a near miss of a word when the two differ only in letter
// case, accents or British and American spelling (theatre/theater,
// colour/color, defence/defense, grey/gray), or are one or two edits apart
// (an insertion, deletion, substitution or swap of neighbouring letters;
// one edit for words of four letters or fewer).
package suggest

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Nearest returns the candidate word most likely meant, or "" when none is
// a near miss. A candidate equal to word but for case, accents or spelling
// variant wins over one a typo away; among equally near candidates the one
// that starts like word for longest wins, then the one closest in length (a
// mistyped letter rather than a missing one), then the one listed first.
func Nearest(word string, candidates []string) string {
	if word == "" {
		return ""
	}
	for _, c := range candidates {
		if strings.EqualFold(word, c) {
			return c
		}
	}
	w := Fold(word)
	limit := 2
	if len([]rune(w)) <= 4 {
		limit = 1
	}
	n := len([]rune(w))
	best, bestDist, bestPrefix, bestGap := "", limit+1, 0, 0
	for _, c := range candidates {
		if c == "" {
			continue
		}
		fc := Fold(c)
		d, prefix, gap := Distance(w, fc), commonPrefix(w, fc), abs(len([]rune(fc))-n)
		if d > limit {
			continue
		}
		if d < bestDist || d == bestDist && (prefix > bestPrefix || prefix == bestPrefix && gap < bestGap) {
			best, bestDist, bestPrefix, bestGap = c, d, prefix, gap
		}
	}
	return best
}

// DidYouMean is "did you mean X?" with X the nearest candidate written with
// format (such as "%q", "%s" or "{%s}"), or "" when none is near.
func DidYouMean(word string, candidates []string, format string) string {
	if c := Nearest(word, candidates); c != "" {
		return fmt.Sprintf("did you mean "+format+"?", c)
	}
	return ""
}

// Hint is the hint of a lookup that found nothing by the name word: with a
// near miss among candidates, "did you mean X? fix the spelling" (the name
// is wrong, nothing is missing); else otherwise.
func Hint(word string, candidates []string, format, otherwise string) string {
	if dym := DidYouMean(word, candidates, format); dym != "" {
		return dym + " fix the spelling"
	}
	return otherwise
}

// Fold is word in the form near misses are compared in: lower case, without
// accents, and each of its words in American spelling (-er for -re,
// -or for -our, -se for -ce, gray for grey).
func Fold(word string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(word) {
		if unicode.Is(unicode.Mn, r) {
			continue // a combining accent
		}
		b.WriteRune(unicode.ToLower(r))
	}
	s := b.String()
	var out strings.Builder
	start := -1
	flush := func(end int) {
		if start >= 0 {
			out.WriteString(american(s[start:end]))
			start = -1
		}
	}
	for i, r := range s {
		if unicode.IsLetter(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
		out.WriteRune(r)
	}
	flush(len(s))
	return out.String()
}

// american is one lower-case word in American spelling.
func american(w string) string {
	// The British endings and their American forms, longest first; the
	// word may go on with a plural "s".
	spellings := [...][2]string{
		{"ence", "ense"}, // defence, licence, offence
		{"our", "or"},    // colour, armour, harbour
		{"re", "er"},     // theatre, centre, metre
	}
	w = strings.ReplaceAll(w, "grey", "gray")
	stem, plural := w, ""
	if strings.HasSuffix(stem, "s") && len(stem) > 5 {
		stem, plural = stem[:len(stem)-1], "s"
	}
	for _, sp := range spellings {
		// The ending must follow a stem of three letters or more, and -re
		// a consonant (theatre, not "are" or "more").
		base, ok := strings.CutSuffix(stem, sp[0])
		if !ok || len(base) < 3 {
			continue
		}
		if sp[0] == "re" && strings.ContainsRune("aeiou", rune(base[len(base)-1])) {
			continue
		}
		return base + sp[1] + plural
	}
	return w
}

// Distance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of neighbouring runes each
// cost one.
func Distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	// d[i][j] is the distance between x[:i] and y[:j]; three rows suffice.
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// commonPrefix is the number of runes a and b start with alike.
func commonPrefix(a, b string) int {
	x, y := []rune(a), []rune(b)
	n := 0
	for n < len(x) && n < len(y) && x[n] == y[n] {
		n++
	}
	return n
}
