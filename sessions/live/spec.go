package live

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// A Transport is how strictscope talks to a server.
type Transport uint8

// The transports. The zero Transport is none (a Server that was not built by this
// package).
const (
	// Stdio starts the command and speaks JSON-RPC over its stdin and stdout.
	Stdio Transport = iota + 1
	// StreamableHTTP is the MCP Streamable HTTP transport, and only it.
	StreamableHTTP
	// SSE is the legacy HTTP+SSE transport, and only it.
	SSE
	// HTTPAuto tries Streamable HTTP first and, when the server answers the first
	// POST with 400, 404 or 405, the legacy HTTP+SSE transport, as the MCP
	// specification's backwards-compatibility section describes. A bare URL asks
	// for it.
	HTTPAuto
)

// String names the transport: "stdio", "streamable-http", "sse" or "http" (the
// last for HTTPAuto).
func (t Transport) String() string {
	switch t {
	case Stdio:
		return "stdio"
	case StreamableHTTP:
		return "streamable-http"
	case SSE:
		return "sse"
	case HTTPAuto:
		return "http"
	}
	return "none"
}

// IsHTTP reports whether the transport goes over HTTP (a URL, not a command).
func (t Transport) IsHTTP() bool { return t == StreamableHTTP || t == SSE || t == HTTPAuto }

// An EnvVar is one environment variable a stdio server is given on top of the
// environment strictscope inherited. Unset removes Name from that environment
// instead (VS Code's "env": {"NAME": null}).
type EnvVar struct {
	Name  string
	Value string
	Unset bool
}

// A Header is one HTTP header sent with every request to an HTTP server.
type Header struct {
	Name  string
	Value string
}

// An Origin says where a server spec came from: a member of a configuration file
// (File, and Pointer, the JSON pointer of the server's object in it), or the
// command line (File "": a --server argument).
type Origin struct {
	File    string
	Pointer string
}

// String is "--server", or "FILE at POINTER", sanitized for a terminal.
func (o Origin) String() string {
	if o.File == "" {
		return "--server"
	}
	return termsafe.Sanitize(o.File + " at " + o.Pointer)
}

// A Server is how to reach one MCP server: its name, which prefixes its tools'
// exposed names (docs/tool-lists.md#server-names), and its transport with what it
// needs. A stdio server has Command, Args, Env and Cwd; an HTTP one URL and
// Headers. Strings are final: variables are expanded and envFile is read.
//
// Env and Headers hold secrets as often as not: no message of this package shows
// their values, and neither should a caller's ([Server.Describe] does not).
type Server struct {
	Name      string
	Transport Transport

	Command string   // the program: a path, or a name looked up in PATH
	Args    []string // its arguments, without Command
	Env     []EnvVar // envFile's variables first, then env's, a later one winning
	Cwd     string   // the working directory; "" for strictscope's own
	EnvFile string   // the envFile read, as a path from strictscope's working directory ("" for none)

	URL     string
	Headers []Header

	Origin Origin
}

// Describe says how the server is reached, without secrets: "stdio: COMMAND ARGS…"
// (as JoinCommand writes it) with the names of its env variables, or "TRANSPORT:
// URL" with a password in the URL hidden and the names of its headers. The text is
// sanitized for a terminal.
func (s Server) Describe() string {
	var sb strings.Builder
	sb.WriteString(s.Transport.String())
	sb.WriteString(": ")
	if s.Transport == Stdio {
		sb.WriteString(JoinCommand(append([]string{s.Command}, s.Args...)))
		if len(s.Env) > 0 {
			names := make([]string, len(s.Env))
			for i, e := range s.Env {
				names[i] = e.Name
				if e.Unset {
					names[i] = "-" + e.Name
				}
			}
			sb.WriteString(" (env: " + strings.Join(names, ", ") + ")")
		}
	} else {
		if u, err := url.Parse(s.URL); err == nil {
			sb.WriteString(u.Redacted())
		}
		if len(s.Headers) > 0 {
			names := make([]string, len(s.Headers))
			for i, h := range s.Headers {
				names[i] = h.Name
			}
			sb.WriteString(" (headers: " + strings.Join(names, ", ") + ")")
		}
	}
	return termsafe.Sanitize(sb.String())
}

