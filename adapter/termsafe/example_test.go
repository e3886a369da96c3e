package termsafe_test

import (
	"fmt"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
)

func ExampleSanitize() {
	fmt.Println(termsafe.Sanitize("ok\x1b[2J\u202etxt.exe\n\xff"))
	// Output:
	// ok⟨U+001B⟩[2J⟨U+202E⟩txt.exe⟨U+000A⟩⟨0xFF⟩
}

func ExampleSanitizeLines() {
	fmt.Println(termsafe.SanitizeLines("line 1\n\tline 2\u200b"))
	// Output:
	// line 1
	//  line 2⟨U+200B⟩
}

func ExampleJSON() {
	out := adapter.MarshalIndent(adapter.ObjectValue(
		adapter.MemberOf("name", adapter.StringValue("report\u202eexe.txt")),
		adapter.MemberOf("note", adapter.StringValue("tag \U000E0041, CSI \u009b2J, é kept")),
	))
	fmt.Println(string(termsafe.JSON(out)))
	// Output:
	// {
	//   "name": "report\u202eexe.txt",
	//   "note": "tag \udb40\udc41, CSI \u009b2J, é kept"
	// }
}

func ExampleShorten() {
	fmt.Println(termsafe.Shorten("short", 10))
	fmt.Println(termsafe.Shorten("naïveté and more", 3)) // ï is bytes 2 and 3: the cut comes before it
	// Output:
	// short
	// na…
}

func ExampleQuote() {
	fmt.Println(termsafe.Quote("tool\u200bname"))
	// Output:
	// "tool⟨U+200B⟩name"
}

func ExampleHidden() {
	fmt.Println(termsafe.Hidden('\u200b'), termsafe.Hidden('\U000E0041'), termsafe.Hidden('é'), termsafe.Hidden('\n'))
	// Output:
	// true true false false
}
