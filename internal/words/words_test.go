package words

import "testing"

func TestCountAndForm(t *testing.T) {
	tests := []struct {
		n           int
		count, form string
	}{
		{0, "0 entries", "entries"},
		{1, "1 entry", "entry"},
		{2, "2 entries", "entries"},
		{-1, "-1 entries", "entries"},
	}
	for _, tt := range tests {
		if got := Count(tt.n, "entry", "entries"); got != tt.count {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.count)
		}
		if got := Form(tt.n, "entry", "entries"); got != tt.form {
			t.Errorf("Form(%d) = %q, want %q", tt.n, got, tt.form)
		}
	}
}

func TestNumber(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1990: "1,990", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := Number(n); got != want {
			t.Errorf("Number(%d) = %q, want %q", n, got, want)
		}
	}
}
