package live

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/sessions"
)

// Options are what LoadConfig reads with. The zero value reads within the default
// input cap, from the process environment and the file system.
type Options struct {
	// Limits caps the configuration file and its envFiles (--max-input).
	Limits sessions.Limits
	// LookupEnv gives the environment's variables for ${env:NAME} and ${NAME};
	// nil is os.LookupEnv.
	LookupEnv func(name string) (string, bool)
	// ReadFile reads an envFile; nil is Limits.ReadFile. Its errors are given as
	// they are, and should name the file (*sessions.LoadError does).
	ReadFile func(path string) ([]byte, error)
}

// LoadConfig reads the MCP client configuration at path, with the default Options.
// See [Options.LoadConfig].
func LoadConfig(path string, only []string) ([]Server, []string, error) {
	return Options{}.LoadConfig(path, only)
}

// LoadConfig reads the MCP client configuration at path (a JSON document held to
// the input cap) and returns its servers in the order the file has them, with
// warnings, each one line naming the file, the member and the server. only, when
// not empty, picks servers by name. Errors are *sessions.LoadError. See the
// package doc, "Configuration files", for the rules.
func (o Options) LoadConfig(path string, only []string) ([]Server, []string, error) {
	data, err := o.Limits.ReadDocumentFile(path, true)
	if err != nil {
		return nil, nil, err
	}
	return o.ParseConfig(path, data, only)
}

// ParseConfig is LoadConfig for the bytes of a configuration file read from path:
// path names it in messages, and an envFile is found from its folder.
func (o Options) ParseConfig(path string, data []byte, only []string) ([]Server, []string, error) {
	doc, err := adapter.Decode(data)
	if err != nil {
		le := sessions.JSONFileError(path, err)
		if commented(data, err) {
			le.Msg += " (comments are not JSON: strictscope reads the file as strict JSON, so remove them)"
		}
		return nil, nil, le
	}
	c := &configReader{opts: o, file: path, dir: filepath.Dir(path)}
	return c.read(doc, only)
}

// commented reports whether a syntax error is at a // or /* comment, which VS Code
// allows in mcp.json.
func commented(data []byte, err error) bool {
	var se *adapter.SyntaxError
	if !errors.As(err, &se) || se.Offset < 0 || se.Offset >= int64(len(data)) {
		return false
	}
	rest := data[se.Offset:]
	return len(rest) >= 2 && rest[0] == '/' && (rest[1] == '/' || rest[1] == '*')
}

// configReader reads one configuration file.
type configReader struct {
	opts  Options
	file  string
	dir   string
	warns []string
}

// A clientShape is which member of the file holds the servers.
type clientShape uint8

const (
	mcpServers clientShape = iota // Claude Desktop, Cursor, Windsurf, Cline
	vscode                        // VS Code's mcp.json
)

func (c *configReader) fail(p adapter.Path, format string, args ...any) error {
	return &sessions.LoadError{File: c.file, Where: p.Pointer(), Msg: fmt.Sprintf(format, args...)}
}

func (c *configReader) warn(p adapter.Path, format string, args ...any) {
	c.warns = append(c.warns, (&sessions.LoadError{File: c.file, Where: p.Pointer(), Msg: fmt.Sprintf(format, args...)}).Error())
}

