package adapter_test

import (
	"errors"
	"fmt"

	"github.com/strictscope/strictscope/adapter"
)

// Paths are written as JSON arrays: a key as a string, an index as a number, and
// "every element" as null.
func ExamplePathsValue() {
	paths := []adapter.Path{
		adapter.Keys("limit"),
		{adapter.Key("tags"), adapter.Every(), adapter.Key("k")},
		{adapter.Key("rows"), adapter.Index(2)},
	}
	fmt.Println(adapter.PathsValue(paths))
	// Output:
	// [["limit"],["tags",null,"k"],["rows",2]]
}

func ExampleDroppedList_Value() {
	res, err := adapter.StrictSchema(must(`{"type":"object","properties":{"limit":{"type":"integer","default":10,"examples":[5]}}}`), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Dropped.Value())
	// Output:
	// [{"path":["properties","limit","default"],"keyword":"default"},{"path":["properties","limit","examples"],"keyword":"examples"}]
}

// A result is written as the strict command prints it.
func ExampleStrictResult_Value() {
	res, err := adapter.StrictSchema(must(`{"type":"object","properties":{"limit":{"type":"integer","default":10}}}`), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Value())
	// Output:
	// {"ok":true,"schema":{"type":"object","properties":{"limit":{"type":["integer","null"],"description":"Default: 10."}},"required":["limit"],"additionalProperties":false},"null_paths":[["limit"]],"dropped":[{"path":["properties","limit","default"],"keyword":"default"}]}
}

func ExampleStrictError_Value() {
	_, err := adapter.StrictSchema(must(`{"type":"object","properties":{"v":{"oneOf":[{"type":"string"}]}}}`), adapter.StrictOptions{})
	var se *adapter.StrictError
	if errors.As(err, &se) {
		fmt.Println(se.Value())
	}
	// Output:
	// {"path":["properties","v"],"keyword":"oneOf","message":"\"oneOf\" is not supported in strict mode; use anyOf instead"}
}

// Keywords strict mode has no equivalent for fail the conversion; others it does
// not use are dropped, and kept ones stay.
func ExampleUnsupportedKeyword() {
	for _, k := range []string{"oneOf", "allOf", "examples", "minimum"} {
		advice, unsupported := adapter.UnsupportedKeyword(k)
		fmt.Printf("%s: %v %q\n", k, unsupported, advice)
	}
	// Output:
	// oneOf: true "use anyOf instead"
	// allOf: true "merge the subschemas into one object schema"
	// examples: false ""
	// minimum: false ""
}

// A null path says where in the arguments a null may come; its sites say which
// declarations of the schema were made nullable for it: here only the branch
// that does not require "a".
func ExampleStrictResult_NullSites() {
	res, err := adapter.StrictSchema(must(`{"type":"object","properties":{"o":{"anyOf":[
		{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},
		{"type":"object","properties":{"a":{"type":"string"}}}]}},"required":["o"]}`), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	for i, sites := range res.NullSites() {
		fmt.Println(res.NullPaths.At(i), adapter.PathsValue(sites))
	}
	// Output:
	// ["o","a"] [["properties","o","anyOf",1,"properties","a"]]
}

// A member is a name and a value; objects are built from members in order.
func ExampleMemberOf() {
	limit := adapter.MemberOf("limit", adapter.NumberValue("10"))
	fmt.Println(adapter.ObjectValue(limit, adapter.MemberOf("q", adapter.StringValue("go"))))
	// Output:
	// {"limit":10,"q":"go"}
}

func ExampleMember_Key() {
	obj := must(`{"q":"go","limit":10}`)
	for _, m := range obj.Members() {
		fmt.Println(m.Key())
	}
	// Output:
	// q
	// limit
}

func ExampleMember_Value() {
	obj := must(`{"q":"go","limit":10}`)
	for _, m := range obj.Members() {
		fmt.Println(m.Value().Kind(), m.Value())
	}
	// Output:
	// string "go"
	// number 10
}
