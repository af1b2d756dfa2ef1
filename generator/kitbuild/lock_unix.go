//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package kitbuild

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// flockDir locks the output folder itself with flock.
type flockDir struct{ f *os.File }

func openLock(dir string) (outLock, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", dir, err)
	}
	return flockDir{f}, nil
}

func (l flockDir) tryLock() (bool, error) {
	err := syscall.Flock(int(l.f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return true, nil
	}
	return false, err
}

func (l flockDir) close() { _ = l.f.Close() }
