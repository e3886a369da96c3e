package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/strictscope/strictscope/adapter"
)

// safe makes text from data (names, descriptions, messages, file names) safe for
// the terminal on one line: control and invisible characters are drawn visibly,
// so no escape sequence from a tool ever reaches the screen.
func safe(s string) string { return adapter.Sanitize(s) }

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
