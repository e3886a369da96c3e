package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/strictscope/strictscope/internal/testserver"
)

// mcpTestServer builds the project's MCP test server once per test binary, in
// a folder removed when the tests end (see TestMain).
var mcpTestServer = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "strictscope-mcptestserver")
	if err != nil {
		return "", err
	}
	testBuildDirs = append(testBuildDirs, dir)
	return testserver.BuildCommand(dir)
})

type buildError struct{ out string }

func (e *buildError) Error() string { return "go build: " + e.out }

var testBuildDirs []string

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range testBuildDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

func testServerBin(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs an MCP server process")
	}
	bin, err := mcpTestServer()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// A live server's tools give, in tools and check, exactly what the same list
// saved by list --out gives from the file: the tools convert from the bytes the
// server sent. --config reads the same server from a client configuration.
func TestLiveListMatchesItsSnapshot(t *testing.T) {
	bin := testServerBin(t)
	dir := t.TempDir()
	r := runCLI(t, "", "list", "--server", "t="+bin, "--out", dir)
	if r.code != 0 || r.stdout != "" || !strings.Contains(r.stderr, "wrote "+filepath.Join(dir, "t.json")+" (10 tools)") {
		t.Fatalf("list --out: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	snapshot := filepath.Join(dir, "t.json")
	config := writeFile(t, dir, "claude.json", `{"mcpServers":{"t":{"command":`+strconvQuote(bin)+`,"args":[]}}}`)
	for _, args := range [][]string{{"tools", "--api", "chat"}, {"tools", "--api", "responses", "--strict", "true"}, {"check", "--json"}} {
		fromFile := runCLI(t, "", append(append([]string{}, args...), "t="+snapshot)...)
		live := runCLI(t, "", append(append([]string{}, args...), "--server", "t="+bin)...)
		viaConfig := runCLI(t, "", append(append([]string{}, args...), "--config", config)...)
		if live.stdout != fromFile.stdout || live.code != fromFile.code || viaConfig.stdout != fromFile.stdout {
			t.Errorf("%v: live (exit %d) and the snapshot (exit %d) differ:\n%s\n---\n%s\nstderr %q", args, live.code, fromFile.code, live.stdout, fromFile.stdout, live.stderr)
		}
	}
	r = runCLI(t, "", "list", "--server", "t="+bin)
	var got struct {
		Servers map[string]struct {
			ServerInfo      map[string]any    `json:"server_info"`
			ProtocolVersion string            `json:"protocol_version"`
			Tools           []json.RawMessage `json:"tools"`
		} `json:"servers"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 {
		t.Fatalf("list: exit %d, %v\n%s", r.code, err, r.stdout)
	}
	if s := got.Servers["t"]; s.ServerInfo["name"] != "mcptestserver" || s.ProtocolVersion == "" || len(s.Tools) != 10 {
		t.Errorf("list: %+v", s)
	}
	if r := runCLI(t, "", "list", "--server", "t="+bin, "--out", dir); r.code != 2 || !strings.Contains(r.stderr, "t.json") {
		t.Errorf("list --out over a file that exists: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A server that cannot be listed is one message naming it, exit 2, nothing
// on stdout; the others given with it are tried and closed.
func TestLiveServerFailures(t *testing.T) {
	bin := testServerBin(t)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"hangs", []string{"tools", "--api", "chat", "--timeout", "2s", "--server", "ok=" + bin, "--server", "h=" + bin + " --hang-on-initialize"}, `server "h"`},
		{"not JSON-RPC", []string{"check", "--server", "n=" + bin + " --noise instead"}, `server "n"`},
		{"crashes", []string{"tools", "--api", "chat", "--server", "x=" + bin + " --no-such-flag"}, `server "x"`},
		{"no such command", []string{"check", "--server", "m=/nonexistent/mcp-server"}, `server "m"`},
		{"no =", []string{"check", "--server", "nothing"}, `--server needs NAME=COMMAND`},
		{"an open quote", []string{"check", "--server", "q=a 'b"}, `quote is not closed`},
		{"--only without --config", []string{"check", "--server", "ok=" + bin, "--only", "ok"}, `--only picks servers of one --config file`},
		{"list without servers", []string{"list"}, `name the servers`},
		{"two of a name with --out", []string{"list", "--out", t.TempDir(), "--server", "a=" + bin, "--server", "a=" + bin}, `two servers are named "a"`},
		{"a name that is no file name", []string{"list", "--out", t.TempDir(), "--server", "../a=" + bin}, `cannot be written as a file name`},
	}
	for _, c := range cases {
		r := runCLI(t, "", c.args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", c.name, r.code, r.stdout, r.stderr, c.want)
		}
	}
	if _, err := exec.LookPath("pgrep"); err != nil {
		return
	}
	if out, _ := exec.Command("pgrep", "-f", "^"+bin).Output(); len(out) > 0 {
		t.Errorf("test server processes left running: %s", out)
	}
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// strictscopeBin builds strictscope itself once per test binary.
var strictscopeBin = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "strictscope-bin")
	if err != nil {
		return "", err
	}
	testBuildDirs = append(testBuildDirs, dir)
	bin := filepath.Join(dir, "strictscope")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return "", &buildError{string(out)}
	}
	return bin, nil
})

// An interrupt while servers are being connected ends the command with exit
// 2, one message, and no server process left running.
func TestLiveInterruptLeavesNoServer(t *testing.T) {
	if _, err := exec.LookPath("pgrep"); err != nil {
		t.Skip("needs pgrep to see the server processes")
	}
	server := testServerBin(t)
	self, err := strictscopeBin()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "check", "--timeout", "60s", "--server", "h="+server+" --hang-on-initialize --stderr-lines 1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for the server to run, then interrupt strictscope.
	deadline := time.Now().Add(20 * time.Second)
	for {
		if out, _ := exec.Command("pgrep", "-f", "^"+server+" --hang-on-initialize").Output(); len(out) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("the server never started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), `interrupted while connecting to server "h"`) {
		t.Errorf("exit %v, stderr %q", err, stderr.String())
	}
	time.Sleep(100 * time.Millisecond)
	if out, _ := exec.Command("pgrep", "-f", "^"+server).Output(); len(out) > 0 {
		t.Errorf("server processes left running after the interrupt: %s", out)
	}
}
