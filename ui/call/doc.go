// Package call is the inspector's call screen: c on a tool of a live server
// opens it (a common.CallRequest, through Screen.Open) to call that tool
// from the inspector. The arguments start from the tool's input schema
// (adapter.ArgumentsSkeleton) in an editor and are validated against the
// original schema as they change, errors marked in the gutter and listed in
// the notes. Enter shows the approval view: the exact JSON to send, the
// server and how it is reached, the tool and its annotations as badges by
// MCP's rules (a destructive tool in the warning colour). y sends it; any
// other key goes back to the editor, and no tool is called any other way.
// While the call runs, a progress bar follows the server's progress
// notifications with the elapsed time, and esc cancels it
// (notifications/cancelled). Its end, whatever it is, is sent as a
// common.CallDoneMsg, which the root model makes a turn of the live session.
//
// Files:
//
//	doc.go          this map
//	call.go         Screen: its stages, Open, the editor and its validation as the text changes
//	update.go       its keys and messages: review, send, cancel, the call's end
//	view.go         its drawing: the editing view, the approval view, the running and ended call
//	run.go          the call in a command: progress handed over from the SDK, the clock, the end
//	check.go        Check: the library's answer for the arguments (parse, object, validation)
//	annotations.go  Annotations: the tool's hints by MCP's defaults, as badges
//	layout.go       Layout: where the editor, the schema and the notes go
//	query.go        what a test of the whole inspector may read of it
package call
