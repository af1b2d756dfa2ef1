package yamldoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"
)

// Limits that keep hostile input from exhausting memory.
const (
	// MaxFileSize is the largest content file read, in bytes.
	MaxFileSize = 4 << 20
	// MaxDepth is the deepest nesting of mappings and sequences.
	MaxDepth = 64
	// MaxNodes is the most keys and values one file may expand to, aliases
	// included. The largest bundled file has about a thousand; the budget
	// keeps a file's tree and positions within a few tens of megabytes.
	MaxNodes = 100_000
)

// Document is a YAML file turned into a JSON value, with the position of
// every value and every mapping key by JSON pointer.
type Document struct {
	// File is the name shown in positions.
	File string
	// Value is the file's content as a JSON value.
	Value any
	// pos holds the position of every value and mapping key by JSON
	// pointer, as lines and columns of File: a pack keeps its documents
	// for as long as it is validated and built, and a Pos (with its file
	// name) for each of the two made most of that memory in packs of
	// thousands of cards.
	pos map[string]places
	// Nodes counts the keys and values the file expands to.
	Nodes int
	// budget is the most nodes the file may expand to; overBudget is set
	// once nodes passed it.
	budget     int
	overBudget bool
	// why says what lowered the budget below MaxNodes, if anything.
	why string
	// inAlias is set while converting what an alias repeats, placed at
	// aliasAt.
	inAlias bool
	aliasAt Pos
	// Blocks are the literal block scalars (|) by JSON pointer, with where
	// their lines start in the file.
	Blocks map[string]BlockText
	// src is the file's text while it is converted; lineStarts, the offset
	// of each of its lines, is computed for the first block scalar.
	src        []byte
	lineStarts []int
}

// places is where the value at a pointer, and its key when it is a member
// of a mapping, are written in the file.
type places struct {
	val, key lineCol
}

// lineCol is a position in the document's file; line 0 is none.
type lineCol struct {
	line, col int32
}

// lineColOf is p's line and column.
func lineColOf(p Pos) lineCol { return lineCol{int32(p.Line), int32(p.Col)} }

// in is the position of lc in file.
func (lc lineCol) in(file string) Pos { return Pos{File: file, Line: int(lc.line), Col: int(lc.col)} }

// BlockText is where the text lines of a literal block scalar start in
// the file: Line is the file line of its first text line, and Cols holds,
// for each text line, the column of its first character (0 where unknown:
// an empty line, or one not written as it reads).
type BlockText struct {
	Line int
	Cols []int
}

// Pos returns the position of the value at pointer, falling back to the
// nearest enclosing value that has one.
func (d *Document) Pos(pointer string) Pos {
	for {
		if p := d.pos[pointer]; p.val.line > 0 {
			return p.val.in(d.File)
		}
		i := strings.LastIndexByte(pointer, '/')
		if i < 0 {
			return Pos{File: d.File, Line: 1, Col: 1}
		}
		pointer = pointer[:i]
	}
}

// KeyPosOr returns the position of the mapping key at pointer, or of its value.
func (d *Document) KeyPosOr(pointer string) Pos {
	if p := d.pos[pointer]; p.key.line > 0 {
		return p.key.in(d.File)
	}
	return d.Pos(pointer)
}

// HasValue reports whether the file holds a value at pointer.
func (d *Document) HasValue(pointer string) bool {
	return d.pos[pointer].val.line > 0
}

// ValueAt returns the value at a JSON pointer of the document.
func (d *Document) ValueAt(ptr string) any {
	v := d.Value
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch t := v.(type) {
		case map[string]any:
			v = t[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(t) {
				return nil
			}
			v = t[i]
		default:
			return nil
		}
	}
	return v
}

// Parse parses one YAML document into a JSON value. Dates stay
// strings; non-string keys, merge keys and documents over the limits are
// problems with positions.
func Parse(file string, src []byte) (*Document, []Problem) {
	return ParseWithin(file, src, MaxNodes, "")
}

