// Command stdioserver is a tiny MCP server over stdio for the tests of package
// live: it answers initialize and tools/list (the tools of a file, 3 a page,
// their bytes as the file has them) and, by its mode, misbehaves.
//
//	stdioserver MODE TOOLS.json
//
// Modes: ok; child (first starts a child process in its group and says its pid
// on stderr); nonjson (prints a line that is not JSON-RPC); exit (exits at
// once, a line on stderr); hang (reads and never answers); sleep (sleeps, the
// child of child).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"time"
)

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Cursor string `json:"cursor"`
	} `json:"params"`
}

func main() {
	mode := os.Args[1]
	switch mode {
	case "sleep":
		time.Sleep(time.Minute)
		return
	case "exit":
		fmt.Fprintln(os.Stderr, "fatal: no config")
		os.Exit(3)
	case "nonjson":
		fmt.Fprintln(os.Stderr, "starting up")
		fmt.Println("Server listening on port 8080")
	case "child":
		child := exec.Command(os.Args[0], "sleep")
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "child %d\n", child.Process.Pid)
	}
	var tools []json.RawMessage
	if len(os.Args) > 2 {
		data, err := os.ReadFile(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		var doc struct{ Tools []json.RawMessage }
		if err := json.Unmarshal(data, &doc); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		tools = doc.Tools
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<24)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		if mode == "hang" {
			continue
		}
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil || len(req.ID) == 0 {
			continue
		}
		var result string
		switch req.Method {
		case "initialize":
			result = `{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"stdioserver","version":"1.0"},"instructions":"test server"}`
		case "tools/list":
			from := 0
			if req.Params.Cursor != "" {
				from, _ = strconv.Atoi(req.Params.Cursor)
			}
			to := min(from+3, len(tools))
			result = `{"tools":[`
			for i, t := range tools[from:to] {
				if i > 0 {
					result += ","
				}
				result += string(t)
			}
			result += "]"
			if to < len(tools) {
				result += `,"nextCursor":"` + strconv.Itoa(to) + `"`
			}
			result += "}"
		default:
			fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"no method %s"}}`+"\n", req.ID, req.Method)
			out.Flush()
			continue
		}
		fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"result":%s}`+"\n", req.ID, result)
		out.Flush()
	}
}
