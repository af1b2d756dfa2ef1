package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/runforge/runforge/cmd/runforge/internal/games"
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

// version and commit are set at link time by a release build
// (-ldflags "-X main.version=v1.2.3 -X main.commit=<hash>").
var (
	version = ""
	commit  = ""
)

func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return formatVersion(version, commit, bi)
}

// formatVersion is the version --version prints: the one set at link time
// with its commit (the one set at link time, else the one the go command
// recorded), as "v1.2.3 (abc1234)"; else the module version the go command
// recorded (a release tag after `go install ...@v1.2.0`, a pseudo-version
// for a commit); else the commit and its date when the build recorded
// them, as "devel (abc1234, 2026-11-23)"; else "devel" and the Go version.
func formatVersion(linked, linkedCommit string, bi *debug.BuildInfo) string {
	settings := map[string]string{}
	if bi != nil {
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
	}
	if linked != "" {
		rev := linkedCommit
		if rev == "" {
			rev = settings["vcs.revision"]
		}
		if rev == "" {
			return linked
		}
		return linked + " (" + rev[:min(len(rev), 7)] + ")"
	}
	if bi == nil {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev := settings["vcs.revision"]
	if rev == "" {
		return fmt.Sprintf("devel (no commit recorded, %s)", bi.GoVersion)
	}
	parts := []string{rev[:min(len(rev), 7)]}
	if t, err := time.Parse(time.RFC3339, settings["vcs.time"]); err == nil {
		parts = append(parts, t.UTC().Format(time.DateOnly))
	}
	if settings["vcs.modified"] == "true" {
		parts = append(parts, "modified")
	}
	return "devel (" + strings.Join(parts, ", ") + ")"
}

// streams are where a command writes.
type streams struct {
	out, err console
}

// console is the command's standard output or standard error. Writes to
// it through fmt.Fprint* go unchecked (.errcheck-excludes names this
// type): a command has nowhere else to report that they failed.
type console interface{ io.Writer }

// Main runs runforge with args and returns the exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	return mainContext(context.Background(), args, stdout, stderr)
}

// mainProcess is Main as the command runforge runs it: runforge is the
// only user of the process, so a build may tune its garbage collector
// (limitBuildMemory), which Main, run by tests several at once, leaves
// alone.
func mainProcess(args []string, stdout, stderr io.Writer) int {
	if !asksForMemProfile(args) {
		// No --memprofile: the process samples no allocations at all.
		runtime.MemProfileRate = 0
	}
	c := newCatalog(games.All())
	c.ownsProcess = true
	return runWith(context.Background(), c, args, stdout, stderr)
}

// mainContext is Main under a context: a build stops when it is cancelled.
func mainContext(ctx context.Context, args []string, stdout, stderr console) int {
	return runWith(ctx, newCatalog(games.All()), args, stdout, stderr)
}

// runWith runs runforge knowing the games of c.
func runWith(ctx context.Context, c *catalog, args []string, stdout, stderr console) int {
	prof := &profiles{}
	root := newRootCmd(streams{stdout, stderr}, c, prof)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if perr := prof.stop(); perr != nil && err == nil {
		err = usageError("%v", perr)
	}
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

func newRootCmd(s streams, c *catalog, prof *profiles) *cobra.Command {
	root := &cobra.Command{
		Use:   "runforge",
		Short: "Print-and-play kits for the Run family of tabletop games",
		Long: `runforge checks YAML game content against JSON Schema and the rules of each
game, then lays it out into print-ready PDFs (bleed, crop marks, duplex
backs, embedded fonts) and PNG previews.

The bundled packs are built in: 'runforge packs' lists them, and
'runforge build ` + examplePack() + `' builds one from any folder.`,
		Version:       versionString(),
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if err := refuseEmptyValues(cmd); err != nil {
				return err
			}
			return prof.start()
		},
	}
	prof.addFlags(root)
	root.SetOut(s.out)
	root.SetErr(s.err)
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(
		newValidateCmd(s, c),
		newBuildCmd(s, c),
		newPacksCmd(s, c),
		newRulesCmd(s, c),
		newIconsCmd(s, c),
		newSchemaCmd(s, c),
		newInitCmd(s, c),
		newServeCmd(s, c),
	)
	strictCompletionCmd(root)
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
