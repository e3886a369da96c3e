package common

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Written is how writing a file went: what WriteFile reports.
type Written struct {
	Name   string
	Bytes  int
	Exists bool // the file exists and overwriting it was not agreed: nothing was written
	Err    error
}

// WriteFile writes data to the file name in a command, and gives how it
// went to done, whose message goes to the screen (messages carry no
// addressee, so each screen wraps it in a type of its own). Without
// overwrite an existing file is never touched: it is created exclusively,
// and its existence reported.
func WriteFile(name string, data []byte, overwrite bool, done func(Written) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
		if overwrite {
			flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		}
		f, err := os.OpenFile(name, flags, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return done(Written{Name: name, Exists: true})
		}
		if err != nil {
			return done(Written{Name: name, Err: err})
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return done(Written{Name: name, Bytes: len(data), Err: err})
	}
}

// Report is the status a write ends with: a prompt that asks before
// replacing a file that exists (again is the message that writes it over),
// the error, or ok, the information that it was written.
func (w Written) Report(again func() tea.Msg, ok string) tea.Cmd {
	switch {
	case w.Exists:
		name := w.Name
		return PromptCmd(TruncLeft(Safe(name), 32)+" exists; overwrite it? (y/N)", "", func(v string) tea.Msg {
			if a := strings.ToLower(strings.TrimSpace(v)); a == "y" || a == "yes" {
				return again()
			}
			return StatusMsg{Text: "not written: " + Safe(name) + " is unchanged"}
		})
	case w.Err != nil:
		return ShowError("could not write " + Safe(w.Name) + ": " + Safe(w.Err.Error()))
	}
	return ShowInfo(ok)
}

// WriteName is a file name as typed into a prompt, without the spaces
// around it; "" when nothing was typed.
func WriteName(typed string) string { return strings.TrimSpace(typed) }
