package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/strictscope/strictscope/adapter"
)

// safe makes text from data (names, descriptions, messages, file names) safe for
// the terminal on one line: control and invisible characters are drawn visibly,
// so no escape sequence from a tool ever reaches the screen.
func safe(s string) string { return adapter.Sanitize(s) }

// inputMsg is a key or a paste for a one-line text input (a list's filter, a
// prompt) without the characters safe would draw as ⟨U+XXXX⟩: the input drops
// controls itself, but would keep and draw raw the invisible ones (bidi
// overrides, zero-width and tag characters). Line feeds and tabs become spaces,
// as the input makes them. Any other message is returned as is.
func inputMsg(msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tea.KeyPressMsg:
		m.Text = inputText(m.Text)
		return m
	case tea.PasteMsg:
		m.Content = inputText(m.Content)
		return m
	}
	return msg
}

func inputText(s string) string {
	if safe(s) == s {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case safe(string(r)) == string(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fit truncates s (which may hold styling) to w cells with … and pads it with
// spaces to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) > w {
		s = ansi.Truncate(s, w, "…")
	}
	if n := ansi.StringWidth(s); n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// truncLeft keeps the end of s within w cells, starting it with … when cut.
func truncLeft(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n <= w {
		return s
	}
	return "…" + ansi.TruncateLeft(s, n-w+1, "")
}

// wrapText wraps plain text to w cells into lines.
func wrapText(s string, w int) []string {
	if s == "" {
		return nil
	}
	if w < 1 {
		w = 1
	}
	return strings.Split(ansi.Wrap(s, w, " "), "\n")
}

// wrapMessage wraps a pane's message to w cells: each line of it starts a new
// line, and a line that starts with "• " (a note) wraps under its text, as the
// notes pane draws notes.
func wrapMessage(s string, w int) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		rest, ok := strings.CutPrefix(para, "• ")
		if !ok {
			out = append(out, wrapText(para, w)...)
			continue
		}
		for i, l := range wrapText(rest, w-2) {
			if i == 0 {
				out = append(out, "• "+l)
			} else {
				out = append(out, "  "+l)
			}
		}
	}
	return out
}

// padLines makes a block exactly h lines of w cells.
func padLines(lines []string, w, h int) string {
	var b strings.Builder
	for i := range h {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(lines) {
			b.WriteString(fit(lines[i], w))
		} else {
			b.WriteString(strings.Repeat(" ", w))
		}
	}
	return b.String()
}

// ansiTruncate cuts s to w cells.
func ansiTruncate(s string, w int) string { return ansi.Truncate(s, max(w, 0), "") }
