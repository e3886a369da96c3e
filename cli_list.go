package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/sessions/live"
)

var listCommand = command{
	name:    "list",
	summary: "connect to live MCP servers and print what each says of itself and its tools, or write them to files",
	usage:   "strictscope list (--server NAME=COMMAND|NAME=URL … | --config FILE [--only NAME …]) [--header 'NAME: VALUE' …] [--timeout D] [--out DIR]",
	run:     runList,
}

// runList prints {"servers":{NAME:{"server_info","protocol_version",
// "capabilities","instructions","tools"}}}, each member as the server sent it
// (the tools in order, member order and numbers kept); with --out it writes
// DIR/NAME.json, a {"tools":[…]} file every command reads, instead, and prints
// the files' names on stderr. A file that exists is not overwritten.
func runList(e *env, args []string) (int, error) {
	fs := newFlags(e, "list")
	var lf liveFlags
	lf.register(fs)
	out := fs.String("out", "", "write each server's tools to `DIR`/NAME.json, a tool list every command reads, instead of printing (never overwrites a file)")
	pos, err := fs.parse(args)
	if err != nil {
		return exitBad, err
	}
	if len(pos) > 0 {
		return exitBad, usagef("strictscope list: takes no FILE arguments: name the servers with --server or --config")
	}
	if !lf.given() {
		return exitBad, usagef("strictscope list: name the servers with --server NAME=COMMAND, --server NAME=URL or --config FILE")
	}
	specs, err := lf.specs(e, "list")
	if err != nil {
		return exitBad, err
	}
	if *out != "" {
		// Every file name is checked before any server is started.
		seen := map[string]bool{}
		for _, s := range specs {
			if err := snapshotName(s.Name); err != nil {
				return exitBad, err
			}
			if seen[s.Name] {
				return exitBad, usagef("strictscope list: two servers are named %s, and --out writes one file per name", termsafe.Quote(s.Name))
			}
			seen[s.Name] = true
		}
		if st, err := os.Stat(*out); err != nil || !st.IsDir() {
			return exitBad, usagef("strictscope list: --out %s is not a folder", termsafe.Quote(*out))
		}
	}
	ls, err := openLive(specs, lf.timeout)
	if err != nil {
		return exitBad, err
	}
	defer ls.end()
	conns := ls.conns
	if *out != "" {
		for i, c := range conns {
			path := filepath.Join(*out, specs[i].Name+".json")
			if err := writeNewFile(path, adapter.MarshalIndent(c.Tools().Doc)); err != nil {
				return exitBad, err
			}
			fmt.Fprintf(e.stderr, "strictscope: wrote %s (%d tools)\n", termsafe.Sanitize(path), len(c.Tools().Tools))
		}
		return exitOK, nil
	}
	mems := make([]adapter.Member, len(conns))
	for i, c := range conns {
		mems[i] = adapter.MemberOf(specs[i].Name, serverValue(c))
	}
	return exitOK, writeJSON(e.stdout, adapter.ObjectValue(adapter.MemberOf("servers", adapter.ObjectValue(mems...))))
}

// snapshotName refuses a server name that cannot be a file name in the --out
// folder.
func snapshotName(name string) error {
	if name == "." || name == ".." || strings.ContainsAny(name, `/\`) || strings.ContainsRune(name, 0) {
		return usagef("strictscope list: server %s cannot be written as a file name with --out", termsafe.Quote(name))
	}
	return nil
}

// serverValue is what list prints of one server: its serverInfo, capabilities
// and instructions as its initialize (or server/discover) result sent them
// (null for one it left out), the protocol version negotiated, and its tools.
func serverValue(c *live.Conn) adapter.Value {
	info := c.Info()
	var init adapter.Value
	if info.Raw != nil {
		init, _ = adapter.Decode(info.Raw)
	}
	member := func(key string, fallback any) adapter.Value {
		if info.Raw != nil {
			v, _ := init.Get(key) // null when the server left it out
			return v
		}
		// No raw result: what the SDK kept of it.
		b, err := json.Marshal(fallback)
		if err != nil {
			return adapter.NullValue()
		}
		v, err := adapter.Decode(b)
		if err != nil {
			return adapter.NullValue()
		}
		return v
	}
	tools, _ := c.Tools().Doc.Get("tools")
	serverInfo := member("serverInfo", info.ServerInfo)
	if serverInfo.IsNull() {
		// Since protocol 2026-07-28, server/discover carries it in _meta.
		meta, _ := init.Get("_meta")
		if v, ok := meta.Get("io.modelcontextprotocol/serverInfo"); ok {
			serverInfo = v
		}
	}
	return adapter.ObjectValue(
		adapter.MemberOf("server_info", serverInfo),
		adapter.MemberOf("protocol_version", adapter.StringValue(info.ProtocolVersion)), // the version negotiated
		adapter.MemberOf("capabilities", member("capabilities", info.Capabilities)),
		adapter.MemberOf("instructions", member("instructions", info.Instructions)),
		adapter.MemberOf("tools", tools),
	)
}
