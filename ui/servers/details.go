package servers

import (
	"encoding/json"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/adapter/termsafe"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/sessions/live"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/styles"
)

// labelWidth is the width of the details' label column.
const labelWidth = 14

// stateText is a server's state as its row in the list says it: how long it
// has been connecting, how many tools it listed, or that it failed.
func stateText(ls *common.LiveServer, now time.Time) string {
	switch ls.State {
	case common.LiveConnecting:
		return "connecting… " + common.Elapsed(now.Sub(ls.Since))
	case common.LiveReady:
		if ls.Tools == nil {
			return "ready"
		}
		return words.Count(len(ls.Tools.Tools), "tool", "tools")
	}
	return "failed"
}

// detailsWriter puts labelled values on lines wrapped at a width.
type detailsWriter struct {
	st    *styles.Styles
	w     int // the pane's width
	lines []string
}

// valueWidth is the width a value wraps at: the pane's, less the margin and
// the label column.
func (d *detailsWriter) valueWidth() int { return max(d.w-1-labelWidth, 8) }

// field writes label and its value, the value wrapped under itself; each
// line of the value (split at line feeds) starts a new line.
func (d *detailsWriter) field(label, value string, style lipgloss.Style) {
	first := true
	for _, para := range strings.Split(value, "\n") {
		wrapped := common.WrapText(para, d.valueWidth())
		if len(wrapped) == 0 {
			wrapped = []string{""}
		}
		for _, l := range wrapped {
			head := strings.Repeat(" ", labelWidth)
			if first {
				head = d.st.Muted.Render(common.Fit(label, labelWidth))
				first = false
			}
			d.lines = append(d.lines, " "+head+style.Render(l))
		}
	}
}

// bullets writes label and one bulleted item a line, each wrapped under its
// text.
func (d *detailsWriter) bullets(label string, items []string, style lipgloss.Style) {
	vw := d.valueWidth()
	for i, item := range items {
		for j, l := range common.WrapText(item, max(vw-2, 1)) {
			head := strings.Repeat(" ", labelWidth)
			if i == 0 && j == 0 {
				head = d.st.Muted.Render(common.Fit(label, labelWidth))
			}
			mark := "  "
			if j == 0 {
				mark = d.st.NoteBullet.Render("•") + " "
			}
			d.lines = append(d.lines, " "+head+mark+style.Render(l))
		}
	}
}

func (d *detailsWriter) blank() { d.lines = append(d.lines, "") }

// details are the lines of the details pane for server ls at time now, in
// a pane w cells wide, styled: how it is reached, its state (and why it
// failed), what it said of itself when its last session began (its name,
// title and version, the protocol version negotiated, its capabilities and
// instructions), its tool list's warnings and the changes to its list.
// Every string from the server or its spec is made safe for the terminal.
func details(st *styles.Styles, ls *common.LiveServer, now time.Time, w int) []string {
	d := &detailsWriter{st: st, w: w}
	d.field("name", common.Safe(ls.Spec.Name), st.ListGroup)
	d.field("transport", common.Safe(ls.Spec.Describe()), st.Info)
	d.field("from", common.Safe(ls.Spec.Origin.String()), st.Info)
	d.field("state", stateLine(ls, now), stateStyle(st, ls.State))
	if ls.State == common.LiveFailed && ls.Err != nil {
		d.field("error", termsafe.SanitizeLines(ls.Err.Error()), st.BannerError)
	}
	if ls.Tools != nil {
		tools := words.Count(len(ls.Tools.Tools), "tool", "tools") + " in " + words.Count(ls.Tools.Pages, "page", "pages")
		if ls.State != common.LiveReady {
			tools += " (the last list)"
		}
		d.field("tools", tools, st.Info)
	}
	d.blank()
	info := ls.Info
	if info.ServerInfo == nil && info.ProtocolVersion == "" && info.Capabilities == nil && info.Raw == nil {
		unknown := "not known: no session began"
		if ls.State == common.LiveConnecting {
			unknown = "not known yet: the session has not begun"
		}
		d.field("server", unknown, st.Message)
	} else {
		if si := info.ServerInfo; si != nil {
			d.field("server", common.Safe(si.Name), st.Info)
			if si.Title != "" {
				d.field("title", common.Safe(si.Title), st.Info)
			}
			d.field("version", common.Safe(si.Version), st.Info)
			if si.Description != "" {
				d.field("description", termsafe.SanitizeLines(si.Description), st.Info)
			}
			if si.WebsiteURL != "" {
				d.field("website", common.Safe(si.WebsiteURL), st.Info)
			}
		} else {
			d.field("server", "it did not say", st.Message)
		}
		d.field("protocol", common.Safe(info.ProtocolVersion), st.Info)
		if caps := capabilities(info); len(caps) > 0 {
			d.field("capabilities", strings.Join(caps, "\n"), st.Info)
		} else {
			d.field("capabilities", "none declared", st.Message)
		}
		if strings.TrimSpace(info.Instructions) != "" {
			d.field("instructions", strings.TrimRight(termsafe.SanitizeLines(info.Instructions), "\n"), st.Info)
		} else {
			d.field("instructions", "none", st.Message)
		}
	}
	if ls.Tools != nil && len(ls.Tools.Warnings) > 0 {
		d.blank()
		d.bullets("warnings", safeAll(ls.Tools.Warnings), st.BannerWarn)
	}
	if len(ls.Changes) > 0 {
		d.blank()
		d.bullets("changes", safeAll(ls.Changes), st.Info)
	}
	return d.lines
}

