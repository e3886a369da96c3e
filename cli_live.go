package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/sessions/live"
)

// liveFlags are the flags that name live MCP servers: --server NAME=COMMAND or
// NAME=URL, --config FILE with --only NAME, --header for the --server URLs, and
// --timeout for each server's connection and listing (docs/cli.md#live-servers).
type liveFlags struct {
	servers, configs, only, headers stringList
	timeout                         time.Duration
}

func (f *liveFlags) register(fs flags) {
	fs.Var(&f.servers, "server", helpServer)
	fs.Var(&f.configs, "config", helpConfig)
	fs.Var(&f.only, "only", helpOnly)
	fs.Var(&f.headers, "header", helpHeader)
	fs.DurationVar(&f.timeout, "timeout", live.DefaultTimeout, helpTimeout)
}

// given reports whether any live server is named.
func (f *liveFlags) given() bool { return len(f.servers)+len(f.configs) > 0 }

// specs reads the servers the flags name: the --server ones in order, then
// each --config file's. Configuration warnings go to stderr.
func (f *liveFlags) specs(e *env, cmd string) ([]live.Server, error) {
	return f.specsWarning(e, cmd, func(w string) { warn(e, w) })
}

// specsWarning is specs with the warnings given to warnf.
func (f *liveFlags) specsWarning(e *env, cmd string, warnf func(string)) ([]live.Server, error) {
	if len(f.only) > 0 && len(f.configs) != 1 {
		return nil, usagef("strictscope %s: --only picks servers of one --config file", cmd)
	}
	if len(f.headers) > 0 && len(f.servers) == 0 {
		return nil, usagef("strictscope %s: --header goes with the servers given with --server (a --config file gives its own headers)", cmd)
	}
	if f.timeout <= 0 {
		return nil, usagef("strictscope %s: --timeout must be more than 0", cmd)
	}
	var headers []live.Header
	for _, h := range f.headers {
		hd, err := live.ParseHeaderFlag(h)
		if err != nil {
			return nil, usagef("strictscope %s: %s", cmd, err)
		}
		headers = append(headers, hd)
	}
	var specs []live.Server
	for _, s := range f.servers {
		spec, err := live.ParseServerFlag(s)
		if err != nil {
			return nil, usagef("strictscope %s: %s", cmd, err)
		}
		if spec.Transport != live.Stdio {
			spec.Headers = append(spec.Headers, headers...)
		}
		specs = append(specs, spec)
	}
	for _, path := range f.configs {
		got, warns, err := live.Options{Limits: e.limits}.LoadConfig(path, f.only)
		if err != nil {
			return nil, err
		}
		for _, w := range warns {
			warnf(w)
		}
		specs = append(specs, got...)
	}
	seen := map[string]bool{}
	for _, s := range specs {
		if seen[s.Name] {
			warnf(fmt.Sprintf("the server name %s is given twice: the tools of both are exposed as %s__TOOL, and a name both have takes a _2 suffix", termsafe.Quote(s.Name), termsafe.Sanitize(s.Name)))
		}
		seen[s.Name] = true
	}
	return specs, nil
}

// liveSession is the live servers of one command: their connections, in the
// order they were named, and ctx, which an interrupt (or SIGTERM) cancels
// instead of ending strictscope at once, so that the command closes its
// servers itself and none is left running.
type liveSession struct {
	ctx   context.Context
	conns []*live.Conn
	stop  func() // gives the signals back their default handling
}

// openLive connects to every server (see connectAll) under a context an
// interrupt cancels. On an error everything is already ended; otherwise the
// caller calls end.
func openLive(specs []live.Server, timeout time.Duration) (*liveSession, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	conns, err := connectAll(ctx, specs, timeout)
	if err != nil {
		stop()
		return nil, err
	}
	return &liveSession{ctx: ctx, conns: conns, stop: stop}, nil
}

// end closes the servers, then gives the signals back their default handling.
func (s *liveSession) end() {
	closeAll(s.conns)
	s.stop()
}

// connectAll connects to every server at once, each bounded by timeout, and
// gives their connections in the order of specs; the caller closes them. When
// any fails, every connection is closed and the error is the first failure in
// that order: one server's failure does not stop the others from being tried,
// and no process is left running. Cancelling ctx (an interrupt) cancels them
// all.
func connectAll(ctx context.Context, specs []live.Server, timeout time.Duration) ([]*live.Conn, error) {
	conns := make([]*live.Conn, len(specs))
	errs := make([]error, len(specs))
	var wg sync.WaitGroup
	for i, s := range specs {
		wg.Go(func() {
			conns[i], errs[i] = live.Connect(ctx, s, live.ConnectOptions{Timeout: timeout})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			closeAll(conns)
			if ctx.Err() != nil {
				return nil, fmt.Errorf("interrupted while connecting to server %q", specs[i].Name)
			}
			return nil, err
		}
	}
	return conns, nil
}

func closeAll(conns []*live.Conn) {
	for _, c := range conns {
		if c != nil {
			c.Close()
		}
	}
}

// liveServers reads the tool list of every server the flags name, as the
// servers sent them (member order and numbers kept), and closes the
// connections. Each list's warnings go to stderr, named by their server.
func liveServers(e *env, f *liveFlags, cmd string) ([]adapter.Server, error) {
	if !f.given() {
		return nil, nil
	}
	specs, err := f.specs(e, cmd)
	if err != nil {
		return nil, err
	}
	ls, err := openLive(specs, f.timeout)
	if err != nil {
		return nil, err
	}
	defer ls.end()
	servers := make([]adapter.Server, len(ls.conns))
	for i, c := range ls.conns {
		l := c.Tools()
		for _, w := range l.Warnings {
			warn(e, "server "+specs[i].Name+": "+w)
		}
		servers[i] = adapter.Server{Name: specs[i].Name, Tools: l.Tools}
	}
	return servers, nil
}
