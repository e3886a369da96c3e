// Package replay is the inspector's replay screen, shown when a recording or
// a session file is loaded: its turns in a filterable list, and for the
// selected turn one stage of the trace sessions returns at a time (← and →),
// the stage's input beside its output, with its notes under them. Every mark
// comes from the trace; the structured mode and the error prefix replay again
// (cached per option set, off the frame when new). e opens a call's arguments
// in the playground.
//
// The replay engine itself is in package sessions (ReplaySession,
// ReplayRecording); trace.go holds only what the screen needs around it: its
// options, which files replay and with what, and the cache of their traces.
package replay
