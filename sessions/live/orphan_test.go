//go:build linux || freebsd

package live

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// orphanChildEnv, set to the test server's path, makes TestNoOrphansOnPanic
// the child: it connects to the server, says its pid, and panics.
const orphanChildEnv = "STRICTSCOPE_LIVE_ORPHAN_CHILD"

// A strictscope that dies of a panic in a goroutine of its own (which runs
// no defer, so no Close) leaves no server behind: the test binary runs itself
// as a child that connects to the test server (one that keeps running when
// its stdin ends, --linger), prints the server's pid and panics; once the
// child is dead, the server is gone too.
func TestNoOrphansOnPanic(t *testing.T) {
	if bin := os.Getenv(orphanChildEnv); bin != "" {
		orphanChild(bin)
		return
	}
	s := testServer(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestNoOrphansOnPanic$")
	cmd.Env = append(os.Environ(), orphanChildEnv+"="+s.Command)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := 0
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if n, ok := strings.CutPrefix(sc.Text(), "server pid "); ok {
			pid, _ = strconv.Atoi(n)
			break
		}
	}
	go func() { // let the child write on, so that it never blocks on its stdout
		for sc.Scan() {
		}
	}()
	werr := cmd.Wait()
	if pid <= 0 {
		t.Fatalf("the child said no server pid (%v):\n%s", werr, stderr.String())
	}
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	if werr == nil || !strings.Contains(stderr.String(), "panic: on purpose") {
		t.Fatalf("the child did not die of its panic (%v):\n%s", werr, stderr.String())
	}
	deadline := time.Now().Add(5 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("server %d still runs 5 s after strictscope died", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// orphanChild is the child of TestNoOrphansOnPanic: it connects to the test
// server at bin, says the server's pid, and panics in a goroutine of its own.
func orphanChild(bin string) {
	c, err := Connect(context.Background(), Server{Name: "orphan", Transport: Stdio, Command: bin, Args: []string{"--linger", "2m"}}, ConnectOptions{})
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	defer c.Close() // never runs: the panic is not in this goroutine
	os.Stdout.WriteString("server pid " + strconv.Itoa(c.Pid()) + "\n")
	go func() { panic("on purpose") }()
	time.Sleep(time.Minute)
}
