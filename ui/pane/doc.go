// Package pane holds the inspector's shared components, the panes every
// screen is built from: a JSON document as lines with its path ↔ line maps
// (Doc), its highlighting and line styles, the Marker that puts the library's
// answers on lines, the virtualised JSON pane (JSON), two panes whose cursors
// follow each other (Pair), the filterable list (List), a list beside a pair
// with the focus, keys, mouse and copying they share (ListPair), the notes
// pane (Notes) and the playground's Editor, which highlights its text as the
// JSON panes do and puts the library's marks on its lines (TextMarks).
//
// Components are dumb: a screen calls their methods and they get no messages.
// They draw with the fields of the context's Styles, never a colour, and every
// string from data goes through common.Safe before it is drawn.
package pane
