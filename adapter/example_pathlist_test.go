package adapter_test

import (
	"fmt"

	"github.com/strictscope/strictscope/adapter"
)

// optionalTags has two optional properties, one of them inside the elements
// of an array, and a keyword strict mode drops.
const optionalTags = `{"type":"object","properties":{
	"limit":{"type":"integer","default":10},
	"tags":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"}}}}},
	"required":["tags"]}`

// A PathList is made by StrictSchema, or from paths.
func ExamplePathListOf() {
	l := adapter.PathListOf(adapter.Keys("limit"), adapter.Path{adapter.Key("tags"), adapter.Every(), adapter.Key("k")})
	fmt.Println(l.Len(), l.Value())
	// Output:
	// 2 [["limit"],["tags",null,"k"]]
}

func ExamplePathList_Len() {
	res, err := adapter.StrictSchema(must(optionalTags), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.NullPaths.Len())
	// Output:
	// 2
}

func ExamplePathList_At() {
	res, err := adapter.StrictSchema(must(optionalTags), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.NullPaths.At(1).Pointer())
	// Output:
	// /tags/*/k
}

func ExamplePathList_All() {
	res, err := adapter.StrictSchema(must(optionalTags), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	for i, p := range res.NullPaths.All() {
		fmt.Println(i, p)
	}
	// Output:
	// 0 ["limit"]
	// 1 ["tags",null,"k"]
}

// Paths gives the list as a slice, as StripNulls takes it.
func ExamplePathList_Paths() {
	res, err := adapter.StrictSchema(must(optionalTags), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	args := must(`{"limit":null,"tags":[{"k":null},{"k":"x"}]}`)
	out, removed := adapter.StripNulls(args, res.NullPaths.Paths())
	fmt.Println(out, adapter.PathsValue(removed))
	// Output:
	// {"tags":[{},{"k":"x"}]} [["limit"],["tags",null,"k"]]
}

func ExamplePathList_Value() {
	res, err := adapter.StrictSchema(must(optionalTags), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.NullPaths.Value())
	// Output:
	// [["limit"],["tags",null,"k"]]
}

func ExampleDroppedListOf() {
	l := adapter.DroppedListOf(adapter.Dropped{Path: adapter.Keys("properties", "limit", "default"), Keyword: "default", Reason: adapter.ReasonDefault})
	fmt.Println(l.Value())
	// Output:
	// [{"path":["properties","limit","default"],"keyword":"default"}]
}

func ExampleDroppedList_Len() {
	res, err := adapter.StrictSchema(must(optionalTags), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Dropped.Len())
	// Output:
	// 1
}

func ExampleDroppedList_At() {
	res, err := adapter.StrictSchema(must(optionalTags), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	d := res.Dropped.At(0)
	fmt.Println(d.Path, d.Keyword)
	fmt.Println(d.Reason)
	// Output:
	// ["properties","limit","default"] default
	// strict mode has no default; a property's default is written into its description
}

func ExampleDroppedList_All() {
	res, err := adapter.StrictSchema(must(`{"type":"object","properties":{"q":{"type":"string","examples":["a"],"pattern":"^(?=x)"}},"required":["q"]}`), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	for i, d := range res.Dropped.All() {
		fmt.Println(i, d.Path.Pointer(), d.Keyword)
	}
	// Output:
	// 0 /properties/q/examples examples
	// 1 /properties/q/pattern pattern
}

func ExampleDroppedList_List() {
	res, err := adapter.StrictSchema(must(optionalTags), adapter.StrictOptions{})
	if err != nil {
		panic(err)
	}
	for _, d := range res.Dropped.List() {
		fmt.Println(d.Path, d.Keyword)
	}
	// Output:
	// ["properties","limit","default"] default
}
