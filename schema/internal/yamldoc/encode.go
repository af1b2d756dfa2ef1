package yamldoc

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
)

// encodingVersion starts every encoded document; a document encoded in
// another layout does not decode.
const encodingVersion = "yamldoc-2\n"

// Value tags of the encoding.
const (
	tagNull byte = iota
	tagFalse
	tagTrue
	tagString
	tagNumber
	tagList
	tagMapping
)

// MarshalBinary encodes a parsed document (its value, every position and
// block) so that UnmarshalBinary gives a document equal to it, without
// parsing YAML again: a cache of parsed files keeps it.
func (d *Document) MarshalBinary() ([]byte, error) {
	e := encoder{buf: append(make([]byte, 0, 4096), encodingVersion...)}
	e.str(d.File)
	e.uint(uint64(d.Nodes))
	if err := e.value(d.Value); err != nil {
		return nil, err
	}
	e.uint(uint64(len(d.pos)))
	for _, ptr := range slices.Sorted(maps.Keys(d.pos)) {
		p := d.pos[ptr]
		e.str(ptr)
		for _, lc := range []lineCol{p.val, p.key} {
			e.uint(uint64(lc.line))
			e.uint(uint64(lc.col))
		}
	}
	e.uint(uint64(len(d.Blocks)))
	for _, ptr := range slices.Sorted(maps.Keys(d.Blocks)) {
		b := d.Blocks[ptr]
		e.str(ptr)
		e.uint(uint64(b.Line))
		e.uint(uint64(len(b.Cols)))
		for _, c := range b.Cols {
			e.uint(uint64(c))
		}
	}
	return e.buf, nil
}

// UnmarshalBinary decodes a document that MarshalBinary encoded.
func (d *Document) UnmarshalBinary(data []byte) error {
	if len(data) < len(encodingVersion) || string(data[:len(encodingVersion)]) != encodingVersion {
		return errors.New("not an encoded document of this version")
	}
	r := decoder{buf: data[len(encodingVersion):]}
	out := Document{File: r.str(), Nodes: int(r.uint())}
	out.Value = r.value(0)
	out.pos = r.positions()
	out.Blocks = map[string]BlockText{}
	for n := r.count(); n > 0 && r.err == nil; n-- {
		ptr := r.str()
		b := BlockText{Line: int(r.uint())}
		if c := r.count(); c > 0 {
			b.Cols = make([]int, c)
			for i := range b.Cols {
				b.Cols[i] = int(r.uint())
			}
		}
		out.Blocks[ptr] = b
	}
	if r.err == nil && len(r.buf) > 0 {
		r.err = errors.New("data after the document")
	}
	if r.err != nil {
		return fmt.Errorf("decoding a document: %w", r.err)
	}
	*d = out
	return nil
}

type encoder struct{ buf []byte }

func (e *encoder) uint(v uint64) { e.buf = binary.AppendUvarint(e.buf, v) }

func (e *encoder) str(s string) {
	e.uint(uint64(len(s)))
	e.buf = append(e.buf, s...)
}

func (e *encoder) value(v any) error {
	switch v := v.(type) {
	case nil:
		e.buf = append(e.buf, tagNull)
	case bool:
		e.buf = append(e.buf, map[bool]byte{false: tagFalse, true: tagTrue}[v])
	case string:
		e.buf = append(e.buf, tagString)
		e.str(v)
	case json.Number:
		e.buf = append(e.buf, tagNumber)
		e.str(string(v))
	case []any:
		e.buf = append(e.buf, tagList)
		e.uint(uint64(len(v)))
		for _, x := range v {
			if err := e.value(x); err != nil {
				return err
			}
		}
	case map[string]any:
		e.buf = append(e.buf, tagMapping)
		e.uint(uint64(len(v)))
		for _, k := range slices.Sorted(maps.Keys(v)) {
			e.str(k)
			if err := e.value(v[k]); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("a value of type %T cannot be encoded", v)
	}
	return nil
}

// decoder reads an encoded document; the first error stops it and every
// read after it gives zero values.
type decoder struct {
	buf []byte
	err error
}

func (r *decoder) fail(msg string) {
	if r.err == nil {
		r.err = errors.New(msg)
	}
	r.buf = nil
}

func (r *decoder) uint() uint64 {
	v, n := binary.Uvarint(r.buf)
	if n <= 0 {
		r.fail("truncated number")
		return 0
	}
	r.buf = r.buf[n:]
	return v
}

// count reads a length, which cannot exceed the bytes left (each item
// takes one at least).
func (r *decoder) count() int {
	n := r.uint()
	if n > uint64(len(r.buf)) {
		r.fail("length past the end")
		return 0
	}
	return int(n)
}

func (r *decoder) str() string {
	n := r.count()
	s := string(r.buf[:n])
	r.buf = r.buf[n:]
	return s
}

func (r *decoder) value(depth int) any {
	if len(r.buf) == 0 || depth > MaxDepth+1 {
		r.fail("truncated value")
		return nil
	}
	tag := r.buf[0]
	r.buf = r.buf[1:]
	switch tag {
	case tagNull:
		return nil
	case tagFalse:
		return false
	case tagTrue:
		return true
	case tagString:
		return r.str()
	case tagNumber:
		return json.Number(r.str())
	case tagList:
		a := make([]any, r.count())
		for i := range a {
			a[i] = r.value(depth + 1)
		}
		return a
	case tagMapping:
		n := r.count()
		m := make(map[string]any, n)
		for range n {
			k := r.str()
			m[k] = r.value(depth + 1)
		}
		return m
	}
	r.fail("unknown value tag")
	return nil
}

func (r *decoder) positions() map[string]places {
	n := r.count()
	m := make(map[string]places, n)
	for range n {
		ptr := r.str()
		var p places
		for _, lc := range []*lineCol{&p.val, &p.key} {
			lc.line, lc.col = r.int32(), r.int32()
		}
		m[ptr] = p
	}
	return m
}

// int32 reads a line or column, which must fit an int32.
func (r *decoder) int32() int32 {
	v := r.uint()
	if v > math.MaxInt32 {
		r.fail("line or column out of range")
		return 0
	}
	return int32(v)
}
