// Package serve is runforge's live preview: a local web page that shows
// packs as they print (every deck's distinct faces and backs, the pages of
// every other element) with every finding on the element it concerns, and
// that follows the packs' files, rebuilding with the library's build after
// each save and pushing the new images and findings to the page
// (server-sent events). It serves nothing but the kits it built, the
// images it drew and its own embedded assets.
package serve

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kitbuild"
	"github.com/runforge/runforge/validate"
	"github.com/runforge/runforge/validate/check"
)

// Options are what a session shows and how it builds.
type Options struct {
	// Paths are the packs as the command line names them (check.Resolve).
	Paths []string
	// Check says how packs are found, loaded and validated; its Fitter is
	// set by the session.
	Check check.Options
	// Renders are the games' renderers.
	Renders []generator.Game
	// Explain are the games whose --explain hooks the page shows.
	Explain []validate.Game
	// Build are the build's options: the output folder the kits are
	// written to and served from, print settings, the rule registry.
	Build kitbuild.Options
	// Log receives a line per round and the build's notes.
	Log kitbuild.Status
}

// Server is a preview session: the last round's page and the images it
// serves. It is safe for concurrent use.
type Server struct {
	o Options
	r *generator.Renderer

	mu    sync.Mutex
	page  *pageView
	files map[string]servedFile
	// last are the last good views and files of each pack, by pack id.
	last map[string]*packState
	subs map[chan int]struct{}
	// rounds serialises rebuilds; rebuilds counts them, the numbers of
	// the rounds the log gives (a round publishes its page twice, so the
	// page's Gen goes up by two).
	rounds   sync.Mutex
	rebuilds int
	// timing is where the present round's time went.
	timing struct{ check, build, page time.Duration }
	// drawn are the pages of the elements shown, drawn or not, by the
	// element and the version of its files in the kit: a round whose
	// build wrote the same files shows the same pages.
	drawn map[string][]*pageImage
}

// packState is a pack as its last good build showed it.
type packState struct {
	view  *packView
	files map[string]servedFile
}

// servedFile is one URL's content: a file of a kit on disk, or an image
// drawn in memory.
type servedFile struct {
	disk string
	page *pageImage
}

// New starts a session; Rebuild makes its first page.
func New(o Options) (*Server, error) {
	if o.Log == nil {
		o.Log = io.Discard
	}
	r, err := generator.NewRenderer(false, o.Renders...)
	if err != nil {
		return nil, err
	}
	return &Server{o: o, r: r, page: &pageView{}, files: map[string]servedFile{}, last: map[string]*packState{}, subs: map[chan int]struct{}{}}, nil
}

// Gen is the number of the last round.
func (s *Server) Gen() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.page.Gen
}

// Rebuild loads, validates and builds the packs again, and tells the
// pages that follow the session, twice: once the packs are validated (the
// new findings on the images of the last build), and once they are built
// (the new images). A pack that does not build keeps its last good images,
// and the page says why at the top.
func (s *Server) Rebuild(ctx context.Context) {
	s.rounds.Lock()
	defer s.rounds.Unlock()
	s.rebuilds++
	start := time.Now()
	s.timing.build, s.timing.page = 0, 0
	results, early, err := s.check()
	s.timing.check = time.Since(start)
	if early != nil {
		s.publish(early, nil)
	}
	page, files := s.build(ctx, results, err)
	s.forget(files)
	s.publish(page, files)
	fmt.Fprintf(s.o.Log, "round %d: %s, %s in %s (%d ms: validate %d, build %d, page %d)\n",
		s.rebuilds, generator.Plural(page.Errors, "error"), generator.Plural(page.Warnings, "warning"), generator.Plural(len(page.Packs), "pack"), time.Since(start).Milliseconds(),
		s.timing.check.Milliseconds(), s.timing.build.Milliseconds(), s.timing.page.Milliseconds())
}

