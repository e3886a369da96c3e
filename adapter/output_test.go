package adapter

import (
	"bytes"
	"encoding/base64"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// jsonOf decodes test JSON or fails the test.
func jsonOf(t testing.TB, s string) Value {
	t.Helper()
	v, err := DecodeString(s)
	if err != nil {
		t.Fatalf("bad test JSON %s: %v", s, err)
	}
	return v
}

// compactOf normalises expected JSON text to the compact form Marshal writes.
func compactOf(t testing.TB, s string) string {
	t.Helper()
	return string(Marshal(jsonOf(t, s)))
}

// renderOutput renders result (JSON text) with opts and fails the test on an error.
func renderOutput(t testing.TB, result string, opts OutputOptions) Output {
	t.Helper()
	out, err := ToolOutput("call_1", jsonOf(t, result), opts)
	if err != nil {
		t.Fatalf("ToolOutput(%s): %v", result, err)
	}
	return out
}

func chatText(t testing.TB, out Output) string {
	t.Helper()
	c, ok := out.Item.Get("content")
	if !ok || c.Kind() != String {
		t.Fatalf("chat item without string content: %s", out.Item)
	}
	return c.Str()
}

// A real 1×1 PNG signature is enough: ToolOutput never looks inside PNG data.
const (
	outPNG8  = "iVBORw0KGgo=" // the 8-byte PNG signature
	outThree = "AAEC"         // 3 bytes
)

// gifOf builds a GIF of frames 1×1 images with image/gif, so that the walker is
// tested against the standard library's encoder.
func gifOf(t testing.TB, frames int) []byte {
	t.Helper()
	pal := color.Palette{color.Black, color.White}
	g := &gif.GIF{}
	for i := range frames {
		img := image.NewPaletted(image.Rect(0, 0, 2, 2), pal)
		img.SetColorIndex(i%2, 0, 1)
		g.Image = append(g.Image, img)
		g.Delay = append(g.Delay, 10)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, g); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

func TestOutputTextBlocksAreJoinedWithLF(t *testing.T) {
	tests := []struct {
		name, result, want string
	}{
		{"one block", `{"content":[{"type":"text","text":"hello"}]}`, "hello"},
		{"two blocks joined with LF", `{"content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}`, "a\nb"},
		{"empty blocks keep their place", `{"content":[{"type":"text","text":""},{"type":"text","text":"b"},{"type":"text","text":""}]}`, "\nb\n"},
		{"text kept as is", `{"content":[{"type":"text","text":"  x\r\n\u0000 é <b>&"}]}`, "  x\r\n\x00 é <b>&"},
		{"annotations ignored", `{"content":[{"type":"text","text":"x","annotations":{"audience":["user"]}}]}`, "x"},
		{"placeholders joined too", `{"content":[{"type":"text","text":"a"},{"type":"resource_link","uri":"u:x","name":"x"},{"type":"text","text":"b"}]}`, "a\n[resource_link: u:x]\nb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, api := range []API{Chat, Responses} {
				out := renderOutput(t, tt.result, DefaultOutputOptions(api))
				if out.Text != tt.want {
					t.Errorf("%s: Text = %q, want %q", api, out.Text, tt.want)
				}
				if len(out.Notes) != 0 {
					t.Errorf("%s: unexpected notes %q", api, out.Notes)
				}
			}
		})
	}
}

func TestOutputPlaceholders(t *testing.T) {
	tests := []struct {
		name, block, want string
		note              string // a substring of the one note expected, "" for none
	}{
		{"image", `{"type":"image","data":"` + outPNG8 + `","mimeType":"image/png"}`, "[image: image/png, 8 bytes]", ""},
		{"audio", `{"type":"audio","data":"` + outThree + `","mimeType":"audio/wav"}`, "[audio: audio/wav, 3 bytes]", ""},
		{"MIME as declared", `{"type":"image","data":"AA==","mimeType":"Image/PNG"}`, "[image: Image/PNG, 1 bytes]", ""},
		{"empty data is 0 bytes", `{"type":"audio","data":"","mimeType":"audio/mpeg"}`, "[audio: audio/mpeg, 0 bytes]", ""},
		{"padding of two", `{"type":"audio","data":"AA==","mimeType":"audio/x"}`, "[audio: audio/x, 1 bytes]", ""},
		{"padding of one", `{"type":"audio","data":"AAE=","mimeType":"audio/x"}`, "[audio: audio/x, 2 bytes]", ""},
		{"CR and LF ignored", `{"type":"audio","data":"AA\r\nEC\nAA\rEC","mimeType":"audio/x"}`, "[audio: audio/x, 6 bytes]", ""},
		{"missing MIME", `{"type":"image","data":"AAEC"}`, "[image: application/octet-stream, 3 bytes]", ""},
		{"empty MIME", `{"type":"audio","data":"AAEC","mimeType":""}`, "[audio: application/octet-stream, 3 bytes]", ""},
		{"MIME not a string", `{"type":"audio","data":"AAEC","mimeType":7}`, "[audio: application/octet-stream, 3 bytes]", ""},
		{"padding required", `{"type":"image","data":"AAE","mimeType":"image/png"}`, "[image: image/png, invalid base64]", "content[0]: image data is not valid base64"},
		{"URL alphabet refused", `{"type":"audio","data":"-_8=","mimeType":"audio/x"}`, "[audio: audio/x, invalid base64]", "content[0]: audio data is not valid base64"},
		{"space refused", `{"type":"audio","data":"AA EC","mimeType":"audio/x"}`, "[audio: audio/x, invalid base64]", "not valid base64"},
		{"padding inside refused", `{"type":"audio","data":"AA==AAEC","mimeType":"audio/x"}`, "[audio: audio/x, invalid base64]", "not valid base64"},
		{"resource link uses the uri", `{"type":"resource_link","uri":"file:///a/b.txt","name":"b.txt","mimeType":"text/plain"}`, "[resource_link: file:///a/b.txt]", ""},
		{"embedded blob", `{"type":"resource","resource":{"uri":"demo://x/1","mimeType":"application/gzip","blob":"AAEC"}}`, "[resource: demo://x/1, application/gzip, 3 bytes]", ""},
		{"embedded blob without MIME", `{"type":"resource","resource":{"uri":"demo://x/1","blob":"AAEC"}}`, "[resource: demo://x/1, application/octet-stream, 3 bytes]", ""},
		{"embedded blob invalid", `{"type":"resource","resource":{"uri":"demo://x/1","mimeType":"text/plain","blob":"!"}}`, "[resource: demo://x/1, text/plain, invalid base64]", "content[0]: resource blob is not valid base64"},
		{"embedded text contributes its text", `{"type":"resource","resource":{"uri":"demo://x/2","mimeType":"text/plain","text":"inside"}}`, "inside", ""},
		{"embedded text wins over blob", `{"type":"resource","resource":{"uri":"demo://x/2","text":"t","blob":"AAEC"}}`, "t", ""},
		{"another type", `{"type":"video","data":"AAEC"}`, "[unsupported content: video]", `content type "video"`},
		{"missing type", `{"text":"x"}`, `[unsupported content: {"text":"x"}]`, "no string type"},
		{"type not a string", `{"type":1,"b":[1.50,"é<>"]}`, `[unsupported content: {"type":1,"b":[1.50,"é<>"]}]`, "no string type"},
		{"block not an object", `"just text"`, `[unsupported content: "just text"]`, "not an object"},
		{"null block", `null`, `[unsupported content: null]`, "not an object"},
		{"text without text", `{"type":"text"}`, `[unsupported content: {"type":"text"}]`, "without a string text"},
		{"image without data", `{"type":"image","mimeType":"image/png"}`, `[unsupported content: {"type":"image","mimeType":"image/png"}]`, "without string data"},
		{"link without uri", `{"type":"resource_link","name":"x"}`, `[unsupported content: {"type":"resource_link","name":"x"}]`, "without a string uri"},
		{"resource not an object", `{"type":"resource","resource":"x"}`, `[unsupported content: {"type":"resource","resource":"x"}]`, "without a resource object"},
		{"resource without text or blob", `{"type":"resource","resource":{"uri":"u:1"}}`, `[unsupported content: {"type":"resource","resource":{"uri":"u:1"}}]`, "text or blob"},
		{"blob without uri", `{"type":"resource","resource":{"blob":"AAEC"}}`, `[unsupported content: {"type":"resource","resource":{"blob":"AAEC"}}]`, "without a string uri"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, api := range []API{Chat, Responses} {
				out := renderOutput(t, `{"content":[`+tt.block+`]}`, DefaultOutputOptions(api))
				if out.Text != tt.want {
					t.Errorf("%s: Text = %q, want %q", api, out.Text, tt.want)
				}
				if api == Chat {
					if got := chatText(t, out); got != tt.want {
						t.Errorf("chat content = %q, want %q", got, tt.want)
					}
				}
				switch {
				case tt.note == "" && len(out.Notes) != 0 && api == Chat:
					t.Errorf("%s: unexpected notes %q", api, out.Notes)
				case tt.note != "" && (len(out.Notes) != 1 || !strings.Contains(out.Notes[0], tt.note)):
					t.Errorf("%s: notes = %q, want one containing %q", api, out.Notes, tt.note)
				}
			}
		})
	}
}

