//go:build unix

package live

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/strictscope/strictscope/adapter"
)

// buildDir holds what the tests build; TestMain removes it.
var buildDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

var buildDirOnce sync.Once

// buildDirOrTemp is the folder the tests build into, made on first use.
func buildDirOrTemp() string {
	buildDirOnce.Do(func() {
		dir, err := os.MkdirTemp("", "live-stdioserver")
		if err != nil {
			panic(err) // the tests cannot build anything
		}
		buildDir = dir
	})
	return buildDir
}

// stdioServer builds testdata/stdioserver once per test binary.
var stdioServer = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(buildDirOrTemp(), "stdioserver")
	out, err := exec.Command("go", "build", "-o", bin, "./testdata/stdioserver").CombinedOutput()
	if err != nil {
		return "", errors.New(string(out))
	}
	return bin, nil
})

func stdioSpec(t *testing.T, mode string) Server {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs a server process")
	}
	bin, err := stdioServer()
	if err != nil {
		t.Fatal(err)
	}
	tools, _ := filepath.Abs(filepath.Join("testdata", "tools.json"))
	return Server{Name: "std-" + mode, Transport: Stdio, Command: bin, Args: []string{mode, tools}}
}

// alive reports whether process pid is running: there, and not a zombie
// (one the tests cannot reap: it waits for init).
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil && errors.Is(err, syscall.ESRCH) {
		return false
	}
	_, running := procState(pid)
	return running
}

// A real stdio server is listed (the same bytes as the file), and Close ends
// it and the child it started in its group: both pids are gone.
func TestStdioListAndClose(t *testing.T) {
	s := stdioSpec(t, "child")
	c, err := Connect(context.Background(), s, ConnectOptions{Grace: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := fileTools(t)
	if got, w := adapter.Marshal(c.Tools().Doc), adapter.Marshal(want); !bytes.Equal(got, w) {
		t.Errorf("live list:\n%s\nfile:\n%s", got, w)
	}
	if c.Info().ProtocolVersion != "2025-06-18" || c.Info().ServerInfo.Name != "stdioserver" {
		t.Errorf("info = %+v", c.Info())
	}
	pid := c.Pid()
	var child int
	for _, l := range c.Stderr() {
		if n, ok := strings.CutPrefix(l, "child "); ok {
			child, _ = strconv.Atoi(n)
		}
	}
	if pid == 0 || child == 0 || !alive(pid) || !alive(child) {
		t.Fatalf("pid %d, child %d (stderr %q)", pid, child, c.Stderr())
	}
	c.Close()
	if alive(pid) {
		t.Errorf("server %d still running after Close", pid)
	}
	if alive(child) {
		t.Errorf("its child %d still running after Close", child)
	}
}

// Servers that misbehave: each is an error naming the server, with its
// stderr's last lines where it wrote some, within the timeout, never a hang.
func TestStdioFailures(t *testing.T) {
	for _, tc := range []struct {
		mode string
		want []string
		is   error
	}{
		{"nonjson", []string{`server "std-nonjson": connect:`, "not JSON-RPC", "| starting up"}, ErrNotJSONRPC},
		{"exit", []string{`server "std-exit": connect:`, "| fatal: no config"}, nil},
		{"hang", []string{`server "std-hang": connect: no answer within 1s`}, nil},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			start := time.Now()
			c, err := Connect(context.Background(), stdioSpec(t, tc.mode), ConnectOptions{Timeout: time.Second, Grace: 300 * time.Millisecond})
			if err == nil {
				c.Close()
				t.Fatal("no error")
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T %v", err, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %q is not %v", err, tc.is)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %s", d)
			}
		})
	}
}

// A command that is not there is an error naming the server.
func TestStdioNoCommand(t *testing.T) {
	_, err := Connect(context.Background(), Server{Name: "gone", Transport: Stdio, Command: filepath.Join(t.TempDir(), "nothing")}, ConnectOptions{})
	if err == nil || !strings.Contains(err.Error(), `server "gone": connect:`) {
		t.Fatalf("err = %v", err)
	}
}