func (c *configReader) read(doc adapter.Value, only []string) ([]Server, []string, error) {
	if doc.Kind() != adapter.Object {
		return nil, nil, c.fail(nil, `an MCP client configuration is a JSON object with "mcpServers" (Claude Desktop, Cursor, Windsurf, Cline) or "servers" (VS Code), not %s`, article(doc.Kind()))
	}
	m, hasM := doc.Get("mcpServers")
	v, hasV := doc.Get("servers")
	shape, key, list := mcpServers, "mcpServers", m
	switch {
	case hasM && hasV:
		return nil, nil, c.fail(nil, `the file has both "mcpServers" and "servers": which servers are meant is unclear`)
	case hasV:
		shape, key, list = vscode, "servers", v
	case !hasM:
		if doc.Has("tools") {
			return nil, nil, c.fail(nil, `this is a tool list, not an MCP client configuration: give it as a file, not with --config`)
		}
		return nil, nil, c.fail(nil, `not an MCP client configuration: it has no "mcpServers" (Claude Desktop, Cursor, Windsurf, Cline) or "servers" (VS Code) member`)
	}
	at := adapter.Keys(key)
	if list.Kind() != adapter.Object {
		return nil, nil, c.fail(at, "%q must be an object of servers by name, not %s", key, article(list.Kind()))
	}
	if inputs, ok := doc.Get("inputs"); ok && shape == vscode && inputs.Kind() != adapter.Array {
		return nil, nil, c.fail(adapter.Keys("inputs"), `"inputs" must be an array, not %s`, article(inputs.Kind()))
	}
	members := list.Members()
	names := make([]string, len(members))
	for i, mem := range members {
		names[i] = mem.Key()
	}
	for _, name := range only {
		if !slices.Contains(names, name) {
			return nil, nil, c.fail(at, "--only %s: there is no such server; %s", quoteName(name), listNames(names))
		}
	}
	var (
		servers  []Server
		disabled int
	)
	for _, mem := range members {
		name := mem.Key()
		picked := slices.Contains(only, name)
		if len(only) > 0 && !picked {
			continue
		}
		p := at.Append(adapter.Key(name))
		srv, skip, err := c.server(shape, name, mem.Value(), p, picked)
		if err != nil {
			return nil, nil, err
		}
		if skip {
			disabled++
			continue
		}
		servers = append(servers, srv)
	}
	if len(servers) == 0 {
		if disabled > 0 {
			return nil, nil, c.fail(at, "no server to use: every one is disabled (\"disabled\": true); --only NAME picks one all the same")
		}
		return nil, nil, c.fail(at, "no server to use: %q is empty", key)
	}
	return servers, c.warns, nil
}

// listNames says which servers a file has.
func listNames(names []string) string {
	if len(names) == 0 {
		return "the file has none"
	}
	quoted := make([]string, 0, min(len(names), 20))
	for i, n := range names {
		if i == 20 {
			quoted = append(quoted, fmt.Sprintf("and %d more", len(names)-20))
			break
		}
		quoted = append(quoted, quoteName(n))
	}
	return "the servers there are " + strings.Join(quoted, ", ")
}

// quoteName quotes a name for a message, shortened.
func quoteName(s string) string { return termsafe.Quote(termsafe.Shorten(s, 60)) }

// article names a JSON kind with its article: "an array", "a string".
func article(k adapter.Kind) string {
	switch k {
	case adapter.Array, adapter.Object:
		return "an " + k.String()
	case adapter.Null:
		return "null"
	}
	return "a " + k.String()
}

// server reads the server named name, whose object is v at p. skip is true for a
// disabled server that was not picked by --only.
func (c *configReader) server(shape clientShape, name string, v adapter.Value, p adapter.Path, picked bool) (srv Server, skip bool, err error) {
	who := "server " + quoteName(name)
	if name == "" {
		return Server{}, false, c.fail(p, "a server needs a name, and this one's is empty")
	}
	if v.Kind() != adapter.Object {
		return Server{}, false, c.fail(p, "%s: a server must be an object, not %s", who, article(v.Kind()))
	}
	if d, ok := v.Get("disabled"); ok {
		if d.Kind() != adapter.Bool {
			return Server{}, false, c.fail(p.Append(adapter.Key("disabled")), "%s: \"disabled\" must be true or false, not %s", who, article(d.Kind()))
		}
		if d.Bool() {
			if !picked {
				c.warn(p.Append(adapter.Key("disabled")), "%s is disabled: skipped", who)
				return Server{}, true, nil
			}
			c.warn(p.Append(adapter.Key("disabled")), "%s is disabled, and --only picks it: it is used", who)
		}
	}
	s := serverReader{c: c, who: who, v: v, p: p}
	return s.read(shape, name)
}

// serverReader reads the members of one server's object.
type serverReader struct {
	c   *configReader
	who string
	v   adapter.Value
	p   adapter.Path
}

func (s *serverReader) fail(member adapter.Path, format string, args ...any) error {
	return s.c.fail(s.p.Append(member...), s.who+": "+format, args...)
}

// str reads the string member key, variables expanded; ok is false when there is
// none.
func (s *serverReader) str(key string) (value string, ok bool, err error) {
	m, ok := s.v.Get(key)
	if !ok {
		return "", false, nil
	}
	if m.Kind() != adapter.String {
		return "", false, s.fail(adapter.Keys(key), "%q must be a string, not %s", key, article(m.Kind()))
	}
	value, err = s.expand(m.Str(), adapter.Keys(key))
	return value, true, err
}