func TestChatOutputIsAlwaysText(t *testing.T) {
	result := `{"content":[{"type":"text","text":"see"},{"type":"image","data":"` + outPNG8 + `","mimeType":"image/png"},
		{"type":"resource","resource":{"uri":"file:///r.pdf","mimeType":"application/pdf","blob":"AAEC"}}]}`
	out := renderOutput(t, result, DefaultOutputOptions(Chat))
	want := compactOf(t, `{"role":"tool","tool_call_id":"call_1","content":"see\n[image: image/png, 8 bytes]\n[resource: file:///r.pdf, application/pdf, 3 bytes]"}`)
	if got := string(Marshal(out.Item)); got != want {
		t.Errorf("item = %s\nwant   %s", got, want)
	}
	if len(out.Notes) != 0 {
		t.Errorf("notes = %q", out.Notes)
	}
}

func TestOutputItemKeyOrder(t *testing.T) {
	r := `{"content":[{"type":"text","text":"x"}]}`
	chat := renderOutput(t, r, DefaultOutputOptions(Chat))
	resp := renderOutput(t, r, DefaultOutputOptions(Responses))
	if got, want := string(Marshal(chat.Item)), `{"role":"tool","tool_call_id":"call_1","content":"x"}`; got != want {
		t.Errorf("chat item = %s, want %s", got, want)
	}
	if got, want := string(Marshal(resp.Item)), `{"type":"function_call_output","call_id":"call_1","output":"x"}`; got != want {
		t.Errorf("responses item = %s, want %s", got, want)
	}
	img := renderOutput(t, `{"content":[{"type":"image","data":"AAEC","mimeType":"image/png"},
		{"type":"resource","resource":{"uri":"u:/a.pdf","mimeType":"application/pdf","blob":"AAEC"}}]}`, DefaultOutputOptions(Responses))
	want := `{"type":"function_call_output","call_id":"call_1","output":[` +
		`{"type":"input_image","image_url":"data:image/png;base64,AAEC","detail":"auto"},` +
		`{"type":"input_file","filename":"a.pdf","file_data":"data:application/pdf;base64,AAEC"}]}`
	if got := string(Marshal(img.Item)); got != want {
		t.Errorf("array item = %s\nwant         %s", got, want)
	}
}

func TestResponsesOutputIsTextWithoutTakenMedia(t *testing.T) {
	tests := []struct{ name, result, want string }{
		{"text only", `{"content":[{"type":"text","text":"x"}]}`, "x"},
		{"audio stays text", `{"content":[{"type":"audio","data":"AAEC","mimeType":"audio/wav"}]}`, "[audio: audio/wav, 3 bytes]"},
		{"non-PDF blob stays text", `{"content":[{"type":"resource","resource":{"uri":"u:1","mimeType":"application/zip","blob":"AAEC"}}]}`, "[resource: u:1, application/zip, 3 bytes]"},
		{"resource link to a PDF stays text", `{"content":[{"type":"resource_link","uri":"file:///a.pdf","mimeType":"application/pdf","name":"a"}]}`, "[resource_link: file:///a.pdf]"},
		{"invalid image stays text", `{"content":[{"type":"image","data":"A","mimeType":"image/png"}]}`, "[image: image/png, invalid base64]"},
		{"empty image stays text", `{"content":[{"type":"image","data":"","mimeType":"image/png"}]}`, "[image: image/png, 0 bytes]"},
		{"svg stays text", `{"content":[{"type":"image","data":"AAEC","mimeType":"image/svg+xml"}]}`, "[image: image/svg+xml, 3 bytes]"},
		{"MIME with parameters stays text", `{"content":[{"type":"image","data":"AAEC","mimeType":"image/png; q=1"}]}`, "[image: image/png; q=1, 3 bytes]"},
		{"missing MIME stays text", `{"content":[{"type":"image","data":"AAEC"}]}`, "[image: application/octet-stream, 3 bytes]"},
		{"image block with a PDF MIME stays text", `{"content":[{"type":"image","data":"AAEC","mimeType":"application/pdf"}]}`, "[image: application/pdf, 3 bytes]"},
		{"invalid PDF stays text", `{"content":[{"type":"resource","resource":{"uri":"u:/a.pdf","mimeType":"application/pdf","blob":"AAE"}}]}`, "[resource: u:/a.pdf, application/pdf, invalid base64]"},
		{"empty PDF stays text", `{"content":[{"type":"resource","resource":{"uri":"u:/a.pdf","mimeType":"application/pdf","blob":""}}]}`, "[resource: u:/a.pdf, application/pdf, 0 bytes]"},
		{"animated GIF stays text", `{"content":[{"type":"image","data":"` + b64(gifOf(t, 2)) + `","mimeType":"image/gif"}]}`, "[image: image/gif, " + strconv.Itoa(len(gifOf(t, 2))) + " bytes]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := renderOutput(t, tt.result, DefaultOutputOptions(Responses))
			o, _ := out.Item.Get("output")
			if o.Kind() != String || o.Str() != tt.want || out.Text != tt.want {
				t.Errorf("output = %s, Text = %q, want the string %q", o, out.Text, tt.want)
			}
		})
	}
}

