//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package kitbuild

import (
	"context"
	"fmt"
	"io"
	"os"
)

// LockOutDir creates the output folder. This system has no flock, so two
// builds writing into one folder at once are not kept apart.
func LockOutDir(ctx context.Context, dir string, status Status) (unlock func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating %s: %w", dir, err)
	}
	return func() {}, nil
}
