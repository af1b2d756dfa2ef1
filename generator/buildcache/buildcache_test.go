package buildcache

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

func TestGetPut(t *testing.T) {
	c := Open(t.TempDir())
	if _, ok := c.Get("kits", "abc"); ok {
		t.Fatal("an empty cache has an entry")
	}
	if err := c.Put("kits", "abc", []byte("hello")); err != nil {
		t.Fatal(err)
	}
	got, ok := c.Get("kits", "abc")
	if !ok || string(got) != "hello" {
		t.Fatalf("Get = %q, %v", got, ok)
	}
	if err := c.Put("kits", "abc", []byte("again")); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Get("kits", "abc"); string(got) != "again" {
		t.Fatalf("after a second Put, Get = %q", got)
	}
	if err := c.Remove("kits", "abc"); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get("kits", "abc"); ok {
		t.Fatal("a removed entry is still there")
	}
	if err := c.Remove("kits", "abc"); err != nil {
		t.Fatalf("removing an entry that is gone: %v", err)
	}
	for _, bad := range []string{"", "../x", "a/b", ".hidden", `a\b`} {
		if err := c.Put("kits", bad, nil); err == nil {
			t.Errorf("Put accepted the name %q", bad)
		}
	}
}

// TestDamagedEntriesReadAsMissing checks that an entry whose file was cut
// short, changed or replaced is never returned.
func TestDamagedEntriesReadAsMissing(t *testing.T) {
	data := bytes.Repeat([]byte("record "), 100)
	whole := wrap(data)
	for _, tc := range []struct {
		name string
		file []byte
	}{
		{"empty", nil},
		{"magic only", []byte(magic)},
		{"truncated in the checksum", whole[:len(magic)+10]},
		{"truncated in the data", whole[:len(whole)-1]},
		{"one bit flipped", func() []byte { b := bytes.Clone(whole); b[len(b)-5] ^= 1; return b }()},
		{"data appended", append(bytes.Clone(whole), 'x')},
		{"another format", append([]byte("runforge-cache 0\n"), whole[len(magic):]...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Open(t.TempDir())
			if err := c.Put("kits", "k", data); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(c.path("kits", "k"), tc.file, 0o644); err != nil {
				t.Fatal(err)
			}
			if got, ok := c.Get("kits", "k"); ok {
				t.Fatalf("a damaged entry was read: %.20q", got)
			}
		})
	}
}

func TestKeyFieldsDoNotRunTogether(t *testing.T) {
	sum := func(fields ...string) string {
		k := NewKey("test")
		for _, f := range fields {
			k.String("f", f)
		}
		return k.Sum()
	}
	if sum("ab", "c") == sum("a", "bc") {
		t.Error(`("ab", "c") and ("a", "bc") hash alike`)
	}
	if a, b := sum("a"), sum("a"); a != b {
		t.Error("a key is not the same twice")
	}
	k1, k2 := NewKey("one"), NewKey("two")
	if k1.Sum() == k2.Sum() {
		t.Error("two purposes hash alike")
	}
}

func TestHashFS(t *testing.T) {
	base := fstest.MapFS{
		"game.yaml":        {Data: []byte("kind: Game\n")},
		"cards.yaml":       {Data: []byte("cards: []\n")},
		"art/a.png":        {Data: []byte{1, 2, 3}},
		"out/.cache/x":     {Data: []byte("cache")},
		"out/pack/big.pdf": {Data: []byte("%PDF")},
	}
	hash := func(fsys fstest.MapFS, skip func(string) bool) string {
		k := NewKey("test")
		if err := HashFS(k, fsys, skip); err != nil {
			t.Fatal(err)
		}
		return k.Sum()
	}
	skipOut := func(p string) bool { return p == "out" }
	want := hash(base, skipOut)
	changed := func(edit func(fstest.MapFS)) fstest.MapFS {
		m := fstest.MapFS{}
		for k, v := range base {
			c := *v
			m[k] = &c
		}
		edit(m)
		return m
	}
	for _, tc := range []struct {
		name string
		fs   fstest.MapFS
		same bool
	}{
		{"unchanged", changed(func(fstest.MapFS) {}), true},
		{"a byte of a file", changed(func(m fstest.MapFS) { m["cards.yaml"].Data = []byte("cards: [] \n") }), false},
		{"a file added", changed(func(m fstest.MapFS) { m["more.yaml"] = &fstest.MapFile{} }), false},
		{"a file removed", changed(func(m fstest.MapFS) { delete(m, "art/a.png") }), false},
		{"a file renamed", changed(func(m fstest.MapFS) { m["art/b.png"] = m["art/a.png"]; delete(m, "art/a.png") }), false},
		{"an image changed", changed(func(m fstest.MapFS) { m["art/a.png"].Data = []byte{1, 2, 4} }), false},
		{"only the skipped folder changed", changed(func(m fstest.MapFS) { m["out/pack/big.pdf"].Data = []byte("%PDF-2") }), true},
	} {
		if got := hash(tc.fs, skipOut); (got == want) != tc.same {
			t.Errorf("%s: same hash = %v, want %v", tc.name, got == want, tc.same)
		}
	}
	if hash(base, nil) == want {
		t.Error("without skip, the output folder does not count")
	}
}

