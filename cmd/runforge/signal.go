package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// interruption is the cause of a context cancelled by a signal.
type interruption struct {
	sig os.Signal
}

func (i *interruption) Error() string { return i.sig.String() + " signal received" }

// exitCode is the shell's convention for a process stopped by a signal:
// 128 plus its number (130 for Ctrl-C).
func (i *interruption) exitCode() int {
	if s, ok := i.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 128 + int(syscall.SIGINT)
}

// interruptible returns a context that the first SIGINT (Ctrl-C) or SIGTERM
// cancels, with an *interruption as its cause, so that a build can stop
// and clean up. After that signal the default behaviour is back: a second
// Ctrl-C stops runforge at once. stop releases the signals.
func interruptible(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			cancel(&interruption{sig: s})
		case <-done:
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel(nil)
		})
	}
}

// interruptCode is the exit code of a command stopped by ctx.
func interruptCode(ctx context.Context) int {
	var in *interruption
	if errors.As(context.Cause(ctx), &in) {
		return in.exitCode()
	}
	return 128 + int(syscall.SIGINT)
}
