package serve

import (
	"context"

	"github.com/runforge/runforge/generator"
	"github.com/runforge/runforge/generator/kitbuild"
	"github.com/runforge/runforge/validate/check"
)

// pageImage is an image the page shows that no kit file holds: a page an
// element prints, drawn as SVG, or a deck's back, drawn as PNG.
type pageImage struct {
	// version tells two images of one URL apart (the page's cache key).
	version string
	body    []byte
	// svg is set for an SVG image, else it is a PNG.
	svg bool
	// canvas is the page being drawn, until the round makes body of it.
	canvas *svgCanvas
}

// drawnPages returns the pages drawn for an element in an earlier round
// when its files in the kit are the same (version), else nil.
func (s *Server) drawnPages(version string) []*pageImage {
	if version == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.drawn[version]
}

// remember keeps an element's pages for later rounds, by the version of
// its files in the kit.
func (s *Server) remember(version string, pages []*pageImage) {
	if version == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.drawn == nil {
		s.drawn = map[string][]*pageImage{}
	}
	s.drawn[version] = pages
}

// forget drops the remembered pages no longer shown.
func (s *Server) forget(files map[string]servedFile) {
	s.mu.Lock()
	defer s.mu.Unlock()
	shown := map[*pageImage]bool{}
	for _, f := range files {
		if f.page != nil {
			shown[f.page] = true
		}
	}
	for v, pages := range s.drawn {
		if len(pages) == 0 || !shown[pages[0]] {
			delete(s.drawn, v)
		}
	}
}

// kitbuildPack builds a pack's kit with the library's build, as `runforge
// build` does, its unchanged card previews taken from the build cache.
func kitbuildPack(ctx context.Context, s *Server, res check.Result, bo kitbuild.Options) ([]generator.Artifact, error) {
	return bo.BuildPackCached(ctx, s.r, res, s.o.Log)
}