// ParseWithin is Parse with a budget of keys and values lower than
// MaxNodes; why, if set, says what lowered it.
func ParseWithin(file string, src []byte, budget int, why string) (*Document, []Problem) {
	if len(src) > MaxFileSize {
		return nil, []Problem{{Pos: Pos{File: file, Line: 1, Col: 1}, Rule: "yaml/limit",
			Message: fmt.Sprintf("file is %d bytes; the limit is %d bytes", len(src), MaxFileSize)}}
	}
	src, ok := fromUTF16(src)
	if !ok {
		return nil, []Problem{{Pos: Pos{File: file, Line: 1, Col: 1}, Rule: "yaml/syntax",
			Message: "the file starts like UTF-16 text but is not valid UTF-16", Hint: "save the file as UTF-8 text"}}
	}
	if p := byteProblem(file, src); p != nil {
		return nil, []Problem{*p}
	}
	scan := scanSource(file, src, budget)
	if scan.over != nil {
		p := Problem{Pos: *scan.over, Rule: "yaml/limit",
			Message: fmt.Sprintf("file has more than %d keys and values; the limit is %d", budget, budget),
			Hint:    "split the content over several files"}
		if why != "" {
			p.Message, p.Hint = why, "split the content over several packs"
		}
		return nil, []Problem{p}
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var root yaml.Node
	if err := dec.Decode(&root); err != nil && !errors.Is(err, io.EOF) {
		return nil, []Problem{missingColon(src, overIndented(src, yamlSyntaxProblem(file, err, scan)))}
	}
	if p, found := secondDocument(file, dec, scan); found {
		return nil, []Problem{p}
	}
	// The scan's count of entries is about the number of values, each of
	// which gets a position: sized for them, the map is not grown and
	// rehashed over and over as a file of thousands of cards converts.
	d := &Document{File: file, pos: make(map[string]places, scan.entries+1), budget: budget, why: why,
		Blocks: map[string]BlockText{}, src: src}
	defer func() { d.src, d.lineStarts = nil, nil }()
	if root.Kind == 0 || len(root.Content) == 0 {
		return nil, []Problem{{Pos: Pos{File: file, Line: 1, Col: 1}, Rule: "yaml/syntax", Message: "file is empty"}}
	}
	var probs []Problem
	d.Value = d.convert(root.Content[0], "", lineCol{}, 0, &probs)
	if len(probs) > 0 {
		return nil, probs
	}
	return d, nil
}

// secondDocument reports a YAML document after the first one: a pack file
// holds one, and a second would otherwise be silently ignored. Empty
// documents (a lone "---" or "..." at the end) are allowed.
func secondDocument(file string, dec *yaml.Decoder, scan srcScan) (Problem, bool) {
	for {
		var next yaml.Node
		err := dec.Decode(&next)
		switch {
		case errors.Is(err, io.EOF):
			return Problem{}, false
		case err != nil:
			return yamlSyntaxProblem(file, err, scan), true
		case next.Kind == 0 || len(next.Content) == 0:
			continue
		}
		at := next.Content[0]
		if at.Kind == yaml.ScalarNode && at.Tag == "!!null" && at.Value == "" {
			continue
		}
		return Problem{Pos: Pos{File: file, Line: at.Line, Col: at.Column}, Rule: "yaml/syntax",
			Message: "a second YAML document (after ---): a pack file holds one document, and runforge would ignore the rest",
			Hint:    "put each deck, sheet, board or token set in a file of its own"}, true
	}
}

// at is the position of a node, or of the alias that repeats it.
func (d *Document) at(n *yaml.Node) Pos {
	if d.inAlias {
		return d.aliasAt
	}
	return Pos{File: d.File, Line: n.Line, Col: n.Column}
}

// report records a problem of the file's text; what an alias repeats was
// reported where it is written.
func (d *Document) report(probs *[]Problem, p Problem) {
	if !d.inAlias {
		*probs = append(*probs, p)
	}
}

// keyProblem explains a mapping key that is not a plain name.
func keyProblem(at Pos, k *yaml.Node) Problem {
	p := Problem{Pos: at, Rule: "yaml/key"}
	written := writtenAs(k)
	switch {
	case k.Tag == "!!merge":
		p.Message = "merge keys (<<) are not supported; write the fields out"
		return p
	case k.Kind == yaml.AliasNode:
		p.Message = fmt.Sprintf("key %s is an alias; a mapping key must be a plain name", written)
	case k.Kind == yaml.SequenceNode:
		p.Message = fmt.Sprintf("key %s is a list; a mapping key must be a plain name", written)
	case k.Kind == yaml.MappingNode:
		p.Message = fmt.Sprintf("key %s is a mapping; a mapping key must be a plain name", written)
	case k.Tag == "!!null" && k.Value == "":
		p.Message = "this key is empty; a mapping key must be a plain name"
	case k.Kind == yaml.ScalarNode && scalarKinds[k.Tag] != "":
		p.Message = fmt.Sprintf("key %q is not a string: YAML reads it as %s; a mapping key must be a plain name",
			k.Value, scalarKinds[k.Tag])
		p.Hint = fmt.Sprintf("if %s is meant as a name, write it in quotes: %q", k.Value, k.Value)
	default:
		p.Message = fmt.Sprintf("key %s has the tag %s; a mapping key must be a plain name", written, k.Tag)
		p.Hint = "remove the tag"
	}
	return p
}

// numberedMapping explains a mapping whose keys are all whole numbers
// ({1: C1, 2: A3}): a list numbered by hand, most likely, where a list is
// meant; one problem at the mapping.
func numberedMapping(at Pos, ptr string, n *yaml.Node) (Problem, bool) {
	var keys []string
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode || k.Tag != "!!int" {
			return Problem{}, false
		}
		keys = append(keys, k.Value)
	}
	if len(keys) < 2 {
		return Problem{}, false
	}
	name := "this mapping"
	if i := strings.LastIndexByte(ptr, '/'); i >= 0 && ptr[i+1:] != "" {
		name = ptr[i+1:]
	}
	shown := keys
	if len(shown) > 4 {
		shown = append(shown[:3:3], "...", keys[len(keys)-1])
	}
	return Problem{Pos: at, Rule: "yaml/key",
		Message: fmt.Sprintf("%s is written as a mapping whose keys are numbers (%s); a mapping key must be a plain name, and numbered entries are a list",
			name, strings.Join(shown, ", ")),
		Hint: fmt.Sprintf("write %s as a list, its number a field of each entry (%s: [{number: 1, ...}, {number: 2, ...}], or one \"- \" line per entry); if the numbers are names, write them in quotes", name, name)}, true
}

