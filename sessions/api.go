package sessions

import (
	"strings"

	"github.com/strictscope/strictscope/adapter"
)

// apiFromURL reads the API from an endpoint URL: a path ending in /chat/completions
// is Chat, one ending in /responses (or /responses/ID) is Responses.
func apiFromURL(u string) adapter.API {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	u = strings.TrimRight(u, "/")
	switch {
	case strings.HasSuffix(u, "/chat/completions"):
		return adapter.Chat
	case strings.HasSuffix(u, "/responses"):
		return adapter.Responses
	}
	if i := strings.LastIndex(u, "/responses/"); i >= 0 && !strings.Contains(u[i+len("/responses/"):], "/") {
		return adapter.Responses
	}
	return ""
}

// apiFromRequest reads the API from a request body: messages are Chat, input or
// instructions are Responses.
func apiFromRequest(v adapter.Value) adapter.API {
	switch {
	case v.Has("messages"):
		return adapter.Chat
	case v.Has("input") || v.Has("instructions"):
		return adapter.Responses
	}
	return ""
}

// apiFromText reads an API named at the start of a free text ("chat (2024-10)",
// "responses (Vercel AI SDK)").
func apiFromText(s string) adapter.API {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case strings.HasPrefix(s, "responses"):
		return adapter.Responses
	case strings.HasPrefix(s, "chat"):
		return adapter.Chat
	}
	return ""
}
