package testserver

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// buildCommand builds cmd/mcptestserver into a temporary directory.
func buildCommand(t *testing.T) string {
	t.Helper()
	bin, err := BuildCommand(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// gone reports whether no process has the pid (it was waited for, so the
// pid is not a zombie's).
func gone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}

// stopAtEnd kills cmd's process if a test leaves it running.
func stopAtEnd(t *testing.T, cmd *exec.Cmd) {
	t.Cleanup(func() {
		if cmd.Process != nil && cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
}

func TestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildCommand(t)
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "0"}, nil)

	t.Run("stdio", func(t *testing.T) {
		cmd := exec.Command(bin, "--stderr-lines", "2")
		stderr := &Log{}
		cmd.Stderr = stderr
		stopAtEnd(t, cmd)
		rec := &recorder{Transport: &mcp.CommandTransport{Command: cmd}, methods: map[jsonrpc.ID]string{}}
		cs, err := client.Connect(ctx, rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		pid := cmd.Process.Pid
		pages := listAll(t, cs, rec)
		if len(pages) != 4 || !slices.Equal(slices.Concat(pages...), wantNames()) {
			t.Errorf("pages %v", pages)
		}
		onWire := rawSchemasOnWire(t, rec.listPages())
		if onWire["numbers"] != string(Schemas()["numbers"]) {
			t.Errorf("numbers' schema over stdio: %s", onWire["numbers"])
		}
		if err := cs.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
		if !gone(pid) {
			t.Errorf("process %d still runs after Close", pid)
		}
		if !strings.HasPrefix(stderr.String(), "stderr line 1 of 2\nstderr line 2 of 2\n") {
			t.Errorf("stderr %q", stderr)
		}
	})

	t.Run("crash mid-call", func(t *testing.T) {
		cmd := exec.Command(bin, "--crash-mid-call")
		stderr := &Log{}
		cmd.Stderr = stderr
		stopAtEnd(t, cmd)
		cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatal(err)
		}
		pid := cmd.Process.Pid
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "text", Arguments: map[string]any{"message": "x"}}); err == nil {
			t.Error("a call to a crashing server returned no error")
		}
		cs.Close()
		if !gone(pid) {
			t.Errorf("process %d still runs", pid)
		}
		if code := cmd.ProcessState.ExitCode(); code != crashExit {
			t.Errorf("exit status %d, want %d", code, crashExit)
		}
		if !strings.Contains(stderr.String(), "crashing mid-call text") {
			t.Errorf("stderr %q", stderr)
		}
	})

	t.Run("linger", func(t *testing.T) {
		// Once stdin ends it keeps running, until terminated.
		cmd := exec.Command(bin, "--linger", "1m")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		stopAtEnd(t, cmd)
		stdin.Close()
		line, err := bufio.NewReader(stderr).ReadString('\n')
		if err != nil || !strings.Contains(line, "stdin ended; lingering for 1m0s") {
			t.Fatalf("stderr %q, %v", line, err)
		}
		if gone(cmd.Process.Pid) {
			t.Fatal("it did not linger")
		}
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Wait(); err != nil {
			t.Errorf("after SIGTERM: %v", err)
		}
	})

	t.Run("bad flags", func(t *testing.T) {
		for _, args := range [][]string{{"--linger", "-1s"}, {"--linger", "1s", "--http", "127.0.0.1:0"}} {
			out, err := exec.Command(bin, args...).CombinedOutput()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(out), "--linger") {
				t.Errorf("%q: %v, %q", args, err, out)
			}
		}
	})

	t.Run("hang on initialize", func(t *testing.T) {
		cmd := exec.Command(bin, "--hang-on-initialize")
		stopAtEnd(t, cmd)
		cctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		if cs, err := client.Connect(cctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: time.Second}, nil); err == nil {
			cs.Close()
			t.Fatal("initialize was answered")
		}
		if cmd.ProcessState == nil {
			t.Errorf("process %d still runs after the failed connect", cmd.Process.Pid)
		}
	})

	t.Run("noise instead", func(t *testing.T) {
		cmd := exec.Command(bin, "--noise", "instead")
		stopAtEnd(t, cmd)
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if cs, err := client.Connect(cctx, &mcp.CommandTransport{Command: cmd}, nil); err == nil {
			cs.Close()
			t.Fatal("a server writing no JSON-RPC connected")
		}
		if cmd.ProcessState == nil {
			t.Errorf("process %d still runs after the failed connect", cmd.Process.Pid)
		}
	})

	for _, transport := range []string{"http", "sse"} {
		t.Run(transport, func(t *testing.T) {
			cmd := exec.Command(bin, "--"+transport, "127.0.0.1:0")
			cmd.Stderr = os.Stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			stopAtEnd(t, cmd)
			line, err := bufio.NewReader(stdout).ReadString('\n')
			if err != nil || !strings.HasPrefix(line, "http://127.0.0.1:") {
				t.Fatalf("first line %q, %v", line, err)
			}
			url := strings.TrimSpace(line)
			var tr mcp.Transport = &mcp.StreamableClientTransport{Endpoint: url}
			if transport == "sse" {
				tr = &mcp.SSEClientTransport{Endpoint: url}
			}
			rec := &recorder{Transport: tr, methods: map[jsonrpc.ID]string{}}
			cs, err := client.Connect(ctx, rec, nil)
			if err != nil {
				t.Fatal(err)
			}
			if pages := listAll(t, cs, rec); !slices.Equal(slices.Concat(pages...), wantNames()) {
				t.Errorf("pages %v", pages)
			}
			cs.Close()
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			if err := cmd.Wait(); err != nil {
				t.Errorf("after an interrupt: %v", err)
			}
		})
	}
}

// crashExit is the exit status of the command's --crash-mid-call.
const crashExit = 3
