package ui

import (
	"strings"

	"github.com/strictscope/strictscope/adapter"
	"github.com/strictscope/strictscope/ui/common"
)

// toolRow builds the row of outcome o (tool i).
func toolRow(i int, o *adapter.ToolOutcome) listRow {
	r := listRow{tool: i, file: -1, name: common.Safe(o.Entry.Exposed), server: common.Safe(o.Entry.Server)}
	kw := ""
	if o.ConversionErr != nil {
		kw = " (" + common.Safe(o.ConversionErr.Keyword) + ")"
	}
	switch o.Status {
	case adapter.StatusStrict:
		r.badges = append(r.badges, badge{"strict", badgeStrict})
	case adapter.StatusFallback:
		r.badges = append(r.badges, badge{"fallback" + kw, badgeFallback})
	case adapter.StatusExcluded:
		r.badges = append(r.badges, badge{"excluded" + kw, badgeExcluded})
	case adapter.StatusNonStrict:
		r.badges = append(r.badges, badge{"non-strict", badgeNonStrict})
	}
	if o.Removed.Count > 0 {
		r.badges = append(r.badges, badge{"hidden ×" + itoa(o.Removed.Count), badgeHidden})
	}
	if o.Truncated {
		r.badges = append(r.badges, badge{"truncated", badgeTruncated})
	}
	r.search = searchText(&r, o.Entry.Server+" "+o.Entry.Tool.Name)
	return r
}

// fileRow builds the row of a file that is not a tool list, or that has warnings.
func fileRow(i int, f *common.File) listRow {
	r := listRow{tool: -1, file: i, name: common.Safe(f.Name)}
	switch f.Kind {
	case common.FileFailed:
		r.badges = append(r.badges, badge{"not loaded", badgeError})
	case common.FileRecording, common.FileSession:
		r.badges = append(r.badges, badge{"replay: press 2", badgeReplay})
	default:
		r.badges = append(r.badges, badge{common.Plural(len(f.Warnings), "warning"), badgeFallback})
	}
	r.search = searchText(&r, "file")
	return r
}

func searchText(r *listRow, extra string) string {
	var b strings.Builder
	b.WriteString(r.name + " " + r.server + " " + extra)
	for _, bd := range r.badges {
		b.WriteString(" " + bd.text)
	}
	return strings.ToLower(b.String())
}
