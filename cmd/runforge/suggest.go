package main

import (
	"fmt"
	"strings"
)

// nearest returns the candidate a mistyped word most likely meant: the one
// at the smallest edit distance (letter case ignored; a swap of two
// neighbouring letters counts as one edit), if it is close enough to be a
// typo, else the only candidate the word is a prefix of. It returns "" when
// nothing is close. Ties go to the candidate listed first.
func nearest(word string, candidates []string) string {
	w := strings.ToLower(word)
	if w == "" {
		return ""
	}
	limit := 1 + len([]rune(w))/5
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d := editDistance(w, strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	if best != "" || len(w) < 3 {
		return best
	}
	prefixed := ""
	for _, c := range candidates {
		if strings.HasPrefix(strings.ToLower(c), w) {
			if prefixed != "" {
				return ""
			}
			prefixed = c
		}
	}
	return prefixed
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and transpositions of adjacent
// runes each cost one.
func editDistance(a, b string) int {
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

// didYouMean is " (did you mean X?)" for the nearest candidate, or "".
func didYouMean(word string, candidates []string, format string) string {
	if c := nearest(word, candidates); c != "" {
		return fmt.Sprintf(" (did you mean "+format+"?)", c)
	}
	return ""
}

// oneOf lists choices as "a, b or c".
func oneOf(choices []string) string {
	switch len(choices) {
	case 0:
		return ""
	case 1:
		return choices[0]
	}
	return strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
}
