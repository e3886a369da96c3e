package live

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/sessions"
)

// FuzzParseConfig checks that ParseConfig never panics on any bytes, that it
// fails only with a *sessions.LoadError naming the file, that a server it gives
// has a name and what its transport needs, and that no message shows the value of
// the environment variable it expands from.
func FuzzParseConfig(f *testing.F) {
	matches, _ := filepath.Glob(filepath.Join("..", "..", "fixtures", "configs", "*.json"))
	for _, m := range matches {
		if data, err := os.ReadFile(m); err == nil {
			f.Add(data, "")
		}
	}
	f.Add([]byte(`{"servers":{"a":{"command":"y","envFile":"x.env","env":{"K":"${SECRET}"}}}}`), "a")
	f.Add([]byte(`{"mcpServers":{"a":{"url":"http://h","headers":{"A":"${env:SECRET}"}}}}`), "b")
	const secret = "s3cr3t-VALUE"
	opts := Options{
		LookupEnv: func(name string) (string, bool) {
			if name == "SECRET" {
				return secret, true
			}
			return "", false
		},
		ReadFile: func(path string) ([]byte, error) {
			if filepath.Base(path) == "x.env" {
				return []byte("A=1\nB='" + secret + "'\n"), nil
			}
			return nil, &sessions.LoadError{File: path, Msg: "no such file"}
		},
	}
	f.Fuzz(func(t *testing.T, data []byte, only string) {
		var picks []string
		if only != "" {
			picks = strings.Split(only, ",")
		}
		servers, warns, err := opts.ParseConfig("fuzz.json", data, picks)
		if err != nil {
			var le *sessions.LoadError
			if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), "fuzz.json") {
				t.Fatalf("error %T %v", err, err)
			}
			if strings.Contains(err.Error(), secret) {
				t.Fatalf("error shows the secret: %v", err)
			}
			return
		}
		if len(servers) == 0 {
			t.Fatal("no servers and no error")
		}
		for _, w := range warns {
			if strings.Contains(w, secret) {
				t.Fatalf("warning shows the secret: %s", w)
			}
		}
		for _, s := range servers {
			switch {
			case s.Name == "":
				t.Fatal("a server without a name")
			case s.Transport == Stdio && s.Command == "":
				t.Fatalf("stdio server %q without a command", s.Name)
			case s.Transport.IsHTTP() && checkURL(s.URL) != "":
				t.Fatalf("HTTP server %q with a bad URL", s.Name)
			case s.Transport == 0:
				t.Fatalf("server %q without a transport", s.Name)
			}
			if strings.Contains(s.Describe(), secret) && !strings.Contains(string(data), secret) {
				t.Fatalf("Describe shows the secret: %s", s.Describe())
			}
		}
	})
}
