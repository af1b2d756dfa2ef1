package scaffold

import "io"

// Console is where scaffolding reports the files it writes and the ones it
// leaves alone: the command's standard output or standard error. Writes
// to it go unchecked (.errcheck-excludes names this type): the command has
// nowhere else to report that they failed.
type Console interface{ io.Writer }
