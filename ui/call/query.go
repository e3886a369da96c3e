package call

import "github.com/strictscope/strictscope/ui/common"

// The call screen's query API: what a test of the whole inspector may observe
// of the screen. It reads and never changes anything; the screen changes only
// through Open and Update.

// Stage says where the screen is with its call.
func (s *Screen) Stage() Stage { return s.stage }

// Request is the call the screen has open, and false while none is.
func (s *Screen) Request() (common.CallRequest, bool) {
	if s.req == nil {
		return common.CallRequest{}, false
	}
	return *s.req, true
}

// Text is the editor's text: the arguments being edited.
func (s *Screen) Text() string { return s.editor.Value() }

// Check is the library's answer the screen shows for the arguments (nil
// while nothing is open). While Pending, it is for an older text.
func (s *Screen) Check() *Check { return s.check }

// Pending says the answer shown is older than the text (a large text waits
// for a pause in typing).
func (s *Screen) Pending() bool { return s.stale }

// Sending is the exact JSON the approval view shows and y sends (nil
// outside the approval view).
func (s *Screen) Sending() []byte { return s.sending }

// Layout is where the screen's parts are in the window.
func (s *Screen) Layout() Layout { return s.layout }
