package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema"
)

// Rules of custom dice (kind: Dice). That a die has exactly six faces, each
// a lower-case id, is the schema's to say (schema/invalid, at the faces:
// list); the game's own checks of what the faces mean (the door die's
// outcomes, ...) are the game's rules.

func diceRules() []*Rule {
	return []*Rule{
		{ID: "dice/face-word", Severity: Warning, Check: checkDiceFaceWords,
			Doc: "A die face that is no icon prints as a word (its id in capitals) while its die has icon faces, or its id looks like a misspelt icon; a face named in labels: is meant as a word."},
		{ID: "dice/label", Severity: Error, Check: checkDiceLabels,
			Doc: "A die's labels: names a face id the die does not have, so the label would never print."},
		{ID: "dice/limit", Severity: Error, Fixed: true, Check: checkDiceLimit,
			Doc: "The pack's printed dice come to more than 500 copies in all, a hard limit (each copy is a block of stickers and a cube net)."},
	}
}

// MaxDiceCopies is the most dice copies one pack may print.
const MaxDiceCopies = 500

// checkDiceLimit reports the die whose copies take the pack past
// MaxDiceCopies; only printed dice count.
func checkDiceLimit(c *Context) {
	total := 0
	for _, d := range c.Pack.AllDice() {
		if !c.Pack.PrintsDie(d) {
			continue // dice that do not print cost nothing
		}
		total += d.Count
		if total > MaxDiceCopies {
			at := d.Ref.Child("count")
			if !at.Exists() {
				at = d.Ref
			}
			c.ReportHint(at.Pos(),
				fmt.Sprintf("die %q takes the pack to %d dice copies; the limit is %d", d.ID, total, MaxDiceCopies),
				"print fewer copies: each copy is a block of six stickers and a cube net")
			return
		}
	}
}

// diceIsIcon reports whether a face id is an icon runforge draws.
func diceIsIcon(reg *schema.Registry, face string) bool {
	return reg.HasIcon(face)
}

// checkDiceFaceWords reports a face that prints as a word where an icon may
// have been meant: an id that looks like a misspelt icon (same first letter,
// one letter off, or two for ids longer than five letters; reported per face
// id), and the word faces of a die that has icon faces too (the other faces
// print as pictures: reported once per die, at its first word face). A die
// whose faces are all words (a door die: unlocked, locked, blocked) is what
// it looks like and stays quiet, and so does every face its labels: names.
func checkDiceFaceWords(c *Context) {
	for _, ds := range c.Pack.DiceSets() {
		for _, d := range ds.Dice {
			var icons, words []string
			misspelt := c.OffVocabularyFaces(d)
			first := -1
			seen := map[string]bool{}
			for i, f := range d.Faces {
				if seen[f] {
					continue
				}
				seen[f] = true
				if diceIsIcon(c.Pack.Registry(), f) {
					icons = append(icons, f)
					continue
				}
				if _, labelled := d.Labels[f]; labelled {
					continue
				}
				if _, misspelt := misspelt[f]; misspelt {
					continue // the game's rule reports the face, with its spelling
				}
				word := d.FaceWord(f)
				if near := diceNearIcon(c.Pack.Registry(), f); near != "" {
					c.ReportHint(d.FaceRef(i).Pos(),
						fmt.Sprintf("die %q face %q is no icon and prints as the word %q; the icon %q is spelt differently", d.ID, f, word, near),
						fmt.Sprintf("write %s for the icon, or add labels: {%s: %q} to print the word on purpose", near, f, word))
					continue
				}
				if first < 0 {
					first = i
				}
				words = append(words, f)
			}
			if len(icons) == 0 || len(words) == 0 {
				continue
			}
			quoted, printed, labels := make([]string, len(words)), make([]string, len(words)), make([]string, len(words))
			for i, f := range words {
				quoted[i] = fmt.Sprintf("%q", f)
				printed[i] = d.FaceWord(f)
				labels[i] = fmt.Sprintf("%s: %q", f, d.FaceWord(f))
			}
			c.ReportHint(d.FaceRef(first).Pos(),
				fmt.Sprintf("die %q mixes icons and words: %s %s %s %s, while %q prints as an icon",
					d.ID, diceFaces(len(words)), strings.Join(quoted, ", "), diceVerb(len(words)), strings.Join(printed, ", "), icons[0]),
				fmt.Sprintf("add labels: {%s} to print the words on purpose, or give these faces icons", strings.Join(labels, ", ")))
		}
	}
}