// Environ is the environment a stdio server starts with: base (in the form of
// os.Environ, "NAME=VALUE") with s.Env applied in order. A variable base already
// has keeps its place with the new value; a new one goes at the end; an Unset one
// is removed.
func (s Server) Environ(base []string) []string {
	out := make([]string, 0, len(base)+len(s.Env))
	at := make(map[string]int, len(base)) // name → index in out
	for _, kv := range base {
		name, _, _ := strings.Cut(kv, "=")
		if i, ok := at[name]; ok {
			out[i] = kv // the last of a name given twice wins, as exec does
			continue
		}
		at[name] = len(out)
		out = append(out, kv)
	}
	removed := false
	for _, e := range s.Env {
		i, ok := at[e.Name]
		switch {
		case e.Unset && ok:
			out[i] = ""
			delete(at, e.Name)
			removed = true
		case e.Unset:
		case ok:
			out[i] = e.Name + "=" + e.Value
		default:
			at[e.Name] = len(out)
			out = append(out, e.Name+"="+e.Value)
		}
	}
	if removed {
		kept := out[:0]
		for _, kv := range out {
			if kv != "" {
				kept = append(kept, kv)
			}
		}
		out = kept
	}
	return out
}

// ParseServerFlag reads a --server argument: NAME=URL when what follows the first
// "=" starts with http:// or https:// (in any case), else NAME=COMMAND, COMMAND
// split into words by SplitCommand. NAME is any non-empty text, as the NAME of a
// NAME=FILE tool list (docs/tool-lists.md#server-names); it names the server
// whose tools are exposed as NAME__TOOL. A URL asks for HTTPAuto.
//
// Errors say what is wrong without quoting COMMAND or URL, which may hold a token.
func ParseServerFlag(s string) (Server, error) {
	name, rest, ok := strings.Cut(s, "=")
	if !ok {
		return Server{}, errors.New("--server needs NAME=COMMAND or NAME=URL, and " + termsafe.Quote(termsafe.Shorten(s, 60)) + ` has no "="`)
	}
	if name == "" {
		return Server{}, errors.New(`--server needs a server name: the argument has an empty NAME before "=" (NAME=COMMAND or NAME=URL)`)
	}
	what := "--server " + termsafe.Quote(name)
	if strings.TrimLeft(rest, " \t\n") == "" {
		return Server{}, errors.New(what + `: empty COMMAND after "=" (NAME=COMMAND or NAME=URL)`)
	}
	origin := Origin{}
	if isURL(rest) {
		if msg := checkURL(rest); msg != "" {
			return Server{}, errors.New(what + ": " + msg)
		}
		return Server{Name: name, Transport: HTTPAuto, URL: rest, Origin: origin}, nil
	}
	words, err := SplitCommand(rest)
	if err != nil {
		return Server{}, errors.New(what + ": COMMAND at " + err.Error())
	}
	if len(words) == 0 || words[0] == "" {
		return Server{}, errors.New(what + `: empty COMMAND after "=" (NAME=COMMAND or NAME=URL)`)
	}
	return Server{Name: name, Transport: Stdio, Command: words[0], Args: words[1:], Origin: origin}, nil
}

// isURL reports whether s starts with http:// or https://, in any case.
func isURL(s string) bool {
	lower := strings.ToLower(s[:min(len(s), len("https://"))])
	return strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://")
}

// checkURL says what is wrong with an HTTP server's URL, "" when nothing is: it
// must parse, use http or https, and name a host. The message does not quote the
// URL.
func checkURL(s string) string {
	if !isURL(s) {
		return "the URL must start with http:// or https://"
	}
	u, err := url.Parse(s)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return "the URL is not valid (" + err.Error() + ")"
	}
	if u.Host == "" || u.Hostname() == "" {
		return "the URL has no host"
	}
	return ""
}

// ParseHeaderFlag reads a --header argument, 'NAME: VALUE'. NAME must be an HTTP
// header name (RFC 9110 token characters); blanks around NAME and VALUE are
// dropped; VALUE may be empty, but may not hold a line break or NUL. Errors never
// quote VALUE.
func ParseHeaderFlag(s string) (Header, error) {
	name, value, ok := strings.Cut(s, ":")
	if !ok {
		return Header{}, errors.New(`--header needs 'NAME: VALUE', and the argument has no ":"`)
	}
	name = strings.TrimSpace(name)
	value = strings.Trim(value, " \t")
	if msg := checkHeader(name, value); msg != "" {
		return Header{}, errors.New("--header: " + msg)
	}
	return Header{Name: name, Value: value}, nil
}

// checkHeader says what is wrong with a header, "" when nothing is. It quotes the
// name, never the value.
func checkHeader(name, value string) string {
	if name == "" {
		return "a header needs a name before the value"
	}
	for i := 0; i < len(name); i++ {
		if !tokenChar(name[i]) {
			return fmt.Sprintf("%s is not an HTTP header name (it may hold letters, digits and !#$%%&'*+-.^_`|~ only)", termsafe.Quote(termsafe.Shorten(name, 60)))
		}
	}
	if strings.ContainsAny(value, "\r\n\x00") {
		return "the value of header " + termsafe.Quote(name) + " holds a line break or NUL, which HTTP does not allow"
	}
	return ""
}

// tokenChar reports whether c may be part of an HTTP token (RFC 9110 §5.6.2).
func tokenChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}
