//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package main

import (
	"context"
	"io"
	"os"
)

// lockOutDir creates the output folder. This system has no flock, so two
// builds writing into one folder at once are not kept apart.
func lockOutDir(ctx context.Context, dir string, status io.Writer) (unlock func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, usageError("creating %s: %v", dir, err)
	}
	return func() {}, nil
}