// stateLine is the state with since when: "ready since 12:00:03", how long a
// connection has taken, and which connection this is when not the first.
func stateLine(ls *common.LiveServer, now time.Time) string {
	since := ls.Since.Format("15:04:05")
	var s string
	switch ls.State {
	case common.LiveConnecting:
		s = "connecting… " + common.Elapsed(now.Sub(ls.Since)) + " (since " + since + ")"
	case common.LiveReady:
		s = "ready since " + since
	default:
		s = "failed at " + since
	}
	if ls.Gen > 1 {
		s += " · connection " + words.Number(ls.Gen)
	}
	return s
}

func stateStyle(st *styles.Styles, s common.LiveState) lipgloss.Style {
	switch s {
	case common.LiveReady:
		return st.BadgeStrict
	case common.LiveFailed:
		return st.BadgeError
	}
	return st.Stale
}

func safeAll(in []string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = common.Safe(s)
	}
	return out
}

// capabilities are a server's capabilities, one a line, as the server sent
// them when the initialize result's bytes are there (members in its order,
// those the SDK does not know included), else as the SDK decoded them: the
// capability's name, then the settings that are true or empty objects by
// name, and others as name=JSON ("tools: listChanged", "resources:
// subscribe, listChanged", "logging"). Every piece is made safe.
func capabilities(info live.Info) []string {
	v, ok := rawCapabilities(info.Raw)
	if !ok {
		if info.Capabilities == nil {
			return nil
		}
		data, err := json.Marshal(info.Capabilities)
		if err != nil {
			return nil
		}
		if v, err = adapter.Decode(data); err != nil {
			return nil
		}
	}
	if v.Kind() != adapter.Object {
		return []string{common.Safe(v.String())}
	}
	var out []string
	for _, m := range v.Members() {
		line := common.Safe(m.Key())
		if s := settings(m.Value()); s != "" {
			line += ": " + s
		}
		out = append(out, line)
	}
	return out
}

// rawCapabilities is the "capabilities" member of the initialize result's
// bytes, when they decode and hold an object there.
func rawCapabilities(raw []byte) (adapter.Value, bool) {
	if raw == nil {
		return adapter.Value{}, false
	}
	doc, err := adapter.Decode(raw)
	if err != nil {
		return adapter.Value{}, false
	}
	c, ok := doc.Get("capabilities")
	return c, ok && c.Kind() == adapter.Object
}

// settings writes a capability's value: an object's members, true ones and
// empty objects by name, the others as name=JSON; any other value as JSON.
func settings(v adapter.Value) string {
	if v.Kind() != adapter.Object {
		return common.Safe(v.String())
	}
	parts := make([]string, 0, v.Len())
	for _, m := range v.Members() {
		mv := m.Value()
		switch {
		case mv.Kind() == adapter.Bool && mv.Bool(), mv.Kind() == adapter.Object && mv.Len() == 0:
			parts = append(parts, common.Safe(m.Key()))
		default:
			parts = append(parts, common.Safe(m.Key())+"="+common.Safe(mv.String()))
		}
	}
	return strings.Join(parts, ", ")
}
