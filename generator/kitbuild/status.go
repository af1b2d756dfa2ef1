package kitbuild

import "io"

// Status is where a build reports what it does besides writing the kit
// (a stale folder removed, a wait for another build's lock, the print
// settings a pack chose): the command's standard error. Writes to it go
// unchecked (.errcheck-excludes names this type): a build has nowhere
// else to report that they failed.
type Status interface{ io.Writer }
