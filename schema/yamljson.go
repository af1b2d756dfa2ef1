package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Limits that keep hostile input from exhausting memory.
const (
	// MaxFileSize is the largest content file read, in bytes.
	MaxFileSize = 4 << 20
	// MaxDepth is the deepest nesting of mappings and sequences.
	MaxDepth = 64
	// MaxNodes is the most values one file may expand to, aliases included.
	MaxNodes = 200_000
)

// document is a YAML file turned into a JSON value, with the position of
// every value and every mapping key by JSON pointer.
type document struct {
	file   string
	value  any
	valPos map[string]Pos
	keyPos map[string]Pos
	nodes  int
}

// pos returns the position of the value at pointer, falling back to the
// nearest enclosing value that has one.
func (d *document) pos(pointer string) Pos {
	for {
		if p, ok := d.valPos[pointer]; ok {
			return p
		}
		i := strings.LastIndexByte(pointer, '/')
		if i < 0 {
			return Pos{File: d.file, Line: 1, Col: 1}
		}
		pointer = pointer[:i]
	}
}

// keyPosOr returns the position of the mapping key at pointer, or of its value.
func (d *document) keyPosOr(pointer string) Pos {
	if p, ok := d.keyPos[pointer]; ok {
		return p
	}
	return d.pos(pointer)
}

// parseDocument parses one YAML document into a JSON value. Dates stay
// strings; non-string keys, merge keys and documents over the limits are
// problems with positions.
func parseDocument(file string, src []byte) (*document, []Problem) {
	if len(src) > MaxFileSize {
		return nil, []Problem{{Pos: Pos{File: file}, Rule: "yaml/limit",
			Message: fmt.Sprintf("file is %d bytes; the limit is %d", len(src), MaxFileSize)}}
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var root yaml.Node
	if err := dec.Decode(&root); err != nil && !errors.Is(err, io.EOF) {
		return nil, []Problem{yamlSyntaxProblem(file, err)}
	}
	if p, found := secondDocument(file, dec); found {
		return nil, []Problem{p}
	}
	d := &document{file: file, valPos: map[string]Pos{}, keyPos: map[string]Pos{}}
	if root.Kind == 0 || len(root.Content) == 0 {
		return nil, []Problem{{Pos: Pos{File: file, Line: 1, Col: 1}, Rule: "yaml/syntax", Message: "file is empty"}}
	}
	var probs []Problem
	d.value = d.convert(root.Content[0], "", 0, &probs)
	if len(probs) > 0 {
		return nil, probs
	}
	return d, nil
}

// secondDocument reports a YAML document after the first one: a pack file
// holds one, and a second would otherwise be silently ignored. Empty
// documents (a lone "---" or "..." at the end) are allowed.
func secondDocument(file string, dec *yaml.Decoder) (Problem, bool) {
	for {
		var next yaml.Node
		err := dec.Decode(&next)
		switch {
		case errors.Is(err, io.EOF):
			return Problem{}, false
		case err != nil:
			return yamlSyntaxProblem(file, err), true
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

func (d *document) at(n *yaml.Node) Pos { return Pos{File: d.file, Line: n.Line, Col: n.Column} }

func (d *document) convert(n *yaml.Node, ptr string, depth int, probs *[]Problem) any {
	d.nodes++
	if d.nodes > MaxNodes {
		if d.nodes == MaxNodes+1 {
			*probs = append(*probs, Problem{Pos: d.at(n), Rule: "yaml/limit",
				Message: fmt.Sprintf("file expands to more than %d values (check aliases)", MaxNodes)})
		}
		return nil
	}
	if depth > MaxDepth {
		*probs = append(*probs, Problem{Pos: d.at(n), Rule: "yaml/limit",
			Message: fmt.Sprintf("nesting deeper than %d levels", MaxDepth)})
		return nil
	}
	if _, seen := d.valPos[ptr]; !seen {
		d.valPos[ptr] = d.at(n)
	}
	switch n.Kind {
	case yaml.AliasNode:
		return d.convert(n.Alias, ptr, depth+1, probs)
	case yaml.MappingNode:
		obj := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
				msg := fmt.Sprintf("key %q is not a string; quote it", k.Value)
				if k.Tag == "!!merge" {
					msg = "merge keys (<<) are not supported; write the fields out"
				}
				*probs = append(*probs, Problem{Pos: d.at(k), Rule: "yaml/key", Message: msg})
				continue
			}
			if _, dup := obj[k.Value]; dup {
				*probs = append(*probs, Problem{Pos: d.at(k), Rule: "yaml/key",
					Message: fmt.Sprintf("key %q appears twice in this mapping", k.Value)})
				continue
			}
			child := ptr + "/" + escapePointer(k.Value)
			d.keyPos[child] = d.at(k)
			obj[k.Value] = d.convert(v, child, depth+1, probs)
		}
		return obj
	case yaml.SequenceNode:
		arr := make([]any, len(n.Content))
		for i, c := range n.Content {
			arr[i] = d.convert(c, ptr+"/"+strconv.Itoa(i), depth+1, probs)
		}
		return arr
	case yaml.ScalarNode:
		return d.scalar(n, probs)
	}
	*probs = append(*probs, Problem{Pos: d.at(n), Rule: "yaml/syntax", Message: "unsupported YAML node"})
	return nil
}

func (d *document) scalar(n *yaml.Node, probs *[]Problem) any {
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
		*probs = append(*probs, Problem{Pos: d.at(n), Rule: "yaml/syntax", Message: fmt.Sprintf("integer %s is out of range", n.Value)})
		return nil
	case "!!float":
		var f float64
		if err := n.Decode(&f); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
		}
		*probs = append(*probs, Problem{Pos: d.at(n), Rule: "yaml/syntax", Message: fmt.Sprintf("%s is not a finite number", n.Value)})
		return nil
	}
	// Strings, timestamps and any other tag stay text.
	return n.Value
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// yamlSyntaxProblem turns a yaml.v3 error ("yaml: line 3: ...") into a
// positioned problem.
func yamlSyntaxProblem(file string, err error) Problem {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 1
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.IndexByte(rest, ':'); i > 0 {
			if l, convErr := strconv.Atoi(rest[:i]); convErr == nil {
				line = l
				msg = strings.TrimSpace(rest[i+1:])
			}
		}
	}
	return Problem{Pos: Pos{File: file, Line: line, Col: 1}, Rule: "yaml/syntax", Message: msg}
}
