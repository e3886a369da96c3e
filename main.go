// Command strictscope is a terminal inspector and a command line for the road
// between MCP tools and OpenAI function calling: it shows an MCP tool list as
// OpenAI tools in strict mode and not, the model's calls with the nulls strict mode
// added stripped, and MCP results rendered back as tool outputs, for the Chat
// Completions and Responses APIs.
//
// With no subcommand it opens the inspector; when stdin or stdout is not a
// terminal it prints usage and exits 2 instead. The subcommands print JSON on
// stdout and messages on stderr; exit codes: 0 done, 1 done with a finding, 2 bad
// usage or bad input (nothing on stdout).
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/sessions"
	"github.com/strictscope/strictscope/ui"
)

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}
	isTTY := term.IsTerminal(os.Stdin.Fd()) && term.IsTerminal(os.Stdout.Fd())
	os.Exit(run(e, os.Args[1:], isTTY))
}

// commands are the subcommands, in the order usage lists them.
func commands() []command {
	return []command{strictCommand, toolsCommand, checkCommand, callsCommand, outputCommand, replayCommand, explainCommand, listCommand, callCommand, versionCommand}
}

// run dispatches args and returns the exit code. isTTY says whether stdin and
// stdout are terminals, which the inspector needs.
func run(e *env, args []string, isTTY bool) int {
	if len(args) > 0 {
		switch args[0] {
		case "-h", "--help", "help":
			fmt.Fprint(e.stdout, usageText())
			return exitOK
		case "--version", "-version":
			return finish(e, versionCommand, args[1:])
		}
		for _, c := range commands() {
			if args[0] == c.name {
				return finish(e, c, args[1:])
			}
		}
		if strings.HasPrefix(args[0], "-") && args[0] != "-" && !isInspectorFlag(args[0]) {
			fmt.Fprintf(e.stderr, "strictscope: unknown flag %s (see strictscope --help)\n", termsafe.Sanitize(args[0]))
			return exitBad
		}
		if msg, ok := unknownCommand(firstPositional(args)); ok {
			fmt.Fprintln(e.stderr, msg)
			return exitBad
		}
	}
	if !isTTY {
		fmt.Fprint(e.stderr, shortUsage())
		return exitBad
	}
	return runInspector(e, args)
}

// finish runs a command and turns its error into a one-line message.
//
// -h or --help where a flag may stand prints the command's usage on stdout (exit 0):
// the flag parser reports it as flag.ErrHelp. As the value of a flag (--call-id -h)
// it is that value, and after "--" it is an argument.
func finish(e *env, c command, args []string) int {
	code, err := c.run(e, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(e.stdout, commandHelp(c, err))
			return exitOK
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "strictscope") {
			msg = "strictscope " + c.name + ": " + msg
		}
		fmt.Fprintln(e.stderr, msg)
		var ue *usageError
		if errors.As(err, &ue) || code == exitOK {
			return exitBad
		}
		return code
	}
	return code
}

// shortUsage is what strictscope prints with no subcommand when stdin or stdout
// is not a terminal: why the inspector did not start, the subcommands, and where
// the full usage is.
func shortUsage() string {
	names := make([]string, 0, len(commands()))
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return "strictscope: the inspector needs a terminal (stdin and stdout); use a subcommand in scripts\n" +
		"usage: strictscope " + strings.Join(names, "|") + " [flags] [FILE...]  (strictscope --help lists the flags)\n"
}

func usageText() string {
	var sb strings.Builder
	sb.WriteString("usage:\n  strictscope [--api chat|responses] [--strict auto|true|false] [--no-prefix] [--no-default-descriptions] [--max-input SIZE]\n" +
		"              [--server NAME=COMMAND|NAME=URL ...] [--config FILE [--only NAME ...]] [--header 'NAME: VALUE' ...] [--timeout D] [--trace] [FILE...]\n")
	sb.WriteString("      open the inspector on the built-in examples, or on tool lists, recordings and sessions, and on live MCP servers\n")
	for _, c := range commands() {
		fmt.Fprintf(&sb, "  %s\n      %s\n", c.usage, c.summary)
	}
	sb.WriteString("\nstrictscope CMD --help explains the flags of a command; --version prints the version.\n")
	sb.WriteString("Every command takes --max-input SIZE, the cap on an input read whole (default " + sessions.FormatSize(sessions.DefaultMaxInput) + ").\n")
	sb.WriteString("exit codes: 0 done, 1 done with a finding, 2 bad usage or bad input\n")
	return sb.String()
}

// firstPositional is the first argument of the inspector's that is not a flag
// or a flag's value ("" when there is none): where a mistyped command stands
// when flags come first (strictscope --api chat tols).
func firstPositional(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		case a == "-" || !strings.HasPrefix(a, "-"):
			return a
		case !strings.Contains(a, "="):
			switch strings.TrimLeft(a, "-") {
			case "api", "strict", "max-input", "server", "config", "only", "header", "timeout":
				i++ // the flag's value
			}
		}
	}
	return ""
}

func isInspectorFlag(a string) bool {
	name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
	switch name {
	case "api", "strict", "no-prefix", "no-default-descriptions", "max-input",
		"server", "config", "only", "header", "timeout", "trace":
		return true
	}
	return false
}

// runInspector opens the inspector on FILE arguments (tool lists, recordings,
// session files; none and no live server: the built-in examples) and on the
// live servers --server and --config name, with the starting modes the flags
// set. A file that fails to load is listed in the inspector with its error; a
// server that fails to connect is shown failed there. A server spec or a
// configuration file that cannot be read is an error before it opens.
func runInspector(e *env, args []string) int {
	fs := newFlags(e, "inspector")
	api := fs.api(string(adapter.Chat), helpInspectorAPI)
	strict := fs.strict(string(adapter.StrictAuto), helpInspectorStrict)
	noPrefix := fs.noPrefix()
	noDefaults := fs.noDefaults()
	var lf liveFlags
	lf.register(fs)
	fs.Lookup("timeout").Usage = helpInspectorTimeout
	trace := fs.Bool("trace", false, helpTrace)
	files, err := fs.parse(args)
	var opts ui.Options
	if err == nil {
		opts.API, err = parseAPI("inspector", *api)
	}
	if err == nil {
		opts.Strict, err = parseStrict("inspector", *strict)
	}
	if err == nil && lf.given() {
		opts.Servers, err = lf.specsWarning(e, "inspector", func(w string) { opts.Warnings = append(opts.Warnings, w) })
		opts.Timeout, opts.Trace = lf.timeout, *trace
	} else if err == nil && *trace {
		err = usagef("strictscope: --trace goes with live servers (--server, --config)")
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(e.stdout, usageText())
			return exitOK
		}
		fmt.Fprintln(e.stderr, err)
		return exitBad
	}
	opts.Files, opts.NoPrefix, opts.NoDefaultDescriptions, opts.Limits = files, *noPrefix, *noDefaults, e.limits
	if err := ui.Run(opts); err != nil {
		if errors.Is(err, ui.ErrInterrupted) {
			return exitInterrupted
		}
		fmt.Fprintln(e.stderr, "strictscope: "+termsafe.Sanitize(err.Error()))
		return exitBad
	}
	return exitOK
}
