package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitClean    = 0
	exitFindings = 1
	exitUsage    = 2
)

// exitError carries an exit code out of a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

// findings is the error a command returns when it reported problems itself.
var errFindings = &exitError{code: exitFindings}

// usageError marks an error as a usage or I/O error (exit 2).
func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// version is set at link time (-ldflags "-X main.version=...").
var version = ""

func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

// streams are where a command writes.
type streams struct {
	out, err io.Writer
}

// Main runs runforge with args and returns the exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd(streams{stdout, stderr})
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitClean
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(stderr, "runforge: %v\n", ee.err)
		}
		return ee.code
	}
	// Cobra's own errors: unknown command or flag, wrong argument count.
	fmt.Fprintf(stderr, "runforge: %v\nRun 'runforge --help' for usage.\n", err)
	return exitUsage
}

func newRootCmd(s streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "runforge",
		Short: "Print-and-play kits for the Run family of tabletop games",
		Long: `runforge checks YAML game content against JSON Schema and the rules of each
game, then lays it out into print-ready PDFs (bleed, crop marks, duplex
backs, embedded fonts) and PNG previews.

The bundled packs are built in: 'runforge packs' lists them, and
'runforge build run-for-your-life' builds one from any folder.`,
		Version:       versionString(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(s.out)
	root.SetErr(s.err)
	root.AddCommand(
		newValidateCmd(s),
		newBuildCmd(s),
		newPacksCmd(s),
		newRulesCmd(s),
		newSchemaCmd(s),
	)
	return root
}

// buildTime is the date written into PDFs: SOURCE_DATE_EPOCH when set (for
// reproducible builds), else a fixed date, so identical input gives
// identical bytes.
func buildTime() (time.Time, error) {
	if v := os.Getenv("SOURCE_DATE_EPOCH"); v != "" {
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return time.Time{}, usageError("SOURCE_DATE_EPOCH=%q is not a number of seconds", v)
		}
		return time.Unix(sec, 0).UTC(), nil
	}
	return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), nil
}
