// Package ui is the strictscope inspector: the Bubble Tea app that shows what the
// model sees and why. It owns the root model; each screen is a package of its
// own (ui/tools, ui/servers, ui/replay, ui/call, ui/playground), what they share is in package
// ui/common, the panes they are built from in package ui/pane, the styles in
// package ui/styles and the key bindings in package ui/keys. The screens,
// switched with 1–9:
//
//   - the tools screen: every tool of the tool lists and session files, its
//     schema as written beside its strict form (or the rendered tool, or the
//     report), under the modes the toggles set;
//   - the replay screen, when a recording or session file is loaded: its turns
//     under a folding header per file when there are several, as the tools
//     screen groups tools by server (/ filters them by their row, their
//     calls' tool names and call ids),
//     and for the selected turn one stage of the trace sessions returns at a
//     time (← and →), input beside output, with the stage's notes; the
//     structured mode and the error prefix replay again;
//   - with live servers (--server, --config), the servers screen: each
//     server's details and its log (ui/servers), and the call screen: c on a
//     live tool edits its arguments, shows what will be sent for approval, and
//     calls it on y (ui/call); the result is a turn of the live session on the
//     replay screen. The root model connects the servers in commands (live.go):
//     no frame waits for a server, each change of one is a LiveChangedMsg to
//     every screen, and every server process ends before Run returns;
//   - the playground: e on a tool or a call opens its input schema or its
//     arguments in an editor, and the library's answer follows the text as it
//     changes (at once for a small text, after a pause of 100 ms for a large
//     one); text that does not parse shows where it breaks. The editor holds
//     9,999 lines: a longer text opens with fewer levels on their own lines
//     (down to one line per property), and one that still does not fit is
//     refused with a status message, as is an edit that would make the
//     text longer. The editor highlights the text as the JSON panes do, and
//     its gutter holds the marks of the library's answer for the text (∅ ✗
//     ·) on the text's own lines.
//
// Its rules:
//
//   - It draws only what the library returned. Every status, badge and mark (null
//     paths, dropped keywords, the failing node, removed characters) comes from
//     adapter's answer for the current modes; the UI finds the lines they sit on
//     and never decides a rule itself. Every toggle asks adapter again (answers
//     are cached per combination of modes).
//   - One root model owns the window, global keys, prompts, help and the status
//     line, and routes a key only to the active screen; each screen owns its
//     panes and which has focus, and gives the key to that pane. Components are
//     dumb: the screen calls their methods; they get no messages. A Context
//     (size, styles, keys, dark or light) is shared by all.
//   - Components use the fields of styles.Styles, never a colour. Light or dark
//     follows tea.BackgroundColorMsg; NO_COLOR (or a terminal without colour)
//     gives a set without colour in which highlights keep bold, reverse,
//     underline or faint.
//   - Text from tools and recordings is untrusted: every string from data goes
//     through termsafe.Sanitize before it is drawn, so no control sequence from a
//     tool reaches the terminal, and invisible characters show as ⟨U+200B⟩.
//   - JSON panes are virtualised: a document is pretty-printed once into lines
//     with a path → line map and a line → path map, each line is highlighted
//     with chroma's JSON lexer the first time it is drawn and cached, and only
//     the visible lines are drawn. Tokens are styled here, with Lip Gloss, so
//     that a line's background survives every token. Lines break as
//     adapter.MarshalIndent breaks them: a value nested deeper than
//     adapter.MaxIndentDepth levels is one compact line, and a mark, a jump or
//     a note at a path inside it lands on that line. So a document's lines
//     and maps cost in proportion to its size, whatever its depth.
//   - Layout is a pure function of the window size (pane.ComputeLayout for
//     a list beside a pair of panes, and its kin in the replay screen and the
//     playground). Below 80×24 the inspector says so instead of drawing.
//   - I/O happens in commands (writing a file), never in Update or View; the
//     clipboard is written through OSC 52. Work that may take longer than a
//     frame (the library's answer for modes or replay options not asked for
//     before) runs in a command too, on values nothing else changes, and its
//     message swaps the answer in; the screen shows the current one meanwhile.
//     Messages carry no addressee: the root gives a prompt's answer to the
//     screen that opened it, and every other message but keys and the mouse
//     to every screen.
//
// Run starts it in a terminal.
//
// # Files
//
// The packages and files of ui/..., one line each. The root imports the
// screens; a screen imports common and pane, never another screen.
//
//	ui/                    the root model
//	  doc.go               this map
//	  run.go               Options, Run and ErrInterrupted: what main uses
//	  model.go             the root model: routing, global keys, opening the playground
//	  view.go              the root's drawing: status line, help, the too-small notice
//	  prompt.go            the one-line prompt in the status line
//	  live.go              the live servers: connected, listed again and watched in commands; the live session's turns
//	ui/common/             what the root model, the screens and the components share
//	  doc.go               the package's map
//	  context.go           Context: window size, styles, key bindings; the root changes it
//	  screen.go            Screen, Focus, NamedKeyMap; status, prompt and show-screen messages
//	  edit.go              EditRequest: a screen asks for the playground on a schema or arguments
//	  frame.go             the rows every screen draws: title row, banner, rules, mode flags
//	  text.go              text made safe and fitted for the terminal: Safe, Fit, WrapText, PadLines
//	  input.go             one-line text inputs: their styles, and keys or pastes made safe for them
//	  words.go             the library's answers in words: NoStrictForm, PointerOrRoot
//	  rect.go              Rect, Hit and the smallest window (MinWidth×MinHeight)
//	  load.go              Loaded and File: what the inspector opens, and Load
//	  recent.go            Recent: the answers for the last few toggle settings
//	  toggle.go            OffFrame (answers computed off the frame) and Cycle
//	  live.go              Live and LiveServer: the live servers' state, their messages, the live session (WithCall)
//	  write.go             WriteFile: a file written in a command, never over one that exists unless agreed
//	ui/pane/               the shared components the screens are built from
//	  doc.go               the package's map
//	  jsondoc.go           Doc: a JSON document as lines, with path ↔ line maps
//	  highlight.go         JSON lines as tokens, through chroma's lexer
//	  jsonstyle.go         token styles under each line highlight, and the gutter marks
//	  marks.go             Marker: puts the library's answers (null paths, errors, drops) on lines
//	  jsonpane.go          JSON: the virtualised JSON pane, and Content, what it shows
//	  panepair.go          Pair: two JSON panes whose cursors follow each other; the breadcrumb row
//	  filterlist.go        List: the filterable two-line list (tools, turns), its rows, badges and folding groups
//	  listpair.go          ListPair: a List beside a Pair, with their focus, keys, mouse and copy
//	  layout.go            Layout: a list beside a pair of panes, from the window size
//	  notes.go             Notes: the scrolling notes pane, and its height under a screen's panes
//	  editor.go            Editor: the playground's editor over the text's lines (moves by grapheme
//	                       cluster, selection, undo, the line limit); EditableText, a value laid out to fit it
//	  editorview.go        the editor's drawing: the visible rows, highlighted, with the gutter's marks
//	  editmarks.go         TextMarks: a view's marks put on the lines of the editor's text
//	  editortext.go        EditorText: text made safe for the editor (what is opened, typed or pasted)
//	  reuse.go             Doc.ReuseTokens: a document made again keeps the highlighting of unchanged lines
//	ui/tools/              the tools screen
//	  doc.go               the package's map
//	  tools.go             Screen: its state, the counts header and the banner
//	  update.go            its keys and toggles, and the answers computed off the frame
//	  view.go              its title bar, help groups and status
//	  modes.go             Modes, and the cache of adapter's answer per combination
//	  content.go           the pane contents for a tool or a file
//	  rows.go              the tool and file rows of its list
//	  groups.go            the list's groups (one per server, then the files) and the status filter
//	  write.go             writing the rendered tools to a file
//	  live.go              the live servers' groups: their headers and panes, c and R
//	  query.go             what a test of the whole inspector may read of it: Modes, Report, Rendered, Layout
//	ui/replay/             the replay screen
//	  doc.go               the package's map
//	  replay.go            Screen: its state, the turn rows and the banner
//	  update.go            its keys, stepping and toggles, and the traces replayed off the frame
//	  view.go              its title bar, stepper row, help groups and status
//	  trace.go             its options, and the cache of sessions' traces per option set
//	  content.go           a stage of a trace as pane contents, with its marks
//	  layout.go            where the turns, the stage's panes and the notes go
//	  query.go             what a test of the whole inspector may read of it: Options, Traces, Turns, Current, Stage, Shown
//	  live.go              the live session's turns as they come, a (outputs for the other API) and w (write it)
//	ui/playground/         the playground screen
//	  doc.go               the package's map
//	  playground.go        Screen: the editor, the result and the notes, and their keys
//	  compute.go           Answer: the library's answer for the edited text
//	  layout.go            where the editor, the result and the notes go
//	  query.go             what a test of the whole inspector may read of it: Editor, Answer, Result…
//	ui/call/               the call screen: c on a live tool, its arguments edited, approved with y, called
//	  doc.go               the package's map
//	  call.go              Screen: its stages, Open, the editor and its validation as the text changes
//	  update.go            its keys and messages: review, send, cancel, the call's end
//	  view.go              its drawing: the editing view, the approval view, the running and ended call
//	  run.go               the call in a command: progress handed over from the SDK, the clock, the end
//	  check.go             Check: the library's answer for the arguments
//	  annotations.go       Annotations: the tool's hints by MCP's defaults, as badges
//	  layout.go            Layout: where the editor, the schema and the notes go
//	  query.go             what a test of the whole inspector may read of it: Stage, Text, Check, Sending…
//	ui/servers/            the servers screen: the live servers, the selected one's details and log
//	  doc.go               the package's map
//	  servers.go           Screen: its state, the list's rows, the panes of the selected server
//	  update.go            its keys, the mouse, and the live servers' changes (LiveChangedMsg)
//	  view.go              its title bar, info row, help groups and status
//	  layout.go            where the list, the details and the log go
//	  details.go           a server's details as lines: how it is reached, state, info, capabilities, instructions
//	  logview.go           the log pane: its text and kind filters, wrapping, following the end
//	  pager.go             the keys' moves, and the scrolling pane of the details
//	ui/internal/uitest/    what the tests of ui/... share: the corpus, the loads they open, generated tool lists
//	ui/keys/keys.go        the key bindings, grouped per pane, for help
//	ui/styles/styles.go    the Styles for dark, light, no colour and no style
package ui
