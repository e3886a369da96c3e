package live

import (
	"strings"

	"github.com/strictscope/strictscope/adapter/termsafe"
)

// A varError is a variable a string cannot be expanded with; its message names the
// variable, never the string, which may be a secret.
type varError struct{ msg string }

func (e *varError) Error() string { return e.msg }

// expand replaces the variables of s (see the package doc, "Variables") with their
// values from lookup. It returns the variables that are not set, each as written
// ("${env:HOME}"), for the caller's warnings.
func expand(s string, lookup func(string) (string, bool)) (string, []string, error) {
	if !strings.Contains(s, "${") {
		return s, nil, nil
	}
	var (
		sb    strings.Builder
		unset []string
	)
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			sb.WriteString(s)
			return sb.String(), unset, nil
		}
		sb.WriteString(s[:i])
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return "", nil, &varError{`"${" is not closed by "}"`}
		}
		ref := s[i : i+j+1]
		inner := s[i+2 : i+j]
		value, set, err := resolve(ref, inner, lookup)
		if err != nil {
			return "", nil, err
		}
		if !set {
			unset = append(unset, ref)
		}
		sb.WriteString(value)
		s = s[i+j+1:]
	}
}

// resolve gives the value of one variable ${inner}, written ref.
func resolve(ref, inner string, lookup func(string) (string, bool)) (value string, set bool, err error) {
	quoted := quoteVar(ref)
	switch {
	case strings.HasPrefix(inner, "env:"):
		name := inner[len("env:"):]
		if name == "" {
			return "", false, &varError{quoted + " names no environment variable"}
		}
		v, ok := lookup(name)
		return v, ok, nil
	case strings.HasPrefix(inner, "input:"):
		return "", false, &varError{quoted + " is a VS Code input, asked of the user when VS Code starts the server, which strictscope cannot do: put the value in an environment variable and write ${env:NAME}"}
	case isVarName(inner):
		if isVSCodeVariable(inner) {
			return "", false, &varError{quoted + " is a VS Code variable, which only VS Code knows: write its value instead"}
		}
		v, ok := lookup(inner)
		return v, ok, nil
	}
	if name, def, ok := strings.Cut(inner, ":-"); ok && isVarName(name) {
		if v, ok := lookup(name); ok && v != "" {
			return v, true, nil
		}
		return def, true, nil
	}
	return "", false, &varError{quoted + " is not a variable strictscope expands: ${env:NAME}, ${NAME} and ${NAME:-DEFAULT} are"}
}

// quoteVar quotes a variable as written for a message, shortened.
func quoteVar(ref string) string { return termsafe.Shorten(ref, 80) }

// isVarName reports whether s is a shell variable name: a letter or _, then
// letters, digits and _.
func isVarName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// isVSCodeVariable reports whether name is one of VS Code's predefined variables
// (its variables reference): ${NAME} with one of these names is an error, not an
// environment variable.
func isVSCodeVariable(name string) bool {
	switch name {
	case "userHome", "workspaceFolder", "workspaceFolderBasename", "workspaceRoot",
		"workspaceRootFolderName", "file", "fileWorkspaceFolder", "relativeFile",
		"relativeFileDirname", "fileBasename", "fileBasenameNoExtension", "fileExtname",
		"fileDirname", "fileDirnameBasename", "cwd", "lineNumber", "columnNumber",
		"selectedText", "execPath", "defaultBuildTask", "pathSeparator":
		return true
	}
	return false
}
