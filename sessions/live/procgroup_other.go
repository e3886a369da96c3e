//go:build !unix

package live

import (
	"os/exec"
	"time"
)

// ownGroup does nothing where there are no process groups: the SDK's command
// transport ends the server process itself.
func ownGroup(cmd *exec.Cmd) {}

// endGroup does nothing where there are no process groups.
func endGroup(pgid int, grace time.Duration) {}
