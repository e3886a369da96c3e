//go:build unix && !linux && !freebsd

package live

import "syscall"

// deathSignal does nothing where Go's syscall has no parent-death signal
// (macOS, the other BSDs): a server outlives a strictscope that dies without
// Close until it notices that its stdin ended.
func deathSignal(attr *syscall.SysProcAttr) {}