// scalarKinds names the kinds of plain scalar YAML resolves to something
// other than text.
var scalarKinds = map[string]string{
	"!!int": "a number", "!!float": "a number", "!!bool": "true or false",
	"!!null": "null (nothing)", "!!timestamp": "a date", "!!binary": "binary data",
}

// writtenAs renders a key as it is written, on one line and shortened.
func writtenAs(n *yaml.Node) string {
	if n.Kind == yaml.AliasNode {
		return "*" + n.Value
	}
	if n.Kind == yaml.ScalarNode {
		return strconv.Quote(n.Value)
	}
	flow := *n
	setFlow(&flow, 0)
	b, err := yaml.Marshal(&flow)
	s := strings.TrimSpace(string(b))
	if err != nil || strings.Contains(s, "\n") {
		s = map[yaml.Kind]string{yaml.SequenceNode: "[...]", yaml.MappingNode: "{...}"}[n.Kind]
	}
	if r := []rune(s); len(r) > 40 {
		s = string(r[:37]) + "..."
	}
	return s
}

// setFlow makes a copy of a collection node and its children write in flow
// style, without comments, so it prints on one line.
func setFlow(n *yaml.Node, depth int) {
	n.Style |= yaml.FlowStyle
	n.HeadComment, n.LineComment, n.FootComment = "", "", ""
	if depth > 8 || n.Kind == yaml.AliasNode {
		n.Content = nil
		return
	}
	kids := make([]*yaml.Node, min(len(n.Content), 10))
	for i, c := range n.Content[:len(kids)] {
		cp := *c
		setFlow(&cp, depth+1)
		kids[i] = &cp
	}
	n.Content = kids
}

