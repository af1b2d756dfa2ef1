//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package kitbuild

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// LockOutDir creates the output folder and takes an exclusive lock on it
// for the whole build, so that one build never removes the staging folder
// of another that writes into the same folder: the second waits (saying
// so on status) until the first is done, or until ctx is cancelled (an
// error that wraps ErrInterrupted). The lock goes with the process,
// however it ends.
func LockOutDir(ctx context.Context, dir string, status Status) (unlock func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating %s: %w", dir, err)
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", dir, err)
	}
	fd := int(f.Fd())
	for waited := false; ; waited = true {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { _ = f.Close() }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			// A file system without locks: build unlocked, as before.
			return func() { _ = f.Close() }, nil
		}
		if !waited {
			fmt.Fprintf(status, "runforge: waiting for another runforge build that writes into %s\n", dir)
		}
		select {
		case <-ctx.Done():
			_ = f.Close()
			return nil, fmt.Errorf("%w while waiting for another build that writes into %s", ErrInterrupted, dir)
		case <-time.After(100 * time.Millisecond):
		}
	}
}
