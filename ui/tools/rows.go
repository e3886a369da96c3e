package tools

import (
	"strconv"
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/internal/words"
	"github.com/strictscope/strictscope/ui/common"
	"github.com/strictscope/strictscope/ui/pane"
)

// toolRow builds the row of outcome o (tool i) in group g. Under a header
// (grouped) the row names the tool as its server does, its exposed name
// being its long name; else by its exposed name. Its search text holds both
// names and the server's.
func toolRow(i, g int, o *adapter.ToolOutcome, grouped bool) pane.Row {
	r := pane.Row{Tool: i, File: -1, Group: g, Name: common.Safe(o.Entry.Exposed), Server: common.Safe(o.Entry.Server),
		Flags: toolFlags(o)}
	if grouped {
		r.Name, r.Long = common.Safe(o.Entry.Tool.Name), r.Name
	}
	kw := ""
	if o.ConversionErr != nil {
		kw = " (" + common.Safe(o.ConversionErr.Keyword) + ")"
	}
	switch o.Status {
	case adapter.StatusStrict:
		r.Badges = append(r.Badges, pane.Badge{Text: "strict", Style: pane.BadgeStrict})
	case adapter.StatusFallback:
		r.Badges = append(r.Badges, pane.Badge{Text: "fallback" + kw, Style: pane.BadgeFallback})
	case adapter.StatusExcluded:
		r.Badges = append(r.Badges, pane.Badge{Text: "excluded" + kw, Style: pane.BadgeExcluded})
	case adapter.StatusNonStrict:
		r.Badges = append(r.Badges, pane.Badge{Text: "non-strict", Style: pane.BadgeNonStrict})
	}
	if o.Removed.Count > 0 {
		r.Badges = append(r.Badges, pane.Badge{Text: "hidden ×" + strconv.Itoa(o.Removed.Count), Style: pane.BadgeHidden})
	}
	if o.Truncated {
		r.Badges = append(r.Badges, pane.Badge{Text: "truncated", Style: pane.BadgeTruncated})
	}
	if o.Entry.Renamed {
		r.Badges = append(r.Badges, pane.Badge{Text: "renamed", Style: pane.BadgeNonStrict})
	}
	r.Search = searchText(&r, common.Safe(o.Entry.Exposed)+" "+o.Entry.Server+" "+o.Entry.Tool.Name)
	return r
}

// fileRow builds the row of a file that is not a tool list, or that has warnings.
// replayKey is the key of the replay screen ("" when there is none).
func fileRow(i int, f *common.File, replayKey string) pane.Row {
	r := pane.Row{Tool: -1, File: i, Name: common.Safe(f.Name)}
	if f.Kind == common.FileFailed || len(f.Warnings) > 0 {
		r.Flags = flagFileProblem
	}
	switch f.Kind {
	case common.FileFailed:
		r.Badges = append(r.Badges, pane.Badge{Text: "not loaded", Style: pane.BadgeError})
	case common.FileRecording, common.FileSession:
		text := "replay"
		if replayKey != "" {
			text += ": press " + replayKey
		}
		r.Badges = append(r.Badges, pane.Badge{Text: text, Style: pane.BadgeReplay})
	default:
		r.Badges = append(r.Badges, pane.Badge{Text: words.Count(len(f.Warnings), "warning", "warnings"), Style: pane.BadgeFallback})
	}
	r.Search = searchText(&r, "file")
	return r
}

func searchText(r *pane.Row, extra string) string {
	var b strings.Builder
	b.WriteString(r.Name + " " + r.Server + " " + extra)
	for _, bd := range r.Badges {
		b.WriteString(" " + bd.Text)
	}
	return strings.ToLower(b.String())
}