func (d *Document) convert(n *yaml.Node, ptr string, key lineCol, depth int, probs *[]Problem) any {
	d.Nodes++
	if key.line > 0 && (d.Nodes > d.budget || depth > MaxDepth) {
		// A value not converted still has its key placed.
		p := d.pos[ptr]
		p.key = key
		d.pos[ptr] = p
	}
	if d.Nodes > d.budget {
		if !d.overBudget {
			d.overBudget = true
			msg := fmt.Sprintf("file expands to more than %d keys and values (check aliases)", d.budget)
			if d.why != "" {
				msg = d.why + " (check aliases)"
			}
			*probs = append(*probs, Problem{Pos: d.at(n), Rule: "yaml/limit", Message: msg})
		}
		return nil
	}
	if depth > MaxDepth {
		*probs = append(*probs, Problem{Pos: d.at(n), Rule: "yaml/limit",
			Message: fmt.Sprintf("nesting deeper than %d levels", MaxDepth)})
		return nil
	}
	// One look-up and one store for the value and its key: an alias
	// converts what it repeats at its own pointer, whose value position
	// (the alias) is kept.
	if p := d.pos[ptr]; p.val.line == 0 || key.line > 0 {
		if key.line > 0 {
			p.key = key
		}
		if p.val.line == 0 {
			p.val = lineColOf(d.at(n))
		}
		d.pos[ptr] = p
	}
	switch n.Kind {
	case yaml.AliasNode:
		if !d.inAlias {
			// Everything the alias repeats is placed at the alias: a
			// finding about the copy points at the copy, and the anchored
			// original keeps its own positions.
			d.aliasAt = d.at(n)
			d.inAlias = true
			defer func() { d.inAlias = false }()
		}
		return d.convert(n.Alias, ptr, lineCol{}, depth+1, probs)
	case yaml.MappingNode:
		obj := make(map[string]any, len(n.Content)/2)
		d.Nodes += len(n.Content) / 2 // the keys
		if p, ok := numberedMapping(d.at(n), ptr, n); ok {
			// One finding for the mapping, not one for each of its keys.
			d.report(probs, p)
			return obj
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
				d.report(probs, keyProblem(d.at(k), k))
				continue
			}
			child := ptr + "/" + EscapePointer(k.Value)
			if _, dup := obj[k.Value]; dup {
				pr := Problem{Pos: d.at(k), Rule: "yaml/key",
					Message: fmt.Sprintf("key %q appears twice in this mapping", k.Value),
					Hint:    "delete one of them; YAML would keep only one value"}
				if first := d.pos[child]; first.key.line > 0 {
					pr.Related = []Related{{Pos: first.key.in(d.File), Message: "first here"}}
				}
				d.report(probs, pr)
				continue
			}
			obj[k.Value] = d.convert(v, child, lineColOf(d.at(k)), depth+1, probs)
		}
		return obj
	case yaml.SequenceNode:
		arr := make([]any, len(n.Content))
		for i, c := range n.Content {
			arr[i] = d.convert(c, ptr+"/"+strconv.Itoa(i), lineCol{}, depth+1, probs)
		}
		return arr
	case yaml.ScalarNode:
		if n.Style&yaml.LiteralStyle != 0 && !d.inAlias {
			d.Blocks[ptr] = d.blockLines(n)
		}
		return d.scalar(n, probs)
	}
	*probs = append(*probs, Problem{Pos: d.at(n), Rule: "yaml/syntax", Message: "unsupported YAML node"})
	return nil
}

// blockLines finds where each text line of a literal block scalar starts:
// its text begins on the line after the | indicator, one file line per
// text line, and a line's text is the end of its file line.
func (d *Document) blockLines(n *yaml.Node) BlockText {
	if d.lineStarts == nil {
		d.lineStarts = []int{0}
		for i, c := range d.src {
			if c == '\n' {
				d.lineStarts = append(d.lineStarts, i+1)
			}
		}
	}
	text := strings.Split(n.Value, "\n")
	b := BlockText{Line: n.Line + 1, Cols: make([]int, len(text))}
	for i, t := range text {
		idx := n.Line + i // 0-based index of file line n.Line+1+i
		if t == "" || idx >= len(d.lineStarts) {
			continue
		}
		end := len(d.src)
		if idx+1 < len(d.lineStarts) {
			end = d.lineStarts[idx+1] - 1
		}
		line := strings.TrimSuffix(string(d.src[d.lineStarts[idx]:end]), "\r")
		if strings.HasSuffix(line, t) {
			b.Cols[i] = utf8.RuneCountInString(line[:len(line)-len(t)]) + 1
		}
	}
	return b
}