func TestResponsesOutputIsAnArrayWithMedia(t *testing.T) {
	still := b64(gifOf(t, 1))
	tests := []struct {
		name, result, want string
		text               string // the expected Output.Text (the text form)
	}{
		{
			"one item per block in content order",
			`{"content":[{"type":"text","text":"a"},{"type":"image","data":"AAEC","mimeType":"image/png"},{"type":"text","text":"b"},{"type":"audio","data":"AA==","mimeType":"audio/wav"}]}`,
			`[{"type":"input_text","text":"a"},{"type":"input_image","image_url":"data:image/png;base64,AAEC","detail":"auto"},{"type":"input_text","text":"b"},{"type":"input_text","text":"[audio: audio/wav, 1 bytes]"}]`,
			"a\n[image: image/png, 3 bytes]\nb\n[audio: audio/wav, 1 bytes]",
		},
		{
			"jpeg and webp, matched case-insensitively, MIME as declared",
			`{"content":[{"type":"image","data":"AAEC","mimeType":"IMAGE/JPEG"},{"type":"image","data":"AAEC","mimeType":"image/WebP"}]}`,
			`[{"type":"input_image","image_url":"data:IMAGE/JPEG;base64,AAEC","detail":"auto"},{"type":"input_image","image_url":"data:image/WebP;base64,AAEC","detail":"auto"}]`,
			"[image: IMAGE/JPEG, 3 bytes]\n[image: image/WebP, 3 bytes]",
		},
		{
			"a GIF with one image",
			`{"content":[{"type":"image","data":"` + still + `","mimeType":"image/gif"}]}`,
			`[{"type":"input_image","image_url":"data:image/gif;base64,` + still + `","detail":"auto"}]`,
			"[image: image/gif, " + strconv.Itoa(len(gifOf(t, 1))) + " bytes]",
		},
		{
			"a GIF that cannot be parsed counts as not animated",
			`{"content":[{"type":"image","data":"AAEC","mimeType":"image/gif"}]}`,
			`[{"type":"input_image","image_url":"data:image/gif;base64,AAEC","detail":"auto"}]`,
			"[image: image/gif, 3 bytes]",
		},
		{
			"an animated GIF beside a PNG is a placeholder",
			`{"content":[{"type":"image","data":"` + b64(gifOf(t, 3)) + `","mimeType":"image/gif"},{"type":"image","data":"AAEC","mimeType":"image/png"}]}`,
			`[{"type":"input_text","text":"[image: image/gif, ` + strconv.Itoa(len(gifOf(t, 3))) + ` bytes]"},{"type":"input_image","image_url":"data:image/png;base64,AAEC","detail":"auto"}]`,
			"[image: image/gif, " + strconv.Itoa(len(gifOf(t, 3))) + " bytes]\n[image: image/png, 3 bytes]",
		},
		{
			"CR and LF leave the data URI",
			`{"content":[{"type":"image","data":"AA\r\nEC","mimeType":"image/png"}]}`,
			`[{"type":"input_image","image_url":"data:image/png;base64,AAEC","detail":"auto"}]`,
			"[image: image/png, 3 bytes]",
		},
		{
			"PDF blob as input_file, MIME case-insensitive, data URI lower case",
			`{"content":[{"type":"text","text":"here"},{"type":"resource","resource":{"uri":"file:///docs/report.pdf","mimeType":"Application/PDF","blob":"AAEC"}}]}`,
			`[{"type":"input_text","text":"here"},{"type":"input_file","filename":"report.pdf","file_data":"data:application/pdf;base64,AAEC"}]`,
			"here\n[resource: file:///docs/report.pdf, Application/PDF, 3 bytes]",
		},
		{
			"placeholders and embedded text are input_text",
			`{"content":[{"type":"image","data":"AAEC","mimeType":"image/png"},{"type":"resource_link","uri":"u:1","name":"n"},{"type":"resource","resource":{"uri":"u:2","text":"body"}},{"type":"zzz"}]}`,
			`[{"type":"input_image","image_url":"data:image/png;base64,AAEC","detail":"auto"},{"type":"input_text","text":"[resource_link: u:1]"},{"type":"input_text","text":"body"},{"type":"input_text","text":"[unsupported content: zzz]"}]`,
			"[image: image/png, 3 bytes]\n[resource_link: u:1]\nbody\n[unsupported content: zzz]",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := renderOutput(t, tt.result, DefaultOutputOptions(Responses))
			o, _ := out.Item.Get("output")
			if got, want := string(Marshal(o)), compactOf(t, tt.want); got != want {
				t.Errorf("output = %s\nwant     %s", got, want)
			}
			if out.Text != tt.text {
				t.Errorf("Text = %q, want %q", out.Text, tt.text)
			}
			chat := renderOutput(t, tt.result, DefaultOutputOptions(Chat))
			if chat.Text != out.Text {
				t.Errorf("Responses Text %q differs from what Chat sends %q", out.Text, chat.Text)
			}
		})
	}
}

func TestResponsesMediaPlaceholdersGetNotes(t *testing.T) {
	tests := []struct{ name, block, note string }{
		{"animated GIF", `{"type":"image","data":"` + b64(gifOf(t, 2)) + `","mimeType":"image/gif"}`, "content[0]: animated GIF (2 images)"},
		{"other image type", `{"type":"image","data":"AAEC","mimeType":"image/bmp"}`, `content[0]: image type "image/bmp" is not one OpenAI takes`},
		{"empty image", `{"type":"image","data":"","mimeType":"image/png"}`, "content[0]: image is empty"},
		{"empty PDF", `{"type":"resource","resource":{"uri":"u:/a.pdf","mimeType":"application/pdf","blob":""}}`, "content[0]: PDF is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := `{"content":[` + tt.block + `]}`
			out := renderOutput(t, r, DefaultOutputOptions(Responses))
			if len(out.Notes) != 1 || !strings.HasPrefix(out.Notes[0], tt.note) {
				t.Errorf("notes = %q, want one starting %q", out.Notes, tt.note)
			}
			if chat := renderOutput(t, r, DefaultOutputOptions(Chat)); len(chat.Notes) != 0 {
				t.Errorf("chat notes = %q, want none (Chat is always text)", chat.Notes)
			}
		})
	}
}

