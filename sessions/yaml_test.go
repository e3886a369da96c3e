package sessions

import (
	"errors"
	"strings"
	"testing"
)

func TestYAMLScalars(t *testing.T) {
	text := `
s: plain
q: '1.0'
n: ~
b: true
i: 42
neg: -7
f: 1.0
e: 1e3
hex: 0x1F
under: 1_000
plus: +5
dot: .5
inf: .inf
big: 123456789012345678901234567890
bin: !!binary aGk=
ts: 2024-01-02
empty:
list: [1, two, null]
nested: {a: {b: [x]}}
`
	v, err := yamlToValue([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"s":"plain","q":"1.0","n":null,"b":true,"i":42,"neg":-7,"f":1.0,"e":1e3,"hex":31,"under":1000,"plus":5,"dot":0.5,"inf":".inf","big":123456789012345678901234567890,"bin":"hi","ts":"2024-01-02","empty":null,"list":[1,"two",null],"nested":{"a":{"b":["x"]}}}`
	if got := v.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestYAMLDuplicateKey(t *testing.T) {
	text := "interactions:\n- request:\n    uri: a\n    method: POST\n    uri: b\n  response: {}\n"
	_, err := LoadRecording("dup.yaml", []byte(text))
	var le *LoadError
	if !errors.As(err, &le) || le.Where != "line 5" || !strings.Contains(le.Msg, `duplicate key "uri" (first at line 3)`) {
		t.Errorf("err = %v", err)
	}
}

func TestYAMLSyntaxError(t *testing.T) {
	_, err := LoadRecording("bad.yaml", []byte("interactions:\n- request: [\n  response: x\n"))
	var le *LoadError
	if !errors.As(err, &le) || !strings.HasPrefix(le.Where, "line ") || !strings.Contains(le.Msg, "invalid YAML") {
		t.Errorf("err = %v", err)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("message on several lines: %q", err)
	}
}

func TestYAMLMergeKeysAndAliases(t *testing.T) {
	text := "base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  y: 3\ncopy: *b\n"
	v, err := yamlToValue([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), `{"base":{"x":1,"y":2},"use":{"y":3,"x":1},"copy":{"x":1,"y":2}}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestYAMLAliasBomb(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 10; i++ {
		sb.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("*a" + string(rune('0'+i-1)))
		}
		sb.WriteString("]\n")
	}
	_, err := yamlToValue([]byte(sb.String()))
	if err == nil || !strings.Contains(err.Error(), "too many values") {
		t.Errorf("err = %v", err)
	}
}

func TestYAMLNotACassette(t *testing.T) {
	_, err := LoadRecording("conf.yaml", []byte("name: x\nvalue: 3\n"))
	if err == nil || !strings.Contains(err.Error(), "conf.yaml: not a recording: the YAML document is") {
		t.Errorf("err = %v", err)
	}
}

// The errors yaml.v3 finds while reading characters name no line: the message
// gets the line of the first character YAML does not allow, read whole or one
// interaction at a time.
func TestYAMLCharacterErrorsNameTheLine(t *testing.T) {
	item := "- request:\n    uri: https://api.openai.com/v1/chat/completions\n  response:\n    body:\n      string: '{}'\n"
	tests := []struct {
		name, text, where, msg string
	}{
		{"a NUL byte", "interactions:\n" + item + "- request:\n    uri: a\x00b\n", "line 8", "control characters are not allowed"},
		{"a C1 control", "interactions:\n" + item + item + "- request: \u0090\n", "line 12", "control characters are not allowed"},
		{"invalid UTF-8", "interactions:\n- request:\n    uri: \xff\n", "line 3", "invalid leading UTF-8 octet"},
		{"a NUL byte on the first line", "inter\x00actions:\n", "line 1", "control characters are not allowed"},
	}
	for _, tt := range tests {
		for _, whole := range []bool{false, true} {
			_, err := loadReader("c.yaml", []byte(tt.text), whole)
			var le *LoadError
			if !errors.As(err, &le) || le.Where != tt.where || !strings.Contains(le.Msg, tt.msg) {
				t.Errorf("%s (whole %v): %v, want %s: …%s", tt.name, whole, err, tt.where, tt.msg)
			}
		}
	}
	if got := badYAMLChar([]byte("\ufeffa: \u0085b\tc\r\n")); got != -1 {
		t.Errorf("allowed characters: bad at %d", got)
	}
}
