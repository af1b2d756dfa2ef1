package yamldoc

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// roundTrip encodes and decodes d.
func roundTrip(t *testing.T, d *Document) *Document {
	t.Helper()
	data, err := d.MarshalBinary()
	if err != nil {
		t.Fatalf("%s: %v", d.File, err)
	}
	var back Document
	if err := back.UnmarshalBinary(data); err != nil {
		t.Fatalf("%s: %v", d.File, err)
	}
	return &back
}

// sameDocument reports what differs between two documents, "" when
// nothing a reader of a parsed document sees does.
func sameDocument(a, b *Document) string {
	switch {
	case a.File != b.File:
		return "file"
	case a.Nodes != b.Nodes:
		return "nodes"
	case !reflect.DeepEqual(a.Value, b.Value):
		return "value"
	case !reflect.DeepEqual(a.pos, b.pos):
		return "positions"
	case !reflect.DeepEqual(a.Blocks, b.Blocks):
		return "blocks"
	}
	return ""
}

// Every YAML file of the repository that parses, the bundled packs, the
// built-in templates and the test corpora (aliases, block scalars, every
// scalar kind), decodes to the document it was encoded from.
func TestEncodeRoundTrip(t *testing.T) {
	files := 0
	err := filepath.WalkDir("../../..", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		d, probs := Parse(p, src)
		if len(probs) > 0 {
			return nil
		}
		files++
		if diff := sameDocument(d, roundTrip(t, d)); diff != "" {
			t.Errorf("%s: the %s differ after a round trip", p, diff)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d files parsed", files)
	}
}

func TestEncodeKinds(t *testing.T) {
	src := "a: &x {b: [1, 2.5, -3e2, true, false, null, ~, \"s\"]}\nc: *x\nd: |\n  one\n    two\n\n  three\ne: \"\"\n"
	d, probs := Parse("kinds.yaml", []byte(src))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	back := roundTrip(t, d)
	if diff := sameDocument(d, back); diff != "" {
		t.Fatalf("the %s differ", diff)
	}
	if back.Pos("/c/b/3") != d.Pos("/c/b/3") || back.KeyPosOr("/d") != d.KeyPosOr("/d") || len(back.Blocks) != 1 {
		t.Errorf("positions: %v %v, blocks %v", back.Pos("/c/b/3"), back.KeyPosOr("/d"), back.Blocks)
	}
}

// Damaged data is an error, never a panic or a document.
func TestDecodeDamaged(t *testing.T) {
	d, probs := Parse("kinds.yaml", []byte("a: {b: [1, x, true]}\nc: |\n  text\n"))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	data, err := d.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(data) {
		var back Document
		if back.UnmarshalBinary(data[:n]) == nil {
			t.Errorf("%d of %d bytes decoded", n, len(data))
		}
	}
	for _, bad := range [][]byte{append(append([]byte(nil), data...), 0), []byte("yamldoc-0\n")} {
		var back Document
		if back.UnmarshalBinary(bad) == nil {
			t.Errorf("%q decoded", bad)
		}
	}
	for i := len(encodingVersion); i < len(data); i++ {
		flipped := append([]byte(nil), data...)
		flipped[i] ^= 0xff
		var back Document
		_ = back.UnmarshalBinary(flipped) // must not panic
	}
}
