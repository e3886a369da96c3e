package live_test

import (
	"fmt"
	"path/filepath"

	"github.com/strictscope/strictscope/sessions/live"
)

func ExampleSplitCommand() {
	words, err := live.SplitCommand(`npx -y @modelcontextprotocol/server-filesystem "/Users/alex/My Documents" '$HOME'`)
	fmt.Printf("%q %v\n", words, err)
	_, err = live.SplitCommand(`uvx mcp-server-git | tee log`)
	fmt.Println(err)
	// Output:
	// ["npx" "-y" "@modelcontextprotocol/server-filesystem" "/Users/alex/My Documents" "$HOME"] <nil>
	// byte 19: "|" is a shell operator, and the command runs without a shell: quote it to pass it as it is, or run sh -c 'COMMAND'
}

func ExampleJoinCommand() {
	fmt.Println(live.JoinCommand([]string{"npx", "-y", "server", "/a dir", "it's", ""}))
	// Output:
	// npx -y server '/a dir' 'it'\''s' ''
}

func ExampleParseServerFlag() {
	git, _ := live.ParseServerFlag("git=uvx mcp-server-git --repository '/src/my repo'")
	fmt.Println(git.Name, git.Transport, git.Command, fmt.Sprintf("%q", git.Args))
	api, _ := live.ParseServerFlag("api=https://mcp.example.com/mcp")
	fmt.Println(api.Name, api.Transport, api.URL, api.Origin)
	_, err := live.ParseServerFlag("git=")
	fmt.Println(err)
	// Output:
	// git stdio uvx ["mcp-server-git" "--repository" "/src/my repo"]
	// api http https://mcp.example.com/mcp --server
	// --server "git": empty COMMAND after "=" (NAME=COMMAND or NAME=URL)
}

func ExampleParseHeaderFlag() {
	h, _ := live.ParseHeaderFlag("Authorization: Bearer sk-123")
	fmt.Printf("%s=%s\n", h.Name, h.Value)
	_, err := live.ParseHeaderFlag("Bearer sk-123")
	fmt.Println(err)
	// Output:
	// Authorization=Bearer sk-123
	// --header needs 'NAME: VALUE', and the argument has no ":"
}

func ExampleLoadConfig() {
	servers, warns, err := live.LoadConfig(filepath.Join("..", "..", "fixtures", "configs", "windsurf-mcp_config.json"), []string{"fetch", "linear"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range servers {
		fmt.Println(s.Name, "·", s.Describe(), "·", s.Origin.Pointer)
	}
	fmt.Println(len(warns), "warnings")
	// Output:
	// fetch · stdio: uvx mcp-server-fetch · /mcpServers/fetch
	// linear · http: https://mcp.linear.app/sse · /mcpServers/linear
	// 0 warnings
}

func ExampleOptions_ParseConfig() {
	opts := live.Options{LookupEnv: func(name string) (string, bool) { return "ghp_example", name == "GITHUB_TOKEN" }}
	doc := `{"servers": {"github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/",
	  "headers": {"Authorization": "Bearer ${env:GITHUB_TOKEN}"}}}}`
	servers, _, _ := opts.ParseConfig(".vscode/mcp.json", []byte(doc), nil)
	fmt.Println(servers[0].Describe())
	_, _, err := opts.ParseConfig(".vscode/mcp.json", []byte(`{"servers": {"x": {"command": "${workspaceFolder}/run"}}}`), nil)
	fmt.Println(err)
	// Output:
	// http: https://api.githubcopilot.com/mcp/ (headers: Authorization)
	// .vscode/mcp.json: /servers/x/command: server "x": ${workspaceFolder} is a VS Code variable, which only VS Code knows: write its value instead
}

func ExampleServer_Environ() {
	s := live.Server{Env: []live.EnvVar{{Name: "LOG_LEVEL", Value: "debug"}, {Name: "DEBUG", Unset: true}, {Name: "TZ", Value: "UTC"}}}
	fmt.Println(s.Environ([]string{"PATH=/usr/bin", "LOG_LEVEL=info", "DEBUG=1"}))
	// Output:
	// [PATH=/usr/bin LOG_LEVEL=debug TZ=UTC]
}