// diceFaces is "face" or "faces".
func diceFaces(n int) string {
	if n == 1 {
		return "face"
	}
	return "faces"
}

// diceVerb says that n faces are no icons and print as words.
func diceVerb(n int) string {
	if n == 1 {
		return "is no icon and prints as"
	}
	return "are no icons and print as"
}

// diceNearIcon returns the icon whose name starts with the same letter as
// face and is one edit away (ids of up to 5 letters) or two (longer ids),
// a swap of two neighbouring letters counting as one, or "".
func diceNearIcon(reg *schema.Registry, face string) string {
	limit := 1
	if len(face) > 5 {
		limit = 2
	}
	if face == "" {
		return ""
	}
	for _, name := range reg.IconNames() {
		if name == "" || name[0] != face[0] {
			continue
		}
		if d := diceLetterDistance(face, name); d > 0 && d <= limit {
			return name
		}
	}
	return ""
}

// diceLetterDistance is the edit distance of two ids: insertions, deletions,
// substitutions and swaps of neighbouring bytes.
func diceLetterDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// checkDiceLabels reports a labels: key that is not one of the die's faces.
func checkDiceLabels(c *Context) {
	for _, ds := range c.Pack.DiceSets() {
		for _, d := range ds.Dice {
			intended := map[string]bool{}
			for _, near := range c.OffVocabularyFaces(d) {
				intended[near] = true
			}
			for _, k := range d.LabelKeys() {
				if d.HasFace(k) || intended[k] {
					continue // a label of a misspelt face: the game's rule reports the face
				}
				hint := suggest.Hint(k, d.Faces, "%q", "faces: "+strings.Join(diceUnique(d.Faces), ", "))
				if s := suggest.Nearest(k, d.Faces); s != "" {
					if diceIsIcon(c.Pack.Registry(), k) && !diceIsIcon(c.Pack.Registry(), s) {
						// The label names an icon and the face is one
						// letter off it: the face is likely the typo.
						hint = fmt.Sprintf("is the face %q a misspelt %s? Or label %s: %s", s, k, s, hint)
					}
				}
				c.ReportHint(d.LabelRef(k).KeyPos(),
					fmt.Sprintf("die %q labels face %q, which is not one of its faces: the label never prints", d.ID, k), hint)
			}
		}
	}
}

// OffVocabularyFaces maps each face of d that the pack's game does not
// allow (Game.DieFaces) to the allowed face it is closest to ("" when none
// is close): the face the author most likely meant. Rules that would only
// repeat the consequences of such a face (a label that no longer matches,
// an icon missing from every die, a combo that cannot be rolled) stay quiet
// about them; the game's face rule reports the cause once. It is nil when
// the game has no list of faces for d.
func (c *Context) OffVocabularyFaces(d *schema.Die) map[string]string {
	if c.game == nil || c.game.DieFaces == nil {
		return nil
	}
	vocab, ok := c.game.DieFaces(d)
	if !ok {
		return nil
	}
	var out map[string]string
	for _, f := range d.Faces {
		if slices.Contains(vocab, f) {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[f] = suggest.Nearest(f, vocab)
	}
	return out
}

// diceContains reports whether list holds s.
func diceContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// diceUnique returns list without repeats, in order.
func diceUnique(list []string) []string {
	var out []string
	for _, s := range list {
		if !diceContains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