func TestPDFFilenameFromURI(t *testing.T) {
	tests := []struct{ uri, want string }{
		{"file:///tmp/report.pdf", "report.pdf"},
		{"https://example.com/a/b/Q3%20results.pdf?sig=x#page=2", "Q3 results.pdf"},
		{"demo://resource/7", "7"},
		{"urn:doc:paper.pdf", "paper.pdf"},
		{"report.pdf", "report.pdf"},
		{"https://example.com/docs/", "document.pdf"},
		{"", "document.pdf"},
		{"file:///x/..", "document.pdf"},
		{"file:///x/bad%zz.pdf", "bad%zz.pdf"},
		{"file:///x/%FF.pdf", "%FF.pdf"},
	}
	for _, tt := range tests {
		t.Run(tt.uri, func(t *testing.T) {
			r := ObjectValue(MemberOf("content", ArrayValue(ObjectValue(
				MemberOf("type", StringValue("resource")),
				MemberOf("resource", ObjectValue(
					MemberOf("uri", StringValue(tt.uri)),
					MemberOf("mimeType", StringValue("application/pdf")),
					MemberOf("blob", StringValue("AAEC")),
				)),
			))))
			out, err := ToolOutput("c", r, DefaultOutputOptions(Responses))
			if err != nil {
				t.Fatal(err)
			}
			o, _ := out.Item.Get("output")
			file, _ := Lookup(o, Path{Index(0), Key("filename")})
			if file.Str() != tt.want {
				t.Errorf("filename = %s, want %q", file, tt.want)
			}
		})
	}
}

func TestGIFAnimationIsDetected(t *testing.T) {
	one, two := gifOf(t, 1), gifOf(t, 2)
	noTrailer := two[:len(two)-1]
	tests := []struct {
		name   string
		data   []byte
		frames int
		ok     bool
	}{
		{"one image", one, 1, true},
		{"two images", two, 2, true},
		{"five images", gifOf(t, 5), 5, true},
		{"no trailer, ends at a block boundary", noTrailer, 2, true},
		{"cut inside the last image", two[:len(two)-4], 0, false},
		{"bad signature", append([]byte("GIF88a"), one[6:]...), 0, false},
		{"too short", []byte("GIF89a"), 0, false},
		{"unknown block", append(slices.Clone(one[:len(one)-1]), 0x99, 0x3B), 0, false},
		{"not a GIF", []byte{0, 1, 2}, 0, false},
		{"empty", nil, 0, false},
		// GIF87a, no global colour table, one image with a local colour table.
		{"local colour table", []byte{'G', 'I', 'F', '8', '7', 'a', 1, 0, 1, 0, 0, 0, 0,
			0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255,
			2, 2, 0x44, 0x01, 0, 0x3B}, 1, true},
		// Data after the trailer is not looked at.
		{"data after the trailer", append(slices.Clone(one), 0x2C, 1, 2), 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			frames, ok := gifFrames(tt.data)
			if frames != tt.frames || ok != tt.ok {
				t.Errorf("gifFrames = %d, %v; want %d, %v", frames, ok, tt.frames, tt.ok)
			}
			// The rule as ToolOutput applies it: only a parsed GIF with more than one
			// image is animated, and only that one is left as a placeholder.
			r := `{"content":[{"type":"image","data":"` + b64(tt.data) + `","mimeType":"image/gif"}]}`
			out := renderOutput(t, r, DefaultOutputOptions(Responses))
			o, _ := out.Item.Get("output")
			wantArray := len(tt.data) > 0 && !(tt.ok && tt.frames > 1)
			if (o.Kind() == Array) != wantArray {
				t.Errorf("array form = %v, want %v (output %.80s)", o.Kind() == Array, wantArray, o)
			}
		})
	}
}

func TestStructuredContentModes(t *testing.T) {
	const sc = `"structuredContent":{"z":1.50,"a":"é <b>&","n":[1E2,null]}`
	const scJSON = `{"z":1.50,"a":"é <b>&","n":[1E2,null]}`
	withContent := `{"content":[{"type":"text","text":"T"}],` + sc + `}`
	emptyContent := `{"content":[],` + sc + `}`
	noContent := `{` + sc + `}`
	plain := `{"content":[{"type":"text","text":"T"}]}`
	tests := []struct {
		mode   StructuredMode
		result string
		want   string
	}{
		{"", withContent, "T"},
		{StructuredAuto, withContent, "T"},
		{StructuredAuto, emptyContent, scJSON},
		{StructuredAuto, noContent, scJSON},
		{StructuredAuto, plain, "T"},
		{StructuredPrefer, withContent, scJSON},
		{StructuredPrefer, plain, "T"},
		{StructuredPrefer, noContent, scJSON},
		{StructuredAppend, withContent, "T\n" + scJSON},
		{StructuredAppend, emptyContent, scJSON},
		{StructuredAppend, noContent, scJSON},
		{StructuredAppend, plain, "T"},
		{StructuredIgnore, withContent, "T"},
		{StructuredIgnore, noContent, ""},
		{StructuredAuto, `{"content":[],"structuredContent":[1,"x"]}`, `[1,"x"]`},
		{StructuredAuto, `{"content":[],"structuredContent":"s"}`, `"s"`},
		{StructuredPrefer, `{"content":[{"type":"text","text":"T"}],"structuredContent":null}`, "T"},
		{StructuredAuto, `{"content":null,"structuredContent":{}}`, `{}`},
	}
	for _, tt := range tests {
		t.Run(string(tt.mode)+" "+tt.result, func(t *testing.T) {
			for _, api := range []API{Chat, Responses} {
				opts := DefaultOutputOptions(api)
				opts.Structured = tt.mode
				out := renderOutput(t, tt.result, opts)
				if out.Text != tt.want {
					t.Errorf("%s: Text = %q, want %q", api, out.Text, tt.want)
				}
			}
		})
	}
	t.Run("append in the array form is its own input_text", func(t *testing.T) {
		opts := DefaultOutputOptions(Responses)
		opts.Structured = StructuredAppend
		out := renderOutput(t, `{"content":[{"type":"image","data":"AAEC","mimeType":"image/png"}],`+sc+`}`, opts)
		o, _ := out.Item.Get("output")
		want := compactOf(t, `[{"type":"input_image","image_url":"data:image/png;base64,AAEC","detail":"auto"},{"type":"input_text","text":`+string(AppendQuoted(nil, scJSON))+`}]`)
		if got := string(Marshal(o)); got != want {
			t.Errorf("output = %s\nwant     %s", got, want)
		}
	})
	t.Run("prefer replaces media content", func(t *testing.T) {
		opts := DefaultOutputOptions(Responses)
		opts.Structured = StructuredPrefer
		out := renderOutput(t, `{"content":[{"type":"image","data":"!","mimeType":"image/png"}],`+sc+`}`, opts)
		if o, _ := out.Item.Get("output"); o.Kind() != String || o.Str() != scJSON {
			t.Errorf("output = %s, want the JSON string", o)
		}
		if len(out.Notes) != 0 {
			t.Errorf("notes about content that is not sent: %q", out.Notes)
		}
	})
}

