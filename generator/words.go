package generator

import "fmt"

// PluralOf picks the singular or plural form of a noun for n.
func PluralOf(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Plural is "1 noun" or "n nouns".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// PageRange names pages a to b: "page 2", "pages 3-4".
func PageRange(a, b int) string {
	if a == b {
		return fmt.Sprintf("page %d", a)
	}
	return fmt.Sprintf("pages %d-%d", a, b)
}
