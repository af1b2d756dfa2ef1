// Package yamldoc reads one YAML file into a JSON value with the position
// of every value and key, and explains malformed YAML with positioned
// problems: a scan of the bytes places what the parser reports without a
// column or on the wrong line (tabs, unclosed quotes and brackets).
package yamldoc

import (
	"fmt"
	"sort"
)

// Pos is a position in a content file. Line and Col are 1-based; a zero Line
// means the whole file.
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"column"`
}

// String formats the position as file:line:col.
func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Less orders positions by file, line and column.
func (p Pos) Less(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Problem is a defect found while loading content: malformed YAML, a schema
// violation or an unreadable file. Rule is a stable identifier such as
// "schema/invalid".
type Problem struct {
	Pos     Pos
	Rule    string
	Message string
	Hint    string
	// Related are further positions that explain the problem.
	Related []Related
}

// Related is a further position that explains a problem, e.g. where an id
// was first used, or the file of an extended pack a finding comes from.
type Related struct {
	Pos     Pos
	Message string
}

func (p Problem) Error() string {
	return fmt.Sprintf("%s: %s: %s", p.Pos, p.Rule, p.Message)
}

// SortProblems orders problems by position, then message, keeping the
// order of equal ones.
func SortProblems(ps []Problem) {
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Pos != ps[j].Pos {
			return ps[i].Pos.Less(ps[j].Pos)
		}
		return ps[i].Message < ps[j].Message
	})
}
