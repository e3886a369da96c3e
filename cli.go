package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/sessions"
)

// Exit codes (docs/cli.md#exit-codes).
const (
	exitOK      = 0 // done
	exitFinding = 1 // done, with a finding
	exitBad     = 2 // bad usage or bad input; nothing on stdout

	// exitInterrupted is the inspector's code when an interrupt ended it, as a
	// shell gives a program that SIGINT killed (128 + 2).
	exitInterrupted = 130
)

// env is what a command runs against: its streams. Commands write their result to
// out only once it is complete, so a failure leaves stdout empty.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer

	stdinRead bool            // a "-" argument has read stdin; a second one is a usage error
	limits    sessions.Limits // --max-input
}

// usageError is bad usage: a one-line message, exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	usage   string
	details string // more on the arguments, for --help (optional)
	run     func(e *env, args []string) (int, error)
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// parseFlags parses args with fs, allowing flags and positional arguments in any
// order ("--" ends the flags). Errors are usage errors naming the command.
func parseFlags(cmd string, fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, &helpError{flags: flagHelp(fs)}
			}
			return nil, usagef("strictscope %s: %s (see strictscope %s --help)", cmd, termsafe.Sanitize(flagErrorText(err)), cmd)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		// fs.Parse stops at the first positional argument, or after "--".
		if len(args) > 0 && len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// flagErrorText rewrites the flag package's messages to say --name.
func flagErrorText(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return "unknown flag --" + strings.TrimLeft(name, "-")
	}
	if rest, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return "flag --" + strings.TrimLeft(rest, "-") + " needs a value"
	}
	// "invalid boolean value "x" for -name: parse error", and "invalid value "x"
	// for flag -name: …" for other kinds.
	if rest, ok := strings.CutPrefix(msg, "invalid boolean value "); ok {
		if value, name, found := strings.Cut(rest, " for -"); found {
			name, _, _ = strings.Cut(name, ":")
			return "--" + strings.TrimLeft(name, "-") + " takes true or false, not " + value
		}
	}
	if before, name, found := strings.Cut(msg, " for flag -"); found {
		return before + " for flag --" + strings.TrimLeft(name, "-")
	}
	return msg
}

// readInput reads a FILE argument whole, or stdin for "-" (or no argument when
// allowed), held to --max-input. isJSON says the input must be one JSON document:
// its beginning is checked as it is read, so that what cannot be JSON is refused
// at once (sessions.Limits.ReadDocument).
func readInput(e *env, arg string, isJSON bool) (name string, data []byte, err error) {
	if arg == "-" {
		if err := e.claimStdin(); err != nil {
			return "stdin", nil, err
		}
		data, err = e.limits.ReadDocument("stdin", e.stdin, isJSON)
		return "stdin", data, err
	}
	data, err = e.limits.ReadDocumentFile(arg, isJSON)
	return arg, data, err
}

// claimStdin marks standard input read: it can be read for one argument only.
func (e *env) claimStdin() error {
	if e.stdinRead {
		return usagef("stdin can be read once: give \"-\" for one argument only")
	}
	e.stdinRead = true
	return nil
}

// inputFlag declares --max-input on fs: the cap on whole-document inputs.
func inputFlag(fs *flag.FlagSet, e *env) {
	fs.Func("max-input", helpMaxInput+" (default "+sessions.FormatSize(sessions.DefaultMaxInput)+"; 0 or none: no cap)", func(v string) error {
		n, err := parseSize(v)
		if err != nil {
			return err
		}
		e.limits.MaxInput = n
		return nil
	})
}

