package yamldoc

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
)

// The YAML parser reports some faults with no column and sometimes on the
// wrong line, and it builds the whole node tree before any limit can be
// checked. A pass over the bytes before parsing finds those positions
// itself and counts entries, so a huge file is refused before its tree is
// built.

// utf8BOM is the byte order mark an editor may put before UTF-8 text.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// maxScanPos bounds the tab positions a scan keeps.
const maxScanPos = 16

// byteProblem is the first byte of a file that YAML does not allow: a byte
// that is not UTF-8, a NUL or another control character.
func byteProblem(file string, src []byte) *Problem {
	line, col := 1, 1
	i := 0
	if bytes.HasPrefix(src, utf8BOM) {
		i = len(utf8BOM)
	}
	for i < len(src) {
		r, size := utf8.DecodeRune(src[i:])
		at := Pos{File: file, Line: line, Col: col}
		switch {
		case r == utf8.RuneError && size <= 1:
			return &Problem{Pos: at, Rule: "yaml/syntax", Message: fmt.Sprintf("byte 0x%02x is not UTF-8", src[i]),
				Hint: "save the file as UTF-8 text"}
		case r == 0:
			return &Problem{Pos: at, Rule: "yaml/syntax", Message: "NUL byte: a YAML file is text and cannot hold one",
				Hint: "the file may be binary or saved in another encoding; save it as UTF-8 text"}
		case !yamlPrintable(r):
			return &Problem{Pos: at, Rule: "yaml/syntax", Message: fmt.Sprintf("control character U+%04X is not allowed in YAML", r),
				Hint: "delete it, or write it as an escape (\\u" + fmt.Sprintf("%04X", r) + ") inside a double-quoted string"}
		}
		switch {
		case r == '\n' || (r == '\r' && (i+1 >= len(src) || src[i+1] != '\n')):
			line, col = line+1, 1
		case r == '\r':
		default:
			col++
		}
		i += size
	}
	return nil
}

// yamlPrintable reports whether YAML allows the character in a file (the
// set yaml.v3's reader accepts).
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return true
	case r >= 0x20 && r <= 0x7E, r == 0x85:
		return true
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000 && r <= 0x10FFFF:
		return true
	}
	return false
}

// fromUTF16 returns src as UTF-8 when it starts with a UTF-16 byte order
// mark (as some Windows editors save text), so that the scan and the parser
// see the same characters; other input is returned as it is.
func fromUTF16(src []byte) ([]byte, bool) {
	if len(src) < 2 || !(src[0] == 0xFF && src[1] == 0xFE || src[0] == 0xFE && src[1] == 0xFF) {
		return src, true
	}
	out, err := unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM).NewDecoder().Bytes(src)
	return out, err == nil
}

// quoteSpan is a quoted scalar that runs over more than one line.
type quoteSpan struct {
	open      Pos
	last      int  // the line it ends on, or the last line when never closed
	closed    bool // false: the file ends inside it
	outdented bool // a line of it is no deeper than the entry it belongs to
}

// srcScan is what a pass over a file's characters finds.
type srcScan struct {
	// tabs are tabs that indent a line (outside quotes and flow
	// collections), the first maxScanPos of them.
	tabs []Pos
	// quote is the first quoted scalar that the parser likely misread: one
	// the file ends in, or one running over lines less indented than its
	// entry.
	quote *quoteSpan
	// reserved is the first @ or ` that starts a value, if any.
	reserved *Pos
	// unclosed is the innermost [ or { still open at the end of the file
	// (of the outermost few).
	unclosed *Pos
	bracket  byte // the bracket at unclosed
	// entries counts the keys and values that list items, mapping entries
	// and flow items make, a lower bound of the file's nodes. over is
	// where it passed the budget.
	entries int
	over    *Pos
}

// scanner holds the state of a scan between lines.
type scanner struct {
	file   string
	budget int
	out    srcScan

	flow  int    // depth of [ ] and { }
	kinds []byte // the open brackets, innermost last
	opens []Pos  // where the outermost maxScanPos of them open

	quote      byte // '"' or '\'' while inside a quoted scalar over lines
	quoteOwner int
	span       *quoteSpan

	block       bool // inside a literal or folded block scalar
	blockOwner  int  // its content is indented deeper than this column
	blockIndent int  // the indentation of its content, -1 until known
}

