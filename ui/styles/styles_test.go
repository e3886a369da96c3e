package styles

import (
	"reflect"
	"testing"

	"charm.land/lipgloss/v2"
)

// fields returns every lipgloss.Style of s, by name.
func fields(s *Styles) map[string]lipgloss.Style {
	out := map[string]lipgloss.Style{}
	v := reflect.ValueOf(s).Elem()
	for i := range v.NumField() {
		if st, ok := v.Field(i).Interface().(lipgloss.Style); ok {
			out[v.Type().Field(i).Name] = st
		}
	}
	return out
}

func hasColour(st lipgloss.Style) bool {
	_, noFg := st.GetForeground().(lipgloss.NoColor)
	_, noBg := st.GetBackground().(lipgloss.NoColor)
	return !noFg || !noBg
}

func TestNoColorHasNoColourButKeepsHighlights(t *testing.T) {
	for _, dark := range []bool{true, false} {
		s := New(dark, true)
		for name, st := range fields(s) {
			if hasColour(st) {
				t.Errorf("dark=%v: %s has a colour without colour", dark, name)
			}
		}
		// Highlights must stay visible through attributes.
		marked := map[string]bool{
			"LineCursor":   s.LineCursor.GetReverse(),
			"LineNull":     s.LineNull.GetBold(),
			"LineError":    s.LineError.GetBold() && s.LineError.GetUnderline(),
			"LineDropped":  s.LineDropped.GetFaint(),
			"LineCall":     s.LineCall.GetItalic(),
			"ListSelected": s.ListSelected.GetReverse(),
			"BannerError":  s.BannerError.GetReverse(),
		}
		for name, ok := range marked {
			if !ok {
				t.Errorf("dark=%v: %s has no attribute to show it without colour", dark, name)
			}
		}
	}
}

func TestPaletteFollowsTheBackground(t *testing.T) {
	d, l := New(true, false), New(false, false)
	if !d.Dark || l.Dark {
		t.Fatal("Dark is not recorded")
	}
	if reflect.DeepEqual(d.JSONKey.GetForeground(), l.JSONKey.GetForeground()) {
		t.Error("keys are the same colour on dark and light backgrounds")
	}
	if !hasColour(d.LineNull) || !hasColour(d.LineError) || !hasColour(d.LineCursor) {
		t.Error("line highlights have no background colour")
	}
}

func TestPlainDrawsNothingButText(t *testing.T) {
	for name, st := range fields(Plain(true)) {
		if got := st.Render("x"); got != "x" {
			t.Errorf("%s renders %q", name, got)
		}
	}
}

// TestEveryStyleHasALook checks that every style has its row in the table of
// looks: with colours, each one has a colour.
func TestEveryStyleHasALook(t *testing.T) {
	for name, st := range fields(New(true, false)) {
		if !hasColour(st) {
			t.Errorf("%s has no colour: it has no look", name)
		}
	}
}
