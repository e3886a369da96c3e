package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

// Safe makes text from data (names, descriptions, messages, file names) safe for
// the terminal on one line: control and invisible characters are drawn visibly,
// so no escape sequence from a tool ever reaches the screen.
func Safe(s string) string { return termsafe.Sanitize(s) }

// SafeLines is Safe for a text of several lines (an error with the tail of a
// server's stderr): each line made safe, the line feeds kept.
func SafeLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Safe(l)
	}
	return strings.Join(lines, "\n")
}

// Fit truncates s (which may hold styling) to w cells with … and pads it with
// spaces to exactly w cells.
func Fit(s string, w int) string {
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

// TruncLeft keeps the end of s within w cells, starting it with … when cut.
func TruncLeft(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := ansi.StringWidth(s)
	if n <= w {
		return s
	}
	return "…" + ansi.TruncateLeft(s, n-w+1, "")
}

// WrapText wraps plain text to w cells into lines.
func WrapText(s string, w int) []string {
	if s == "" {
		return nil
	}
	if w < 1 {
		w = 1
	}
	return strings.Split(ansi.Wrap(s, w, " "), "\n")
}

// WrapMessage wraps a pane's message to w cells: each line of it starts a new
// line, and a line that starts with "• " (a note) wraps under its text, as the
// notes pane draws notes.
func WrapMessage(s string, w int) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		rest, ok := strings.CutPrefix(para, "• ")
		if !ok {
			out = append(out, WrapText(para, w)...)
			continue
		}
		for i, l := range WrapText(rest, w-2) {
			if i == 0 {
				out = append(out, "• "+l)
			} else {
				out = append(out, "  "+l)
			}
		}
	}
	return out
}

// PadLines makes a block exactly h lines of w cells.
func PadLines(lines []string, w, h int) string {
	var b strings.Builder
	for i := range h {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(lines) {
			b.WriteString(Fit(lines[i], w))
		} else {
			b.WriteString(strings.Repeat(" ", w))
		}
	}
	return b.String()
}

// ansiTruncate cuts s to w cells.
func ansiTruncate(s string, w int) string { return ansi.Truncate(s, max(w, 0), "") }