// scanSource scans src (UTF-8, BOM allowed) line by line. It stops counting
// once entries pass budget.
func scanSource(file string, src []byte, budget int) srcScan {
	s := &scanner{file: file, budget: budget}
	src = bytes.TrimPrefix(src, utf8BOM)
	for line := 1; len(src) > 0 && s.out.over == nil; line++ {
		end, next := lineEnd(src)
		s.line(src[:end], line)
		src = src[next:]
	}
	if s.span != nil && s.quote != 0 && s.out.quote == nil {
		s.out.quote = s.span
	}
	if s.flow > 0 && s.out.over == nil {
		i := min(s.flow, len(s.opens)) - 1
		s.out.unclosed, s.out.bracket = &s.opens[i], s.kinds[i]
	}
	return s.out
}

// lineEnd returns the end of the first line of b and where the next starts
// (after \n, \r\n or a lone \r).
func lineEnd(b []byte) (int, int) {
	i := bytes.IndexAny(b, "\r\n")
	switch {
	case i < 0:
		return len(b), len(b)
	case b[i] == '\r' && i+1 < len(b) && b[i+1] == '\n':
		return i, i + 2
	}
	return i, i + 1
}

// cursor walks one line by characters, counting columns from 0.
type cursor struct {
	b   []byte
	i   int
	col int
}

func (c *cursor) done() bool { return c.i >= len(c.b) }

func (c *cursor) peek(n int) byte {
	if c.i+n < len(c.b) {
		return c.b[c.i+n]
	}
	return 0
}

func (c *cursor) next() {
	if c.b[c.i] < utf8.RuneSelf {
		c.i++
	} else {
		_, size := utf8.DecodeRune(c.b[c.i:])
		c.i += size
	}
	c.col++
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == 0 }

func (s *scanner) pos(line, col int) Pos { return Pos{File: s.file, Line: line, Col: col + 1} }

func (s *scanner) tab(line, col int) {
	if len(s.out.tabs) < maxScanPos {
		s.out.tabs = append(s.out.tabs, s.pos(line, col))
	}
}

// entry counts the nodes of one list item (1) or mapping entry (2: its key
// and value) at col.
func (s *scanner) entry(line, col, nodes int) {
	s.out.entries += nodes
	if s.out.entries > s.budget && s.out.over == nil {
		p := s.pos(line, col)
		s.out.over = &p
	}
}

// line scans one line.
func (s *scanner) line(b []byte, line int) {
	c := &cursor{b: b}
	if s.block && s.blockLine(c, line) {
		return
	}
	atStart := true
	owner := 0
	if s.quote != 0 {
		if s.flow == 0 && s.span != nil && !blankLine(b) && indentOf(b) <= s.quoteOwner {
			s.span.outdented = true
		}
		if !s.inQuote(c, line) {
			return
		}
		atStart = false
	} else {
		owner = s.indent(c, line)
	}
	s.tokens(c, line, atStart, owner)
}

// blankLine reports whether b holds only spaces and tabs.
func blankLine(b []byte) bool { return len(bytes.Trim(b, " \t")) == 0 }

// indentOf counts the spaces before the first character of b.
func indentOf(b []byte) int {
	n := 0
	for n < len(b) && b[n] == ' ' {
		n++
	}
	return n
}

// blockLine handles a line while inside a block scalar; it returns false
// when the line ends the scalar and must be scanned as YAML.
func (s *scanner) blockLine(c *cursor, line int) bool {
	ind := indentOf(c.b)
	if blankLine(c.b) {
		if i := bytes.IndexByte(c.b, '\t'); i >= 0 && (s.blockIndent < 0 || i < s.blockIndent) {
			s.tab(line, i)
		}
		return true
	}
	if ind > s.blockOwner {
		if s.blockIndent < 0 {
			s.blockIndent = ind
		}
		return true
	}
	if ind < len(c.b) && c.b[ind] == '\t' {
		s.tab(line, ind)
		return true
	}
	s.block = false
	return false
}

// indent walks the indentation of a line: spaces, tabs and the block
// indicators "- " and "? ". Tabs there break YAML outside flow
// collections. It returns the column of the entry the line starts.
func (s *scanner) indent(c *cursor, line int) int {
	owner := -1
	for !c.done() {
		ch := c.b[c.i]
		switch {
		case ch == '\t' && s.flow == 0:
			s.tab(line, c.col)
		case ch == ' ' || ch == '\t':
		case (ch == '-' || ch == '?') && s.flow == 0 && isBlank(c.peek(1)) && !docMarker(c):
			if ch == '-' {
				s.entry(line, c.col, 1)
			}
			owner = c.col
		default:
			if owner < 0 {
				owner = c.col
			}
			return owner
		}
		c.next()
	}
	return max(owner, 0)
}

