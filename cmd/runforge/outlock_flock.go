//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// lockOutDir creates the output folder and takes an exclusive lock on it
// for the whole build, so that one build never removes the staging folder
// of another that writes into the same folder: the second waits (saying
// so) until the first is done, or until ctx is cancelled. The lock goes
// with the process, however it ends.
func lockOutDir(ctx context.Context, dir string, status console) (unlock func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, usageError("creating %s: %v", dir, err)
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, usageError("opening %s: %v", dir, err)
	}
	fd := int(f.Fd())
	for waited := false; ; waited = true {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { f.Close() }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			// A file system without locks: build unlocked, as before.
			return func() { f.Close() }, nil
		}
		if !waited {
			fmt.Fprintf(status, "runforge: waiting for another runforge build that writes into %s\n", dir)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, &exitError{code: interruptCode(ctx), err: fmt.Errorf("interrupted while waiting for another build that writes into %s", dir)}
		case <-time.After(100 * time.Millisecond):
		}
	}
}
