package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// helpError is -h or --help given to a command: flag.ErrHelp, carrying the
// command's flags so that the help can explain each of them.
type helpError struct{ flags string }

func (e *helpError) Error() string { return flag.ErrHelp.Error() }
func (e *helpError) Is(target error) bool {
	return target == flag.ErrHelp
}

// commandHelp is what `strictscope CMD --help` prints: the usage line, what the
// command does, and every flag with one line on what it does.
func commandHelp(c command, err error) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s\n\n  %s\n", c.usage, c.summary)
	if c.details != "" {
		fmt.Fprintf(&sb, "\n%s\n", c.details)
	}
	var he *helpError
	if errors.As(err, &he) && he.flags != "" {
		fmt.Fprintf(&sb, "\nflags:\n%s", he.flags)
	}
	return sb.String()
}

// flagHelp lists the flags of fs in name order, one per line: --name VALUE and
// what it does, with its default when it has one worth saying. A flag's usage text
// names its value between backquotes (`N`), as package flag's PrintDefaults reads.
func flagHelp(fs *flag.FlagSet) string {
	type row struct{ left, usage string }
	var rows []row
	width := 0
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		left := "--" + f.Name
		if _, isBool := f.Value.(interface{ IsBoolFlag() bool }); !isBool {
			if name == "" {
				name = "VALUE"
			}
			left += " " + name
		}
		if d := f.DefValue; d != "" && d != "false" && d != "0" && d != "[]" && !strings.Contains(usage, "default") {
			if strings.ContainsAny(d, " \t") {
				d = strconv.Quote(d)
			}
			usage += fmt.Sprintf(" (default %s)", d)
		}
		rows = append(rows, row{left, usage})
		width = max(width, utf8.RuneCountInString(left))
	})
	var sb strings.Builder
	for _, r := range rows {
		// The text wraps at helpWidth columns, under its first line.
		lines := wrapWords(r.usage, max(helpWidth-width-4, 30))
		for i, line := range lines {
			left := ""
			if i == 0 {
				left = r.left
			}
			fmt.Fprintf(&sb, "  %-*s  %s\n", width, left, line)
		}
	}
	return sb.String()
}

// helpWidth is the width the flag help wraps at: an 80-column terminal.
const helpWidth = 80

// wrapWords breaks s at spaces into lines of at most width characters (a longer
// word stands alone on its line).
func wrapWords(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	return append(lines, line)
}

// versionText is what --version and `strictscope version` print: the module
// version, the VCS revision it was built from (with its time, and whether the
// tree had changes), and the Go version, all from the build information.
func versionText() string {
	version, revision, when, modified := "(unknown)", "", "", false
	goVersion := runtime.Version()
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		goVersion = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "strictscope %s\n", version)
	switch {
	case revision == "":
		sb.WriteString("revision: unknown (built without version control information)\n")
	default:
		fmt.Fprintf(&sb, "revision: %s", revision)
		if when != "" {
			fmt.Fprintf(&sb, " (%s)", when)
		}
		if modified {
			sb.WriteString(", with uncommitted changes")
		}
		sb.WriteByte('\n')
	}
	fmt.Fprintf(&sb, "go: %s %s/%s\n", goVersion, runtime.GOOS, runtime.GOARCH)
	return sb.String()
}

var versionCommand = command{
	name:    "version",
	summary: "print the version, the revision it was built from, and the Go version (also --version)",
	usage:   "strictscope version",
	run: func(e *env, args []string) (int, error) {
		fs := flag.NewFlagSet("version", flag.ContinueOnError)
		pos, err := parseFlags("version", fs, args)
		if err != nil {
			return exitBad, err
		}
		if len(pos) > 0 {
			return exitBad, usagef("strictscope version: takes no arguments")
		}
		_, err = fmt.Fprint(e.stdout, versionText())
		return exitOK, err
	},
}

// unknownCommand tells whether the first argument is a mistyped subcommand
// rather than a file for the inspector: a word of letters and dashes that names
// no existing file. It returns the message to print, naming the nearest
// subcommand when one is close.
func unknownCommand(arg string) (string, bool) {
	if arg == "" || !isCommandWord(arg) {
		return "", false
	}
	if _, err := os.Stat(arg); err == nil {
		return "", false
	}
	for _, c := range commands() {
		if c.name == arg {
			// Reached only when flags came before it.
			return "strictscope: a command comes first, its flags after it: strictscope " + arg + " [flags] … (strictscope " + arg + " --help)", true
		}
	}
	msg := "strictscope: unknown command " + termsafe.Quote(arg)
	if near := nearestCommand(arg); near != "" {
		return msg + " (did you mean " + near + "?)", true
	}
	names := make([]string, 0, len(commands()))
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return msg + "; the commands are " + strings.Join(names, ", ") + " (strictscope --help)", true
}

// isCommandWord: ASCII letters, then letters, digits and dashes, at most 32 long.
// A file name has a dot or a slash; a command never does.
func isCommandWord(s string) bool {
	if len(s) > 32 || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// nearestCommand is the subcommand closest to s by edit distance (case folded),
// when it is within two edits, or s is a prefix of it; "" otherwise.
func nearestCommand(s string) string {
	s = strings.ToLower(s)
	best, bestDist := "", 3
	for _, c := range commands() {
		d := editDistance(s, c.name)
		if len(s) >= 2 && strings.HasPrefix(c.name, s) {
			d = min(d, 1)
		}
		if d < bestDist {
			best, bestDist = c.name, d
		}
	}
	return best
}

// editDistance is the Damerau–Levenshtein distance (adjacent swaps count one) of
// two ASCII strings.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