func TestStatTree(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.pdf", "pdf")
	write("preview/b.png", "png")
	want, err := StatTree(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 2 || want[0].Path != "a.pdf" || want[1].Path != "preview/b.png" {
		t.Fatalf("StatTree = %+v", want)
	}
	if !SameTree(dir, want) {
		t.Fatal("an unchanged folder differs")
	}
	later := time.Now().Add(time.Hour)
	for _, tc := range []struct {
		name string
		edit func()
		undo func()
	}{
		{"a file touched", func() { _ = os.Chtimes(filepath.Join(dir, "a.pdf"), later, later) }, func() {
			info := want[0]
			_ = os.Chtimes(filepath.Join(dir, "a.pdf"), time.Unix(0, info.ModTime), time.Unix(0, info.ModTime))
		}},
		{"a file added", func() { write("c.txt", "") }, func() { _ = os.Remove(filepath.Join(dir, "c.txt")) }},
		{"a file removed", func() { _ = os.Rename(filepath.Join(dir, "a.pdf"), filepath.Join(t.TempDir(), "a.pdf")) }, nil},
	} {
		tc.edit()
		if SameTree(dir, want) {
			t.Errorf("%s: the folder is the same", tc.name)
		}
		if tc.undo != nil {
			tc.undo()
			if !SameTree(dir, want) {
				t.Errorf("%s, then undone: the folder differs", tc.name)
			}
		}
	}
	if SameTree(filepath.Join(dir, "gone"), nil) {
		t.Error("a missing folder is the same as no files")
	}
}

func TestGoBuildID(t *testing.T) {
	note := func(id string) []byte {
		var b bytes.Buffer
		for _, v := range []uint32{4, uint32(len(id)), 4} {
			_ = binary.Write(&b, binary.LittleEndian, v)
		}
		b.WriteString("Go\x00\x00")
		b.WriteString(id)
		return b.Bytes()
	}
	for _, tc := range []struct {
		name string
		head []byte
		want string
	}{
		{"ELF note", append(append([]byte("\x7fELF padding Go\x00\x00 decoy"), note("aaa/bbb")...), "rest"...), "aaa/bbb"},
		{"raw string", []byte("xx\xff Go build ID: \"ccc/ddd\"\n \xff"), "ccc/ddd"},
		{"none", []byte("no id here"), ""},
		{"unterminated", []byte("\xff Go build ID: \"eee"), ""},
	} {
		if got := goBuildID(tc.head); got != tc.want {
			t.Errorf("%s: goBuildID = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestExecutableID checks the ID of the running test binary against what
// the go command reads.
func TestExecutableID(t *testing.T) {
	c := Open(t.TempDir())
	id, err := c.ExecutableID()
	if err != nil {
		t.Fatal(err)
	}
	if id == "" {
		t.Fatal("no ID")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	if err != nil {
		t.Skipf("go tool buildid: %v", err)
	}
	if want := "go:" + strings.TrimSpace(string(out)); id != want {
		t.Errorf("ExecutableID = %q, want %q", id, want)
	}
	if _, err := os.Stat(c.Dir()); err == nil {
		t.Error("reading the ID wrote into the cache")
	}
}

// TestExecutableHash checks the hash of an executable without a build ID:
// remembered by stat, read again when the file changes.
func TestExecutableHash(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "prog")
	if err := os.WriteFile(exe, []byte("program one"), 0o755); err != nil {
		t.Fatal(err)
	}
	c := Open(dir)
	hash := func() string {
		f, err := os.Open(exe)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		h, err := c.executableHash(exe, f)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	one := hash()
	if err := c.Put("kits", "k", nil); err != nil { // writes the memo
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(filepath.Join(c.Dir(), "exe")); len(entries) != 1 {
		t.Fatalf("the memo was not written: %d entries", len(entries))
	}
	if hash() != one {
		t.Error("the memo gave another hash")
	}
	if err := os.WriteFile(exe, []byte("program two, longer"), 0o755); err != nil {
		t.Fatal(err)
	}
	if hash() == one {
		t.Error("a changed executable has the same hash")
	}
}

func TestFileEntries(t *testing.T) {
	out := t.TempDir()
	c := Open(out)
	data := []byte("\x89PNG a card preview")
	if err := c.PutFile("previews-x", "png-abc", data); err != nil {
		t.Fatal(err)
	}
	link := func(name string) (string, bool) {
		t.Helper()
		dst := filepath.Join(t.TempDir(), "card.png")
		ok, err := c.LinkFile("previews-x", name, dst)
		if err != nil {
			t.Fatal(err)
		}
		if _, statErr := os.Stat(dst); ok == (statErr != nil) {
			t.Fatalf("LinkFile said %v, but the file's stat says %v", ok, statErr)
		}
		return dst, ok
	}
	dst, ok := link("png-abc")
	if !ok {
		t.Fatal("a stored file entry was not linked")
	}
	got, err := os.ReadFile(dst)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("linked file holds %q, %v", got, err)
	}
	info, err := os.Stat(dst)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm&0o044 != 0o044 {
		t.Errorf("a linked kit file has mode %v: others cannot read it", perm)
	}
	if _, ok := link("png-none"); ok {
		t.Error("a missing entry was linked")
	}
	// A file edited in place (through the kit that shares it) or cut short
	// no longer matches its stat entry: it reads as missing.
	src := filepath.Join(out, DirName, "previews-x", "png-abc")
	later := time.Now().Add(time.Hour)
	if err := os.WriteFile(src, []byte("\x89PNG another card!!"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(src, later, later); err != nil {
		t.Fatal(err)
	}
	if _, ok := link("png-abc"); ok {
		t.Error("a file edited in place was linked")
	}
	if err := c.PutFile("previews-x", "png-abc", data); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(src, 4); err != nil {
		t.Fatal(err)
	}
	if _, ok := link("png-abc"); ok {
		t.Error("a truncated file was linked")
	}
	if err := c.PutFile("previews-x", ".bad", data); err == nil {
		t.Error("a file entry with a hidden name was stored")
	}
}

// TestSweepRemovesLeftTemporaryFiles: a write killed between creating its
// temporary file and renaming it leaves ".tmp-*" behind; Sweep removes
// those of every group and nothing else.
func TestSweepRemovesLeftTemporaryFiles(t *testing.T) {
	out := t.TempDir()
	c := Open(out)
	if err := c.Sweep(); err != nil {
		t.Fatalf("sweeping a cache that does not exist yet: %v", err)
	}
	if err := c.Put("kits", "abc", []byte("kept")); err != nil {
		t.Fatal(err)
	}
	if err := c.PutFile("previews-x", "png-abc", []byte("kept too")); err != nil {
		t.Fatal(err)
	}
	left := []string{filepath.Join(out, DirName, "kits", ".tmp-123"), filepath.Join(out, DirName, "previews-x", ".tmp-456")}
	for _, p := range left {
		if err := os.WriteFile(p, []byte("half an entry"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Sweep(); err != nil {
		t.Fatal(err)
	}
	for _, p := range left {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s is still there", p)
		}
	}
	if got, ok := c.Get("kits", "abc"); !ok || string(got) != "kept" {
		t.Error("Sweep removed an entry")
	}
	if ok, err := c.LinkFile("previews-x", "png-abc", filepath.Join(t.TempDir(), "x.png")); !ok || err != nil {
		t.Errorf("Sweep removed a file entry: %v, %v", ok, err)
	}
}
