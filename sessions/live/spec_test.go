package live

import (
	"slices"
	"testing"
)

func TestParseServerFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Server
		err  string
	}{
		{in: "fs=npx -y @modelcontextprotocol/server-filesystem '/tmp/my dir'", want: Server{Name: "fs", Transport: Stdio, Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-filesystem", "/tmp/my dir"}}},
		{in: "git=uvx mcp-server-git", want: Server{Name: "git", Transport: Stdio, Command: "uvx", Args: []string{"mcp-server-git"}}},
		{in: "a=b=c", want: Server{Name: "a", Transport: Stdio, Command: "b=c", Args: []string{}}},
		{in: "my server=./srv", want: Server{Name: "my server", Transport: Stdio, Command: "./srv", Args: []string{}}},
		{in: "api=https://example.com/mcp", want: Server{Name: "api", Transport: HTTPAuto, URL: "https://example.com/mcp"}},
		{in: "api=HTTP://localhost:8080", want: Server{Name: "api", Transport: HTTPAuto, URL: "HTTP://localhost:8080"}},
		{in: "git", err: `--server needs NAME=COMMAND or NAME=URL, and "git" has no "="`},
		{in: "=npx foo", err: `--server needs a server name: the argument has an empty NAME before "=" (NAME=COMMAND or NAME=URL)`},
		{in: "git=", err: `--server "git": empty COMMAND after "=" (NAME=COMMAND or NAME=URL)`},
		{in: "git=  ", err: `--server "git": empty COMMAND after "=" (NAME=COMMAND or NAME=URL)`},
		{in: "git=''", err: `--server "git": empty COMMAND after "=" (NAME=COMMAND or NAME=URL)`},
		{in: "git=uvx 'mcp", err: `--server "git": COMMAND at byte 4: a single quote is not closed`},
		{in: "api=https://", err: `--server "api": the URL has no host`},
		{in: "api=http://a b", err: `--server "api": the URL is not valid (invalid character " " in host name)`},
	} {
		got, err := ParseServerFlag(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseServerFlag(%q) error = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseServerFlag(%q): %v", tc.in, err)
			continue
		}
		if got.Name != tc.want.Name || got.Transport != tc.want.Transport || got.Command != tc.want.Command ||
			!slices.Equal(got.Args, tc.want.Args) || got.URL != tc.want.URL || got.Origin.String() != "--server" {
			t.Errorf("ParseServerFlag(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestParseHeaderFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Header
		err  string
	}{
		{in: "Authorization: Bearer sk-123", want: Header{"Authorization", "Bearer sk-123"}},
		{in: "X-Empty:", want: Header{"X-Empty", ""}},
		{in: " X-A :b:c ", want: Header{"X-A", "b:c"}},
		{in: "Bearer sk-123", err: `--header needs 'NAME: VALUE', and the argument has no ":"`},
		{in: ": sk-123", err: "--header: a header needs a name before the value"},
		{in: "X Y: sk-123", err: `--header: "X Y" is not an HTTP header name (it may hold letters, digits and !#$%&'*+-.^_` + "`" + `|~ only)`},
		{in: "X: a\nb", err: `--header: the value of header "X" holds a line break or NUL, which HTTP does not allow`},
	} {
		got, err := ParseHeaderFlag(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseHeaderFlag(%q) error = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseHeaderFlag(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

func TestEnviron(t *testing.T) {
	s := Server{Env: []EnvVar{{Name: "B", Value: "2"}, {Name: "D", Value: "4"}, {Name: "C", Unset: true}, {Name: "Z", Unset: true}, {Name: "D", Value: "5"}}}
	got := s.Environ([]string{"A=1", "B=x", "C=3", "A=0"})
	want := []string{"A=0", "B=2", "D=5"}
	if !slices.Equal(got, want) {
		t.Errorf("Environ = %q, want %q", got, want)
	}
}

func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		s    Server
		want string
	}{
		{Server{Transport: Stdio, Command: "npx", Args: []string{"-y", "a b"}, Env: []EnvVar{{Name: "TOKEN", Value: "secret"}, {Name: "X", Unset: true}}}, "stdio: npx -y 'a b' (env: TOKEN, -X)"},
		{Server{Transport: HTTPAuto, URL: "https://u:pw@h/mcp", Headers: []Header{{"Authorization", "Bearer secret"}}}, "http: https://u:xxxxx@h/mcp (headers: Authorization)"},
		{Server{Transport: SSE, URL: "http://h/sse"}, "sse: http://h/sse"},
	} {
		if got := tc.s.Describe(); got != tc.want {
			t.Errorf("Describe = %q, want %q", got, tc.want)
		}
	}
}
