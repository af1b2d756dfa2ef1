package schema

import (
	"fmt"
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
