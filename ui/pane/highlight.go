package pane

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/charmbracelet/x/ansi"
)

// tokenKind is what a piece of a JSON line is, for styling.
type tokenKind uint8

const (
	tkSpace tokenKind = iota
	tkKey
	tkString
	tkNumber
	tkConst
	tkPunct
	tkVisible // an invisible character drawn visibly: ⟨U+200B⟩, ⟨0xFF⟩
	numTokenKinds
)

// Token is one styled piece of a line.
type Token struct {
	kind  tokenKind
	Text  string
	width int // display cells
}

// highlighter tokenises JSON lines with chroma's JSON lexer. Chroma's own
// formatters reset the style after every token, which would erase a line's
// background, so the inspector styles the tokens itself from its Styles.
type highlighter struct {
	lexer chroma.Lexer
	opts  [3]chroma.TokeniseOptions
}

// jsonHighlighter is the one highlighter every pane uses. It is never changed
// once made: chroma's lexer is read-only while it tokenises.
var jsonHighlighter = newHighlighter()

func newHighlighter() *highlighter {
	h := &highlighter{lexer: lexers.Get("json")}
	if h.lexer == nil {
		h.lexer = lexers.Fallback
	}
	h.opts[lexRoot] = chroma.TokeniseOptions{State: "root", Nested: true}
	h.opts[lexObject] = chroma.TokeniseOptions{State: "objectvalue", Nested: true}
	h.opts[lexArray] = chroma.TokeniseOptions{State: "arrayvalue", Nested: true}
	return h
}

// tokens returns line i of d as tokens, highlighting it on first use.
func (h *highlighter) tokens(d *Doc, i int) []Token {
	if t := d.toks[i]; t != nil {
		return t
	}
	ln := d.Lines[i]
	d.toks[i] = h.line(ln.Text, d.Plain, ln.state)
	return d.toks[i]
}

// line returns text, one line of JSON that starts in lexer state st, as
// tokens (never nil); plain text is not highlighted, only its ⟨…⟩ split off.
func (h *highlighter) line(text string, plain bool, st lexState) []Token {
	var out []Token
	if plain {
		out = splitVisible(nil, tkSpace, text)
	} else if it, err := h.lexer.Tokenise(&h.opts[st], text); err != nil {
		out = splitVisible(nil, tkPunct, text)
	} else {
		for t := it(); t != chroma.EOF; t = it() {
			out = splitVisible(out, kindOf(t.Type), t.Value)
		}
	}
	if out == nil {
		out = []Token{}
	}
	return out
}

// kindOf maps a chroma token type to a style. A closing bracket followed by a
// comma lexes as an error once the line's state is popped; the document was
// printed by us, so anything unexpected is punctuation.
func kindOf(t chroma.TokenType) tokenKind {
	switch {
	case t == chroma.NameTag:
		return tkKey
	case t == chroma.KeywordConstant:
		return tkConst
	case t.InCategory(chroma.Literal) && t.InSubCategory(chroma.LiteralNumber):
		return tkNumber
	case t.InCategory(chroma.Literal) && t.InSubCategory(chroma.LiteralString):
		return tkString
	case t == chroma.Text || t == chroma.TextWhitespace:
		return tkSpace
	}
	return tkPunct
}

// splitVisible appends text as tokens of kind k, with every ⟨…⟩ that
// termsafe.Sanitize wrote as a token of its own.
func splitVisible(out []Token, k tokenKind, text string) []Token {
	for text != "" {
		i := strings.Index(text, "⟨")
		if i < 0 {
			break
		}
		j := strings.Index(text[i:], "⟩")
		if j < 0 {
			break
		}
		j += i + len("⟩")
		if i > 0 {
			out = append(out, Token{k, text[:i], ansi.StringWidth(text[:i])})
		}
		out = append(out, Token{tkVisible, text[i:j], ansi.StringWidth(text[i:j])})
		text = text[j:]
	}
	if text != "" {
		out = append(out, Token{k, text, ansi.StringWidth(text)})
	}
	return out
}
