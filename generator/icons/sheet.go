package icons

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/runforge/runforge/generator/draw"
)

// SheetEntry is one icon of an icon sheet: its name, the games that
// declare it ("all" for the shared ones) and what it means.
type SheetEntry struct {
	Name, Games, Meaning string
}

// Layout of an icon sheet, in mm and points: three columns of cells, each
// an icon beside its name, games and meaning.
const (
	sheetMargin  = 12.0
	sheetCols    = 3
	sheetCellH   = 21.0
	sheetIcon    = 13.0
	sheetGap     = 3.0
	sheetTitlePt = 14.0
	sheetNamePt  = 9.0
	sheetTextPt  = 7.0
	sheetLineH   = 3.1 // mm between lines of 7 pt text
)

// WriteSheet writes a PDF of pages w x h mm (the paper) that shows every
// icon of entries at a size one can see, with its name, games and
// meaning, and returns its pages: what `runforge icons --sheet` writes.
func WriteSheet(out io.Writer, fonts *draw.Fonts, entries []SheetEntry, w, h float64, created time.Time) (int, error) {
	doc := draw.NewPDF(draw.PDFInfo{Title: "runforge icons", Created: created}, fonts)
	grey := draw.RGB(0x55, 0x55, 0x55)
	cellW := (w - 2*sheetMargin) / sheetCols
	textW := cellW - sheetIcon - 2*sheetGap
	top := sheetMargin + 12
	rows := int((h - top - sheetMargin) / sheetCellH)
	perPage := rows * sheetCols
	pages := 0
	for start := 0; start < len(entries); start += perPage {
		pages++
		c := doc.AddPage(w, h)
		c.Text(sheetMargin, sheetMargin+5, "runforge icons", draw.Bold, sheetTitlePt, draw.Black)
		c.Text(sheetMargin, sheetMargin+9.5, fmt.Sprintf("{name} in a card's text draws the icon; page %d", pages), draw.Regular, sheetTextPt, grey)
		for i, e := range entries[start:min(start+perPage, len(entries))] {
			x := sheetMargin + float64(i%sheetCols)*cellW
			y := top + float64(i/sheetCols)*sheetCellH
			Draw(c, e.Name, x, y+1, sheetIcon, draw.Black, draw.White)
			tx := x + sheetIcon + sheetGap
			c.Text(tx, y+3.5, "{"+e.Name+"}", draw.Bold, sheetNamePt, draw.Black)
			games := wrap(fonts, e.Games, textW, 2)
			for k, line := range games {
				c.Text(tx, y+3.5+float64(k+1)*sheetLineH+0.5, line, draw.Italic, sheetTextPt, grey)
			}
			for k, line := range wrap(fonts, e.Meaning, textW, 4-len(games)) {
				c.Text(tx, y+3.5+float64(k+1+len(games))*sheetLineH+0.5, line, draw.Regular, sheetTextPt, draw.Black)
			}
		}
	}
	if err := doc.Write(out); err != nil {
		return 0, fmt.Errorf("writing the icon sheet: %w", err)
	}
	return pages, nil
}

// wrap breaks s at spaces into at most maxLines lines of width w mm at
// 7 pt, the last ending with "..." when s is longer.
func wrap(fonts *draw.Fonts, s string, w float64, maxLines int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := strings.TrimSpace(line + " " + word)
		if line != "" && fonts.Width(try, draw.Regular, sheetTextPt) > w {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		words := strings.Fields(lines[maxLines-1])
		for len(words) > 1 && fonts.Width(strings.Join(words, " ")+"...", draw.Regular, sheetTextPt) > w {
			words = words[:len(words)-1]
		}
		lines[maxLines-1] = strings.Join(words, " ") + "..."
	}
	return lines
}