// expand expands the variables of a string at member (from the server's
// object), warning of those not set.
func (s *serverReader) expand(text string, member adapter.Path) (string, error) {
	lookup := s.c.opts.LookupEnv
	if lookup == nil {
		lookup = os.LookupEnv
	}
	out, unset, err := expand(text, lookup)
	if err != nil {
		return "", s.fail(member, "%s", err.Error())
	}
	for _, ref := range unset {
		s.c.warn(s.p.Append(member...), "%s: %s is not set: it expands to \"\", as in VS Code", s.who, ref)
	}
	return out, nil
}

// The values "type" may have, and the transport each asks for. VS Code's "http"
// falls back to SSE as VS Code itself does; elsewhere "http" is Streamable HTTP.
func transportOf(shape clientShape, t string) (Transport, bool) {
	switch t {
	case "stdio":
		return Stdio, true
	case "http":
		if shape == vscode {
			return HTTPAuto, true
		}
		return StreamableHTTP, true
	case "streamable-http", "streamableHttp":
		return StreamableHTTP, true
	case "sse":
		return SSE, true
	}
	return 0, false
}

func (s *serverReader) read(shape clientShape, name string) (Server, bool, error) {
	srv := Server{Name: name, Origin: Origin{File: s.c.file, Pointer: s.p.Pointer()}}
	typeKey := "type"
	if !s.v.Has("type") && s.v.Has("transportType") {
		typeKey = "transportType" // Cline's older name
	}
	var asked Transport
	if t, ok := s.v.Get(typeKey); ok {
		if t.Kind() != adapter.String {
			return Server{}, false, s.fail(adapter.Keys(typeKey), "%q must be a string, not %s", typeKey, article(t.Kind()))
		}
		tr, ok := transportOf(shape, t.Str())
		if !ok {
			return Server{}, false, s.fail(adapter.Keys(typeKey), `%q must be "stdio", "http", "streamable-http" or "sse", not %s`, typeKey, quoteName(t.Str()))
		}
		asked = tr
	}
	urlKey := "url"
	if s.v.Has("serverUrl") {
		if s.v.Has("url") {
			return Server{}, false, s.fail(adapter.Keys("serverUrl"), `has both "url" and "serverUrl" (Windsurf's name for it): give one`)
		}
		urlKey = "serverUrl"
	}
	hasCommand, hasURL := s.v.Has("command"), s.v.Has(urlKey)
	switch {
	case hasCommand && hasURL:
		return Server{}, false, s.fail(nil, `has both "command" (a stdio server) and %q (an HTTP server): give one`, urlKey)
	case !hasCommand && !hasURL:
		return Server{}, false, s.fail(nil, `has neither "command" (a stdio server) nor "url" (an HTTP server)`)
	case hasCommand && asked.IsHTTP():
		return Server{}, false, s.fail(adapter.Keys(typeKey), "%q is %s, which needs a \"url\", and this server has a \"command\"", typeKey, asked)
	case hasURL && asked == Stdio:
		return Server{}, false, s.fail(adapter.Keys(typeKey), "%q is \"stdio\", which needs a \"command\", and this server has %q", typeKey, urlKey)
	}
	if hasCommand {
		srv.Transport = Stdio
		s.ignored([]string{"headers"}, "a stdio", "HTTP")
		err := s.stdio(&srv)
		return srv, false, err
	}
	srv.Transport = asked
	if asked == 0 {
		srv.Transport = HTTPAuto
	}
	s.ignored([]string{"args", "env", "envFile", "cwd"}, "an HTTP", "stdio")
	err := s.http(&srv, urlKey)
	return srv, false, err
}

// ignored warns of the members of the other kind of server.
func (s *serverReader) ignored(members []string, kind, other string) {
	for _, m := range members {
		if s.v.Has(m) {
			s.c.warn(s.p.Append(adapter.Key(m)), "%s: %q is for %s servers, and this is %s one: ignored", s.who, m, other, kind)
		}
	}
}

