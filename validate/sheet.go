package validate

import (
	"fmt"
	"math"

	"github.com/runforge/runforge/internal/suggest"
	"github.com/runforge/runforge/schema"
)

// RuleSheetPrintWith is the rule about printWith: on sheets.
const RuleSheetPrintWith = "sheet/print-with"

func sheetRules() []*Rule {
	return []*Rule{
		{ID: RuleSheetPrintWith, Severity: Error, Check: checkSheetPrintWith,
			Doc: "A sheet's printWith: names no sheet of the pack, names itself or a sheet that is itself printed with another, or a sheet of another size: only card-size sheets of one size share pages."},
	}
}

func checkSheetPrintWith(c *Context) {
	sheets := c.Pack.Sheets()
	byID := map[string]*schema.Sheet{}
	var ids []string
	for _, s := range sheets {
		byID[s.ID] = s
		ids = append(ids, s.ID)
	}
	for _, s := range sheets {
		if s.PrintWith == "" {
			continue
		}
		pos := s.Ref.Child("printWith").Pos()
		host, ok := byID[s.PrintWith]
		switch {
		case !ok:
			c.ReportHint(pos, fmt.Sprintf("sheet %q prints with %q, which is not a sheet of this pack", s.ID, s.PrintWith),
				suggest.Hint(s.PrintWith, ids, "%q", "name a card-size sheet of this pack"))
		case host == s:
			c.ReportHint(pos, fmt.Sprintf("sheet %q prints with itself", s.ID), "remove printWith:")
		case host.PrintWith != "":
			c.ReportHint(pos, fmt.Sprintf("sheet %q prints with %q, which itself prints with %q", s.ID, host.ID, host.PrintWith),
				fmt.Sprintf("print with %q directly", host.PrintWith),
				Related{Pos: host.Ref.Child("printWith").Pos(), Message: "printed with another here"})
		default:
			if msg := sheetSizeMismatch(s, host); msg != "" {
				c.ReportHint(pos, fmt.Sprintf("sheet %q cannot print with %q: %s", s.ID, host.ID, msg),
					"only card-size sheets of one size share pages; remove printWith: or match the size",
					Related{Pos: host.Ref.Child("size").Pos(), Message: "the size printed with"})
			}
		}
	}
}

// sheetSizeMismatch says why two sheets cannot share pages, or "".
func sheetSizeMismatch(s, host *schema.Sheet) string {
	for _, x := range []*schema.Sheet{s, host} {
		if x.Size == schema.SheetPage || x.Size == schema.SheetHalfPage {
			return fmt.Sprintf("sheet %q is %s-size; only card sizes share pages", x.ID, x.Size)
		}
	}
	a, okA := sheetSize(s)
	b, okB := sheetSize(host)
	if !okA || !okB {
		return "" // the schema reports a custom size without width and height
	}
	if math.Abs(a.W.MM()-b.W.MM()) > 0.01 || math.Abs(a.H.MM()-b.H.MM()) > 0.01 {
		return fmt.Sprintf("it is %gx%gmm and %q is %gx%gmm", round1(a.W.MM()), round1(a.H.MM()), host.ID, round1(b.W.MM()), round1(b.H.MM()))
	}
	return ""
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
