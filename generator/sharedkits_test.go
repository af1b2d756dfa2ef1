package generator

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// TestSharedKits: a kit that may be waited for is taken when shared with
// the key asked for, and not when shared with another or dropped; a kit
// not named is not waited for, and a wait ends with its context. Only the
// first Share or Drop counts.
func TestSharedKits(t *testing.T) {
	files := []Artifact{{Path: "a.pdf", Pages: 2}}
	tests := []struct {
		name  string
		kits  *SharedKits
		share func(s *SharedKits)
		key   string
		ok    bool
	}{
		{"shared", NewSharedKits("base"), func(s *SharedKits) { s.Share("base", "k", files) }, "k", true},
		{"shared, then dropped", NewSharedKits("base"), func(s *SharedKits) { s.Share("base", "k", files); s.Drop("base") }, "k", true},
		{"shared with another key", NewSharedKits("base"), func(s *SharedKits) { s.Share("base", "other", files) }, "k", false},
		{"dropped", NewSharedKits("base"), func(s *SharedKits) { s.Drop("base"); s.Share("base", "k", files) }, "k", false},
		{"not named", NewSharedKits("other"), func(*SharedKits) {}, "k", false},
		{"none", nil, func(s *SharedKits) { s.Share("base", "k", files) }, "k", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan struct{})
			var got []Artifact
			var ok bool
			var err error
			go func() {
				defer close(done)
				got, ok, err = tt.kits.Await(context.Background(), "base", tt.key)
			}()
			tt.share(tt.kits)
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Await did not return")
			}
			if err != nil || ok != tt.ok || (ok && !slices.Equal(got, files)) {
				t.Errorf("Await: %v, %v, %v", got, ok, err)
			}
		})
	}
	s := NewSharedKits("base")
	if !s.Wants("base") || s.Wants("other") || (*SharedKits)(nil).Wants("base") {
		t.Error("Wants names other kits than those SharedKits was made with")
	}
	cause := errors.New("stopped")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(cause)
	if _, ok, err := s.Await(ctx, "base", "k"); ok || !errors.Is(err, cause) {
		t.Errorf("Await with its context ended: %v, %v", ok, err)
	}
}
