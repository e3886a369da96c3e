package pane

// ReuseTokens gives d the highlighting prev already has for each line the two
// documents share, at the same place, with the same text and lexer state: a
// document made again for a text that changed in one place (the playground's
// answer after a key) is then highlighted only where it changed.
func (d *Doc) ReuseTokens(prev *Doc) {
	if prev == nil || prev.Plain != d.Plain {
		return
	}
	for i := range min(len(d.Lines), len(prev.Lines)) {
		if d.toks[i] == nil && prev.toks[i] != nil && d.Lines[i].Text == prev.Lines[i].Text && d.Lines[i].state == prev.Lines[i].state {
			d.toks[i] = prev.toks[i]
		}
	}
}