func TestErrorResultsTakeThePrefix(t *testing.T) {
	tests := []struct {
		name, result string
		prefix       string
		api          API
		want         string // compact JSON of the output / content
		isError      bool
	}{
		{"isError text chat", `{"content":[{"type":"text","text":"boom"}],"isError":true}`, DefaultErrorPrefix, Chat, `"Error: boom"`, true},
		{"isError text responses", `{"content":[{"type":"text","text":"boom"}],"isError":true}`, DefaultErrorPrefix, Responses, `"Error: boom"`, true},
		{"isError false", `{"content":[{"type":"text","text":"ok"}],"isError":false}`, DefaultErrorPrefix, Chat, `"ok"`, false},
		{"client error", `{"error":"server went away"}`, DefaultErrorPrefix, Responses, `"Error: server went away"`, true},
		{"client error chat", `{"error":"server went away"}`, DefaultErrorPrefix, Chat, `"Error: server went away"`, true},
		{"JSON-RPC error object", `{"error":{"code":-32602,"message":"unknown tool \"x\""}}`, DefaultErrorPrefix, Chat, `"Error: JSON-RPC error -32602: unknown tool \"x\""`, true},
		{"custom prefix", `{"content":[{"type":"text","text":"boom"}],"isError":true}`, "TOOL FAILED: ", Chat, `"TOOL FAILED: boom"`, true},
		{"empty prefix", `{"content":[{"type":"text","text":"boom"}],"isError":true}`, "", Chat, `"boom"`, true},
		{"prefix before all blocks", `{"content":[{"type":"text","text":"a"},{"type":"text","text":"b"}],"isError":true}`, DefaultErrorPrefix, Chat, `"Error: a\nb"`, true},
		{"error with structured only", `{"structuredContent":{"e":1},"isError":true}`, DefaultErrorPrefix, Chat, `"Error: {\"e\":1}"`, true},
		{"array starting with text", `{"content":[{"type":"text","text":"bad"},{"type":"image","data":"AAEC","mimeType":"image/png"}],"isError":true}`, DefaultErrorPrefix, Responses,
			`[{"type":"input_text","text":"Error: bad"},{"type":"input_image","image_url":"data:image/png;base64,AAEC","detail":"auto"}]`, true},
		{"array starting with media", `{"content":[{"type":"image","data":"AAEC","mimeType":"image/png"},{"type":"text","text":"bad"}],"isError":true}`, DefaultErrorPrefix, Responses,
			`[{"type":"input_text","text":"Error: "},{"type":"input_image","image_url":"data:image/png;base64,AAEC","detail":"auto"},{"type":"input_text","text":"bad"}]`, true},
		{"array starting with a PDF", `{"content":[{"type":"resource","resource":{"uri":"u:/x.pdf","mimeType":"application/pdf","blob":"AAEC"}}],"isError":true}`, "E! ", Responses,
			`[{"type":"input_text","text":"E! "},{"type":"input_file","filename":"x.pdf","file_data":"data:application/pdf;base64,AAEC"}]`, true},
		{"array, media first, empty prefix", `{"content":[{"type":"image","data":"AAEC","mimeType":"image/png"}],"isError":true}`, "", Responses,
			`[{"type":"input_image","image_url":"data:image/png;base64,AAEC","detail":"auto"}]`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := DefaultOutputOptions(tt.api)
			opts.ErrorPrefix = tt.prefix
			out := renderOutput(t, tt.result, opts)
			key := "content"
			if tt.api == Responses {
				key = "output"
			}
			o, _ := out.Item.Get(key)
			if got, want := string(Marshal(o)), compactOf(t, tt.want); got != want {
				t.Errorf("%s = %s, want %s", key, got, want)
			}
			if out.IsError != tt.isError {
				t.Errorf("IsError = %v, want %v", out.IsError, tt.isError)
			}
			if tt.isError && !strings.HasPrefix(out.Text, tt.prefix) {
				t.Errorf("Text %q does not start with the prefix %q", out.Text, tt.prefix)
			}
		})
	}
}

func TestEmptyResultRendersEmpty(t *testing.T) {
	tests := []struct{ name, result, want string }{
		{"empty object", `{}`, ""},
		{"empty content", `{"content":[]}`, ""},
		{"null members", `{"content":null,"structuredContent":null,"isError":null}`, ""},
		{"only _meta", `{"_meta":{"k":1}}`, ""},
		{"ignored structured", `{"structuredContent":{"a":1}}`, ""},
		{"empty error result is the prefix alone", `{"isError":true}`, "Error: "},
		{"empty client error", `{"error":""}`, "Error: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, api := range []API{Chat, Responses} {
				opts := DefaultOutputOptions(api)
				if tt.name == "ignored structured" {
					opts.Structured = StructuredIgnore
				}
				out := renderOutput(t, tt.result, opts)
				key := map[API]string{Chat: "content", Responses: "output"}[api]
				o, _ := out.Item.Get(key)
				if o.Kind() != String || o.Str() != tt.want || out.Text != tt.want {
					t.Errorf("%s: %s = %s, Text %q; want %q", api, key, o, out.Text, tt.want)
				}
			}
		})
	}
}

func TestOutputOverTheLengthLimitGetsANote(t *testing.T) {
	over := "over OpenAI's limit of 10,485,760"
	tests := []struct {
		name string
		text string
		api  API
		note string // "" for no note
	}{
		{"at the limit", strings.Repeat("a", MaxOutputChars), Chat, ""},
		{"one over", strings.Repeat("a", MaxOutputChars+1), Chat, "output is 10,485,761 characters, " + over},
		{"one over, responses", strings.Repeat("a", MaxOutputChars+1), Responses, "output is 10,485,761 characters, " + over},
		{"characters are code points, not bytes", strings.Repeat("é", MaxOutputChars), Chat, ""},
		{"code points over", strings.Repeat("é", MaxOutputChars) + "€", Responses, "output is 10,485,761 characters, " + over},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ObjectValue(MemberOf("content", ArrayValue(ObjectValue(MemberOf("type", StringValue("text")), MemberOf("text", StringValue(tt.text))))))
			out, err := ToolOutput("c", r, DefaultOutputOptions(tt.api))
			if err != nil {
				t.Fatal(err)
			}
			if out.Text != tt.text {
				t.Errorf("the output was changed (length %d, want %d): it is never cut", len(out.Text), len(tt.text))
			}
			switch {
			case tt.note == "" && len(out.Notes) != 0:
				t.Errorf("notes = %q, want none", out.Notes)
			case tt.note != "" && (len(out.Notes) != 1 || out.Notes[0] != tt.note):
				t.Errorf("notes = %q, want [%q]", out.Notes, tt.note)
			}
		})
	}
	t.Run("array form counts each input_text", func(t *testing.T) {
		long := strings.Repeat("x", MaxOutputChars)
		r := ObjectValue(MemberOf("isError", BoolValue(true)), MemberOf("content", ArrayValue(
			ObjectValue(MemberOf("type", StringValue("text")), MemberOf("text", StringValue(long))),
			ObjectValue(MemberOf("type", StringValue("image")), MemberOf("data", StringValue("AAEC")), MemberOf("mimeType", StringValue("image/png"))),
			ObjectValue(MemberOf("type", StringValue("text")), MemberOf("text", StringValue(long))),
		)))
		out, err := ToolOutput("c", r, DefaultOutputOptions(Responses))
		if err != nil {
			t.Fatal(err)
		}
		// Item 0 carries the prefix and crosses the limit; item 2 is exactly at it.
		want := []string{"output[0] is 10,485,767 characters, " + over}
		if !slices.Equal(out.Notes, want) {
			t.Errorf("notes = %q, want %q", out.Notes, want)
		}
	})
}

