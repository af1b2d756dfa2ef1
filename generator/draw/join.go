package draw

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"hash"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/runforge/runforge/layout"
)

// JoinPart is one part of a joined document: the pages of a PDF this
// package wrote (PDF set), or one blank page of W x H mm.
type JoinPart struct {
	PDF  []byte
	W, H float64
}

// JoinPDFs writes one document holding the pages of parts in order. The
// pages are not drawn again: each part's objects (page contents, fonts,
// forms, images) are copied as they are, renumbered, under one page tree,
// so joining costs little more than copying the bytes. Every part must be
// a document written by PDF.Write (one page tree, a cross-reference
// table); anything else is an error. The result asks viewers to print at
// 100% and leaves the duplex setting to the print dialog, since its pages
// may need both; info.Duplex is ignored. Identical parts give identical
// bytes.
//
// With info.PDFX the result is PDF/X-1a:2001 as PDF.Write makes it (see
// finishPDFX): PDF 1.3, the output intent, the information keys and the
// file identifier, no viewer preferences (PDF 1.6 and 1.7 keys). The
// parts must then be CMYK documents (PDFInfo.CMYK or PDFX), whose pages
// all carry a TrimBox; a part that uses transparency, which PDF 1.3 and
// PDF/X-1a do not have, is an error.
func JoinPDFs(info PDFInfo, parts []JoinPart) ([]byte, error) {
	var out bytes.Buffer
	if err := WriteJoinedPDF(&out, info, parts); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// WriteJoinedPDF is JoinPDFs writing the document to w as it is made, so
// that the joined document is never held in memory beside its parts. A
// part that cannot be joined is found only once the parts before it are
// written: on an error, what w holds is to be thrown away.
func WriteJoinedPDF(w io.Writer, info PDFInfo, parts []JoinPart) error {
	var sum hash.Hash
	if info.PDFX {
		// The file identifier PDF/X requires: the first 16 bytes of a
		// SHA-256 of the document up to its cross-reference table, so
		// that identical parts still give identical bytes.
		sum = sha256.New()
	}
	out := newOffsetWriter(w, sum)
	if info.PDFX {
		out.putString("%PDF-1.3\n%\xe2\xe3\xcf\xd3\n")
	} else {
		out.putString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	}
	offsets := []int{0} // by object number; 0 is the free entry
	// Object 1 is the joined page tree; the parts' objects follow.
	const pagesNum = 1
	offsets = append(offsets, -1)
	var kids []int
	next := 2
	addObject := func(body []byte) int {
		n := next
		next++
		offsets = append(offsets, out.n)
		out.putf("%d 0 obj\n", n)
		out.put(body)
		out.putString("endobj\n")
		return n
	}
	for i, p := range parts {
		if p.PDF == nil {
			kids = append(kids, addObject(blankPage(pagesNum, p.W, p.H)))
			continue
		}
		pk, err := appendPDF(out, &offsets, &next, p.PDF, pagesNum, info.PDFX)
		if err != nil {
			return fmt.Errorf("joining part %d: %w", i+1, err)
		}
		kids = append(kids, pk...)
	}
	if len(kids) == 0 {
		return fmt.Errorf("joining PDFs: no pages")
	}
	var tree bytes.Buffer
	tree.WriteString("<</Type /Pages\n/Kids [")
	for _, k := range kids {
		fmt.Fprintf(&tree, "%d 0 R ", k)
	}
	fmt.Fprintf(&tree, "]\n/Count %d\n>>\n", len(kids))
	offsets[pagesNum] = out.n
	out.putf("%d 0 obj\n", pagesNum)
	out.put(tree.Bytes())
	out.putString("endobj\n")
	date := pdfDate(info.Created)
	catalogEntry, infoKeys := "/ViewerPreferences << /PrintScaling /None >>", ""
	if info.PDFX {
		catalogEntry, infoKeys = pdfxOutputIntents, pdfxInfo
	}
	infoNum := addObject([]byte("<<\n" + infoKeys + "/Producer (runforge)\n/Title " + pdfTextString(info.Title) +
		"\n/Creator (runforge)\n/CreationDate " + date + "\n/ModDate " + date + "\n>>\n"))
	rootNum := addObject([]byte(fmt.Sprintf("<<\n/Type /Catalog\n%s\n/Pages %d 0 R\n>>\n", catalogEntry, pagesNum)))
	id := ""
	if sum != nil {
		s := sum.Sum(nil)
		id = fmt.Sprintf("/ID [<%X> <%X>]\n", s[:16], s[:16])
		out.h = nil
	}
	start := out.n
	out.putf("xref\n0 %d\n0000000000 65535 f \n", len(offsets))
	for _, off := range offsets[1:] {
		out.putXrefEntry(off)
	}
	out.putf("trailer\n<<\n/Size %d\n/Root %d 0 R\n/Info %d 0 R\n%s>>\n", len(offsets), rootNum, infoNum, id)
	out.putf("startxref\n%d\n%%%%EOF\n", start)
	return out.Flush()
}

// appendPDF copies the objects of raw, but for its catalog, its document
// information and its page tree, to out, renumbered from *next on, each
// page under the page tree parent; it returns the new numbers of its
// pages in order. With pdfx, an object that uses transparency is an
// error.
func appendPDF(out *offsetWriter, offsets *[]int, next *int, raw []byte, parent int, pdfx bool) ([]int, error) {
	objs, x, root, err := splitPDF(raw)
	if err != nil {
		return nil, err
	}
	byNum := map[int]*pdfObject{}
	for _, o := range objs {
		byNum[o.num] = o
	}
	catalog := byNum[root]
	if catalog == nil {
		return nil, fmt.Errorf("no catalog")
	}
	tree := byNum[pdfRefAfter(catalog.data[:catalog.dictEnd], "/Pages ")]
	if tree == nil {
		return nil, fmt.Errorf("no page tree")
	}
	treeDict := tree.data[:tree.dictEnd]
	kidsAt := bytes.Index(treeDict, []byte("/Kids ["))
	if kidsAt < 0 {
		return nil, fmt.Errorf("page tree without /Kids")
	}
	kidsEnd := bytes.IndexByte(treeDict[kidsAt:], ']')
	if kidsEnd < 0 {
		return nil, fmt.Errorf("page tree with an unclosed /Kids")
	}
	oldKids, err := pdfRefs(treeDict[kidsAt+len("/Kids [") : kidsAt+kidsEnd])
	if err != nil {
		return nil, fmt.Errorf("page tree: %w", err)
	}
	// A page the size of fpdf's default format has no MediaBox of its own:
	// it inherits the tree's, which the joined tree does not have.
	var treeBox []byte
	if i := bytes.Index(treeDict, []byte("/MediaBox [")); i >= 0 {
		if j := bytes.IndexByte(treeDict[i:], ']'); j >= 0 {
			treeBox = treeDict[i : i+j+1]
		}
	}
	isKid := map[int]bool{}
	for _, k := range oldKids {
		isKid[k] = true
	}
	skip := map[int]bool{root: true, tree.num: true, pdfRefAfter(x.trailer, "/Info "): true}
	renum := map[int]int{}
	for n := 1; n < x.size; n++ {
		if !skip[n] {
			renum[n] = *next
			*next++
		}
	}
	// Copy in object-number order, so that the new numbers rise through
	// the file as the offsets do.
	for n := 1; n < x.size; n++ {
		if skip[n] {
			continue
		}
		o := byNum[n]
		head := o.data[:o.dictEnd]
		prefix := []byte(strconv.Itoa(n) + " 0 obj")
		body := head[len(prefix):]
		dict, err := renumberRefs(body, renum, tree.num, parent)
		if err != nil {
			return nil, fmt.Errorf("object %d: %w", n, err)
		}
		if key := transparencyKey(head); pdfx && key != "" {
			return nil, fmt.Errorf("object %d uses transparency (%s), which PDF/X-1a does not allow", n, key)
		}
		if isKid[n] && !bytes.Contains(dict, []byte("/MediaBox")) {
			if treeBox == nil {
				return nil, fmt.Errorf("page %d 0 R has no MediaBox, and nor has its page tree", n)
			}
			at := bytes.Index(dict, []byte("/Type /Page"))
			if at < 0 {
				return nil, fmt.Errorf("page %d 0 R has no /Type /Page", n)
			}
			at += len("/Type /Page")
			dict = slices.Concat(dict[:at], []byte("\n"), treeBox, dict[at:])
		}
		*offsets = append(*offsets, out.n)
		out.putf("%d 0 obj", renum[n])
		out.put(dict)
		out.put(o.data[o.dictEnd:])
	}
	pages := make([]int, 0, len(oldKids))
	for _, k := range oldKids {
		n, ok := renum[k]
		if !ok || !isPageObject(byNum[k]) {
			return nil, fmt.Errorf("the page tree's kid %d 0 R is not a page (nested page trees are not joined)", k)
		}
		pages = append(pages, n)
	}
	return pages, nil
}

// transparencyKey is the first key of dict that makes a PDF use
// transparency (a soft mask, a constant alpha, a blend mode, a
// transparency group), or "".
func transparencyKey(dict []byte) string {
	for _, k := range []string{"/SMask", "/CA ", "/ca ", "/BM ", "/S /Transparency"} {
		if bytes.Contains(dict, []byte(k)) {
			return strings.TrimSpace(k)
		}
	}
	return ""
}

// isPageObject reports whether o is a page (not a page tree node).
func isPageObject(o *pdfObject) bool {
	if o == nil {
		return false
	}
	d := o.data[:o.dictEnd]
	i := bytes.Index(d, []byte("/Type /Page"))
	return i >= 0 && (i+len("/Type /Page") == len(d) || isPDFDelimiter(rune(d[i+len("/Type /Page")])))
}

// renumberRefs rewrites every reference "N 0 R" in a dictionary by renum;
// a reference to the old page tree (oldTree) becomes one to parent. Strings
// and comments are copied untouched.
func renumberRefs(dict []byte, renum map[int]int, oldTree, parent int) ([]byte, error) {
	var out []byte
	i := 0
	for i < len(dict) {
		c := dict[i]
		switch {
		case c == '(':
			j, err := skipLiteralString(dict, i)
			if err != nil {
				return nil, err
			}
			out = append(out, dict[i:j]...)
			i = j
		case c == '<' && i+1 < len(dict) && dict[i+1] == '<':
			out = append(out, "<<"...)
			i += 2
		case c == '<':
			j := bytes.IndexByte(dict[i:], '>')
			if j < 0 {
				return nil, fmt.Errorf("an unclosed hex string")
			}
			out = append(out, dict[i:i+j+1]...)
			i += j + 1
		case c == '%':
			j := bytes.IndexAny(dict[i:], "\r\n")
			if j < 0 {
				j = len(dict) - i
			}
			out = append(out, dict[i:i+j]...)
			i += j
		case c >= '0' && c <= '9' && (i == 0 || isPDFDelimiter(rune(dict[i-1]))):
			n, end, ok := parseRef(dict, i)
			if !ok {
				j := i
				for j < len(dict) && !isPDFDelimiter(rune(dict[j])) {
					j++
				}
				out = append(out, dict[i:j]...)
				i = j
				continue
			}
			to, found := renum[n]
			switch {
			case n == oldTree:
				to = parent
			case !found:
				return nil, fmt.Errorf("a reference to object %d, which is not in the file", n)
			}
			out = append(out, strconv.Itoa(to)+" 0 R"...)
			i = end
		default:
			out = append(out, c)
			i++
		}
	}
	return out, nil
}

// parseRef reads "N 0 R" at dict[i:], followed by a delimiter or the end,
// and returns N and the index after the R.
func parseRef(dict []byte, i int) (n, end int, ok bool) {
	j := i
	for j < len(dict) && dict[j] >= '0' && dict[j] <= '9' {
		j++
	}
	num, err := strconv.Atoi(string(dict[i:j]))
	if err != nil {
		return 0, 0, false
	}
	rest := dict[j:]
	k := 0
	skipSpace := func() bool {
		s := k
		for k < len(rest) && (rest[k] == ' ' || rest[k] == '\n' || rest[k] == '\r' || rest[k] == '\t') {
			k++
		}
		return k > s
	}
	if !skipSpace() || k >= len(rest) || rest[k] != '0' {
		return 0, 0, false
	}
	k++
	if !skipSpace() || k >= len(rest) || rest[k] != 'R' {
		return 0, 0, false
	}
	k++
	if k < len(rest) && !isPDFDelimiter(rune(rest[k])) {
		return 0, 0, false
	}
	return num, j + k, true
}

// skipLiteralString returns the index after the literal string that opens
// at dict[i] ('('), minding nested parentheses and escapes.
func skipLiteralString(dict []byte, i int) (int, error) {
	depth := 0
	for j := i; j < len(dict); j++ {
		switch dict[j] {
		case '\\':
			j++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j + 1, nil
			}
		}
	}
	return 0, fmt.Errorf("an unclosed string")
}