func (d *Document) scalar(n *yaml.Node, probs *[]Problem) any {
	switch n.Tag {
	case "!!null":
		return nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err == nil {
			return b
		}
	case "!!int":
		var i int64
		if err := n.Decode(&i); err == nil {
			return json.Number(strconv.FormatInt(i, 10))
		}
		d.report(probs, Problem{Pos: d.at(n), Rule: "yaml/syntax", Message: fmt.Sprintf("integer %s is out of range", n.Value)})
		return nil
	case "!!float":
		var f float64
		if err := n.Decode(&f); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
		}
		d.report(probs, Problem{Pos: d.at(n), Rule: "yaml/syntax", Message: fmt.Sprintf("%s is not a finite number", n.Value)})
		return nil
	}
	// Strings, timestamps and any other tag stay text.
	return n.Value
}

// EscapePointer escapes a mapping key for use as a JSON pointer token.
func EscapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// yamlSyntaxProblem turns a yaml.v3 error ("yaml: line 3: ...") into a
// positioned problem. yaml.v3 gives no column and, for tabs and unclosed
// quotes, not always the right line: the scan of the bytes finds those.
func yamlSyntaxProblem(file string, err error, scan srcScan) Problem {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.IndexByte(rest, ':'); i > 0 {
			if l, convErr := strconv.Atoi(rest[:i]); convErr == nil {
				line = l
				msg = strings.TrimSpace(rest[i+1:])
			}
		}
	}
	if p, ok := scannedSyntaxProblem(msg, line, scan); ok {
		return p
	}
	return Problem{Pos: Pos{File: file, Line: max(line, 1), Col: 1}, Rule: "yaml/syntax", Message: msg}
}

// overIndented places a parser error that an over-indented line causes
// ("did not find expected key", "mapping values are not allowed"), which
// yaml.v3 reports at column 1 of the line before it or of the mapping that
// holds it: at the first line, from the reported one on, indented deeper
// than the line above it although that line's key already has its value.
func overIndented(src []byte, p Problem) Problem {
	if p.Pos.Col != 1 || !(strings.Contains(p.Message, "did not find expected key") ||
		strings.Contains(p.Message, "mapping values are not allowed")) {
		return p
	}
	lines := strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
	prevIndent, prevHasValue, blockAt := -1, false, -1
	for i, l := range lines {
		trimmed := strings.TrimLeft(l, " ")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		indent := len(l) - len(trimmed)
		if blockAt >= 0 && indent > blockAt {
			continue // a line of a block scalar (| or >)
		}
		blockAt = -1
		if i+1 >= p.Pos.Line && prevIndent >= 0 && indent > prevIndent && prevHasValue {
			p.Pos.Line, p.Pos.Col = i+1, indent+1
			p.Message = "this line is indented deeper than the line above it, whose key already has a value"
			p.Hint = "indent it like the key above it to make it a sibling, or fix the line above"
			return p
		}
		// A list item's key starts after its "- " markers.
		for strings.HasPrefix(trimmed, "- ") {
			indent += 2
			trimmed = strings.TrimLeft(trimmed[2:], " ")
		}
		prevIndent, prevHasValue = indent, hasInlineValue(trimmed)
		if v := blockIndicator(trimmed); v {
			blockAt = indent
		}
	}
	return p
}

// missingColon explains yaml.v3's "could not find expected ':'", reported
// at column 1 of a line of a mapping that is no "key: value": most often a
// key whose colon (or the space after it) is missing, as in "name Town".
// It points at the line's first character; when the reported line is a
// good "key: value", the culprit is the nearest line above it. The same
// mistake on a list item ("- id a") makes yaml.v3 report "mapping values
// are not allowed" on the next line.
func missingColon(src []byte, p Problem) Problem {
	expected := strings.Contains(p.Message, "could not find expected ':'")
	// "mapping values are not allowed" after a plain line: the line above
	// ("- id a") ran on into this line's key.
	runOn := strings.Contains(p.Message, "mapping values are not allowed")
	if p.Pos.Col != 1 || !(expected || runOn) {
		return p
	}
	lines := strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
	seen := 0
	for i := min(p.Pos.Line, len(lines)) - 1; i >= 0 && i >= p.Pos.Line-3; i-- {
		trimmed := strings.TrimLeft(lines[i], " ")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if seen++; runOn && seen > 2 {
			return p // only the line just above can have run on
		}
		indent := len(lines[i]) - len(trimmed)
		for strings.HasPrefix(trimmed, "- ") {
			indent += 2
			trimmed = strings.TrimLeft(trimmed[2:], " ")
		}
		if strings.Contains(trimmed, ": ") || strings.HasSuffix(trimmed, ":") {
			continue // a good key: value
		}
		key, _, _ := strings.Cut(trimmed, " ")
		p.Pos.Line, p.Pos.Col = i+1, indent+1
		p.Message = "this line is no \"key: value\": a colon and a space are missing after the key"
		p.Hint = fmt.Sprintf("write %s: followed by a space and the value", key)
		return p
	}
	return p
}

