package draw

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/runforge/runforge/layout"
)

// PDF/X-1a:2001 (ISO 15930-1) is what print shops' preflight checks for:
// CMYK (and spot) colour only, no transparency, every font embedded, a
// TrimBox on every page, PDF 1.3 features, and an output intent naming the
// printing condition the colours were separated for. A document made with
// PDFInfo.PDFX is written that way: its colours are DeviceCMYK (the
// canvas), its pages carry a TrimBox (AddPage, AddPressPage), fpdf writes
// PDF 1.3 and embeds the fonts, and finishPDFX adds the rest:
//
//   - the catalog's OutputIntents: a GTS_PDFX intent whose
//     OutputConditionIdentifier is pdfxCondition, a characterization of the
//     ICC registry (RegistryName http://www.color.org), which PDF/X-1a
//     lets stand without an embedded ICC profile; runforge embeds none,
//     having none whose licence lets it ship one in the binary;
//   - GTS_PDFXVersion (PDF/X-1:2001), GTS_PDFXConformance (PDF/X-1a:2001)
//     and Trapped (False: runforge does no trapping) in the document
//     information;
//   - the file identifier (trailer /ID) PDF/X requires, derived from the
//     document's bytes so that identical input still gives identical
//     output.
//
// The viewer preferences of other documents (PrintScaling, Duplex) are
// PDF 1.6 and 1.7 keys and are left out: a shop's press ignores them. The
// duplex setting the document was made for is kept instead as a text
// entry of the document information (pdfxDuplexKey), which the print run
// reads (DuplexPreset) to group one-sided files apart from two-sided ones.

// pdfxCondition is the registered characterization runforge's process
// colours are separated for: SWOP (CGATS TR 001), the condition of the
// profile the palette was converted with (see cmykpalette.go).
const (
	pdfxCondition     = "CGATS TR 001"
	pdfxConditionName = "SWOP (Publication) printing in USA, coated paper"
	pdfxRegistry      = "http://www.color.org"
)

// pdfxOutputIntents is the catalog entry declaring the output intent.
const pdfxOutputIntents = "/OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX" +
	" /OutputCondition (" + pdfxConditionName + ")" +
	" /OutputConditionIdentifier (" + pdfxCondition + ")" +
	" /RegistryName (" + pdfxRegistry + ")" +
	" /Info (" + pdfxCondition + ": " + pdfxConditionName + ") >>]"

// pdfxInfo are the keys PDF/X-1a:2001 adds to the document information.
const pdfxInfo = "/GTS_PDFXVersion (PDF/X-1:2001)\n/GTS_PDFXConformance (PDF/X-1a:2001)\n/Trapped /False\n"

// pdfxDuplexKey is the document information entry of a PDF/X document
// that holds the duplex setting it was made for: "one-sided", or
// "long-edge" or "short-edge" for the edge to flip on.
const pdfxDuplexKey = "/RunforgeDuplex"

// pdfxEdits are the edits finishPDF makes to a PDF/X document beyond the
// catalog entry; duplex is the setting the document was made for.
type pdfxEdits struct{ duplex layout.Duplex }

// finishPDFX finishes fpdf's output as PDF/X-1a:2001 (see finishPDF for
// the font names): fpdf must have written PDF 1.3, which it does unless a
// feature of a later version (transparency) was used. duplex is the
// setting the document was made for.
func finishPDFX(raw []byte, fonts map[string]string, duplex layout.Duplex) ([]byte, error) {
	if !bytes.HasPrefix(raw, []byte("%PDF-1.3\n")) {
		head, _, _ := bytes.Cut(raw, []byte("\n"))
		return nil, fmt.Errorf("PDF/X-1a: the document is %q, not PDF 1.3 (transparency?)", head)
	}
	return finishPDF(raw, pdfxOutputIntents, fonts, &pdfxEdits{duplex: duplex})
}

// pdfxDuplexValue is the text of pdfxDuplexKey for setting m.
func pdfxDuplexValue(m layout.Duplex) string {
	switch m {
	case layout.NoDuplex:
		return "one-sided"
	case layout.ShortEdge:
		return "short-edge"
	}
	return "long-edge"
}

// info adds pdfxInfo and the duplex setting to the document information
// object obj.
func (e pdfxEdits) info(obj []byte) ([]byte, error) {
	const open = "<<\n"
	i := bytes.Index(obj, []byte(open))
	if i < 0 {
		return nil, fmt.Errorf("PDF/X-1a: document information is not a dictionary")
	}
	if !bytes.Contains(obj, []byte("/Title ")) {
		return nil, fmt.Errorf("PDF/X-1a: the document has no title")
	}
	i += len(open)
	add := pdfxInfo + pdfxDuplexKey + " (" + pdfxDuplexValue(e.duplex) + ")\n"
	return append(append(append([]byte(nil), obj[:i]...), add...), obj[i:]...), nil
}

// trailer adds the file identifier to the trailer: both parts the first
// 16 bytes of a SHA-256 of the document as fpdf wrote it, but for its
// page-box lines, which fpdf writes in map order (AddPressPage).
func (pdfxEdits) trailer(t, raw []byte) ([]byte, error) {
	end := bytes.LastIndex(t, []byte(">>"))
	if end < 0 {
		return nil, fmt.Errorf("PDF/X-1a: the trailer is not a dictionary")
	}
	h := sha256.New()
	for rest := raw; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line = rest[:i+1]
		}
		rest = rest[len(line):]
		if !isPageBoxLine(line) {
			h.Write(line)
		}
	}
	sum := h.Sum(nil)
	id := fmt.Sprintf("/ID [<%X> <%X>]\n", sum[:16], sum[:16])
	return append(append(append([]byte(nil), t[:end]...), id...), t[end:]...), nil
}

// isPageBoxLine reports a line of a page dictionary that sets a box other
// than the MediaBox.
func isPageBoxLine(line []byte) bool {
	for _, p := range []string{"/CropBox ", "/BleedBox ", "/TrimBox ", "/ArtBox "} {
		if bytes.HasPrefix(line, []byte(p)) {
			return true
		}
	}
	return false
}