func TestNotAToolResultIsAnError(t *testing.T) {
	tests := []struct {
		name, result string
		path         Path
		msg          string
	}{
		{"array", `[{"type":"text","text":"x"}]`, Path{}, "a tool result is an object, not an array"},
		{"string", `"hello"`, Path{}, "a tool result is an object, not a string"},
		{"null", `null`, Path{}, "a tool result is an object, not a null"},
		{"content not an array", `{"content":"x"}`, Keys("content"), "content is a string, not an array"},
		{"content an object", `{"content":{"type":"text","text":"x"}}`, Keys("content"), "content is an object, not an array"},
		{"isError a string", `{"content":[],"isError":"true"}`, Keys("isError"), "isError is a string, not a boolean"},
		{"isError a number", `{"isError":1}`, Keys("isError"), "isError is a number, not a boolean"},
		{"error a number", `{"error":500}`, Keys("error"), "error is a number, not a string or an error object"},
		{"error object without message", `{"error":{"code":1}}`, Keys("error"), "error is an object without a string message"},
		{"JSON-RPC without result or error", `{"jsonrpc":"2.0","id":1}`, Path{}, "a JSON-RPC response without result or error"},
		{"JSON-RPC with both", `{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}`, Path{}, "a JSON-RPC response with both result and error"},
		{"JSON-RPC result not an object", `{"jsonrpc":"2.0","id":1,"result":[]}`, Keys("result"), "result is an array, not an object"},
		{"JSON-RPC result content", `{"jsonrpc":"2.0","id":1,"result":{"content":1}}`, Keys("result", "content"), "content is a number, not an array"},
		{"JSON-RPC bad error", `{"jsonrpc":"2.0","id":1,"error":true}`, Keys("error"), "error is a boolean, not a string or an error object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkOutputError(t, tt.result, tt.path, tt.msg) })
	}
}

func TestToleratedResultShapes(t *testing.T) {
	tests := []struct {
		name, result, want string
		isError            bool
		notes              []string
	}{
		{"unknown members ignored", `{"content":[{"type":"text","text":"x"}],"_meta":{"a":1},"extra":[1]}`, "x", false, nil},
		{"null isError is false", `{"content":[{"type":"text","text":"x"}],"isError":null}`, "x", false, nil},
		{"null content is no content", `{"content":null}`, "", false, nil},
		{"null error is no error", `{"error":null,"content":[{"type":"text","text":"x"}]}`, "x", false, nil},
		{"error beside content is ignored", `{"error":"e","content":[{"type":"text","text":"x"}]}`, "x", false,
			[]string{"error: ignored, because the result has content or structuredContent"}},
		{"error beside structuredContent is ignored", `{"error":5,"structuredContent":{"a":1}}`, `{"a":1}`, false,
			[]string{"error: ignored, because the result has content or structuredContent"}},
		{"client error with isError", `{"error":"e","isError":true}`, "Error: e", true, nil},
		{"client error with isError false is still an error", `{"error":"e","isError":false}`, "Error: e", true, nil},
		{"JSON-RPC result", `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"x"}],"isError":true}}`, "Error: x", true, nil},
		{"JSON-RPC result notes say where", `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"image","data":"!"}]}}`, "[image: application/octet-stream, invalid base64]", false,
			[]string{"result.content[0]: image data is not valid base64"}},
		{"JSON-RPC error", `{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"unknown tool"}}`, "Error: JSON-RPC error -32602: unknown tool", true, nil},
		{"JSON-RPC result with error beside content", `{"jsonrpc":"2.0","id":7,"result":{"error":"e","content":[]}}`, "", false,
			[]string{"result.error: ignored, because the result has content or structuredContent"}},
		{"several notes in content order", `{"content":[{"type":"image","data":"!","mimeType":"image/png"},{"type":"x"},{"type":"audio","data":"!!"}]}`,
			"[image: image/png, invalid base64]\n[unsupported content: x]\n[audio: application/octet-stream, invalid base64]", false,
			[]string{"content[0]: image data is not valid base64", `content[1]: content type "x" has no OpenAI form; sent as a placeholder`, "content[2]: audio data is not valid base64"}},
		{"notes sanitize what they quote", `{"content":[{"type":"x\u001b[31m"}]}`, "[unsupported content: x\x1b[31m]", false,
			[]string{`content[0]: content type "x⟨U+001B⟩[31m" has no OpenAI form; sent as a placeholder`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := renderOutput(t, tt.result, DefaultOutputOptions(Chat))
			if out.Text != tt.want || out.IsError != tt.isError {
				t.Errorf("Text %q IsError %v, want %q %v", out.Text, out.IsError, tt.want, tt.isError)
			}
			if !slices.Equal(out.Notes, tt.notes) {
				t.Errorf("notes = %q\nwant    %q", out.Notes, tt.notes)
			}
		})
	}
}

// TestJSONRPCResponsesReadThroughResultOrError: a JSON-RPC response to tools/call, or a capture of one (result
// or error beside other members, no jsonrpc), is read through its result or error,
// and a JSON-RPC error reads the same wherever it comes from.
func TestJSONRPCResponsesReadThroughResultOrError(t *testing.T) {
	const capture = `"server":{"name":"everything","version":"1.0.0"},"protocolVersion":"2025-06-18","covers":["x"],"tool":null,` +
		`"request":{"method":"tools/call","params":{"name":"echo","arguments":{}}}`
	tests := []struct {
		name, result, want string
		isError            bool
		notes              []string
	}{
		{"jsonrpc result", `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"22°C"}]}}`, "22°C", false, nil},
		{"jsonrpc result with isError", `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"bad"}],"isError":true}}`, "Error: bad", true, nil},
		{"jsonrpc error with code", `{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"unknown tool"}}`, "Error: JSON-RPC error -32602: unknown tool", true, nil},
		{"jsonrpc error without code", `{"jsonrpc":"2.0","id":7,"error":{"message":"unknown tool"}}`, "Error: unknown tool", true, nil},
		{"code as written", `{"jsonrpc":"2.0","id":7,"error":{"code":-3.2602e4,"message":"m","data":{"d":1}}}`, "Error: JSON-RPC error -3.2602e4: m", true, nil},
		{"code not a number", `{"jsonrpc":"2.0","id":7,"error":{"code":"E_TIMEOUT","message":"m"}}`, "Error: m", true, nil},
		{"null code", `{"jsonrpc":"2.0","id":7,"error":{"code":null,"message":"m"}}`, "Error: m", true, nil},
		{"capture with result and extra members", `{` + capture + `,"result":{"content":[{"type":"text","text":"Echo: hi"}]}}`, "Echo: hi", false, nil},
		{"capture notes say where", `{"id":3,"result":{"content":[{"type":"image","data":"!"}]}}`, "[image: application/octet-stream, invalid base64]", false,
			[]string{"result.content[0]: image data is not valid base64"}},
		{"capture with error object", `{` + capture + `,"error":{"code":-32602,"message":"tool 'x' not found"}}`, "Error: JSON-RPC error -32602: tool 'x' not found", true, nil},
		{"capture with error object without code", `{"id":3,"error":{"message":"gone"}}`, "Error: gone", true, nil},
		{"client error unchanged", `{"error":"server went away"}`, "Error: server went away", true, nil},
		{"client error with an id", `{"id":3,"error":"server went away"}`, "Error: server went away", true, nil},
		{"null result beside an error", `{"result":null,"error":"e"}`, "Error: e", true, nil},
		{"a result member beside content is ignored", `{"content":[{"type":"text","text":"x"}],"result":{"content":[{"type":"text","text":"y"}]}}`, "x", false, nil},
		{"a result member beside isError is ignored", `{"isError":false,"result":{"content":[{"type":"text","text":"y"}]}}`, "", false, nil},
		{"an error object beside isError", `{"isError":true,"error":{"code":1,"message":"m"}}`, "Error: JSON-RPC error 1: m", true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := renderOutput(t, tt.result, DefaultOutputOptions(Chat))
			if out.Text != tt.want || out.IsError != tt.isError {
				t.Errorf("Text %q IsError %v, want %q %v", out.Text, out.IsError, tt.want, tt.isError)
			}
			if !slices.Equal(out.Notes, tt.notes) {
				t.Errorf("notes = %q\nwant    %q", out.Notes, tt.notes)
			}
		})
	}

	bad := []struct {
		name, result string
		path         Path
		msg          string
	}{
		{"jsonrpc with both", `{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}`, Path{}, "a JSON-RPC response with both result and error"},
		{"capture with both", `{"id":1,"result":{"content":[]},"error":"m"}`, Path{}, "a JSON-RPC response with both result and error"},
		{"jsonrpc without either", `{"jsonrpc":"2.0","id":1}`, Path{}, "a JSON-RPC response without result or error"},
		{"jsonrpc result not an object", `{"jsonrpc":"2.0","id":1,"result":[]}`, Keys("result"), "result is an array, not an object"},
		{"capture result not an object", `{` + capture + `,"result":"done"}`, Keys("result"), "result is a string, not an object"},
		{"capture result content", `{"id":1,"result":{"content":1}}`, Keys("result", "content"), "content is a number, not an array"},
		{"capture error neither string nor object", `{"id":1,"error":true}`, Keys("error"), "error is a boolean, not a string or an error object"},
		{"error object without message", `{` + capture + `,"error":{"code":-32602}}`, Keys("error"), "error is an object without a string message"},
		{"error message not a string", `{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":5}}`, Keys("error"), "error is an object without a string message"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) { checkOutputError(t, tt.result, tt.path, tt.msg) })
	}
}

