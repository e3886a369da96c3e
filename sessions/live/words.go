package live

import (
	"fmt"
	"strings"
)

// A WordsError says why a command line cannot be split into words. Offset is the
// byte offset in the command line at which the problem starts.
type WordsError struct {
	Offset int
	Msg    string
}

func (e *WordsError) Error() string { return fmt.Sprintf("byte %d: %s", e.Offset, e.Msg) }

// SplitCommand splits a command line into words as a POSIX shell splits the words
// of a simple command, and does nothing else: the command then runs without a
// shell.
//
//   - Blanks (space, tab, newline) outside quotes separate words; runs of them
//     count as one, and leading and trailing ones are dropped.
//   - A backslash outside quotes keeps the next character as it is, blanks and
//     quotes included; a backslash before a newline removes both (a line
//     continuation).
//   - Single quotes keep everything up to the next single quote as it is.
//   - Double quotes keep everything up to the next unescaped double quote as it
//     is, except that a backslash before $, `, ", \ or a newline is removed (and
//     with a newline, the newline too); before any other character it stays.
//   - Quotes may join parts of one word ('a'"b"c is abc), and "" or a pair of single quotes alone is an
//     empty word.
//   - There are no expansions and no globbing: $HOME, `cmd`, ~, * and ? are the
//     characters they are.
//   - Shell operators outside quotes (| & ; < > ( )) and a # starting a word (a
//     comment) are errors: without a shell they would reach the command as
//     arguments, which is never what was meant. Quote them to pass them.
//   - An unterminated quote, and a backslash ending the line, are errors.
//
// Errors are *WordsError.
func SplitCommand(s string) ([]string, error) {
	var (
		words  []string
		word   strings.Builder
		inWord bool // a word has started (it may still be empty: "")
	)
	end := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			end()
		case c == '\\':
			if i+1 >= len(s) {
				return nil, &WordsError{Offset: i, Msg: "a backslash ends the command, escaping nothing"}
			}
			i++
			if s[i] == '\n' {
				continue // a line continuation: no character, and no word boundary
			}
			inWord = true
			word.WriteByte(s[i])
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, &WordsError{Offset: i, Msg: "a single quote is not closed"}
			}
			inWord = true
			word.WriteString(s[i+1 : i+1+j])
			i += 1 + j
		case c == '"':
			inWord = true
			j, err := doubleQuoted(s, i, &word)
			if err != nil {
				return nil, err
			}
			i = j
		case strings.IndexByte("|&;<>()", c) >= 0:
			return nil, &WordsError{Offset: i, Msg: fmt.Sprintf("%q is a shell operator, and the command runs without a shell: quote it to pass it as it is, or run sh -c 'COMMAND'", string(c))}
		case c == '#' && !inWord:
			return nil, &WordsError{Offset: i, Msg: `"#" starts a shell comment, and the command runs without a shell: quote it to pass it as it is`}
		default:
			inWord = true
			word.WriteByte(c)
		}
	}
	end()
	return words, nil
}

// doubleQuoted reads the double-quoted part of a word that starts at s[open],
// writes what it holds to word, and returns the index of the closing quote.
func doubleQuoted(s string, open int, word *strings.Builder) (int, error) {
	for i := open + 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return i, nil
		case '\\':
			if i+1 < len(s) {
				switch next := s[i+1]; next {
				case '$', '`', '"', '\\':
					word.WriteByte(next)
					i++
					continue
				case '\n':
					i++
					continue
				}
			}
			word.WriteByte(c)
		default:
			word.WriteByte(c)
		}
	}
	return 0, &WordsError{Offset: open, Msg: "a double quote is not closed"}
}

// JoinCommand writes words as one command line that SplitCommand splits back into
// the same words, for showing a command: a word of only letters, digits and
// -_./:=@%+, is written as it is, any other word between single quotes (a single
// quote inside closes the quotes, writes \' and opens them again), and an empty
// word as a pair of single quotes.
func JoinCommand(words []string) string {
	var sb strings.Builder
	for i, w := range words {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if w != "" && strings.Trim(w, safeChars) == "" {
			sb.WriteString(w)
			continue
		}
		sb.WriteByte('\'')
		sb.WriteString(strings.ReplaceAll(w, "'", `'\''`))
		sb.WriteByte('\'')
	}
	return sb.String()
}

// safeChars are the characters a word of JoinCommand's output needs no quotes for.
const safeChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,"
