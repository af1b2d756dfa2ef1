package kitbuild

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// lockFileName is the file in the output folder that Windows builds lock:
// LockFileEx locks byte ranges of a file, not a folder.
const lockFileName = ".runforge.lock"

// lockFile locks the first byte of a file in the output folder with
// LockFileEx.
type lockFile struct{ f *os.File }

func openLock(dir string) (outLock, error) {
	f, err := os.OpenFile(filepath.Join(dir, lockFileName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("opening the lock file of %s: %w", dir, err)
	}
	return lockFile{f}, nil
}

func (l lockFile) tryLock() (bool, error) {
	err := windows.LockFileEx(windows.Handle(l.f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY,
		0, 1, 0, new(windows.Overlapped))
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return true, nil
	}
	return false, err
}

func (l lockFile) close() { _ = l.f.Close() }
