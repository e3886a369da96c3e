package common

import (
	"time"

	"github.com/strictscope/strictscope/ui/keys"
	"github.com/strictscope/strictscope/ui/styles"
)

// Context is what the root model shares with every screen and component: the
// window size, the styles for the terminal's background and the key bindings. The root model owns it and is the only
// one to change it; components read it.
type Context struct {
	Width, Height int
	Dark          bool
	NoColor       bool
	NoStyle       bool // output that is not a terminal: text only
	Styles        *styles.Styles
	Keys          *keys.KeyMap
	// Clock is the time now, for what shows a time running (a connection,
	// a call); nil is time.Now. Tests set it to draw the same frame twice.
	Clock func() time.Time
	// Screens are the screens' names in the order 1–9 shows them; the root
	// sets them.
	Screens []string
}

// ScreenKey is the key that shows the screen named name ("2"), or "" when
// there is no such screen.
func (c *Context) ScreenKey(name string) string {
	for i, n := range c.Screens {
		if n == name && i < 9 {
			return string(rune('1' + i))
		}
	}
	return ""
}

// Now is the time by the context's clock.
func (c *Context) Now() time.Time {
	if c.Clock != nil {
		return c.Clock()
	}
	return time.Now()
}

// NewContext is the context for a dark background until the terminal says
// otherwise; noColor draws without colour.
func NewContext(noColor bool) *Context {
	c := &Context{Dark: true, NoColor: noColor, Keys: keys.Default()}
	c.restyle()
	return c
}

// SetBackground switches to the styles of a dark or light background.
func (c *Context) SetBackground(dark bool) {
	if c.Dark == dark && c.Styles != nil {
		return
	}
	c.Dark = dark
	c.restyle()
}

// SetNoStyle draws text only, without colour or attribute.
func (c *Context) SetNoStyle(v bool) {
	if c.NoStyle == v {
		return
	}
	c.NoStyle = v
	c.restyle()
}

// SetNoColor turns colours off (NO_COLOR, or a terminal without colour).
func (c *Context) SetNoColor(v bool) {
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
}