// pdfRefs reads a list of references "N 0 R N 0 R ...".
func pdfRefs(b []byte) ([]int, error) {
	var out []int
	i := 0
	for i < len(b) {
		if b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t' {
			i++
			continue
		}
		n, end, ok := parseRef(b, i)
		if !ok {
			return nil, fmt.Errorf("not a reference at %q", b[i:])
		}
		out = append(out, n)
		i = end
	}
	return out, nil
}

// blankPage is the dictionary of an empty w x h mm page under parent.
func blankPage(parent int, w, h float64) []byte {
	pw, ph := w*72/25.4, h*72/25.4
	return []byte(fmt.Sprintf("<</Type /Page\n/Parent %d 0 R\n/MediaBox [0 0 %.2f %.2f]\n/TrimBox [0.00 0.00 %.2f %.2f]\n/Resources <<\n>>\n>>\n",
		parent, pw, ph, pw, ph))
}

// pdfDate is t as a PDF date string in UTC, as fpdf writes it.
func pdfDate(t time.Time) string {
	return "(D:" + t.UTC().Format("20060102150405") + ")"
}

// pdfTextString is s as a PDF text string: UTF-16BE with its byte order
// mark, as a hex string (no escaping needed).
func pdfTextString(s string) string {
	var b bytes.Buffer
	b.WriteString("<FEFF")
	for _, r := range bmpOnly(s) {
		fmt.Fprintf(&b, "%04X", r)
	}
	b.WriteString(">")
	return b.String()
}