// parseSize reads a --max-input value: a whole number of bytes, or of KiB, MiB
// or GiB with the suffix K, M or G (KB, KiB… too; all binary). 0 or "none" is no
// cap, which Limits writes as a negative number.
func parseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "NONE" || t == "0" {
		return -1, nil
	}
	shift := 0
	for _, u := range []struct {
		suffix string
		shift  int
	}{{"KIB", 10}, {"MIB", 20}, {"GIB", 30}, {"KB", 10}, {"MB", 20}, {"GB", 30}, {"K", 10}, {"M", 20}, {"G", 30}, {"B", 0}} {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, shift = strings.TrimSpace(rest), u.shift
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if errors.Is(err, strconv.ErrRange) || err == nil && n > math.MaxInt64>>shift {
		return 0, fmt.Errorf("%s is more bytes than a computer holds; 0 or none is no cap", termsafe.Quote(s))
	}
	if err != nil || n < 0 {
		return 0, fmt.Errorf("a size is a whole number of bytes, or of K, M or G (as 512M), not %s", termsafe.Quote(s))
	}
	if n == 0 {
		return -1, nil
	}
	return n << shift, nil
}

func fileErrorText(err error) string {
	var pe *os.PathError
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "no such file"
	case errors.As(err, &pe):
		return pe.Err.Error()
	}
	return err.Error()
}

// A recordingArg is a RESPONSE or SESSION argument, read: a session file's bytes,
// or a recording.
type recordingArg struct {
	name    string
	session []byte              // the whole session file, when it is one
	rec     *sessions.Recording // the recording, when it is not
}

// loadRecordingArg reads a RESPONSE or SESSION argument: a file, or stdin for
// "-". A recording is read with sessions.LoadRecordingFile (or
// LoadRecordingReader on stdin), so that an SSE or JSONL stream of any size is
// read line by line and never held whole; a session file is read whole.
func loadRecordingArg(e *env, arg string) (recordingArg, error) {
	var data []byte
	var err error
	ra := recordingArg{name: arg}
	if arg == "-" {
		if err := e.claimStdin(); err != nil {
			return ra, err
		}
		ra.name = "stdin"
		ra.rec, ra.session, err = e.limits.LoadRecordingReader(ra.name, e.stdin)
		return ra, err
	}
	format, data, err := e.limits.DetectFile(arg)
	switch {
	case err != nil:
		return ra, err
	case format == sessions.FormatSession && data == nil:
		ra.session, err = e.limits.ReadFile(arg)
	case format == sessions.FormatSession:
		ra.session = data
	case data != nil:
		ra.rec, err = sessions.LoadRecording(arg, data)
	default:
		ra.rec, err = e.limits.LoadRecordingFile(arg)
	}
	return ra, err
}

// readJSONArg reads the one optional [FILE|-] argument of a command (stdin when
// none) and decodes it as JSON. what names the document for the usage message.
func readJSONArg(e *env, cmd, what string, pos []string) (string, adapter.Value, error) {
	if len(pos) > 1 {
		return "", adapter.Value{}, usagef("strictscope %s: one %s at a time (got %d files)", cmd, what, len(pos))
	}
	arg := "-"
	if len(pos) == 1 {
		arg = pos[0]
	}
	name, data, err := readInput(e, arg, true)
	if err != nil {
		return name, adapter.Value{}, err
	}
	v, err := decodeFile(name, data)
	return name, v, err
}

// decodeFile decodes a JSON input file, naming the file and position on error.
func decodeFile(name string, data []byte) (adapter.Value, error) {
	v, err := adapter.Decode(data)
	if err != nil {
		return adapter.Value{}, sessions.JSONFileError(name, err)
	}
	return v, nil
}

// writeJSON writes v indented, with a final newline. stdout may be a terminal, so
// the characters Sanitize would mark (DEL, C1 controls, bidi and other hidden
// characters), which the JSON encoder writes literally, are written as \u escapes:
// the JSON parses to the same value, and text from a file never reaches the
// terminal as a control sequence (C0 controls are escaped by the encoder already).
func writeJSON(w io.Writer, v adapter.Value) error {
	_, err := w.Write(termsafe.JSON(adapter.MarshalIndent(v)))
	return err
}

// warn writes one warning line to stderr, sanitized.
func warn(e *env, msg string) {
	fmt.Fprintln(e.stderr, "strictscope: warning: "+termsafe.Sanitize(msg))
}

