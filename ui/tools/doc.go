// Package tools is the inspector's tools screen: every tool of the tool lists
// and session files in a filterable list, and beside it the selected tool's
// input schema as written and its strict form (or the tool as listed and as
// sent, or the whole report), under the modes the toggles set (API, strict
// mode, server prefix, defaults in descriptions). Every badge, count and mark
// is adapter's answer for the current modes, cached per combination and
// computed off the frame when it is new. w writes the rendered tools to a
// file; e opens a tool's schema in the playground.
//
// The list at scale:
//
//   - One group per server, in the order loaded, then a group of the files
//     that are not tool lists or that have warnings (recordings and session
//     files keep their own group there). A group's header names the server
//     (and the session file it came from, when it came from one and no tool
//     list), its tools, and its counts under the current modes: how many are
//     sent strict (non-strict under strict false), then those with no strict
//     form, hidden characters, a truncated description or a new name, each
//     when there are any. With one group there is no header, and each tool
//     shows its exposed name and server as before.
//   - Under a header a tool shows by its name on the server; its exposed
//     name is in the left pane's title and the status line, and the filter
//     (/) matches both names.
//   - Enter or space on a header folds or unfolds it, z folds every group
//     (or unfolds them all when all are folded). The groups whose header
//     would come past the first screenful of the smallest window
//     (pane.StartScreenful entries, every group open) start folded, whatever
//     the window's size. While a filter is on, every group with a match is
//     open, and the folding without a filter comes back when it is cleared.
//   - f cycles the status filter: all → needs attention → no strict form →
//     hidden characters → truncated → renamed. Needs attention keeps a tool
//     with any of the four, and a file that did not load or has warnings;
//     the others keep only tools. It combines with /: a row shows when it
//     passes both. While either is on, the status line says which and what
//     they keep ("filter: no strict form · 37 of 1,990 tools").
//   - The list's title counts tools (kept of all), never headers or files.
//
// Files:
//
//	doc.go      this map
//	tools.go    Screen: its state, the counts header and the banner
//	update.go   its keys and toggles, and the answers computed off the frame
//	view.go     its title bar, help groups and status
//	modes.go    Modes, and the cache of adapter's answer per combination
//	content.go  the pane contents for a tool or a file
//	rows.go     the tool and file rows of its list
//	groups.go   the groups, their counts and contents, and the status filter
//	write.go    writing the rendered tools to a file
//	query.go    what a test of the whole inspector may read of it
package tools
