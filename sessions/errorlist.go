package sessions

import (
	"fmt"

	"github.com/strictscope/strictscope/adapter"
)

// loadErrorList loads a collection of quoted error bodies:
// {"errors":[{"body":{"error":{…}}, "http_status":400, "api":"chat …"}, {"message_only":"…"}]}.
// An entry that quotes only the message becomes {"error":{"message":…}} with its
// "param" and "code" when given, and a warning that the body was not recorded.
func (l *loader) loadErrorList(v adapter.Value) (*Recording, error) {
	errs, _ := v.Get("errors")
	var exs []Exchange
	var fails []*entryError
	for i, e := range errs.Items() {
		label := fmt.Sprintf("entry %d", i+1)
		ex := Exchange{Label: label, Request: adapter.NullValue()}
		var w warnings
		switch {
		case e.Has("body"):
			b, _ := e.Get("body")
			ex.Response = b
			if sh, _ := classify(b); sh != shapeErrorBody {
				fails = append(fails, failf(label, "body is not an error body {\"error\":{…}}"))
				continue
			}
		case e.Has("error"):
			ex.Response = adapter.ObjectValue(adapter.MemberOf("error", mustGet(e, "error")))
		default:
			msg, ok := e.Get("message_only")
			if !ok {
				msg, _ = e.Get("message")
			}
			if msg.Kind() != adapter.String {
				fails = append(fails, failf(label, "has no body and no message"))
				continue
			}
			mems := []adapter.Member{adapter.MemberOf("message", msg)}
			for _, k := range []string{"type", "param", "code"} {
				if m, ok := e.Get(k); ok {
					mems = append(mems, adapter.MemberOf(k, m))
				}
			}
			ex.Response = adapter.ObjectValue(adapter.MemberOf("error", adapter.ObjectValue(mems...)))
			w.add("only the error message was recorded, not the whole body")
		}
		ex.Status = statusOf(e, "http_status", "status", "status_code")
		ex.API = apiFromText(str(e, "api"))
		ex.Warnings = w.result()
		exs = append(exs, ex)
	}
	return l.done(FormatErrorBody, exs, fails, 0)
}