// DuplexPreset is the duplex flip a document this package wrote presets
// for the print dialog (PDFInfo.Duplex, SetDuplex): how its pages are meant
// to go through the printer; for a PDF/X document, which has no viewer
// preferences, the setting kept in its document information. ok is false
// when the document has none.
func DuplexPreset(pdf []byte) (m layout.Duplex, ok bool) {
	i := bytes.LastIndex(pdf, []byte("/ViewerPreferences << /PrintScaling /None /Duplex /"))
	if i < 0 {
		// A PDF/X document keeps it in its document information.
		if j := bytes.LastIndex(pdf, []byte(pdfxDuplexKey+" (")); j >= 0 {
			rest := pdf[j+len(pdfxDuplexKey)+2:]
			for _, m := range []layout.Duplex{layout.NoDuplex, layout.LongEdge, layout.ShortEdge} {
				if bytes.HasPrefix(rest, []byte(pdfxDuplexValue(m)+")")) {
					return m, true
				}
			}
		}
		return layout.LongEdge, false
	}
	rest := pdf[i+len("/ViewerPreferences << /PrintScaling /None /Duplex /"):]
	switch {
	case bytes.HasPrefix(rest, []byte("DuplexFlipLongEdge ")):
		return layout.LongEdge, true
	case bytes.HasPrefix(rest, []byte("DuplexFlipShortEdge ")):
		return layout.ShortEdge, true
	case bytes.HasPrefix(rest, []byte("Simplex ")):
		return layout.NoDuplex, true
	}
	return layout.LongEdge, false
}
