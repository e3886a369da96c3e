package ui

import (
	"github.com/strictscope/strictscope/ui/keys"
	"github.com/strictscope/strictscope/ui/styles"
)

// Context is what the root model shares with every screen and component: the
// window size, the styles for the terminal's background, the key bindings and
// the options the inspector started with. The root model owns it and is the only
// one to change it; components read it.
type Context struct {
	Width, Height int
	Dark          bool
	NoColor       bool
	NoStyle       bool // output that is not a terminal: text only
	Styles        *styles.Styles
	Keys          *keys.KeyMap
	Options       Options

	lines *lineStyles // token styles under each line highlight, from Styles
	hl    *highlighter
}

func newContext(opts Options) *Context {
	c := &Context{Dark: true, NoColor: opts.NoColor, Keys: keys.Default(), Options: opts, hl: newHighlighter()}
	c.restyle()
	return c
}

// setBackground switches to the styles of a dark or light background.
func (c *Context) setBackground(dark bool) {
	if c.Dark == dark && c.Styles != nil {
		return
	}
	c.Dark = dark
	c.restyle()
}

// setNoStyle draws text only, without colour or attribute.
func (c *Context) setNoStyle(v bool) {
	if c.NoStyle == v {
		return
	}
	c.NoStyle = v
	c.restyle()
}

// setNoColor turns colours off (NO_COLOR, or a terminal without colour).
func (c *Context) setNoColor(v bool) {
	if c.NoColor == v {
		return
	}
	c.NoColor = v
	c.restyle()
}

func (c *Context) restyle() {
	if c.NoStyle {
		c.Styles = styles.Plain(c.Dark)
	} else {
		c.Styles = styles.New(c.Dark, c.NoColor)
	}
	c.lines = newLineStyles(c.Styles)
}
