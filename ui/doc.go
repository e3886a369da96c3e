// Package ui is the strictscope inspector: the Bubble Tea app that shows what the
// model sees and why. It owns the root model, the screens, the panes, the
// layout, the styles (package ui/styles) and the key bindings (package
// ui/keys). The screens, switched with 1–9:
//
//   - the tools screen: every tool of the tool lists and session files, its
//     schema as written beside its strict form (or the rendered tool, or the
//     report), under the modes the toggles set;
//   - the replay screen, when a recording or session file is loaded: its turns
//     (/ filters them by their row, their calls' tool names and call ids),
//     and for the selected turn one stage of the trace sessions returns at a
//     time (← and →), input beside output, with the stage's notes; the
//     structured mode and the error prefix replay again;
//   - the playground: e on a tool or a call opens its input schema or its
//     arguments in an editor, and the library's answer follows the text as it
//     changes (at once for a small text, after a pause of 100 ms for a large
//     one); text that does not parse shows where it breaks. The editor holds
//     9,999 lines: a longer text opens with fewer levels on their own lines
//     (down to one line per property), and one that still does not fit is
//     refused with a status message.
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
//     (size, styles, keys, dark or light, options) is shared by all.
//   - Components use the fields of styles.Styles, never a colour. Light or dark
//     follows tea.BackgroundColorMsg; NO_COLOR (or a terminal without colour)
//     gives a set without colour in which highlights keep bold, reverse,
//     underline or faint.
//   - Text from tools and recordings is untrusted: every string from data goes
//     through adapter.Sanitize before it is drawn, so no control sequence from a
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
//   - Layout is a pure function of the window size (ComputeLayout). Below 80×24
//     the inspector says so instead of drawing.
//   - I/O happens in commands (writing a file), never in Update or View; the
//     clipboard is written through OSC 52. Work that may take longer than a
//     frame (the library's answer for modes or replay options not asked for
//     before) runs in a command too, on values nothing else changes, and its
//     message swaps the answer in; the screen shows the current one meanwhile.
//     Messages carry no addressee: the root gives a prompt's answer to the
//     screen that opened it, and every other message but keys and the mouse
//     to every screen.
//
// Run starts it in a terminal; New builds the root model without one, for
// tests.
package ui
