package live

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/sessions"
)

// testEnv is the environment the tests expand variables from.
func testEnv(name string) (string, bool) {
	v, ok := map[string]string{"HOME": "/home/alex", "GITHUB_TOKEN": "ghp_SECRET", "EMPTY": ""}[name]
	return v, ok
}

// testOptions reads envFiles from files, by base name.
func testOptions(files map[string]string) Options {
	return Options{LookupEnv: testEnv, ReadFile: func(path string) ([]byte, error) {
		if s, ok := files[filepath.Base(path)]; ok {
			return []byte(s), nil
		}
		return nil, &sessions.LoadError{File: path, Msg: "no such file"}
	}}
}

// summary writes a server in one line, secrets included, for comparing.
func summary(s Server) string {
	var sb strings.Builder
	sb.WriteString(s.Name + " " + s.Transport.String() + " ")
	if s.Transport == Stdio {
		sb.WriteString(JoinCommand(append([]string{s.Command}, s.Args...)))
		for _, e := range s.Env {
			if e.Unset {
				sb.WriteString(" -" + e.Name)
			} else {
				sb.WriteString(" " + e.Name + "=" + e.Value)
			}
		}
		if s.Cwd != "" {
			sb.WriteString(" cwd=" + s.Cwd)
		}
	} else {
		sb.WriteString(s.URL)
		for _, h := range s.Headers {
			sb.WriteString(" " + h.Name + ":" + h.Value)
		}
	}
	return sb.String()
}

