package schema

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Length is a distance in millimetres. In YAML it is written with an explicit
// unit: "63mm", "6.3cm", "2.5in" or "12pt".
type Length float64

// Millimetres per unit accepted in YAML lengths.
var unitMM = map[string]float64{
	"mm": 1,
	"cm": 10,
	"in": 25.4,
	"pt": 25.4 / 72,
}

// ParseLength parses a length with an explicit unit.
func ParseLength(s string) (Length, error) {
	s = strings.TrimSpace(s)
	for _, u := range []string{"mm", "cm", "in", "pt"} {
		if num, ok := strings.CutSuffix(s, u); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
			if err != nil || v < 0 {
				break
			}
			return Length(v * unitMM[u]), nil
		}
	}
	return 0, fmt.Errorf("%q is not a length: write a number with a unit, e.g. 63mm, 2.5in or 12pt", s)
}

// MM returns the length in millimetres.
func (l Length) MM() float64 { return float64(l) }

// Pt returns the length in typographic points.
func (l Length) Pt() float64 { return float64(l) / unitMM["pt"] }

// UnmarshalText implements encoding.TextUnmarshaler.
func (l *Length) UnmarshalText(b []byte) error {
	v, err := ParseLength(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// MarshalText implements encoding.TextMarshaler.
func (l Length) MarshalText() ([]byte, error) {
	return []byte(strconv.FormatFloat(float64(l), 'f', -1, 64) + "mm"), nil
}

// Size is a width and height.
type Size struct {
	W, H Length
}

// CardSizes are the named card sizes accepted by `size:` (portrait, trim size).
var CardSizes = map[string]Size{
	"poker":  {63.5, 88.9},
	"bridge": {57.2, 88.9},
	"mini":   {44, 67},
	"tarot":  {70, 120},
	"square": {63.5, 63.5},
}

// LengthRange is the range one kind of length may take, in millimetres:
// the hard limits validate enforces (rule pack/limit), so that no value
// makes a build slow, huge or impossible.
type LengthRange struct {
	// What names the kind in messages, e.g. "font size".
	What     string
	Min, Max float64
	// Unit states the range in hints and messages when the value's own
	// unit is unknown.
	Unit string
}

// The ranges of the lengths of templates, tokens, sheets, boards and the
// manifest's print settings. Card, sheet and token sizes are further
// bounded by the paper they print on.
var (
	FontSizeRange    = LengthRange{What: "font size", Min: 0.5 * 25.4 / 72, Max: 200 * 25.4 / 72, Unit: "pt"}
	TokenSizeRange   = LengthRange{What: "token size", Min: 5, Max: 300, Unit: "mm"}
	StrokeWidthRange = LengthRange{What: "stroke width", Min: 0, Max: 10, Unit: "mm"}
	RadiusRange      = LengthRange{What: "corner radius", Min: 0, Max: 50, Unit: "mm"}
	BleedRange       = LengthRange{What: "bleed", Min: 0, Max: 10, Unit: "mm"}
	// CardSideRange bounds each side of a card or card-sized sheet.
	CardSideRange = LengthRange{What: "card side", Min: 10, Max: 300, Unit: "mm"}
)

// Check says how l, written as written (e.g. "5000pt"; "" when not known),
// lies outside the range, stated in the unit it was written in: "5000pt is
// more than 200pt". It returns "" when l is in range.
func (r LengthRange) Check(l Length, written string) string {
	unit := UnitOf(written, r.Unit)
	val := strings.TrimSpace(written)
	if val == "" {
		val = FormatIn(l.MM(), unit)
	}
	switch {
	case r.Contains(l):
		return ""
	case l.MM() < r.Min:
		return fmt.Sprintf("%s is less than %s", val, FormatIn(r.Min, unit))
	}
	return fmt.Sprintf("%s is more than %s", val, FormatIn(r.Max, unit))
}

// Contains reports whether l lies in the range.
func (r LengthRange) Contains(l Length) bool {
	return l.MM() >= r.Min-1e-9 && l.MM() <= r.Max+1e-9
}

// Span states the range in a unit: "0.5pt to 200pt".
func (r LengthRange) Span(unit string) string {
	if unit == "" {
		unit = r.Unit
	}
	return FormatIn(r.Min, unit) + " to " + FormatIn(r.Max, unit)
}

// UnitOf is the unit a length is written in (mm, cm, in or pt), or fallback
// when written has none.
func UnitOf(written, fallback string) string {
	written = strings.TrimSpace(written)
	for _, u := range []string{"mm", "cm", "in", "pt"} {
		if strings.HasSuffix(written, u) {
			return u
		}
	}
	if _, ok := unitMM[fallback]; ok {
		return fallback
	}
	return "mm"
}

// FormatIn writes mm millimetres in a unit, to three decimals at most:
// FormatIn(70.5556, "pt") is "200pt".
func FormatIn(mm float64, unit string) string {
	per, ok := unitMM[unit]
	if !ok {
		unit, per = "mm", 1
	}
	v := math.Round(mm/per*1000) / 1000
	return strconv.FormatFloat(v, 'f', -1, 64) + unit
}
