package live

import (
	"fmt"
	"strings"
)

// parseEnvFile reads the text of an envFile: one KEY=VALUE a line, in order (a
// later KEY wins when the variables are applied). Blank lines and lines starting
// with # are skipped; "export " before KEY is allowed; blanks around KEY and VALUE
// are dropped. KEY is a shell variable name. VALUE is taken as it is, up to a " #"
// that starts a comment; or between single quotes, as it is; or between double
// quotes, where \n is a newline and \\ and \" are \ and ". A quoted VALUE ends at
// its closing quote, which only blanks or a comment may follow. A line break ends
// a line, CRLF included. Errors name the line and never quote a value.
func parseEnvFile(text string) ([]EnvVar, error) {
	var vars []EnvVar
	text = strings.TrimPrefix(text, "\xEF\xBB\xBF")
	for n, line := range strings.Split(text, "\n") {
		lineNo := n + 1
		line = strings.TrimSuffix(line, "\r")
		line = strings.Trim(line, " \t")
		if line == "" || line[0] == '#' {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "export "); ok {
			line = strings.TrimLeft(rest, " \t")
		}
		key, value, ok := strings.Cut(line, "=")
		key = strings.TrimRight(key, " \t")
		if !ok {
			return nil, fmt.Errorf("line %d is not KEY=VALUE (it has no \"=\")", lineNo)
		}
		if !isVarName(key) {
			return nil, fmt.Errorf("line %d: %s is not a variable name (a letter or _, then letters, digits and _)", lineNo, quoteName(key))
		}
		value = strings.TrimLeft(value, " \t")
		v, err := envValue(value)
		if err != nil {
			return nil, fmt.Errorf("line %d: the value of %s %s", lineNo, key, err.Error())
		}
		vars = append(vars, EnvVar{Name: key, Value: v})
	}
	return vars, nil
}

// envValue reads the VALUE of an envFile line, blanks before it dropped.
func envValue(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	var (
		value string
		rest  string
	)
	switch s[0] {
	case '\'':
		j := strings.IndexByte(s[1:], '\'')
		if j < 0 {
			return "", fmt.Errorf("has a single quote that is not closed on its line")
		}
		value, rest = s[1:1+j], s[2+j:]
	case '"':
		var sb strings.Builder
		i := 1
		for ; i < len(s) && s[i] != '"'; i++ {
			if s[i] == '\\' && i+1 < len(s) {
				switch s[i+1] {
				case 'n':
					sb.WriteByte('\n')
					i++
					continue
				case '\\', '"':
					sb.WriteByte(s[i+1])
					i++
					continue
				}
			}
			sb.WriteByte(s[i])
		}
		if i >= len(s) {
			return "", fmt.Errorf("has a double quote that is not closed on its line")
		}
		value, rest = sb.String(), s[i+1:]
	default:
		if i := strings.Index(s, " #"); i >= 0 {
			s = s[:i]
		}
		if i := strings.Index(s, "\t#"); i >= 0 {
			s = s[:i]
		}
		return strings.TrimRight(s, " \t"), nil
	}
	rest = strings.TrimLeft(rest, " \t")
	if rest != "" && rest[0] != '#' {
		return "", fmt.Errorf("has text after its closing quote")
	}
	return value, nil
}
