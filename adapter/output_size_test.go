package adapter

import (
	"slices"
	"strings"
	"testing"
)

// base64Of is base64 text that decodes to n zero bytes.
func base64Of(n int) string {
	s := strings.Repeat("AAAA", n/3)
	switch n % 3 {
	case 1:
		s += "AA=="
	case 2:
		s += "AAA="
	}
	return s
}

// TestOutputMediaOverLimit: an image or PDF over 20 MiB of decoded data, sent as
// media in the Responses array form, gets a note naming its block and its size,
// and is sent all the same; at the limit, or as a Chat placeholder, it gets none
// (docs/calls-and-outputs.md#size-notes).
func TestOutputMediaOverLimit(t *testing.T) {
	over, at := base64Of(MaxMediaBytes+1), base64Of(MaxMediaBytes)
	text := ObjectValue(MemberOf("type", StringValue("text")), MemberOf("text", StringValue("here")))
	image := func(data string) Value {
		return ObjectValue(MemberOf("type", StringValue("image")), MemberOf("data", StringValue(data)), MemberOf("mimeType", StringValue("image/png")))
	}
	pdf := func(data string) Value {
		return ObjectValue(MemberOf("type", StringValue("resource")), MemberOf("resource", ObjectValue(
			MemberOf("uri", StringValue("file:///r.pdf")), MemberOf("mimeType", StringValue("application/pdf")), MemberOf("blob", StringValue(data)))))
	}
	const limit = "over OpenAI's limit of 20 MiB (20,971,520 bytes)"
	tests := []struct {
		name   string
		blocks []Value
		api    API
		notes  []string
		media  int // items of the array form that are media
	}{
		{"an image and a PDF one byte over, each noted", []Value{text, image(over), pdf(over)}, Responses, []string{
			"content[1]: image is 20,971,521 bytes, " + limit + " for an input image; the request may be rejected",
			"content[2]: PDF is 20,971,521 bytes, " + limit + " for an input file; the request may be rejected"}, 2},
		{"an image at the limit", []Value{image(at)}, Responses, nil, 1},
		{"an image over, for Chat: a placeholder", []Value{image(over)}, Chat, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := ToolOutput("c", ObjectValue(MemberOf("content", ArrayValue(tt.blocks...))), DefaultOutputOptions(tt.api))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(out.Notes, tt.notes) {
				t.Errorf("notes = %q, want %q", out.Notes, tt.notes)
			}
			media := 0
			o, _ := out.Item.Get("output")
			for _, it := range o.Items() {
				if typ, _ := it.Get("type"); typ.Str() == "input_image" || typ.Str() == "input_file" {
					media++
				}
			}
			if media != tt.media {
				t.Errorf("%d media items, want %d: the media is sent all the same", media, tt.media)
			}
		})
	}
}