// parseAPI reads a required --api value.
func parseAPI(cmd, s string) (adapter.API, error) {
	if s == "" {
		return "", usagef("strictscope %s: --api is required (chat or responses)", cmd)
	}
	api, ok := adapter.ParseAPI(s)
	if !ok {
		return "", usagef("strictscope %s: --api must be chat or responses, not %s", cmd, termsafe.Quote(s))
	}
	return api, nil
}

func parseStrict(cmd, s string) (adapter.StrictMode, error) {
	m, ok := adapter.ParseStrictMode(s)
	if !ok {
		return "", usagef("strictscope %s: --strict must be auto, true or false, not %s", cmd, termsafe.Quote(s))
	}
	return m, nil
}

// loadServers loads tool-list arguments ([NAME=]FILE) in order. FILE "-" reads
// the tool list from stdin; a plain "-" names its server "stdin". A server name
// given twice is a warning: both lists load, and their tools share the prefix.
func loadServers(e *env, args []string) ([]adapter.Server, error) {
	var servers []adapter.Server
	firstArg := map[string]string{} // server name → the argument that first gave it
	for _, arg := range args {
		src := sessions.ParseToolSource(arg)
		if src.Server == "" {
			return nil, usagef("a tool list needs a server name: %s has an empty NAME before \"=\"", termsafe.Quote(arg))
		}
		if src.Path == "" {
			return nil, usagef("a tool list needs a file: %s has an empty FILE after \"=\" (NAME=FILE, or NAME=- for stdin)", termsafe.Quote(arg))
		}
		if prev, ok := firstArg[src.Server]; ok {
			warn(e, sessions.SameServerWarning(src.Server, prev, arg))
		} else {
			firstArg[src.Server] = arg
		}
		var (
			srv   adapter.Server
			warns []string
			err   error
		)
		if src.Path == "-" {
			if arg == "-" {
				src.Server = "stdin"
			}
			var data []byte
			if _, data, err = readInput(e, "-", true); err == nil {
				srv, warns, err = sessions.ParseToolListFile(src.Server, "stdin", data)
			}
		} else {
			srv, warns, err = e.limits.LoadToolList(src)
		}
		if err != nil {
			return nil, err
		}
		for _, w := range warns {
			warn(e, w)
		}
		servers = append(servers, srv)
	}
	return servers, nil
}

// allServers loads the tool-list files, then lists the live servers lf names
// (nil: none); a file or a server that fails is the error.
func allServers(e *env, files []string, lf *liveFlags, cmd string) ([]adapter.Server, error) {
	servers, err := loadServers(e, files)
	if err != nil || lf == nil {
		return servers, err
	}
	more, err := liveServers(e, lf, cmd)
	if err != nil {
		return nil, err
	}
	return append(servers, more...), nil
}

// sendTools loads --tools arguments and the live servers lf names, and renders
// them as they were sent; nil when none are given.
func sendTools(e *env, toolArgs []string, lf *liveFlags, cmd string, noPrefix bool, opts adapter.ToolsOptions) (*adapter.ToolsReport, error) {
	if len(toolArgs) == 0 && (lf == nil || !lf.given()) {
		return nil, nil
	}
	servers, err := allServers(e, toolArgs, lf, cmd)
	if err != nil {
		return nil, err
	}
	_, rep := adapter.Tools(adapter.NewToolSet(servers, adapter.NameOptions{NoPrefix: noPrefix}), opts)
	return rep, nil
}

func str(s string) adapter.Value { return adapter.StringValue(s) }

// writeNewFile writes data to a file that must not exist yet: an existing file is
// never overwritten, and a failed write leaves nothing behind.
func writeNewFile(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return &sessions.LoadError{File: path, Msg: "already exists; strictscope does not overwrite files"}
		}
		return &sessions.LoadError{File: path, Msg: fileErrorText(err), Err: err}
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return &sessions.LoadError{File: path, Msg: "cannot write: " + err.Error(), Err: err}
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return &sessions.LoadError{File: path, Msg: "cannot write: " + err.Error(), Err: err}
	}
	return nil
}
