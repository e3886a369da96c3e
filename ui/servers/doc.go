// Package servers is the inspector's servers screen: the live MCP servers
// (--server, --config) in a list, each with its state (connecting… and for
// how long, its tools, or failed), and for the selected one two panes: its
// details (how it is reached, never with env or header values; its state and
// why it failed; what it said of itself when its session began: name, title
// and version, the protocol version negotiated, its capabilities and
// instructions; the changes to its tool list) and its log (its stderr, and
// with --trace the JSON-RPC messages, → sent and ← received), filterable by
// text (/) and by kind (t), following the end. R asks the root model to
// connect the selected server again.
//
// The live servers are the root model's (common.Live): it changes them on the
// frame and sends common.LiveChangedMsg, and the screen draws that server
// again; while a server connects the root sends one a second, so that its
// time counts. Every string from a server or its spec goes through
// common.Safe or termsafe before it is drawn.
//
// # Files
//
//	doc.go      this map
//	servers.go  Screen: its state, the list's rows, the panes of the selected server
//	update.go   its keys, the mouse, and the live servers' changes
//	view.go     its title bar, info row, help groups and status
//	layout.go   where the list, the details and the log go
//	details.go  the details of a server as lines: state, info, capabilities, instructions
//	logview.go  the log pane: its filters, wrapping and following the end
//	pager.go    the keys' moves, and the scrolling pane of the details
package servers
