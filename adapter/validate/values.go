package validate

import (
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// numLimit is the decimal exponent beyond which numbers are clamped (see Validator).
const numLimit = 10000

// toAny converts an instance to the form jsonschema/v6 validates: map[string]any,
// []any, string, bool, nil and json.Number. *bad is set when a number's text is not
// a JSON number.
func toAny(v adapter.Value, bad *bool) any {
	switch v.Kind() {
	case adapter.Bool:
		return v.Bool()
	case adapter.String:
		return v.Str()
	case adapter.Number:
		n, ok := jsonNumber(v.NumberText())
		if !ok {
			*bad = true
		}
		return n
	case adapter.Array:
		items := v.Items()
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = toAny(it, bad)
		}
		return out
	case adapter.Object:
		mems := v.Members()
		out := make(map[string]any, len(mems))
		for _, m := range mems {
			out[m.Key()] = toAny(m.Value(), bad)
		}
		return out
	}
	return nil
}

// badNumbers reports every number under v whose text is not a JSON number.
func badNumbers(v adapter.Value, at adapter.Path, out *[]Error) {
	switch v.Kind() {
	case adapter.Number:
		if _, ok := jsonNumber(v.NumberText()); !ok {
			*out = append(*out, Error{Path: at.Append(), Message: "invalid JSON number " + quote(v.NumberText())})
		}
	case adapter.Array:
		for i, it := range v.Items() {
			badNumbers(it, at.Append(adapter.Index(i)), out)
		}
	case adapter.Object:
		for _, m := range v.Members() {
			badNumbers(m.Value(), at.Append(adapter.Key(m.Key())), out)
		}
	}
}

// jsonNumber returns the json.Number jsonschema/v6 gets for a number's text: the
// text itself when it has no exponent and is not huge; otherwise its exact value
// written as DIGITSeEXP, or the clamped value described on Validator. ok is false
// when text is not a JSON number.
func jsonNumber(text string) (json.Number, bool) {
	neg, intPart, frac, exp, ok := splitNumber(text)
	if !ok {
		return json.Number("0"), false
	}
	if exp == "" && len(text) <= numLimit {
		return json.Number(text), true
	}
	// |value| = digits × 10^e, digits without leading or trailing zeros.
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return json.Number("0"), true
	}
	e := atoiSat(exp) - int64(len(frac))
	trimmed := strings.TrimRight(digits, "0")
	e += int64(len(digits) - len(trimmed))
	digits = trimmed
	sign := ""
	if neg {
		sign = "-"
	}
	mag := int64(len(digits)) + e // 10^(mag-1) <= |value| < 10^mag
	switch {
	case mag > numLimit:
		return json.Number(sign + "1e" + strconv.Itoa(numLimit)), true
	case mag <= -numLimit:
		return json.Number(sign + "1e-" + strconv.Itoa(numLimit)), true
	case e < -2*numLimit:
		// More digits after the point than any bound can have: keep 2×limit of them.
		digits = digits[:int64(len(digits))-(-2*numLimit-e)]
		e = -2 * numLimit
	}
	return json.Number(sign + digits + "e" + strconv.FormatInt(e, 10)), true
}

// splitNumber splits JSON number text into its parts; ok is false when the text
// does not follow the JSON grammar. exp keeps its sign.
func splitNumber(s string) (neg bool, intPart, frac, exp string, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	intPart = s[start:i]
	if intPart == "" || (len(intPart) > 1 && intPart[0] == '0') {
		return false, "", "", "", false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start = i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		frac = s[start:i]
		if frac == "" {
			return false, "", "", "", false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		start = i
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		digStart := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == digStart {
			return false, "", "", "", false
		}
		exp = s[start:i]
	}
	return neg, intPart, frac, exp, i == len(s)
}

// atoiSat reads a signed decimal exponent, saturating far beyond any limit used.
func atoiSat(s string) int64 {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	var n int64
	for _, c := range []byte(s) {
		n = n*10 + int64(c-'0')
		if n > 1<<40 {
			n = 1 << 40
			break
		}
	}
	if neg {
		return -n
	}
	return n
}

// sameValue reports whether a and b are equal as JSON Schema compares values: numbers
// by their value (1, 1.0 and 1e0 are equal, clamped as Validator describes), objects
// whatever the order of their members.
func sameValue(a, b adapter.Value) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case adapter.Null:
		return true
	case adapter.Bool:
		return a.Bool() == b.Bool()
	case adapter.String:
		return a.Str() == b.Str()
	case adapter.Number:
		x, okx := jsonNumber(a.NumberText())
		y, oky := jsonNumber(b.NumberText())
		if !okx || !oky {
			return false
		}
		rx, okx := new(big.Rat).SetString(string(x))
		ry, oky := new(big.Rat).SetString(string(y))
		return okx && oky && rx.Cmp(ry) == 0
	case adapter.Array:
		return slices.EqualFunc(a.Items(), b.Items(), sameValue)
	case adapter.Object:
		if a.Len() != b.Len() {
			return false
		}
		for _, m := range a.Members() {
			if v, ok := b.Get(m.Key()); !ok || !sameValue(m.Value(), v) {
				return false
			}
		}
		return true
	}
	return false
}
