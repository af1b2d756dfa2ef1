package generator

import "io"

// What the game packages (generator/<game>) use of the renderer: exported
// wrappers of its unexported helpers.

// Job is one unit of a build's work, planned by a kind's Build: it writes
// one or more files of the kit.
type Job struct{ j job }

// FileJob is the job that writes the file at path (relative to the kit's
// folder) with write, which returns its PDF pages (0 for others).
func FileJob(path string, write func(io.Writer) (pages int, err error)) Job {
	return Job{fileJob(path, write)}
}

// Round2 rounds v to two decimals, as coordinates are written.
func Round2(v float64) float64 { return round2(v) }
