//go:build unix

package main

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"
)

// The first SIGINT or SIGTERM cancels the build's context; the exit code
// is 128 plus the signal's number.
func TestInterruptibleCatchesSignals(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		ctx, stop := interruptible(context.Background())
		if err := syscall.Kill(os.Getpid(), c.sig); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
			t.Fatalf("%v did not cancel the context", c.sig)
		}
		if got := interruptCode(ctx); got != c.code {
			t.Errorf("%v: exit code %d, want %d", c.sig, got, c.code)
		}
		stop()
	}
	ctx, stop := interruptible(context.Background())
	stop()
	if interruptCode(ctx) != 130 || ctx.Err() == nil {
		t.Error("stop did not release the context")
	}
}