func TestOutputCarriesTheCallIDAsGiven(t *testing.T) {
	r := jsonOf(t, `{"content":[{"type":"text","text":"x"}]}`)
	for _, id := range []string{"", "call_ABC", `quote"and\back`, "é\u2028"} {
		for _, api := range []API{Chat, Responses} {
			out, err := ToolOutput(id, r, DefaultOutputOptions(api))
			if err != nil {
				t.Fatal(err)
			}
			key := map[API]string{Chat: "tool_call_id", Responses: "call_id"}[api]
			got, _ := out.Item.Get(key)
			back, err := Decode(Marshal(out.Item))
			if err != nil || got.Str() != id || !Equal(back, out.Item) {
				t.Errorf("%s: call id %q came out as %s (%v)", api, id, got, err)
			}
		}
	}
}

func TestOutputOptions(t *testing.T) {
	for _, api := range []API{Chat, Responses} {
		got := DefaultOutputOptions(api)
		want := OutputOptions{API: api, ErrorPrefix: "Error: ", Structured: StructuredAuto}
		if got != want {
			t.Errorf("DefaultOutputOptions(%s) = %+v, want %+v", api, got, want)
		}
	}
	for _, s := range []string{"auto", "prefer", "append", "ignore"} {
		if m, ok := ParseStructuredMode(s); !ok || string(m) != s {
			t.Errorf("ParseStructuredMode(%q) = %q, %v", s, m, ok)
		}
	}
	for _, s := range []string{"", "Auto", "PREFER", "none", "auto "} {
		if m, ok := ParseStructuredMode(s); ok || m != "" {
			t.Errorf("ParseStructuredMode(%q) = %q, %v; want not a mode", s, m, ok)
		}
	}
	r := jsonOf(t, `{}`)
	for _, opts := range []OutputOptions{
		{},
		{API: "completions"},
		{API: Chat, Structured: "sometimes"},
	} {
		_, err := ToolOutput("c", r, opts)
		var oe *OutputError
		if err == nil || errors.As(err, &oe) {
			t.Errorf("ToolOutput with options %+v: err = %v, want an options error", opts, err)
		}
	}
}

func TestOutputErrorMessage(t *testing.T) {
	tests := []struct {
		err  OutputError
		want string
	}{
		{OutputError{Path: Path{}, Msg: "m"}, "invalid tool result: m"},
		{OutputError{Path: Keys("result", "content"), Msg: "m"}, "invalid tool result at /result/content: m"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}

func TestOutputBase64(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		ok   bool
		desc string
	}{
		{"", 0, true, "empty"},
		{"AAEC", 3, true, "one quantum"},
		{"AAE=", 2, true, "one pad"},
		{"AA==", 1, true, "two pads"},
		{"A\r\nA\r\n=\n=", 1, true, "CR LF anywhere"},
		{"AAE", 0, false, "missing padding"},
		{"AA=", 0, false, "short padding"},
		{"A===", 0, false, "three pads"},
		{"AA-_", 0, false, "URL alphabet"},
		{"AA\tEC", 0, false, "tab is not ignored"},
		{"AAEC=", 0, false, "stray pad"},
	}
	for _, tt := range tests {
		raw, ok := decodeBase64(tt.in)
		if ok != tt.ok || (ok && len(raw) != tt.n) {
			t.Errorf("%s: decodeBase64(%q) = %d bytes, %v; want %d, %v", tt.desc, tt.in, len(raw), ok, tt.n, tt.ok)
		}
	}
}

func TestOutputCommas(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 10485760: "10,485,760", 123456789012: "123,456,789,012", -1234: "-1,234"} {
		if got := commas(n); got != want {
			t.Errorf("commas(%d) = %q, want %q", n, got, want)
		}
	}
}

