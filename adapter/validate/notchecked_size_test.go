package validate

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/strictscope/strictscope/adapter"
)

// anyOfTree is a w-way anyOf of objects, each holding the next level under
// "k0", d levels deep: its subschemas grow as w to the d.
func anyOfTree(w, d int) string {
	if d == 0 {
		return `{"type":"string"}`
	}
	br := make([]string, w)
	for i := range br {
		br[i] = `{"type":"object","properties":{"k0":` + anyOfTree(w, d-1) + `}}`
	}
	return `{"anyOf":[` + strings.Join(br, ",") + `]}`
}

// A schema of more subschemas than MaxSubschemas is not compiled: arguments
// against it are not checked, which is a note, not an error; one under the
// bound is checked.
func TestTooManySubschemasIsNotChecked(t *testing.T) {
	args, _ := adapter.DecodeString(`{"v":{"k0":5}}`)
	big, _ := adapter.DecodeString(`{"type":"object","properties":{"v":` + anyOfTree(4, 7) + `}}`)
	errs, err := New().Validate(big, args)
	var nc *NotCheckedError
	if len(errs) != 0 || !errors.As(err, &nc) || !strings.Contains(nc.Reason, "the schema has 43690 subschemas, more than the 10000") {
		t.Errorf("4 to the 7: %v, %v", errs, err)
	}
	small, _ := adapter.DecodeString(`{"type":"object","properties":{"v":` + anyOfTree(4, 5) + `}}`)
	if errs, err := New().Validate(small, args); err != nil || len(errs) == 0 {
		t.Errorf("4 to the 5: %v, %v; want errors", errs, err)
	}
}

// BenchmarkValidateSubschemas: the time to answer a call against a schema of
// n subschemas, the compile included, per subschema. Past MaxSubschemas it is
// the time to count them, which grows linearly: ns/subschema stays flat from
// depth 7 to 8 (4 times the subschemas), where compiling would grow it 4 times.
func BenchmarkValidateSubschemas(b *testing.B) {
	args, _ := adapter.DecodeString(`{}`)
	for _, d := range []int{5, 6, 7, 8} {
		schema, _ := adapter.DecodeString(`{"type":"object","properties":{"v":` + anyOfTree(4, d) + `}}`)
		p := newPlan(schema)
		p.node("")
		n := len(p.nodes)
		b.Run(fmt.Sprintf("4-way-depth-%d", d), func(b *testing.B) {
			for b.Loop() {
				New().Validate(schema, args)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/subschema")
		})
	}
}