func TestFixtures(t *testing.T) {
	dir := filepath.Join("..", "..", "fixtures", "configs")
	opts := Options{LookupEnv: testEnv}
	for _, tc := range []struct {
		file  string
		only  []string
		want  []string
		warns []string
	}{
		{file: "claude_desktop_config.json", want: []string{
			"filesystem stdio npx -y @modelcontextprotocol/server-filesystem /Users/alex/Desktop /Users/alex/Downloads",
			"git stdio uvx mcp-server-git --repository /Users/alex/src/strictscope",
			"github stdio npx -y @modelcontextprotocol/server-github GITHUB_PERSONAL_ACCESS_TOKEN=ghp_SECRET",
		}},
		{file: "cursor-mcp.json", want: []string{
			"memory stdio npx -y @modelcontextprotocol/server-memory MEMORY_FILE_PATH=/home/alex/.cursor/memory.json",
			"context7 http https://mcp.context7.com/mcp CONTEXT7_API_KEY:",
		}, warns: []string{
			`cursor-mcp.json: /mcpServers/context7/headers/CONTEXT7_API_KEY: server "context7": ${env:CONTEXT7_API_KEY} is not set: it expands to "", as in VS Code`,
			`cursor-mcp.json: /mcpServers/postgres/disabled: server "postgres" is disabled: skipped`,
		}},
		{file: "cursor-mcp.json", only: []string{"postgres"}, want: []string{
			"postgres stdio docker run -i --rm mcp/postgres postgresql://host.docker.internal:5432/app",
		}, warns: []string{
			`cursor-mcp.json: /mcpServers/postgres/disabled: server "postgres" is disabled, and --only picks it: it is used`,
		}},
		{file: "windsurf-mcp_config.json", want: []string{
			"fetch stdio uvx mcp-server-fetch",
			"linear http https://mcp.linear.app/sse",
			"sqlite stdio uvx mcp-server-sqlite --db-path /home/alex/windsurf/test.db",
		}},
		{file: "cline_mcp_settings.json", want: []string{
			"brave-search stdio npx -y @modelcontextprotocol/server-brave-search BRAVE_API_KEY=",
			"remote-docs sse https://docs.example.com/mcp/sse",
		}, warns: []string{
			`cline_mcp_settings.json: /mcpServers/brave-search/env/BRAVE_API_KEY: server "brave-search": ${BRAVE_API_KEY} is not set: it expands to "", as in VS Code`,
			`cline_mcp_settings.json: /mcpServers/puppeteer/disabled: server "puppeteer" is disabled: skipped`,
		}},
		{file: "vscode-mcp.json", only: []string{"time", "github", "playwright"}, want: []string{
			"playwright stdio npx -y @playwright/mcp@latest",
			"github http https://api.githubcopilot.com/mcp/ Authorization:Bearer ghp_SECRET",
			"time stdio uvx mcp-server-time --local-timezone=Europe/Berlin TZ=Europe/Berlin LOG_LEVEL=info GREETING=hello\nworld LOG_LEVEL=debug",
		}},
	} {
		servers, warns, err := opts.LoadConfig(filepath.Join(dir, tc.file), tc.only)
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		got := make([]string, len(servers))
		for i, s := range servers {
			got[i] = summary(s)
			if s.Origin.File != filepath.Join(dir, tc.file) || !strings.HasSuffix(s.Origin.Pointer, "/"+s.Name) {
				t.Errorf("%s: origin %+v", tc.file, s.Origin)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: servers\n%q\nwant\n%q", tc.file, got, tc.want)
		}
		for i := range warns {
			warns[i] = strings.TrimPrefix(warns[i], dir+string(filepath.Separator))
		}
		if !slices.Equal(warns, tc.warns) {
			t.Errorf("%s: warnings\n%q\nwant\n%q", tc.file, warns, tc.warns)
		}
	}
	// The envFile of the VS Code fixture is found from the file's folder, and the
	// server that uses an input is an error.
	_, _, err := opts.LoadConfig(filepath.Join(dir, "vscode-mcp.json"), nil)
	want := filepath.Join(dir, "vscode-mcp.json") + `: /servers/perplexity/env/PERPLEXITY_API_KEY: server "perplexity": ${input:perplexity-key} is a VS Code input, asked of the user when VS Code starts the server, which strictscope cannot do: put the value in an environment variable and write ${env:NAME}`
	if err == nil || err.Error() != want {
		t.Errorf("vscode-mcp.json: error %v\nwant %s", err, want)
	}
}

func TestParseConfig(t *testing.T) {
	files := map[string]string{
		"ok.env":     "# comment\n\nexport A=1\nB = two words # note\nC='x # y'\nD=\"q\\\"r\\\\s\"\r\nE=\n",
		"bad.env":    "A=1\nSECRET_WITHOUT_EQUALS\n",
		"badkey.env": "1A=x\n",
		"quote.env":  "A=\"open\n",
		"after.env":  "A='x' y\n",
	}
	for _, tc := range []struct {
		name  string
		doc   string
		only  []string
		want  []string
		warns []string
		err   string
	}{
		// shapes
		{name: "mcpServers stdio", doc: `{"mcpServers":{"b":{"command":"x","args":["1","2"],"cwd":"/w"},"a":{"command":"y"}}}`,
			want: []string{"b stdio x 1 2 cwd=/w", "a stdio y"}},
		{name: "relative cwd", doc: `{"mcpServers":{"a":{"command":"y","cwd":"sub"}}}`, want: []string{"a stdio y cwd=" + filepath.Join("conf", "sub")}},
		{name: "vscode servers", doc: `{"servers":{"a":{"type":"stdio","command":"y"},"h":{"type":"http","url":"http://h/"},"s":{"type":"sse","url":"http://h/sse"}},"inputs":[]}`,
			want: []string{"a stdio y", "h http http://h/", "s sse http://h/sse"}},
		{name: "mcpServers http types", doc: `{"mcpServers":{"a":{"url":"http://h"},"b":{"type":"http","url":"http://h"},"c":{"type":"streamable-http","url":"http://h"},"d":{"type":"streamableHttp","url":"http://h"},"e":{"transportType":"sse","url":"http://h"}}}`,
			want: []string{"a http http://h", "b streamable-http http://h", "c streamable-http http://h", "d streamable-http http://h", "e sse http://h"}},
		{name: "windsurf serverUrl", doc: `{"mcpServers":{"a":{"serverUrl":"https://h/sse"}}}`, want: []string{"a http https://h/sse"}},
		{name: "BOM", doc: "\xEF\xBB\xBF" + `{"mcpServers":{"a":{"command":"y"}}}`, want: []string{"a stdio y"}},
		{name: "unknown members ignored", doc: `{"mcpServers":{"a":{"command":"y","autoApprove":[],"timeout":60}},"globalShortcut":""}`, want: []string{"a stdio y"}},
		// env
		{name: "env kinds", doc: `{"mcpServers":{"a":{"command":"y","env":{"S":"s","N":1.50,"U":null}}}}`, want: []string{"a stdio y S=s N=1.50 -U"}},
		{name: "envFile then env", doc: `{"servers":{"a":{"command":"y","envFile":"ok.env","env":{"A":"9"}}}}`,
			want: []string{"a stdio y A=1 B=two words C=x # y D=q\"r\\s E= A=9"}},
		// variables
		{name: "variables", doc: `{"mcpServers":{"a":{"command":"${HOME}/bin/s","args":["${env:HOME}","$HOME","${EMPTY:-d}","${NOPE:-d}","${HOME:-d}","x${EMPTY}y"]}}}`,
			want: []string{"a stdio /home/alex/bin/s /home/alex '$HOME' d d /home/alex xy"}},
		{name: "unset variable", doc: `{"mcpServers":{"a":{"command":"y","args":["${NOPE}-${env:NOPE2}"]}}}`, want: []string{"a stdio y -"},
			warns: []string{
				`conf/c.json: /mcpServers/a/args/0: server "a": ${NOPE} is not set: it expands to "", as in VS Code`,
				`conf/c.json: /mcpServers/a/args/0: server "a": ${env:NOPE2} is not set: it expands to "", as in VS Code`,
			}},
		{name: "headers expanded", doc: `{"mcpServers":{"a":{"url":"https://h/${NOPE}","headers":{"Authorization":"Bearer ${GITHUB_TOKEN}"}}}}`,
			want:  []string{"a http https://h/ Authorization:Bearer ghp_SECRET"},
			warns: []string{`conf/c.json: /mcpServers/a/url: server "a": ${NOPE} is not set: it expands to "", as in VS Code`}},
		// disabled and only
		{name: "disabled false", doc: `{"mcpServers":{"a":{"command":"y","disabled":false}}}`, want: []string{"a stdio y"}},
		{name: "only picks, in file order", doc: `{"mcpServers":{"a":{"command":"1"},"b":{"command":"2"},"c":{"command":"3"}}}`, only: []string{"c", "a", "c"},
			want: []string{"a stdio 1", "c stdio 3"}},
		{name: "only skips broken", doc: `{"mcpServers":{"a":{"command":"1"},"b":42,"c":{"command":"${input:x}"}}}`, only: []string{"a"}, want: []string{"a stdio 1"}},
		{name: "disabled not read", doc: `{"mcpServers":{"a":{"command":"1"},"b":{"disabled":true,"command":"${workspaceFolder}"}}}`, want: []string{"a stdio 1"},
			warns: []string{`conf/c.json: /mcpServers/b/disabled: server "b" is disabled: skipped`}},
		{name: "other kind's members", doc: `{"mcpServers":{"a":{"command":"1","headers":{}},"b":{"url":"http://h","args":[],"env":{"K":"secret"}}}}`,
			want: []string{"a stdio 1", "b http http://h"},
			warns: []string{
				`conf/c.json: /mcpServers/a/headers: server "a": "headers" is for HTTP servers, and this is a stdio one: ignored`,
				`conf/c.json: /mcpServers/b/args: server "b": "args" is for stdio servers, and this is an HTTP one: ignored`,
				`conf/c.json: /mcpServers/b/env: server "b": "env" is for stdio servers, and this is an HTTP one: ignored`,
			}},
		// errors
		{name: "not JSON", doc: `{"mcpServers":`, err: `conf/c.json: line 1, column 15 (byte 14) at /mcpServers: invalid JSON: unexpected end of input`},
		{name: "comment", doc: "{\n// my servers\n\"servers\":{}}", err: `conf/c.json: line 2, column 1 (byte 2): invalid JSON: invalid character '/' at start of string (expecting '"') (comments are not JSON: strictscope reads the file as strict JSON, so remove them)`},
		{name: "duplicate key", doc: `{"mcpServers":{"a":{"command":"1"},"a":{"command":"2"}}}`, err: `conf/c.json: line 1, column 36 (byte 35) at /mcpServers: invalid JSON: duplicate key "a" in one object`},
		{name: "array", doc: `[]`, err: `conf/c.json: an MCP client configuration is a JSON object with "mcpServers" (Claude Desktop, Cursor, Windsurf, Cline) or "servers" (VS Code), not an array`},
		{name: "neither", doc: `{"mcp":{}}`, err: `conf/c.json: not an MCP client configuration: it has no "mcpServers" (Claude Desktop, Cursor, Windsurf, Cline) or "servers" (VS Code) member`},
		{name: "tool list", doc: `{"tools":[]}`, err: `conf/c.json: this is a tool list, not an MCP client configuration: give it as a file, not with --config`},
		{name: "both", doc: `{"mcpServers":{},"servers":{}}`, err: `conf/c.json: the file has both "mcpServers" and "servers": which servers are meant is unclear`},
		{name: "servers not object", doc: `{"servers":[]}`, err: `conf/c.json: /servers: "servers" must be an object of servers by name, not an array`},
		{name: "inputs not array", doc: `{"servers":{"a":{"command":"y"}},"inputs":{}}`, err: `conf/c.json: /inputs: "inputs" must be an array, not an object`},
		{name: "empty", doc: `{"mcpServers":{}}`, err: `conf/c.json: /mcpServers: no server to use: "mcpServers" is empty`},
		{name: "all disabled", doc: `{"mcpServers":{"a":{"command":"y","disabled":true}}}`, err: `conf/c.json: /mcpServers: no server to use: every one is disabled ("disabled": true); --only NAME picks one all the same`},
		{name: "unknown only", doc: `{"mcpServers":{"a":{"command":"1"},"b/c":{"command":"2"}}}`, only: []string{"x"}, err: `conf/c.json: /mcpServers: --only "x": there is no such server; the servers there are "a", "b/c"`},
		{name: "empty name", doc: `{"mcpServers":{"":{"command":"1"}}}`, err: `conf/c.json: /mcpServers/: a server needs a name, and this one's is empty`},
		{name: "server not object", doc: `{"mcpServers":{"a/b":"npx"}}`, err: `conf/c.json: /mcpServers/a~1b: server "a/b": a server must be an object, not a string`},
		{name: "disabled not bool", doc: `{"mcpServers":{"a":{"command":"y","disabled":"yes"}}}`, err: `conf/c.json: /mcpServers/a/disabled: server "a": "disabled" must be true or false, not a string`},
		{name: "command not string", doc: `{"mcpServers":{"a":{"command":["npx"]}}}`, err: `conf/c.json: /mcpServers/a/command: server "a": "command" must be a string, not an array`},
		{name: "command empty", doc: `{"mcpServers":{"a":{"command":""}}}`, err: `conf/c.json: /mcpServers/a/command: server "a": "command" is empty`},
		{name: "args not array", doc: `{"mcpServers":{"a":{"command":"y","args":"-y x"}}}`, err: `conf/c.json: /mcpServers/a/args: server "a": "args" must be an array of strings, not a string`},
		{name: "args not strings", doc: `{"mcpServers":{"a":{"command":"y","args":["a",3]}}}`, err: `conf/c.json: /mcpServers/a/args/1: server "a": "args" must be strings, and this is a number`},
		{name: "both command and url", doc: `{"mcpServers":{"a":{"command":"y","url":"http://h"}}}`, err: `conf/c.json: /mcpServers/a: server "a": has both "command" (a stdio server) and "url" (an HTTP server): give one`},
		{name: "neither command nor url", doc: `{"mcpServers":{"a":{"args":[]}}}`, err: `conf/c.json: /mcpServers/a: server "a": has neither "command" (a stdio server) nor "url" (an HTTP server)`},
		{name: "url and serverUrl", doc: `{"mcpServers":{"a":{"url":"http://h","serverUrl":"http://h"}}}`, err: `conf/c.json: /mcpServers/a/serverUrl: server "a": has both "url" and "serverUrl" (Windsurf's name for it): give one`},
		{name: "bad url scheme", doc: `{"mcpServers":{"a":{"url":"ftp://h?token=SECRET"}}}`, err: `conf/c.json: /mcpServers/a/url: server "a": the URL must start with http:// or https://`},
		{name: "url no host", doc: `{"mcpServers":{"a":{"url":"http:///mcp"}}}`, err: `conf/c.json: /mcpServers/a/url: server "a": the URL has no host`},
		{name: "url not string", doc: `{"mcpServers":{"a":{"url":null}}}`, err: `conf/c.json: /mcpServers/a/url: server "a": "url" must be a string, not null`},
		{name: "bad type", doc: `{"servers":{"a":{"type":"websocket","url":"ws://h"}}}`, err: `conf/c.json: /servers/a/type: server "a": "type" must be "stdio", "http", "streamable-http" or "sse", not "websocket"`},
		{name: "type not string", doc: `{"servers":{"a":{"type":1,"command":"y"}}}`, err: `conf/c.json: /servers/a/type: server "a": "type" must be a string, not a number`},
		{name: "http type with command", doc: `{"servers":{"a":{"type":"sse","command":"y"}}}`, err: `conf/c.json: /servers/a/type: server "a": "type" is sse, which needs a "url", and this server has a "command"`},
		{name: "stdio type with url", doc: `{"servers":{"a":{"type":"stdio","url":"http://h"}}}`, err: `conf/c.json: /servers/a/type: server "a": "type" is "stdio", which needs a "command", and this server has "url"`},
		{name: "env not object", doc: `{"mcpServers":{"a":{"command":"y","env":["K=V"]}}}`, err: `conf/c.json: /mcpServers/a/env: server "a": "env" must be an object of variables by name, not an array`},
		{name: "env value kind", doc: `{"mcpServers":{"a":{"command":"y","env":{"K":true}}}}`, err: `conf/c.json: /mcpServers/a/env/K: server "a": the value of "K" must be a string, a number or null (unset), not a boolean`},
		{name: "env name", doc: `{"mcpServers":{"a":{"command":"y","env":{"A=B":"x"}}}}`, err: `conf/c.json: /mcpServers/a/env/A=B: server "a": "A=B" is not an environment variable name (one is not empty, and holds no "=" or NUL)`},
		{name: "headers not object", doc: `{"mcpServers":{"a":{"url":"http://h","headers":[]}}}`, err: `conf/c.json: /mcpServers/a/headers: server "a": "headers" must be an object of values by name, not an array`},
		{name: "header value kind", doc: `{"mcpServers":{"a":{"url":"http://h","headers":{"X":1}}}}`, err: `conf/c.json: /mcpServers/a/headers/X: server "a": the value of header "X" must be a string, not a number`},
		{name: "header name", doc: `{"mcpServers":{"a":{"url":"http://h","headers":{"X Y":"secret"}}}}`, err: `conf/c.json: /mcpServers/a/headers/X Y: server "a": "X Y" is not an HTTP header name (it may hold letters, digits and !#$%&'*+-.^_` + "`" + `|~ only)`},
		{name: "header value line break", doc: `{"mcpServers":{"a":{"url":"http://h","headers":{"X":"sec\nret"}}}}`, err: `conf/c.json: /mcpServers/a/headers/X: server "a": the value of header "X" holds a line break or NUL, which HTTP does not allow`},
		{name: "input variable", doc: `{"servers":{"a":{"command":"y","args":["${input:key}"]}}}`, err: `conf/c.json: /servers/a/args/0: server "a": ${input:key} is a VS Code input, asked of the user when VS Code starts the server, which strictscope cannot do: put the value in an environment variable and write ${env:NAME}`},
		{name: "workspaceFolder", doc: `{"servers":{"a":{"command":"y","cwd":"${workspaceFolder}"}}}`, err: `conf/c.json: /servers/a/cwd: server "a": ${workspaceFolder} is a VS Code variable, which only VS Code knows: write its value instead`},
		{name: "other variable", doc: `{"servers":{"a":{"command":"y","args":["${config:editor.fontSize}"]}}}`, err: `conf/c.json: /servers/a/args/0: server "a": ${config:editor.fontSize} is not a variable strictscope expands: ${env:NAME}, ${NAME} and ${NAME:-DEFAULT} are`},
		{name: "empty env variable", doc: `{"servers":{"a":{"command":"y","args":["${env:}"]}}}`, err: `conf/c.json: /servers/a/args/0: server "a": ${env:} names no environment variable`},
		{name: "unclosed variable", doc: `{"servers":{"a":{"url":"http://h","headers":{"A":"Bearer ${SECRET"}}}}`, err: `conf/c.json: /servers/a/headers/A: server "a": "${" is not closed by "}"`},
		{name: "envFile missing", doc: `{"servers":{"a":{"command":"y","envFile":"none.env"}}}`, err: `conf/c.json: /servers/a/envFile: server "a": envFile: conf/none.env: no such file`},
		{name: "envFile empty", doc: `{"servers":{"a":{"command":"y","envFile":""}}}`, err: `conf/c.json: /servers/a/envFile: server "a": "envFile" is empty`},
		{name: "envFile no equals", doc: `{"servers":{"a":{"command":"y","envFile":"bad.env"}}}`, err: `conf/c.json: /servers/a/envFile: server "a": envFile "conf/bad.env": line 2 is not KEY=VALUE (it has no "=")`},
		{name: "envFile key", doc: `{"servers":{"a":{"command":"y","envFile":"badkey.env"}}}`, err: `conf/c.json: /servers/a/envFile: server "a": envFile "conf/badkey.env": line 1: "1A" is not a variable name (a letter or _, then letters, digits and _)`},
		{name: "envFile quote", doc: `{"servers":{"a":{"command":"y","envFile":"quote.env"}}}`, err: `conf/c.json: /servers/a/envFile: server "a": envFile "conf/quote.env": line 1: the value of A has a double quote that is not closed on its line`},
		{name: "envFile after quote", doc: `{"servers":{"a":{"command":"y","envFile":"after.env"}}}`, err: `conf/c.json: /servers/a/envFile: server "a": envFile "conf/after.env": line 1: the value of A has text after its closing quote`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			servers, warns, err := testOptions(files).ParseConfig("conf/c.json", []byte(tc.doc), tc.only)
			if tc.err != "" {
				var le *sessions.LoadError
				if err == nil || err.Error() != tc.err || !errors.As(err, &le) {
					t.Fatalf("error\n%v\nwant\n%s", err, tc.err)
				}
				if strings.Contains(err.Error(), "SECRET") || strings.Contains(err.Error(), "secret") {
					t.Fatalf("error shows a secret: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := make([]string, len(servers))
			for i, s := range servers {
				got[i] = summary(s)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("servers\n%q\nwant\n%q", got, tc.want)
			}
			if !slices.Equal(warns, tc.warns) {
				t.Errorf("warnings\n%q\nwant\n%q", warns, tc.warns)
			}
		})
	}
}

// LoadConfig holds the file to the input cap, and says when it is missing.
func TestLoadConfigFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mcp.json")
	if err := os.WriteFile(path, []byte(`{"mcpServers":{"a":{"command":"y"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := Options{Limits: sessions.Limits{MaxInput: 10}}.LoadConfig(path, nil)
	if err == nil || !strings.Contains(err.Error(), "larger than the input cap of 10 bytes") {
		t.Errorf("over the cap: %v", err)
	}
	_, _, err = LoadConfig(filepath.Join(dir, "none.json"), nil)
	if err == nil || err.Error() != filepath.Join(dir, "none.json")+": no such file" {
		t.Errorf("missing: %v", err)
	}
	servers, _, err := LoadConfig(path, nil)
	if err != nil || len(servers) != 1 {
		t.Errorf("LoadConfig = %v, %v", servers, err)
	}
}
