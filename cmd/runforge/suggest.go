package main

import (
	"fmt"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
)

// nearest returns the candidate a mistyped word most likely meant: its
// near miss (suggest.Nearest), else the only candidate the word is a prefix
// of. It returns "" when nothing is close.
func nearest(word string, candidates []string) string {
	if c := suggest.Nearest(word, candidates); c != "" || len(word) < 3 {
		return c
	}
	w := strings.ToLower(word)
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
