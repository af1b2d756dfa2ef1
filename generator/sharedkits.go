package generator

import (
	"context"
	"sync"
)

// SharedKits is what the packs one command builds at once tell each other
// of their kits. An add-on's index says on which files and pages the kits
// of the packs it extends print each component; when the command builds
// such a kit too, that build shares its files (Share) and the add-on takes
// their pages (Await) instead of rendering the kit once more.
//
// The kits that may be waited for are named when it is made, before any
// pack builds, and the build of each must end in Share or Drop. An add-on
// waits outside the job pool (holding no slot), after its own jobs; the
// kit it waits for shares its files as soon as its jobs are done, before
// it waits for its turn to be swapped in: no build waits for one that
// waits for it.
type SharedKits struct {
	kits map[string]*sharedKit // by pack id; fixed once made
}

// sharedKit is the kit of one pack of SharedKits: done is closed once it
// is shared (key and files set) or dropped (key "").
type sharedKit struct {
	once  sync.Once
	done  chan struct{}
	key   string
	files []Artifact
}

// NewSharedKits returns the SharedKits of a command that builds the packs
// ids, whose kits other packs of the command may wait for.
func NewSharedKits(ids ...string) *SharedKits {
	s := &SharedKits{kits: map[string]*sharedKit{}}
	for _, id := range ids {
		s.kits[id] = &sharedKit{done: make(chan struct{})}
	}
	return s
}

// Wants reports whether another pack may wait for the kit of pack id: its
// build shares its files then. A nil SharedKits wants none.
func (s *SharedKits) Wants(id string) bool {
	if s == nil {
		return false
	}
	_, ok := s.kits[id]
	return ok
}

// Share says that the kit of pack id wrote files, from what key (the
// writer's own description of its inputs, "" for none) says: an add-on
// waiting with the same key takes them as the files it would render. Only
// the first Share or Drop of a kit counts.
func (s *SharedKits) Share(id, key string, files []Artifact) {
	if k := s.kit(id); k != nil {
		k.once.Do(func() {
			k.key, k.files = key, files
			close(k.done)
		})
	}
}

// Drop says that the kit of pack id is not shared: its build failed, or
// the build kept the kit an earlier one wrote. A kit shared already stays
// shared.
func (s *SharedKits) Drop(id string) { s.Share(id, "", nil) }

// Await waits until the kit of pack id is shared or dropped and returns
// its files when it was shared with key; ok is false when it was dropped,
// shared with another key, or is not one of s (nil s: none). It returns
// the context's cause when ctx ends first.
func (s *SharedKits) Await(ctx context.Context, id, key string) (files []Artifact, ok bool, err error) {
	k := s.kit(id)
	if k == nil || key == "" {
		return nil, false, nil
	}
	select {
	case <-k.done:
	case <-ctx.Done():
		return nil, false, context.Cause(ctx)
	}
	if k.key != key {
		return nil, false, nil
	}
	return k.files, true, nil
}

// kit is the kit of pack id, or nil.
func (s *SharedKits) kit(id string) *sharedKit {
	if s == nil {
		return nil
	}
	return s.kits[id]
}
