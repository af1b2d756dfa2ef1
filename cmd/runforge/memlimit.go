package main

import (
	"io/fs"
	"os"
	"runtime/debug"
	"strings"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kitbuild"
	"github.com/runforge/runforge/validate/check"
)

// A build that writes only PDFs holds its packs as loaded and a few PDFs
// at a time: about 12 bytes of heap for each byte of YAML, and at most a
// few tens of megabytes besides. Go's collector lets the heap grow to
// twice what is live before it collects (GOGC=100), so such a build's
// memory grew by twice what each card holds. A soft limit on the heap of
// memLimitBase plus memLimitPerByte for each byte of the packs' files, and
// never under memLimitFloor, collects sooner in large packs only: it stays
// well above what is live (the collector never has to run without end),
// and builds of bundled-size packs never reach it.
//
// Measured on 10,000 cards without previews (paired runs, medians): peak
// RSS 98.6 MB with Go's default, 77.8 MB with a 64 MiB limit, for about
// 1.15x the CPU; 1,000 cards and deck200 never reach the floor. With the
// fixed cost of a build some 6 MB lower since, a 60 MiB floor gives 10,000
// cards 75 MB for the same CPU and wall time as 64 MiB (78.5 MB), and 56
// MiB cost 1.08x (4 runs each).
const (
	memLimitFloor   = 60 << 20
	memLimitBase    = 24 << 20
	memLimitPerByte = 20
)

// pdfOnlyGCPercent is the GOGC of a build that writes only PDFs: the heap
// may grow by 70% of what is live before the collector runs, not 100%.
// Such a build's live heap is mostly what it keeps to the end (the packs
// as loaded, the parsed fonts, the PDFs being written), so the collector
// runs about as often either way, and a small pack's peak is lower:
// deck200 (200 cards) 30.3 to 29.0 MB of peak RSS for 0.18 to 0.20 s of
// CPU (paired medians); at 10,000 cards the memory limit governs and
// neither changes.
const pdfOnlyGCPercent = 70

// limitBuildMemory sets the soft memory limit of a build of targets that
// writes only PDFs (no previews, PNGs, TTS export or press layout asked
// for on the command line), from the size of the packs' files. It returns
// the function that lifts the limit again, for when a pack turns out to
// draw pictures after all (a press layout its manifest chooses). A limit
// the user set (GOMEMLIMIT) is left as it is, and so is the default when
// the files cannot be sized. Such a build also collects at
// pdfOnlyGCPercent, unless the user set GOGC.
func limitBuildMemory(targets []check.Target, o *buildOptions) (lift func()) {
	noop := func() {}
	if !o.NoPreviews || o.PNGDPI != 0 || o.TTS ||
		strings.EqualFold(o.Layout, string(generator.LayoutPress)) {
		return noop
	}
	liftGC := noop
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(pdfOnlyGCPercent)
		liftGC = func() { debug.SetGCPercent(old) }
	}
	if os.Getenv("GOMEMLIMIT") != "" {
		return liftGC
	}
	var size int64
	for _, t := range targets {
		n, err := treeSize(t.FS)
		if err != nil {
			return liftGC
		}
		size += n
	}
	limit := max(int64(memLimitFloor), memLimitBase+memLimitPerByte*size)
	old := debug.SetMemoryLimit(limit)
	return func() {
		debug.SetMemoryLimit(old)
		liftGC()
	}
}

// treeSize is the size of every regular file of fsys, in bytes.
func treeSize(fsys fs.FS) (int64, error) {
	var size int64
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		size += info.Size()
		return nil
	})
	return size, err
}

// liftForPictures lifts the limit limitBuildMemory set when a pack of
// checked draws pictures in its build after all: its manifest chooses the
// press layout, or it was checked from the cache and its settings are not
// known here.
func liftForPictures(checked *kitbuild.Checked, o *buildOptions, lift func()) {
	for i := range checked.Len() {
		res, loaded := checked.Result(i)
		if !loaded || res.Pack == nil {
			lift()
			return
		}
		eff, err := o.Resolve(res.Pack, o.Created)
		if err != nil || eff.Print.Layout == generator.LayoutPress {
			lift()
			return
		}
	}
}
