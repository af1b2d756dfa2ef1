package kitbuild

import (
	"context"
	"fmt"
	"os"
	"time"
)

// outLock is an exclusive lock on an output folder, taken by the system's
// own locking (flock on Unix, LockFileEx on Windows), so that it goes with
// the process however the process ends.
type outLock interface {
	// tryLock takes the lock without waiting: busy when another process
	// (or another open of the folder in this one) holds it; an error when
	// the file system cannot lock at all.
	tryLock() (busy bool, err error)
	// close releases the lock.
	close()
}

// LockOutDir creates the output folder and takes an exclusive lock on it
// for the whole build, so that one build never removes the staging folder
// of another that writes into the same folder: the second waits (saying
// so on status) until the first is done, or until ctx is cancelled (an
// error that wraps ErrInterrupted). The lock goes with the process,
// however it ends. On a file system without locks the build goes on
// unlocked.
func LockOutDir(ctx context.Context, dir string, status Status) (unlock func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating %s: %w", dir, err)
	}
	l, err := openLock(dir)
	if err != nil {
		return nil, err
	}
	for waited := false; ; waited = true {
		busy, err := l.tryLock()
		if err != nil || !busy {
			// Locked, or a file system without locks: build unlocked.
			return l.close, nil
		}
		if !waited {
			fmt.Fprintf(status, "runforge: waiting for another runforge build that writes into %s\n", dir)
		}
		select {
		case <-ctx.Done():
			l.close()
			return nil, fmt.Errorf("%w while waiting for another build that writes into %s", ErrInterrupted, dir)
		case <-time.After(100 * time.Millisecond):
		}
	}
}