// publish makes page the one served (with files, or the present files
// when nil) and tells the pages that follow the session.
func (s *Server) publish(page *pageView, files map[string]servedFile) {
	s.mu.Lock()
	defer s.mu.Unlock()
	page.Gen = s.page.Gen + 1
	s.page = page
	if files != nil {
		s.files = files
	}
	for ch := range s.subs {
		select {
		case <-ch: // the page has not read the last round: it reads this one
		default:
		}
		ch <- page.Gen
	}
}

// subscribe returns a channel that receives the number of each new round.
func (s *Server) subscribe() (chan int, func()) {
	ch := make(chan int, 1)
	s.mu.Lock()
	s.subs[ch] = struct{}{}
	s.mu.Unlock()
	return ch, func() {
		s.mu.Lock()
		delete(s.subs, ch)
		s.mu.Unlock()
	}
}

// current is the last round's page and files.
func (s *Server) current() (*pageView, map[string]servedFile) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.page, s.files
}

// check loads and validates every pack. It returns the results, and
// when every pack was shown before, the page of the last images with the
// new findings (nil otherwise).
func (s *Server) check() ([]check.Result, *pageView, error) {
	copts := s.o.Check
	copts.Fitter = func(p *schemaPack) validate.TextFitter {
		if pr, err := s.r.ForPack(p); err == nil {
			return pr
		}
		return nil
	}
	targets, err := check.Resolve(s.o.Paths, copts)
	if err != nil {
		return nil, nil, err
	}
	results := check.Targets(targets, copts)
	page := &pageView{}
	for _, res := range results {
		old := s.last[res.Target.Name]
		if old == nil {
			return results, nil, nil
		}
		v := old.view.withFindings(res.Pack, res.Diags)
		page.Packs = append(page.Packs, v)
		e, w := validate.Count(res.Diags)
		page.Errors += e
		page.Warnings += w
	}
	return results, page, nil
}

// build builds every pack that validated well enough and makes the page.
func (s *Server) build(ctx context.Context, results []check.Result, resolveErr error) (*pageView, map[string]servedFile) {
	page := &pageView{}
	files := map[string]servedFile{}
	if resolveErr != nil {
		page.Problems = append(page.Problems, problem{Text: resolveErr.Error()})
		s.keepAll(page, files)
		return page, files
	}
	bo := s.o.Build
	all, _ := check.Collect(results)
	all, err := bo.CheckBuildTargets(results, all)
	if err != nil {
		page.Problems = append(page.Problems, problem{Text: err.Error()})
	}
	page.Errors, page.Warnings = validate.Count(all)
	unlock, err := kitbuild.LockOutDir(ctx, bo.Out, s.o.Log)
	if err != nil {
		page.Problems = append(page.Problems, problem{Text: err.Error()})
		s.keepAll(page, files)
		return page, files
	}
	defer unlock()
	for _, res := range results {
		st, prob := s.pack(ctx, res)
		if prob != nil {
			page.Problems = append(page.Problems, *prob)
		}
		if st == nil {
			continue
		}
		page.Packs = append(page.Packs, st.view)
		for u, f := range st.files {
			files[u] = f
		}
	}
	return page, files
}

// keepAll shows every pack as its last good build did.
func (s *Server) keepAll(page *pageView, files map[string]servedFile) {
	for _, st := range s.last {
		v := *st.view
		v.Stale = true
		page.Packs = append(page.Packs, &v)
		for u, f := range st.files {
			files[u] = f
		}
	}
}

// hashFile is a short hash of a file's bytes, the version in its URL.
func hashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)[:8]), nil
}

// kitURL is the URL of a file of a pack's kit.
func kitURL(id, rel string) string { return "/kit/" + id + "/" + rel }

// kitPath is where a file of a pack's kit is on disk.
func kitPath(out, id, rel string) string {
	return filepath.Join(out, id, filepath.FromSlash(rel))
}

// isPreview reports whether a kit file is a PNG.
func isPreview(rel string) bool { return strings.HasSuffix(rel, ".png") }
