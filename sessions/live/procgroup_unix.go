//go:build unix

package live

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ownGroup makes cmd start in a process group of its own, so that the server
// and every process it starts can be signalled together, and, where the
// system has it (deathSignal), die with strictscope.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	deathSignal(cmd.SysProcAttr)
}

// endGroup ends the process group pgid: SIGTERM, then SIGKILL once grace has
// passed with a member still alive. It returns when no member is left, or
// after SIGKILL and another grace.
func endGroup(pgid int, grace time.Duration) {
	if pgid <= 0 || !groupAlive(pgid) {
		return
	}
	_ = syscall.Kill(-pgid, syscall.SIGTERM)
	if waitGroup(pgid, grace) {
		return
	}
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
	waitGroup(pgid, grace)
}

// groupAlive reports whether a process of group pgid is still running. Where
// /proc lists processes (Linux), a zombie, dead and waiting for its parent to
// reap it, does not count; elsewhere any member the kernel still has does.
func groupAlive(pgid int) bool {
	err := syscall.Kill(-pgid, 0)
	if err != nil && errors.Is(err, syscall.ESRCH) {
		return false
	}
	entries, rerr := os.ReadDir("/proc")
	if rerr != nil {
		return true
	}
	for _, e := range entries {
		pid, perr := strconv.Atoi(e.Name())
		if perr != nil {
			continue
		}
		if g, running := procState(pid); g == pgid && running {
			return true
		}
	}
	return false
}

// procState reads /proc/PID/stat: the process group of pid, and whether it is
// running (there, and neither a zombie nor dead). A process that is not there
// has group 0.
func procState(pid int) (pgid int, running bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 3 {
		return 0, false
	}
	pgid, _ = strconv.Atoi(f[2])
	return pgid, f[0] != "Z" && f[0] != "X"
}

// waitGroup waits up to d for group pgid to be empty, and reports whether it is.
func waitGroup(pgid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for groupAlive(pgid) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}
