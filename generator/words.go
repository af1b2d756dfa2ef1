package generator

import "fmt"

// rfPlural picks the singular or plural form of a noun for n.
func rfPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// plural is "1 noun" or "n nouns".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
