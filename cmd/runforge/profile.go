package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"strings"

	"github.com/spf13/cobra"
)

// profiles are the profiles of one run of runforge that --cpuprofile,
// --memprofile and --trace ask for, to send with a pack that validates or
// builds slowly (read them with `go tool pprof` and `go tool trace`).
type profiles struct {
	cpuPath, memPath, tracePath string
	cpu                         *os.File // the CPU profile being written, or nil
	trace                       *os.File // the execution trace being written, or nil
}

// addFlags adds --cpuprofile and --memprofile to every command of root.
func (p *profiles) addFlags(root *cobra.Command) {
	f := root.PersistentFlags()
	f.StringVar(&p.cpuPath, "cpuprofile", "", "write a CPU profile of this run to `FILE` (for go tool pprof)")
	f.StringVar(&p.memPath, "memprofile", "", "write the allocations of this run to `FILE` (for go tool pprof)")
	f.StringVar(&p.tracePath, "trace", "", "write an execution trace of this run to `FILE`: what ran when, on which core (for go tool trace)")
}

// start starts the CPU profile and the trace, if asked for.
func (p *profiles) start() error {
	if p.tracePath != "" {
		f, err := os.Create(p.tracePath)
		if err != nil {
			return usageError("--trace: %v", err)
		}
		if err := trace.Start(f); err != nil {
			return usageError("--trace: %v", errors.Join(err, f.Close()))
		}
		p.trace = f
	}
	if p.cpuPath == "" {
		return nil
	}
	f, err := os.Create(p.cpuPath)
	if err != nil {
		return usageError("--cpuprofile: %v", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return usageError("--cpuprofile: %v", errors.Join(err, f.Close()))
	}
	p.cpu = f
	return nil
}

// stop ends the CPU profile and the trace and writes the memory profile,
// if asked for.
func (p *profiles) stop() error {
	var errs []error
	if p.trace != nil {
		trace.Stop()
		if err := p.trace.Close(); err != nil {
			errs = append(errs, fmt.Errorf("--trace: %w", err))
		}
		p.trace = nil
	}
	if p.cpu != nil {
		pprof.StopCPUProfile()
		if err := p.cpu.Close(); err != nil {
			errs = append(errs, fmt.Errorf("--cpuprofile: %w", err))
		}
		p.cpu = nil
	}
	if p.memPath != "" {
		if err := writeAllocs(p.memPath); err != nil {
			errs = append(errs, fmt.Errorf("--memprofile: %w", err))
		}
	}
	return errors.Join(errs...)
}

// asksForMemProfile reports whether args (a command line, without the
// program's name) ask for --memprofile. Go samples allocations for a
// memory profile unless told not to, as early as possible, which costs
// some CPU and, from the first sample on, a hash table of the runtime's
// (a build of a small deck then peaks some 0.4 MB higher); the flag
// cannot be read before then, so the command line is looked at first.
func asksForMemProfile(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "--memprofile" || strings.HasPrefix(a, "--memprofile=") {
			return true
		}
	}
	return false
}

// writeAllocs writes the allocations of the run so far to path.
func writeAllocs(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		return errors.Join(err, f.Close())
	}
	return f.Close()
}
