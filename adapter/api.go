package adapter

// API names the OpenAI API a tool list or an output is meant for.
type API string

// The two OpenAI APIs.
const (
	Chat      API = "chat"
	Responses API = "responses"
)

// ParseAPI reads "chat" or "responses".
func ParseAPI(s string) (API, bool) {
	switch API(s) {
	case Chat, Responses:
		return API(s), true
	}
	return "", false
}