// docMarker reports whether the cursor is at a --- or ... line.
func docMarker(c *cursor) bool {
	return c.i == 0 && len(c.b) >= 3 && (string(c.b[:3]) == "---" || string(c.b[:3]) == "...") &&
		(len(c.b) == 3 || isBlank(c.b[3]))
}

// inQuote scans a quoted scalar from the cursor; it returns true when the
// quote closes on this line, with the cursor after it.
func (s *scanner) inQuote(c *cursor, line int) bool {
	for !c.done() {
		ch := c.b[c.i]
		switch {
		case s.quote == '"' && ch == '\\':
			c.next()
			if !c.done() {
				c.next()
			}
			continue
		case ch == s.quote && s.quote == '\'' && c.peek(1) == '\'':
			c.next()
			c.next()
			continue
		case ch == s.quote:
			c.next()
			s.quote = 0
			if s.span != nil {
				s.span.last, s.span.closed = line, true
				if s.span.outdented && s.out.quote == nil {
					s.out.quote = s.span
				}
				s.span = nil
			}
			return true
		}
		c.next()
	}
	if s.span != nil {
		s.span.last = line
	}
	return false
}

// tokens scans the rest of a line for quotes, block scalars, comments,
// flow collections and entries. atStart is set where a value may begin;
// owner is the column of the entry the line belongs to.
func (s *scanner) tokens(c *cursor, line int, atStart bool, owner int) {
	tokStart, quoted := c.col, false
	for !c.done() {
		ch := c.b[c.i]
		switch {
		case ch == ' ' || ch == '\t':
			c.next()
			continue
		case ch == '#' && (c.i == 0 || isBlank(c.b[c.i-1])):
			return
		case atStart && (ch == '"' || ch == '\''):
			tokStart = c.col
			s.quote, s.quoteOwner = ch, owner
			s.span = &quoteSpan{open: s.pos(line, c.col), last: line}
			c.next()
			if !s.inQuote(c, line) {
				return
			}
			atStart, quoted = false, true
			continue
		case atStart && (ch == '|' || ch == '>') && s.flow == 0:
			s.block, s.blockOwner, s.blockIndent = true, owner, -1
			return
		case ch == '-' && atStart && s.flow == 0 && isBlank(c.peek(1)):
			s.entry(line, c.col, 1)
			owner = c.col
		case ch == '?' && atStart && isBlank(c.peek(1)):
		case ch == ':' && (isBlank(c.peek(1)) || s.flow > 0 && (quoted || bytes.IndexByte([]byte(",]}"), c.peek(1)) >= 0)):
			s.entry(line, c.col, 2)
			if s.flow == 0 {
				owner = tokStart
			}
			atStart, quoted = true, false
		case (ch == '[' || ch == '{') && (atStart || s.flow > 0):
			s.flow++
			s.kinds = append(s.kinds, ch)
			if s.flow <= maxScanPos {
				s.opens = append(s.opens[:s.flow-1], s.pos(line, c.col))
			}
			atStart = true
		case (ch == ']' || ch == '}') && s.flow > 0:
			s.flow--
			s.kinds = s.kinds[:s.flow]
			atStart, quoted = false, false
		case ch == ',' && s.flow > 0:
			// An item of a flow list; a flow mapping's entries are
			// counted at their colon.
			if s.kinds[s.flow-1] == '[' {
				s.entry(line, c.col, 1)
			}
			atStart, quoted = true, false
		case atStart && (ch == '&' || ch == '!'):
			for !c.done() && !isBlank(c.b[c.i]) {
				c.next()
			}
			continue
		case atStart && (ch == '@' || ch == '`'):
			if s.out.reserved == nil {
				p := s.pos(line, c.col)
				s.out.reserved = &p
			}
			atStart = false
		case docMarker(c):
			s.flow, s.kinds, s.opens = 0, s.kinds[:0], s.opens[:0]
			c.i, c.col = 3, 3
			continue
		default:
			if atStart {
				tokStart = c.col
			}
			atStart, quoted = false, false
		}
		if s.out.over != nil {
			return
		}
		c.next()
	}
}