func (s *serverReader) stdio(srv *Server) error {
	cmd, _, err := s.str("command")
	if err != nil {
		return err
	}
	if cmd == "" {
		return s.fail(adapter.Keys("command"), `"command" is empty`)
	}
	srv.Command = cmd
	if args, ok := s.v.Get("args"); ok {
		if args.Kind() != adapter.Array {
			return s.fail(adapter.Keys("args"), `"args" must be an array of strings, not %s`, article(args.Kind()))
		}
		srv.Args = make([]string, 0, args.Len())
		for i, a := range args.Items() {
			at := adapter.Path{adapter.Key("args"), adapter.Index(i)}
			if a.Kind() != adapter.String {
				return s.fail(at, `"args" must be strings, and this is %s`, article(a.Kind()))
			}
			x, err := s.expand(a.Str(), at)
			if err != nil {
				return err
			}
			srv.Args = append(srv.Args, x)
		}
	}
	if cwd, ok, err := s.str("cwd"); err != nil {
		return err
	} else if ok && cwd != "" {
		srv.Cwd = s.fromConfig(cwd)
	}
	if f, ok, err := s.str("envFile"); err != nil {
		return err
	} else if ok {
		if f == "" {
			return s.fail(adapter.Keys("envFile"), `"envFile" is empty`)
		}
		srv.EnvFile = s.fromConfig(f)
		vars, err := s.envFile(srv.EnvFile)
		if err != nil {
			return err
		}
		srv.Env = vars
	}
	env, ok := s.v.Get("env")
	if !ok {
		return nil
	}
	if env.Kind() != adapter.Object {
		return s.fail(adapter.Keys("env"), `"env" must be an object of variables by name, not %s`, article(env.Kind()))
	}
	for _, m := range env.Members() {
		key := m.Key()
		at := adapter.Keys("env", key)
		if key == "" || strings.ContainsAny(key, "=\x00") {
			return s.fail(at, `%s is not an environment variable name (one is not empty, and holds no "=" or NUL)`, quoteName(key))
		}
		val := m.Value()
		switch val.Kind() {
		case adapter.String:
			x, err := s.expand(val.Str(), at)
			if err != nil {
				return err
			}
			if strings.IndexByte(x, 0) >= 0 {
				return s.fail(at, "the value of %s holds a NUL, which an environment variable cannot", quoteName(key))
			}
			srv.Env = append(srv.Env, EnvVar{Name: key, Value: x})
		case adapter.Number:
			srv.Env = append(srv.Env, EnvVar{Name: key, Value: val.NumberText()})
		case adapter.Null:
			srv.Env = append(srv.Env, EnvVar{Name: key, Unset: true})
		default:
			return s.fail(at, "the value of %s must be a string, a number or null (unset), not %s", quoteName(key), article(val.Kind()))
		}
	}
	return nil
}

// fromConfig makes a relative path relative to the configuration file's folder.
func (s *serverReader) fromConfig(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(s.c.dir, path)
}

// envFile reads and parses the envFile at path.
func (s *serverReader) envFile(path string) ([]EnvVar, error) {
	read := s.c.opts.ReadFile
	if read == nil {
		read = s.c.opts.Limits.ReadFile
	}
	data, err := read(path)
	if err != nil {
		return nil, s.fail(adapter.Keys("envFile"), "envFile: %s", err.Error())
	}
	vars, err := parseEnvFile(string(data))
	if err != nil {
		return nil, s.fail(adapter.Keys("envFile"), "envFile %s: %s", quoteName(path), err.Error())
	}
	return vars, nil
}

func (s *serverReader) http(srv *Server, urlKey string) error {
	u, _, err := s.str(urlKey)
	if err != nil {
		return err
	}
	if msg := checkURL(u); msg != "" {
		return s.fail(adapter.Keys(urlKey), "%s", msg)
	}
	srv.URL = u
	h, ok := s.v.Get("headers")
	if !ok {
		return nil
	}
	if h.Kind() != adapter.Object {
		return s.fail(adapter.Keys("headers"), `"headers" must be an object of values by name, not %s`, article(h.Kind()))
	}
	for _, m := range h.Members() {
		at := adapter.Keys("headers", m.Key())
		val := m.Value()
		if val.Kind() != adapter.String {
			return s.fail(at, "the value of header %s must be a string, not %s", quoteName(m.Key()), article(val.Kind()))
		}
		x, err := s.expand(val.Str(), at)
		if err != nil {
			return err
		}
		x = strings.Trim(x, " \t")
		if msg := checkHeader(m.Key(), x); msg != "" {
			return s.fail(at, "%s", msg)
		}
		srv.Headers = append(srv.Headers, Header{Name: m.Key(), Value: x})
	}
	return nil
}