// hasInlineValue reports whether a block line ("key: value", "- key: value"
// or "- value") ends with a value of its own rather than opening a nested
// block ("key:", "key: |", "- ").
func hasInlineValue(line string) bool {
	line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "- "))
	if i := strings.Index(line, " #"); i >= 0 {
		line = strings.TrimSpace(line[:i])
	}
	if line == "" || line == "-" || strings.HasSuffix(line, ":") {
		return false
	}
	if i := strings.Index(line, ": "); i >= 0 {
		v := strings.TrimSpace(line[i+2:])
		return v != "" && v[0] != '|' && v[0] != '>' && v[0] != '&'
	}
	return true
}

// blockIndicator reports whether a block line's value opens a block scalar.
func blockIndicator(line string) bool {
	if i := strings.Index(line, ": "); i >= 0 {
		v := strings.TrimSpace(line[i+2:])
		return v != "" && (v[0] == '|' || v[0] == '>')
	}
	return false
}

// near reports whether a position found by the scan is what the parser
// reports at line (0: no line), which may be the line before it.
func near(p Pos, line int) bool {
	return line == 0 || p.Line == line || p.Line == line+1
}

// scannedSyntaxProblem places a parser error that the scan explains: a tab
// in indentation, a quote that is never closed, a reserved character.
// line is the parser's line, 0 when it gave none.
func scannedSyntaxProblem(msg string, line int, scan srcScan) (Problem, bool) {
	noToken := strings.Contains(msg, "cannot start any token")
	var found []Problem
	if strings.Contains(msg, "tab character") || noToken {
		for _, t := range scan.tabs {
			if near(t, line) {
				found = append(found, Problem{Pos: t, Rule: "yaml/syntax", Message: "a tab cannot indent YAML; use spaces",
					Hint: "set your editor to insert spaces for the Tab key"})
				break
			}
		}
	}
	if r := scan.reserved; noToken && r != nil && near(*r, line) {
		found = append(found, Problem{Pos: *r, Rule: "yaml/syntax", Message: "@ and ` cannot start a value in YAML",
			Hint: "put the value in quotes"})
	}
	if len(found) > 0 {
		// The parser stops at the first of them.
		SortProblems(found)
		return found[0], true
	}
	if q := scan.quote; q != nil {
		if !q.closed && (strings.Contains(msg, "end of stream") || line >= q.open.Line-3) {
			return Problem{Pos: q.open, Rule: "yaml/syntax", Message: "this quote is never closed",
				Hint: "end the value with the same quote mark it starts with"}, true
		}
		if q.closed && line >= q.open.Line-3 && line <= q.last+1 {
			return Problem{Pos: q.open, Rule: "yaml/syntax",
				Message: fmt.Sprintf("this quote is not closed on its line, so YAML reads on to the quote on line %d", q.last),
				Hint:    "end the value with the same quote mark it starts with"}, true
		}
	}
	if u := scan.unclosed; u != nil && (strings.Contains(msg, "did not find expected ',' or") || strings.Contains(msg, "end of stream") ||
		(noToken && (line == 0 || u.Line <= line))) {
		// A block value after an unclosed bracket ("text: >-") is a
		// character that "cannot start any token" inside the bracket.
		return Problem{Pos: *u, Rule: "yaml/syntax", Message: fmt.Sprintf("this %c is never closed", scan.bracket),
			Hint: "close the list with ] or the mapping with }"}, true
	}
	return Problem{}, false
}
