package press

import (
	"bytes"
	"slices"
)

// pageBoxOrder is the order page boxes are written in (that of PDF 32000
// 14.11.2).
var pageBoxOrder = []string{"/CropBox ", "/BleedBox ", "/TrimBox ", "/ArtBox "}

// SortPageBoxes rewrites the page-box lines of every page dictionary fpdf
// wrote into pageBoxOrder, in place. fpdf keeps a page's boxes in a map and
// writes them in Go's random map order; the lines only change places, so
// the length of every object and so the cross-reference table stay right.
func SortPageBoxes(pdf []byte) []byte {
	head := []byte("<</Type /Page\n/Parent 1 0 R\n")
	rank := func(line []byte) int {
		for i, p := range pageBoxOrder {
			if bytes.HasPrefix(line, []byte(p)) {
				return i
			}
		}
		return -1
	}
	for at := 0; ; {
		i := bytes.Index(pdf[at:], head)
		if i < 0 {
			return pdf
		}
		start := at + i + len(head)
		if bytes.HasPrefix(pdf[start:], []byte("/MediaBox ")) {
			start += bytes.IndexByte(pdf[start:], '\n') + 1
		}
		var lines [][]byte
		end := start
		for {
			nl := bytes.IndexByte(pdf[end:], '\n')
			if nl < 0 || rank(pdf[end:end+nl]) < 0 {
				break
			}
			lines = append(lines, slices.Clone(pdf[end:end+nl+1]))
			end += nl + 1
		}
		if len(lines) > 1 {
			slices.SortStableFunc(lines, func(a, b []byte) int { return rank(a) - rank(b) })
			copy(pdf[start:end], bytes.Join(lines, nil))
		}
		at = end
	}
}
