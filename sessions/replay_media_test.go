package sessions

import (
	"strings"
	"testing"
)

// TestReplayNotesLargeMedia: an image over 20 MiB in a recorded result is a note
// of the replay's output stage, naming the block and its size
// (docs/calls-and-outputs.md#size-notes).
func TestReplayNotesLargeMedia(t *testing.T) {
	data := strings.Repeat("AAAA", (20*1024*1024+3)/3) // 20 MiB + 1 byte, decoded
	s, err := ParseSession("s.json", []byte(`{"strictscope_session":1,"api":"responses","options":{"strict":"auto","prefix":true},
		"servers":[{"name":"charts","tools":[{"name":"draw","inputSchema":{"type":"object"}}]}],
		"turns":[{"response":{"object":"response","output":[{"type":"function_call","call_id":"c1","name":"charts__draw","arguments":"{}"}]},
		          "results":{"c1":{"content":[{"type":"text","text":"a chart"},{"type":"image","mimeType":"image/png","data":"`+data+`"}]}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	turn := ReplaySession("s.json", s, DefaultReplayOptions()).Turns[0]
	const note = "content[1]: image is 20,971,521 bytes, over OpenAI's limit of 20 MiB (20,971,520 bytes) for an input image"
	for _, st := range turn.Stages {
		if st.Kind != StageOutput {
			continue
		}
		for _, n := range st.Notes {
			if strings.HasPrefix(n, note) {
				return
			}
		}
		t.Fatalf("output stage notes %q, want one starting %q", st.Notes, note)
	}
	t.Fatal("no output stage")
}
