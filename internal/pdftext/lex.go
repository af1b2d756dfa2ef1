package pdftext

import (
	"bytes"
	"strconv"
)

// operand is one operand of a content-stream operator: a number, a name
// (without its slash), a string (its bytes), an array, or something this
// reader has no use for (a dictionary, a boolean, null).
type operand struct {
	kind  operandKind
	num   float64
	str   []byte // a name or a string
	items []operand
}

type operandKind int

const (
	otherOperand operandKind = iota
	numberOperand
	nameOperand
	stringOperand
	arrayOperand
)

// lexer splits a content stream (PDF 32000-1 7.8.2) into operands and
// operators.
type lexer struct {
	b   []byte
	pos int
}

func isSpace(c byte) bool {
	return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func isDelim(c byte) bool {
	return bytes.IndexByte([]byte("()<>[]{}/%"), c) >= 0
}

// skipSpace skips white space and comments.
func (l *lexer) skipSpace() {
	for l.pos < len(l.b) {
		switch c := l.b[l.pos]; {
		case isSpace(c):
			l.pos++
		case c == '%':
			for l.pos < len(l.b) && l.b[l.pos] != '\n' && l.b[l.pos] != '\r' {
				l.pos++
			}
		default:
			return
		}
	}
}

// regular reads a run of regular characters (a number, a keyword, a name's
// body).
func (l *lexer) regular() []byte {
	start := l.pos
	for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
		l.pos++
	}
	return l.b[start:l.pos]
}

// next returns the next operand, or the next operator's name with op set;
// ok is false at the end of the stream.
func (l *lexer) next() (o operand, op string, ok bool) {
	l.skipSpace()
	if l.pos >= len(l.b) {
		return operand{}, "", false
	}
	switch c := l.b[l.pos]; c {
	case '/':
		l.pos++
		return operand{kind: nameOperand, str: l.regular()}, "", true
	case '(':
		return operand{kind: stringOperand, str: l.literal()}, "", true
	case '<':
		if l.pos+1 < len(l.b) && l.b[l.pos+1] == '<' {
			l.pos += 2
			return operand{kind: otherOperand, str: []byte("<<")}, "", true
		}
		return operand{kind: stringOperand, str: l.hex()}, "", true
	case '>':
		l.pos++
		if l.pos < len(l.b) && l.b[l.pos] == '>' {
			l.pos++
		}
		return operand{kind: otherOperand, str: []byte(">>")}, "", true
	case '[':
		l.pos++
		var items []operand
		for {
			l.skipSpace()
			if l.pos >= len(l.b) {
				break
			}
			if l.b[l.pos] == ']' {
				l.pos++
				break
			}
			it, op, ok := l.next()
			if !ok {
				break
			}
			if op == "" {
				items = append(items, it)
			}
		}
		return operand{kind: arrayOperand, items: items}, "", true
	case ']', ')', '{', '}':
		l.pos++
		return operand{}, "", true
	}
	word := l.regular()
	if len(word) == 0 {
		l.pos++
		return operand{}, "", true
	}
	if n, err := strconv.ParseFloat(string(word), 64); err == nil {
		return operand{kind: numberOperand, num: n}, "", true
	}
	switch string(word) {
	case "true", "false", "null":
		return operand{}, "", true
	case "ID":
		l.skipInlineImage()
	}
	return operand{}, string(word), true
}

// skipInlineImage skips an inline image's data, from after its ID
// operator to its EI (PDF 32000-1 8.9.7).
func (l *lexer) skipInlineImage() {
	for i := l.pos + 1; i+2 <= len(l.b); i++ {
		if l.b[i] == 'E' && i+1 < len(l.b) && l.b[i+1] == 'I' && isSpace(l.b[i-1]) &&
			(i+2 == len(l.b) || isSpace(l.b[i+2])) {
			l.pos = i + 2
			return
		}
	}
	l.pos = len(l.b)
}

// literal reads a literal string, balanced parentheses and escapes
// included (PDF 32000-1 7.3.4.2).
func (l *lexer) literal() []byte {
	l.pos++ // (
	var out []byte
	depth := 1
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return out
			}
		case '\\':
			if l.pos >= len(l.b) {
				return out
			}
			e := l.b[l.pos]
			l.pos++
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r':
				if l.pos < len(l.b) && l.b[l.pos] == '\n' {
					l.pos++
				}
				continue
			case '\n':
				continue
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '7'; k++ {
						v = v*8 + int(l.b[l.pos]-'0')
						l.pos++
					}
					c = byte(v)
				} else {
					c = e
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// hex reads a hexadecimal string; an odd last digit counts as followed
// by 0 (PDF 32000-1 7.3.4.3).
func (l *lexer) hex() []byte {
	l.pos++ // <
	var out []byte
	var hi byte
	half := false
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		if c == '>' {
			break
		}
		v, ok := hexDigit(c)
		if !ok {
			continue
		}
		if half {
			out = append(out, hi<<4|v)
		} else {
			hi = v
		}
		half = !half
	}
	if half {
		out = append(out, hi<<4)
	}
	return out
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
