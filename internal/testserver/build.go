package testserver

import (
	"errors"
	"os/exec"
	"path/filepath"
)

// CommandPackage is the import path of the test server's command.
const CommandPackage = "github.com/strictscope/strictscope/internal/testserver/cmd/mcptestserver"

// BuildCommand builds the test server's command into dir with the go
// command, for tests that run it as a real process, and returns its path.
func BuildCommand(dir string) (string, error) {
	bin := filepath.Join(dir, "mcptestserver")
	if out, err := exec.Command("go", "build", "-o", bin, CommandPackage).CombinedOutput(); err != nil {
		return "", errors.New("go build " + CommandPackage + ": " + string(out))
	}
	return bin, nil
}
