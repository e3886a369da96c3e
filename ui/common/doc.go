// Package common is what the inspector's root model shares with its screens
// and components, and what every screen needs alike: the Context (window
// size, styles, key bindings), the Screen contract and the Focus a screen
// keeps, the messages a screen sends the root (status, prompt, show a screen),
// the frame every screen draws in (title row, banner, rules), text made safe
// and fitted for the terminal, rectangles of cells, the files the inspector
// opens (Loaded), and the toggles whose answers are cached (Recent) or
// computed off the frame (OffFrame).
//
// The root model (package ui) imports the screens, so what they share lives
// here, and no screen imports another.
package common
