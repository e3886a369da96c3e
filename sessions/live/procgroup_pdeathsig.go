//go:build linux || freebsd

package live

import "syscall"

// deathSignal asks the kernel to SIGKILL the server when strictscope dies
// (Linux's PR_SET_PDEATHSIG, FreeBSD's PROC_PDEATHSIG_CTL), however it dies:
// a panic in a goroutine other than main's runs no defer, so Close is never
// called, and a SIGKILL runs nothing at all.
//
// It covers the direct child, the server process, and only it. The processes
// the server started are orphaned, not signalled: their stdin, when they share
// the server's, ends, so most of them end too, but one that ignores the end of
// its stdin (and does not watch its parent) is left running. Only Close, which
// signals the whole process group, ends such a process, and a strictscope that
// died calls none. On Linux the signal comes when the thread that started the
// server ends, not the process; Go ends a thread only when a goroutine locked
// to it (runtime.LockOSThread) returns without unlocking, which a caller of
// Connect must not do.
func deathSignal(attr *syscall.SysProcAttr) {
	attr.Pdeathsig = syscall.SIGKILL
}