// checkItem checks that an item is valid JSON of the shape api takes
// (docs/calls-and-outputs.md#rendering-results), and
// that Text agrees with it.
func checkItem(t testing.TB, api API, callID string, out Output) {
	t.Helper()
	back, err := Decode(Marshal(out.Item))
	if err != nil {
		t.Fatalf("item is not valid JSON: %v", err)
	}
	keys := func(v Value) []string {
		var ks []string
		for _, m := range v.Members() {
			ks = append(ks, m.Key())
		}
		return ks
	}
	str := func(v Value, k string) string {
		m, ok := v.Get(k)
		if !ok || m.Kind() != String {
			t.Fatalf("%s: %q is not a string in %.200s", api, k, v)
		}
		return m.Str()
	}
	if api == Chat {
		if !slices.Equal(keys(back), []string{"role", "tool_call_id", "content"}) || str(back, "role") != "tool" {
			t.Fatalf("chat item has the wrong shape: %.200s", back)
		}
		if c, _ := out.Item.Get("content"); c.Str() != out.Text {
			t.Fatalf("chat content differs from Text")
		}
		if id, _ := out.Item.Get("tool_call_id"); id.Str() != callID {
			t.Fatalf("tool_call_id = %s, want %q", id, callID)
		}
		return
	}
	if !slices.Equal(keys(back), []string{"type", "call_id", "output"}) || str(back, "type") != "function_call_output" {
		t.Fatalf("responses item has the wrong shape: %.200s", back)
	}
	if id, _ := out.Item.Get("call_id"); id.Str() != callID {
		t.Fatalf("call_id = %s, want %q", id, callID)
	}
	o, _ := out.Item.Get("output")
	switch o.Kind() {
	case String:
		if o.Str() != out.Text {
			t.Fatalf("output string differs from Text")
		}
	case Array:
		if o.Len() == 0 {
			t.Fatalf("empty output array")
		}
		media := false
		for _, it := range o.Items() {
			switch str(it, "type") {
			case "input_text":
				if !slices.Equal(keys(it), []string{"type", "text"}) {
					t.Fatalf("bad input_text %.200s", it)
				}
				str(it, "text")
			case "input_image":
				media = true
				if !slices.Equal(keys(it), []string{"type", "image_url", "detail"}) || str(it, "detail") != "auto" {
					t.Fatalf("bad input_image %.200s", it)
				}
				u := str(it, "image_url")
				mime, data, ok := strings.Cut(strings.TrimPrefix(u, "data:"), ";base64,")
				if !ok || !strings.HasPrefix(u, "data:") {
					t.Fatalf("bad image_url %.100s", u)
				}
				if raw, ok := decodeBase64(data); !ok || len(raw) == 0 || strings.ContainsAny(data, "\r\n") {
					t.Fatalf("image_url data is not clean non-empty base64: %.100s", u)
				}
				if imageRefused(mime, []byte{1}) != "" && !strings.EqualFold(mime, "image/gif") {
					t.Fatalf("image type %q should not be sent as input_image", mime)
				}
			case "input_file":
				media = true
				if !slices.Equal(keys(it), []string{"type", "filename", "file_data"}) || str(it, "filename") == "" {
					t.Fatalf("bad input_file %.200s", it)
				}
				data, ok := strings.CutPrefix(str(it, "file_data"), "data:application/pdf;base64,")
				if raw, ok2 := decodeBase64(data); !ok || !ok2 || len(raw) == 0 {
					t.Fatalf("bad file_data in %.200s", it)
				}
			default:
				t.Fatalf("unknown output item %.200s", it)
			}
		}
		if !media {
			t.Fatalf("array form without an image or file: %.200s", o)
		}
	default:
		t.Fatalf("output is %s", o.Kind())
	}
}

func TestOutputCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "corpus", "mcp-results")
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Skipf("no MCP results corpus at %s", dir)
	}
	modes := []StructuredMode{StructuredAuto, StructuredPrefer, StructuredAppend, StructuredIgnore}
	arrays := 0
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			result, ok := doc.Get("result")
			if !ok {
				rpcErr, ok := doc.Get("error")
				if !ok {
					t.Fatalf("neither result nor error")
				}
				result = ObjectValue(MemberOf("error", rpcErr))
			}
			for _, api := range []API{Chat, Responses} {
				for _, mode := range modes {
					opts := DefaultOutputOptions(api)
					opts.Structured = mode
					out, err := ToolOutput("call_corpus", result, opts)
					if err != nil {
						t.Fatalf("%s/%s: %v", api, mode, err)
					}
					checkItem(t, api, "call_corpus", out)
					if len(out.Notes) != 0 {
						t.Errorf("%s/%s: notes on real data: %q", api, mode, out.Notes)
					}
					wantErr := !doc.Has("result")
					if isErr, _ := result.Get("isError"); isErr.Bool() {
						wantErr = true
					}
					if out.IsError != wantErr || (wantErr && !strings.HasPrefix(out.Text, DefaultErrorPrefix)) {
						t.Errorf("%s/%s: IsError %v, text %.60q", api, mode, out.IsError, out.Text)
					}
					if o, _ := out.Item.Get("output"); o.Kind() == Array {
						arrays++
					}
				}
			}
		})
	}
	// The corpus holds PNG images (everything's tiny image, the filesystem server's
	// read_media_file): some Responses outputs must have taken the array form.
	if arrays == 0 {
		t.Errorf("no result of the corpus rendered in the array form")
	}
}

// checkOutputError renders result for both APIs and wants an *OutputError with msg
// at path.
func checkOutputError(t *testing.T, result string, path Path, msg string) {
	t.Helper()
	for _, api := range []API{Chat, Responses} {
		_, err := ToolOutput("c", jsonOf(t, result), DefaultOutputOptions(api))
		var oe *OutputError
		if !errors.As(err, &oe) {
			t.Fatalf("%s: err = %v, want an *OutputError", api, err)
		}
		if !oe.Path.Equal(path) || oe.Msg != msg {
			t.Errorf("%s: error at %s %q, want at %s %q", api, oe.Path, oe.Msg, path, msg)
		}
	}
}
