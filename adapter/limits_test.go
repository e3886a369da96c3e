package adapter

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// The limits on properties and enum values are found while converting, where the
// others are found by a walk of the output. Both must name the same place: the
// walk, run on the output of random schemas that cross those two limits in wrapped
// nodes, anyOf branches, items and definitions, gives the error StrictSchema gave.
func TestLimitsFoundWhileConvertingMatchTheWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	crossed := map[string]int{}
	const cases = 160
	for i := range cases {
		// Odd cases have no enums, so that the properties are what crosses.
		g := limitGen{rng: rng, enumScale: 1 + rng.IntN(40), propScale: 1 + rng.IntN(600), noEnums: i%2 == 1}
		// Definitions are kept small: a $ref used many times multiplies the
		// null paths inside it.
		var defs []string
		scale := g.propScale
		g.propScale = min(scale, 8)
		for d := range rng.IntN(3) {
			defs = append(defs, fmt.Sprintf(`"d%d":%s`, d, g.node(2, false)))
			g.defs++
		}
		g.propScale = scale
		root := g.object(3)
		if len(defs) > 0 {
			root = root[:len(root)-1] + `,"$defs":{` + strings.Join(defs, ",") + `}}`
		}
		schema, err := Decode([]byte(root))
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		res, err := StrictSchema(schema, StrictOptions{})
		if res == nil {
			t.Fatalf("case %d: conversion failed: %v", i, err)
		}
		w := limitWalk{c: &converter{}}
		w.node(res.Schema, 0, true)
		want := w.c.err
		got, _ := err.(*StrictError)
		if err != nil && got == nil {
			t.Fatalf("case %d: error %v is not a *StrictError", i, err)
		}
		switch {
		case want == nil && got == nil:
		case want == nil || got == nil:
			t.Fatalf("case %d: converting gave %v, the walk %v\n%s", i, got, want, root)
		case want.Keyword != got.Keyword || !want.Path.Equal(got.Path):
			t.Fatalf("case %d: converting gave %s at %s, the walk %s at %s\n%s", i, got.Keyword, got.Path, want.Keyword, want.Path, root)
		default:
			crossed[got.Keyword]++
		}
	}
	t.Logf("crossed: %v", crossed)
	// The generator must reach both limits often, or the test shows nothing.
	for _, k := range []string{"max_properties", "max_enum_values"} {
		if crossed[k] < cases/8 {
			t.Errorf("only %d of %d schemas crossed %s", crossed[k], cases, k)
		}
	}
}

// limitGen makes random schemas with many properties and enum values.
type limitGen struct {
	rng                  *rand.Rand
	enumScale, propScale int
	defs                 int // definitions made so far, which a $ref may use
	refs                 int // $refs made so far
	n                    int // properties made so far
	noEnums              bool
}

// full says whether the schema has enough properties to cross the limit it is
// made for.
func (g *limitGen) full() bool {
	if g.noEnums {
		return g.n > 5500
	}
	return g.n > 1500
}

func (g *limitGen) name() string { g.n++; return fmt.Sprintf("p%d", g.n) }

func (g *limitGen) enum() string {
	if g.noEnums {
		return ""
	}
	var vals []string
	for i := range 1 + g.rng.IntN(g.enumScale*4) {
		vals = append(vals, fmt.Sprint(i))
	}
	return "[" + strings.Join(vals, ",") + "]"
}

// object is an object schema whose properties are required or not at random.
func (g *limitGen) object(depth int) string {
	var props, req []string
	for range 1 + g.rng.IntN(g.propScale) {
		if g.full() {
			break
		}
		name := g.name()
		props = append(props, fmt.Sprintf(`"%s":%s`, name, g.node(depth-1, true)))
		if g.rng.IntN(2) == 0 {
			req = append(req, `"`+name+`"`)
		}
	}
	return `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(req, ",") + `]}`
}

// node is any schema; an optional property that has a const (or an anyOf beside
// a type) is wrapped in an anyOf when converted.
func (g *limitGen) node(depth int, isProp bool) string {
	k := g.rng.IntN(9)
	if (depth <= 0 || g.full()) && k < 4 {
		k += 4
	}
	switch k {
	case 0, 1:
		return g.object(depth)
	case 2:
		o := g.object(depth)
		return o[:len(o)-1] + `,"const":null}`
	case 3:
		return `{"type":"array","items":` + g.node(depth-1, false) + `}`
	case 4:
		if g.noEnums {
			return `{"anyOf":[` + g.node(depth-1, false) + `,{"type":"string"}]}`
		}
		return `{"anyOf":[` + g.node(depth-1, false) + `,{"enum":` + g.enum() + `}]}`
	case 5:
		if g.noEnums {
			return `{"type":"integer","const":1}`
		}
		return `{"type":"integer","enum":` + g.enum() + `,"const":1}`
	case 6:
		if isProp && g.defs > 0 && g.refs < 30 {
			g.refs++
			return fmt.Sprintf(`{"$ref":"#/$defs/d%d"}`, g.rng.IntN(g.defs))
		}
		fallthrough
	case 7:
		if !g.noEnums {
			return `{"enum":` + g.enum() + `}`
		}
	}
	return `{"type":"string"}`
}
